package import FlowContainers

/// Where a host reports what the user did: its ``HostDriver``, which plays each change, or the
/// tree itself, for a host with nothing to animate.
@MainActor
package protocol NotesUserActions {
  /// The back button popped `container` so that the screen at `index` is on top.
  func userPopped(_ container: ContainerNode, toIndex index: Int)
  /// The user closed the presented `container`.
  func userDismissed(_ container: ContainerNode)
  /// The user selected the tab at `index` of `bar`.
  func userSelectedTab(_ bar: TabContainer, index: Int)
  /// The window narrowed or widened around `split`.
  func widthChanged(_ split: SplitContainer, to width: SplitWidth)
}

extension HostDriver: NotesUserActions {}
