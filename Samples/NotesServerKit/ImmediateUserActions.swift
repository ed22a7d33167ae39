import FlowContainers
import NotesKit

/// The user's actions reported straight to the containers, with `handle(_:)`: the server shows
/// no transitions, so it needs no host driver.
struct ImmediateUserActions: NotesUserActions {
  func handle(_ event: HostEvent, on container: ContainerNode) {
    container.handle(event)
  }
}
