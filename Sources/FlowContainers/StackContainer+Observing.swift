public import Observation

extension StackContainer: Observable {}

extension StackContainer {
  /// Calls `handler` with every change to this container's stack, until the token is cancelled
  /// or released.
  ///
  /// The handler runs on the main actor right after the change is made; it may change the tree
  /// again. A host adapter uses this to mirror the stack in its own views.
  ///
  /// ```swift
  /// let token = container.observeChanges { change in
  ///   navigationController.setViewControllers(container.stack, animated: change.animated)
  /// }
  /// ```
  ///
  /// - Parameter handler: Receives each change.
  /// - Returns: A token; keep it for as long as you want changes.
  public func observeChanges(
    _ handler: @escaping @MainActor (StackChange<Screen>) -> Void
  ) -> ObserverToken {
    ObserverToken(changes: changeObservers.add(handler), on: self)
  }

  /// Calls `handler` with every navigation event in this container and in everything presented
  /// above it, now and later, until the token is cancelled or released.
  ///
  /// Observe the root to trace a whole program. With no event observer anywhere below a
  /// container, its operations build no events at all.
  ///
  /// ```swift
  /// let token = app.container.observeEvents { print($0) }
  /// app.container.push(.note(1))
  /// // Prints: AppFlow@0 push +[note(1)] -[] (program, animated)
  /// ```
  ///
  /// - Parameter handler: Receives each event, after the change is made.
  /// - Returns: A token; keep it for as long as you want events.
  public func observeEvents(
    _ handler: @escaping @MainActor (NavigationEvent) -> Void
  ) -> ObserverToken {
    let id = eventObservers.add(handler)
    updateEventObserverCount(below: presenterNode?.eventObserverCount ?? 0)
    return ObserverToken(events: id, on: self)
  }

  func removeEventObserver(_ id: Int) {
    guard eventObservers.remove(id) else { return }
    updateEventObserverCount(below: presenterNode?.eventObserverCount ?? 0)
  }

  func removeChangeObserver(_ id: Int) {
    changeObservers.remove(id)
  }

  func updateEventObserverCount(below: Int) {
    eventObserverCount = below + eventObservers.count
    presentation?.container.updateEventObserverCount(below: eventObserverCount)
  }

  func emit(_ action: NavigationEvent.Action, cause: NavigationCause, animated: Bool) {
    guard eventObserverCount > 0 else { return }
    let event = NavigationEvent(
      action, flow: ownerName, depth: depth, cause: cause, animated: animated)
    var node: (any TreeNode)? = self
    while let current = node {
      current.deliver(event)
      node = current.presenterNode
    }
  }

  func deliver(_ event: NavigationEvent) {
    if !eventObservers.isEmpty { eventObservers.send(event) }
  }

  func access<Member>(keyPath: KeyPath<StackContainer, Member>) {
    if registrar == nil { registrar = ObservationRegistrar() }
    registrar?.access(self, keyPath: keyPath)
  }

  func withMutation<Member, Result>(
    keyPath: KeyPath<StackContainer, Member>, _ mutation: () -> Result
  ) -> Result {
    guard let registrar else { return mutation() }
    return registrar.withMutation(of: self, keyPath: keyPath, mutation)
  }
}
