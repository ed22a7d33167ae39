import FlowContainers
import NotesKit

/// The user's actions reported straight to the containers, with `handle(_:)`: the server shows
/// no transitions, so it needs no host driver.
struct ImmediateUserActions: NotesUserActions {
  func userPopped(_ container: ContainerNode, toIndex index: Int) {
    container.handle(.userPopped(toIndex: index))
  }

  func userDismissed(_ container: ContainerNode) {
    container.handle(.userDismissed)
  }

  func userSelectedTab(_ bar: TabContainer, index: Int) {
    bar.handle(.userSelectedTab(index: index))
  }

  func widthChanged(_ split: SplitContainer, to width: SplitWidth) {
    split.handle(.widthChanged(width))
  }
}
