extension StackContainer {
  /// Calls `handler` with every change to this container's stack, until the token is cancelled
  /// or released.
  ///
  /// The handler runs on the main actor right after the change is made. It may change the tree
  /// again: what it asks for is made after the change it is hearing about has been announced to
  /// every observer, so every observer hears the changes in the order the stack went through
  /// them. A host adapter uses this to mirror the stack in its own views.
  ///
  /// ```swift
  /// let token = container.observeChanges { change in
  ///   navigationController.setViewControllers(container.stack, animated: change.animated)
  /// }
  /// ```
  ///
  /// The container keeps `handler` until the token is cancelled. A handler that captures the
  /// flow owning this container strongly, stored in that flow (`token = container.observeChanges
  /// { _ in self.refresh() }`), makes a cycle: flow, container, handler, flow. Capture the flow
  /// weakly, or cancel the token when the flow ends.
  ///
  /// - Parameter handler: Receives each change.
  /// - Returns: A token; keep it for as long as you want changes.
  public func observeChanges(
    _ handler: @escaping @MainActor (StackChange<Screen>) -> Void
  ) -> ObserverToken {
    let observers = changeObservers ?? ObserverList()
    changeObservers = observers
    let id = observers.add(handler)
    hasChangeObservers = true
    // Through the container, as `observeEvents(_:)`'s token: the list stays free of weak
    // references.
    return ObserverToken { [weak self] in
      guard let self, let observers = self.changeObservers, observers.remove(id) else { return }
      self.hasChangeObservers = observers.count > 0
    }
  }
}
