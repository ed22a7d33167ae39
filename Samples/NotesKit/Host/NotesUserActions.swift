package import FlowContainers

/// Where a host reports what the user did: its ``HostDriver``, which plays each change, or the
/// tree itself, for a host with nothing to animate.
@MainActor
package protocol NotesUserActions {
  /// The user did `event` to `container`: popped it, closed it, selected a tab of it, or the
  /// window narrowed or widened around it.
  func handle(_ event: HostEvent, on container: ContainerNode)
}

extension HostDriver: NotesUserActions {}
