/// What the core offers the layers built on it (deep links and restoration), and nobody else.
///
/// These are `package` members: the layers in this package use them, users of the library do
/// not see them, and the layers never touch the core's stored properties. Each runs no user code
/// of its own; the operations that change the tree must run inside ``performChange(_:)``.
extension ContainerNode {
  /// The owner's stable name, or ``FlowName/noOwner``: made once per container, so that naming
  /// it in an event costs a copy.
  package var ownerFlowName: FlowName {
    if let name = ownerNameCache { return name }
    var name = FlowName.noOwner
    if let ownerType { name = FlowNames.name(of: ownerType) }
    ownerNameCache = name
    return name
  }

  /// A number that changes whenever this container's stack or presentation changes, so that a
  /// layer holding a reading of the tree can tell whether it still holds.
  package var revision: UInt64 { generation }

  /// The owner of the presented container, read without registering an Observation access.
  package var presentedOwnerUntracked: AnyObject? { presentedOwner }

  /// The presented container, read without registering an Observation access.
  package var presentedUntracked: ContainerNode? { presentedNode }

  /// Whether the container has finished, read without registering an Observation access.
  package var isFinishedUntracked: Bool { finished }

  /// Whether a change is being applied or announced in this container's tree.
  package var isTreeChanging: Bool { changes?.isChanging == true }

  /// Runs `change` as the tree's change in progress, then every request callbacks made during
  /// it, each as a change of its own.
  package func performChange<Result>(_ change: () -> Result) -> Result {
    changeQueue.perform(change)
  }

  /// Runs `change` as the tree's change when user code could run during it (an Observation
  /// registrar or an observer exists); otherwise nothing can call back, and `change` runs as it
  /// is, without making a queue for a tree that may be about to be presented into another.
  package func performChangeIfObserved<Result>(_ change: () -> Result) -> Result {
    self.change(change)
  }

  /// Runs `change` as the tree's change, and says which request, if any, ran first after it:
  /// something a callback asked for while the change was announced.
  package func performChangeNotingRequests<Result>(
    _ change: () -> Result
  ) -> (result: Result, firstRequest: QueuedRequest?) {
    let queue = changeQueue
    queue.startRecording()
    let result = queue.perform(change)
    let first = queue.stopRecording().first
    return (
      result, first.map { QueuedRequest(operation: $0.operation, fileID: $0.fileID, line: $0.line) }
    )
  }

  /// Whether `child` can be presented here now: nothing is presented, neither is finished, and
  /// the presentation would form no cycle.
  package func canPresentNow(_ child: ContainerNode) -> Bool { canPresent(child) }

  /// Presents `child`, which ``canPresentNow(_:)`` allowed; inside ``performChange(_:)``.
  ///
  /// `onEnd` hears how the presentation ended and what caused it.
  package func present(
    _ child: ContainerNode, style: PresentationStyle, animated: Bool, cause: NavigationCause,
    onEnd: ((PresentationEnding, NavigationCause) -> Void)?
  ) {
    presentNow(
      child, style: style, animated: animated, cause: cause, onEnd: nil, onEndWithCause: onEnd)
  }

  /// Ends this container's presentation, everything above first, each exactly once; inside
  /// ``performChange(_:)``.
  package func dismissPresented(
    _ ending: PresentationEnding, animated: Bool, cause: NavigationCause
  ) {
    endPresentation(ending, animated: animated, cause: cause)
  }
}

/// A request a callback made during a change, as ``ContainerNode/performChangeNotingRequests(_:)``
/// reports it.
package struct QueuedRequest: Sendable {
  /// What was asked for, such as `push(_:)`.
  package let operation: String
  /// Where it was asked for.
  package let fileID: StaticString
  package let line: UInt
}

extension StackContainer {
  /// The screens, read without registering an Observation access.
  package var screensUntracked: [Screen] { storage }

  /// Pushes `screens`; inside ``ContainerNode/performChange(_:)``.
  package func push(_ screens: [Screen], animated: Bool, cause: NavigationCause) {
    push(contentsOf: screens, animated: animated, cause: cause)
  }

  /// Pops to `index`; inside ``ContainerNode/performChange(_:)``.
  package func pop(toIndex index: Int, animated: Bool, cause: NavigationCause) {
    _ = pop(toIndex: index, operation: .popTo(index: index), animated: animated, cause: cause)
  }

  /// Replaces the stack with `screens`; inside ``ContainerNode/performChange(_:)``.
  package func setStack(_ screens: [Screen], animated: Bool, cause: NavigationCause) {
    replace(with: screens, animated: animated, cause: cause)
  }
}

extension ContainerNode {
  /// Whether the presenter gave the current presentation an `onEnd` closure.
  ///
  /// For the test support's leak reports: a closure that captures the presenting flow strongly
  /// keeps that flow alive while the presentation lasts.
  package var presentationHasOnEnd: Bool { endHandlers?.onEnd != nil }

  /// How many observers (of events and of stack changes) sit on this container itself.
  ///
  /// For the test support's leak reports: an observer closure that captures the container's
  /// own flow keeps that flow alive until its token is cancelled.
  package var ownObserverCount: Int { (eventObservers?.count ?? 0) + changeObserverCount }
}
