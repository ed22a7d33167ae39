public import Observation

extension ContainerNode: Observable {}

extension ContainerNode {
  /// Calls `handler` with every navigation event in this container and in everything presented
  /// above it, now and later, until the token is cancelled or released.
  ///
  /// Observe the root to trace a whole program. With no event observer anywhere below a
  /// container, its operations build no events at all; with one, an event is a small value
  /// (a container's first event allocates the object its events lead back to it through).
  ///
  /// ```swift
  /// let token = app.container.observeEvents { print($0) }
  /// app.container.push(.note(1))
  /// // Prints: AppFlow@0 push +1 -0 (program, animated)
  /// ```
  ///
  /// Events arrive in the order the tree went through them. A handler may navigate: what it asks
  /// for is made after the change it is hearing about has been announced to every observer.
  ///
  /// The container keeps `handler` until the token is cancelled. A handler that captures the
  /// flow owning this container strongly, stored in that flow (`flow.token =
  /// flow.container.observeEvents { _ in flow.count += 1 }`), makes a cycle: flow, container,
  /// handler, flow. Capture the flow weakly, or cancel the token when the flow ends.
  ///
  /// - Parameter handler: Receives each event, after the change is made.
  /// - Returns: A token; keep it for as long as you want events.
  public func observeEvents(
    _ handler: @escaping @MainActor (NavigationEvent) -> Void
  ) -> ObserverToken {
    let observers = eventObservers ?? ObserverList()
    eventObservers = observers
    let id = observers.add(handler)
    refreshObserverCounts()
    // The token refers to the container, not to the list: a weak reference gives its target a
    // side table and slower reference counting, a cost the list, retained on every event,
    // should not pay.
    return ObserverToken { [weak self] in
      // `self` is held while this runs: removing the handler may release the last other
      // reference to the container (a handler that captured its own flow).
      guard let self, let observers = self.eventObservers, observers.remove(id) else { return }
      self.refreshObserverCounts()
    }
  }

  /// Recounts the event observers of this container and of everything above it, after one of
  /// its own came or went; the count below comes from its parent (presenter or tab container).
  private func refreshObserverCounts() {
    attach(
      depth: storedDepth, eventObserversBelow: holder?.eventObserverCount ?? 0,
      changes: changes)
  }

  /// Sends an event to the event observers of this container and of every container below it.
  ///
  /// `action` is made only when someone observes: naming a flow in it is not free.
  @usableFromInline
  func emit(
    _ action: @autoclosure () -> NavigationEvent.Action, cause: NavigationCause, animated: Bool
  ) {
    guard eventObserverCount > 0 else { return }
    let event = NavigationEvent(
      action(), flow: flowName, depth: storedDepth, cause: cause, animated: animated,
      source: eventSource)
    // This container's own observers first (the caller keeps `self` alive), then only the
    // containers below with observers of their own, nearest first: an event costs the number of
    // observed containers below it, not its depth. Strong references: a handler may dismiss,
    // and so release, the container it observes.
    if let observers = eventObservers, !observers.isEmpty { observers.send(event) }
    var node = observedBelow
    while let current = node {
      if let observers = current.eventObservers, !observers.isEmpty { observers.send(event) }
      node = current.observedBelow
    }
  }

  /// What this container's events lead back to it through, made on the first event.
  var eventSource: EventSource {
    if let source = madeEventSource { return source }
    let made = EventSource(self)
    madeEventSource = made
    return made
  }

  /// Whether this container has event observers of its own.
  var hasOwnEventObservers: Bool {
    guard let eventObservers else { return false }
    return !eventObservers.isEmpty
  }

  /// The observable properties of the base.
  enum ObservedProperty {
    case presented
    case isFinished
    case tabs
    case stack
    case columns
  }

  /// What Observation tracks for a tab container's tabs and selection.
  var tabsForObservation: Int { 0 }

  /// What Observation tracks for a split's columns and width.
  var columnsForObservation: Int { 0 }

  /// What Observation tracks for a stack container's screens.
  ///
  /// A key path of the base, not `\StackContainer<Screen>.stack`: a generic key path is made
  /// anew for each use, so a container would have to keep one, a word in every container.
  var stackForObservation: Int { 0 }

  /// Registers a read of a base property with the Observation framework.
  ///
  /// The registrar is made on the first read: until something reads an observable property, nothing
  /// can be observing it, and mutations skip the registrar entirely.
  func access(_ property: ObservedProperty) {
    if registrar == nil { registrar = RegistrarBox() }
    guard let registrar = registrar?.registrar else { return }
    switch property {
    case .presented: registrar.access(self, keyPath: \.presented)
    case .isFinished: registrar.access(self, keyPath: \.isFinished)
    case .tabs: registrar.access(self, keyPath: \.tabsForObservation)
    case .stack: registrar.access(self, keyPath: \.stackForObservation)
    case .columns: registrar.access(self, keyPath: \.columnsForObservation)
    }
  }

  /// Tells the Observation framework, if anything could be observing, that `property` is about
  /// to change.
  ///
  /// Key paths are only formed when a registrar exists. A pair of calls rather than a
  /// closure-taking `withMutation`: a main-actor closure handed to the registrar would be checked
  /// for isolation at run time on every mutation.
  func willMutate(_ property: ObservedProperty) {
    if let registrar { tell(registrar, property, isAboutToChange: true) }
  }

  /// Tells the Observation framework, if anything could be observing, that `property` changed.
  ///
  /// Tabs and columns that changed may have moved what the user sees: the tree forgets the
  /// topmost it kept, after the change, where no reading made meanwhile can bring it back.
  @inline(__always)
  func didMutate(_ property: ObservedProperty) {
    if let registrar { tell(registrar, property, isAboutToChange: false) }
    // Known where it is inlined: a presentation or a stack's change skips this.
    if property == .tabs || property == .columns { forgetTopmost() }
  }

  /// Forgets the topmost the tree keeps, after tabs or columns changed.
  @inline(never)
  private func forgetTopmost() {
    changes?.branchesChanged()
  }

  /// Tells the registrar about a change of `property`: out of line, so that a change nobody
  /// observes (the registrar's type has no size known at compile time) sets up nothing for it.
  @inline(never)
  private func tell(_ box: RegistrarBox, _ property: ObservedProperty, isAboutToChange: Bool) {
    switch (property, isAboutToChange) {
    case (.presented, true): box.registrar.willSet(self, keyPath: \.presented)
    case (.presented, false): box.registrar.didSet(self, keyPath: \.presented)
    case (.isFinished, true): box.registrar.willSet(self, keyPath: \.isFinished)
    case (.isFinished, false): box.registrar.didSet(self, keyPath: \.isFinished)
    case (.tabs, true): box.registrar.willSet(self, keyPath: \.tabsForObservation)
    case (.tabs, false): box.registrar.didSet(self, keyPath: \.tabsForObservation)
    case (.stack, true): box.registrar.willSet(self, keyPath: \.stackForObservation)
    case (.stack, false): box.registrar.didSet(self, keyPath: \.stackForObservation)
    case (.columns, true): box.registrar.willSet(self, keyPath: \.columnsForObservation)
    case (.columns, false): box.registrar.didSet(self, keyPath: \.columnsForObservation)
    }
  }
}
