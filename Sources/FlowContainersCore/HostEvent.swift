/// Something the user did outside the program's control, reported by the host adapter.
///
/// Hosts own the real screen: a back swipe in UIKit, a pulled-down sheet in SwiftUI, a `close`
/// typed in a terminal. The adapter reports each such action to the container it affected with
/// ``ContainerNode/handle(_:fileID:line:)``, and the container releases exactly what the user
/// removed. An event that does not fit the tree (an index that is not there, a commit without a
/// began) is reported as misuse through ``MisuseReports`` and changes nothing.
public enum HostEvent: Sendable, Hashable {
  /// The back button or a back swipe popped the stack so that the screen at `index` is on top.
  case userPopped(toIndex: Int)
  /// The user closed this presented container (pulled a sheet down, pressed close).
  case userDismissed
  /// An interactive pop gesture started; nothing changes until it is committed or cancelled.
  case interactivePopBegan
  /// The interactive pop finished: the top screen is gone.
  case interactivePopCommitted
  /// The interactive pop was abandoned: the stack stays as it was.
  case interactivePopCancelled
  /// The user selected the tab at `index` of this ``TabContainer``.
  ///
  /// Selecting the selected tab (tapping it again) is a re-selection: the tab container pops that
  /// tab to its root when ``TabContainer/popsToRootOnReselect`` (the default), and observers hear
  /// it either way.
  case userSelectedTab(index: Int)
  /// This ``SplitContainer`` became compact (its columns collapse into one stack) or regular
  /// (side by side again). Nothing is created or released; sent to the split.
  ///
  /// While compact, the user's pops of the one stack are reported on the split, with positions
  /// in the collapsed stack (``SplitContainer/collapsedCount``).
  case widthChanged(SplitWidth)
}
