/// The tree mechanics every container implements, whatever its screen type.
///
/// Only ``StackContainer`` conforms.
@MainActor
protocol TreeNode: ContainerNode {
  var presenterNode: (any TreeNode)? { get set }
  var presentation: Presentation? { get set }
  var presentedNode: (any TreeNode)? { get }
  /// The owner's type name, remembered when the owner was set, so a container can still name it
  /// while its owner is being released.
  var ownerName: String { get }
  /// Bumped on every change to the stack or the presentation, so a plan can tell it is stale.
  var generation: UInt64 { get }
  /// Marks the container finished without touching its presenter.
  func markFinished()
  /// How many event observers sit on this container and on the containers below it.
  var eventObserverCount: Int { get }
  /// Recounts the event observers on this container and below, given the count `below` it,
  /// and passes the new count to the container it presents.
  func updateEventObserverCount(below: Int)
  /// Sends an event to the event observers of this container and of every container below it.
  func emit(_ action: NavigationEvent.Action, cause: NavigationCause, animated: Bool)
  /// Sends an already-built event to this container's own event observers.
  func deliver(_ event: NavigationEvent)
  /// Ends this container's presentation, everything above first, each exactly once.
  func endPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause)
  /// Ends this container's presentation alone; the caller has ended everything above it.
  func detachPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause)
  /// Presents `child` with the given cause; see ``StackContainer/present(_:animated:fileID:line:onEnd:)``.
  func present<Child>(
    _ child: StackContainer<Child>, animated: Bool, cause: NavigationCause, fileID: StaticString,
    line: UInt, onEnd: ((PresentationEnding) -> Void)?
  )
  /// Calls `listener` once when the current presentation ends; nothing if nothing is presented.
  func addPresentationListener(_ listener: @escaping (PresentationEnding) -> Void)
  func removeEventObserver(_ id: Int)
  func removeChangeObserver(_ id: Int)
}

extension TreeNode {
  /// The container at the bottom of this one's chain.
  var rootNode: any TreeNode {
    var node: any TreeNode = self
    while let below = node.presenterNode { node = below }
    return node
  }

  /// The container at the top of this one's chain.
  var topNode: any TreeNode {
    var node: any TreeNode = self
    while let above = node.presentedNode { node = above }
    return node
  }

  /// `AppFlow@1`: the owner's type name and the depth, for messages and traces.
  var locationDescription: String { "\(ownerName)@\(depth)" }
}
