import Observation

extension StackContainer {
  /// The screens, bottom (root) first.
  ///
  /// Observable: reading it inside `withObservationTracking` (or a SwiftUI body) tracks it.
  public var stack: [Screen] {
    accessStack()
    return currentScreens
  }

  /// The screen on top of the stack, or `nil` when the stack is empty.
  public var top: Screen? {
    accessStack()
    return currentScreens.last
  }

  /// Pushes `screen` on top of the stack.
  ///
  /// On a finished container this is misuse: nothing changes and a diagnostic is reported.
  ///
  /// ```swift
  /// container.push(.note(2))
  /// print(container.stack)  // [library, note(2)]
  /// ```
  ///
  /// - Parameters:
  ///   - screen: The screen to show.
  ///   - animated: Whether the host should animate the push.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  @inlinable
  public func push(
    _ screen: Screen, animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    switch routeChange() {
    case .quiet:
      withStackTakenOut { $0.append(screen) }
    case .announced:
      let started = beginAnnounced()
      withStackTakenOut { $0.append(screen) }
      endAnnounced(
        started, .push, animated: animated, counts: (1, 0),
        sendChange: {
          $0.send(
            StackChange(
              operation: .push, added: [screen], removed: [], animated: animated, cause: .program))
        })
    case .queued:
      enqueue("push(_:)", fileID: fileID, line: line) {
        self.push(screen, animated: animated, fileID: fileID, line: line)
      }
    case .finished:
      reportFinished("push(_:)", fileID: fileID, line: line)
    }
  }

  /// Pushes `screens` on top of the stack, in order, as one change.
  ///
  /// Pushing an empty array changes nothing and reports nothing.
  ///
  /// - Parameters:
  ///   - screens: The screens to show, bottom first.
  ///   - animated: Whether the host should animate the push.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func push(
    contentsOf screens: [Screen], animated: Bool = true, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    request(
      .stack(
        "push(contentsOf:)", check: nil,
        apply: { [self] animated, cause in
          push(contentsOf: screens, animated: animated, cause: cause)
        }), animated: animated, cause: .program, fileID: fileID, line: line)
  }

  /// Removes the top screen and returns it.
  ///
  /// The root is never popped: on a stack of one screen, or an empty one, this is misuse.
  ///
  /// ```swift
  /// container.pop()
  /// print(container.stack)  // [library]
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the pop.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  /// - Returns: The screen removed, or `nil` when nothing was popped.
  @inlinable
  @discardableResult
  public func pop(
    animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Screen? {
    switch routeChange() {
    case .quiet:
      // One access to the stack: check and remove together.
      if let removed = withStackTakenOut(Self.removeLastAboveRoot) { return removed }
      refusePopOfRoot(fileID: fileID, line: line)
      return nil
    case .announced:
      // The count read here, specialised: unspecialised, `Array.count` looks up metadata.
      guard (storage?.count ?? 0) > 1 else {
        reportPopOfRoot(fileID: fileID, line: line)
        return nil
      }
      let started = beginAnnounced()
      let removed = withStackTakenOut { $0.removeLast() }
      endAnnounced(
        started, .pop, animated: animated, counts: (0, 1),
        sendChange: {
          $0.send(
            StackChange(
              operation: .pop, added: [], removed: [removed], animated: animated, cause: .program))
        })
      return removed
    case .queued:
      enqueue("pop()", fileID: fileID, line: line) {
        self.pop(animated: animated, fileID: fileID, line: line)
      }
      return nil
    case .finished:
      reportFinished("pop()", fileID: fileID, line: line)
      return nil
    }
  }

  /// Removes every screen above the one at `index`, which becomes the top.
  ///
  /// `index` must be a valid index of the stack; popping to the current top changes nothing.
  ///
  /// ```swift
  /// // stack: [library, note(1), note(2)]
  /// container.pop(toIndex: 0)
  /// print(container.stack)  // [library]
  /// ```
  ///
  /// - Parameters:
  ///   - index: The index of the screen to leave on top.
  ///   - animated: Whether the host should animate the pop.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  /// - Returns: The screens removed, bottom first.
  @discardableResult
  public func pop(
    toIndex index: Int, animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) -> [Screen] {
    var removed: [Screen] = []
    let edit = TreeChange.stack(
      "pop(toIndex:)",
      check: { [self] fileID, line in
        guard !currentScreens.indices.contains(index) else { return true }
        report(
          .screenNotFound,
          "pop(toIndex: \(index)) on \(locationDescription), whose stack has \(currentScreens.count) "
            + "screens; pass an index in 0..<\(currentScreens.count).",
          fileID: fileID, line: line)
        return false
      },
      apply: { [self] animated, cause in
        removed = pop(
          toIndex: index, operation: .popTo(index: index), animated: animated, cause: cause)
      })
    request(edit, animated: animated, cause: .program, fileID: fileID, line: line)
    return removed
  }

  /// Removes every screen above the last one that satisfies `predicate`.
  ///
  /// If no screen satisfies it, this is misuse and nothing changes. Use it to pop to a screen
  /// object by identity: `container.pop(toLastWhere: { $0 === noteScreen })`.
  ///
  /// - Parameters:
  ///   - predicate: Picks the screen to leave on top.
  ///   - animated: Whether the host should animate the pop.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  /// - Returns: The screens removed, bottom first.
  @discardableResult
  public func pop(
    toLastWhere predicate: @escaping (Screen) -> Bool, animated: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> [Screen] {
    var removed: [Screen] = []
    var found: Int?
    let edit = TreeChange.stack(
      "pop(toLastWhere:)",
      check: { [self] fileID, line in
        found = currentScreens.lastIndex(where: predicate)
        guard found == nil else { return true }
        report(
          .screenNotFound,
          "pop(toLastWhere:) on \(locationDescription): no screen in the stack matches.",
          fileID: fileID, line: line)
        return false
      },
      apply: { [self] animated, cause in
        guard let index = found else { return }
        removed = pop(
          toIndex: index, operation: .popTo(index: index), animated: animated, cause: cause)
      })
    request(edit, animated: animated, cause: .program, fileID: fileID, line: line)
    return removed
  }

  /// Removes every screen above the root.
  ///
  /// On a stack of one screen, or an empty one, this changes nothing. Observers hear it as
  /// ``StackOperation/popTo(index:)`` with index 0, as a host's pop to the root.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the pop.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  /// - Returns: The screens removed, bottom first.
  @discardableResult
  public func popToRoot(
    animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) -> [Screen] {
    var removed: [Screen] = []
    request(
      .stack(
        "popToRoot()", check: nil,
        apply: { [self] animated, cause in
          removed = pop(toIndex: 0, operation: .popTo(index: 0), animated: animated, cause: cause)
        }), animated: animated, cause: .program, fileID: fileID, line: line)
    return removed
  }

  /// Replaces the whole stack with `screens`, bottom first.
  ///
  /// The new stack may be empty. Observers receive one ``StackOperation/replace`` change that
  /// lists every old screen as removed and every new one as added.
  ///
  /// - Parameters:
  ///   - screens: The new stack, bottom (root) first.
  ///   - animated: Whether the host should animate the change.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func replace(
    with screens: [Screen], animated: Bool = true, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    request(
      .stack(
        "replace(with:)", check: nil,
        apply: { [self] animated, cause in
          replace(with: screens, animated: animated, cause: cause)
        }), animated: animated, cause: .program, fileID: fileID, line: line)
  }
}

// MARK: - The one place each kind of change is made

extension StackContainer {
  /// Runs `body` on the stack taken out of the container as a local, then puts it back.
  ///
  /// This is how the inlined push and pop change the stack cheaply with exclusivity checking on:
  /// taking the array out and putting it back are instantaneous accesses that call nothing,
  /// which the compiler checks without a run-time call, and `body` then changes a local array
  /// (still uniquely referenced, so it is not copied) rather than holding an access to the
  /// container's property open across calls, which would cost a tracked run-time check. `body`
  /// must run no user code: nothing may see the container's stack while it is out.
  @inlinable
  func withStackTakenOut<Result>(_ body: (inout [Screen]) -> Result) -> Result {
    var screens = storage.take() ?? []
    defer { storage = screens }
    return body(&screens)
  }

  /// Removes and returns the top screen, unless it is the root (or the stack is empty).
  @inlinable
  static func removeLastAboveRoot(_ screens: inout [Screen]) -> Screen? {
    screens.count > 1 ? screens.removeLast() : nil
  }

  /// Begins a stack change as an announced change of the tree: the slow path of the inlined push
  /// and pop, taken when an Observation registrar or an observer exists.
  ///
  /// The inlined caller then changes the stack itself, specialised for its screen type and
  /// with the stack taken out (no user code runs until
  /// ``endAnnounced(_:_:animated:counts:sendChange:)``), and ends the change. The caller has
  /// checked that the change can be made (a pop, that the stack holds more than its root).
  ///
  /// Neither half is inlined: the properties they read would then be read from other modules,
  /// and the compiler could no longer prove that their accesses never overlap, so every push and
  /// pop would pay run-time exclusivity checks.
  @usableFromInline
  func beginAnnounced() -> ChangeStart {
    let started = beginChange()
    willMutate(.stack)
    return started
  }

  /// Ends a stack change ``beginAnnounced()`` began: tells the
  /// Observation framework and the observers, then runs the requests made meanwhile.
  ///
  /// `sendChange` sends the ``StackChange`` to the change observers, and runs only when there
  /// are some: made by the inlined caller, it builds the change specialised for the screen type,
  /// where this unspecialised code would look up the metadata of `[Screen]` for every change.
  @usableFromInline
  func endAnnounced(
    _ started: ChangeStart, _ operation: StackOperation, animated: Bool,
    counts: (added: Int, removed: Int),
    sendChange: (ObserverList<StackChange<Screen>>) -> Void
  ) {
    didMutate(.stack)
    notify(operation, counts: counts, animated: animated, cause: .program, sendChange: sendChange)
    endChange(started)
  }

  /// Changes the stack, telling the Observation framework if anything could be tracking it.
  ///
  /// `body` is library code or the inlined caller's, and runs no user code.
  func mutateStack<Result>(_ body: (inout [Screen]) -> Result) -> Result {
    generation = generation &+ 1
    guard registrar != nil else { return changeStack(body) }
    // willSet and didSet rather than a closure-taking withMutation: see `willMutate(_:)`.
    willMutate(.stack)
    defer { didMutate(.stack) }
    return changeStack(body)
  }

  /// ``withStackTakenOut(_:)`` for unspecialised code: `if let` and assignments, where the
  /// inlined version's `Optional.take()` and `??` would be generic calls that look up the
  /// metadata of an optional array.
  private func changeStack<Result>(_ body: (inout [Screen]) -> Result) -> Result {
    var screens: [Screen] = []
    if let taken = storage { screens = taken }
    storage = nil
    defer { storage = screens }
    return body(&screens)
  }

  func push(contentsOf screens: [Screen], animated: Bool, cause: NavigationCause) {
    // Counts and one screen at a time: unspecialised, `isEmpty` and `append(contentsOf:)` look
    // up the metadata of `[Screen]` and its witness tables.
    guard screens.count != 0 else { return }
    mutateStack { stack in
      // No `reserveCapacity`: it sizes exactly, so a push at a time would copy the stack each
      // time; appends grow it geometrically.
      var position = 0
      while position < screens.count {
        stack.append(screens[position])
        position += 1
      }
    }
    if isObserved {
      didChange(.push, added: screens, removed: [], animated: animated, cause: cause)
    }
  }

  func popTop(animated: Bool, cause: NavigationCause) -> Screen {
    // `remove(at:)`, Array's own: unspecialised, `removeLast()` is a protocol's, looked up.
    let removed = mutateStack { $0.remove(at: $0.count - 1) }
    if isObserved { didPopTop(removed, animated: animated, cause: cause) }
    return removed
  }

  /// Tells observers of ``popTop(animated:cause:)``'s pop: apart, so that a pop nobody hears
  /// looks up no metadata of the collections it would send.
  @inline(never)
  private func didPopTop(_ removed: Screen, animated: Bool, cause: NavigationCause) {
    didChange(
      .pop, added: EmptyCollection(), removed: CollectionOfOne(removed), animated: animated,
      cause: cause)
  }

  func pop(
    toIndex index: Int, operation: StackOperation, animated: Bool, cause: NavigationCause
  ) -> [Screen] {
    guard index + 1 < screenCount else { return [] }
    // Loops over indices rather than a slice and `removeSubrange`: this runs unspecialised,
    // where a slice and a range replacement each look up generic metadata.
    let removed = mutateStack { stack in
      var removed: [Screen] = []
      removed.reserveCapacity(stack.count - index - 1)
      var position = index + 1
      while position < stack.count {
        removed.append(stack[position])
        position += 1
      }
      while stack.count > index + 1 { stack.remove(at: stack.count - 1) }
      return removed
    }
    if isObserved {
      didChange(operation, added: [], removed: removed, animated: animated, cause: cause)
    }
    return removed
  }

  func replace(with screens: [Screen], animated: Bool, cause: NavigationCause) {
    // Set inside, not returned: a returned `[Screen]` is a generic result, whose metadata is
    // looked up.
    var removed: [Screen] = []
    mutateStack { stack in
      removed = stack
      stack = screens
    }
    if isObserved {
      didChange(.replace, added: screens, removed: removed, animated: animated, cause: cause)
    }
  }

  /// Tells change observers and event observers about a change.
  func didChange<Added: Collection<Screen>, Removed: Collection<Screen>>(
    _ operation: StackOperation, added: Added, removed: Removed, animated: Bool,
    cause: NavigationCause
  ) {
    notify(
      operation, counts: (added.count, removed.count), animated: animated, cause: cause,
      sendChange: {
        $0.send(
          StackChange(
            operation: operation, added: Array(added), removed: Array(removed),
            animated: animated, cause: cause))
      })
  }

  /// Tells change observers and event observers about a change of `counts` screens.
  ///
  /// A ``StackChange`` (`sendChange`) is made only for change observers; events carry counts.
  func notify(
    _ operation: StackOperation, counts: (added: Int, removed: Int), animated: Bool,
    cause: NavigationCause, sendChange: (ObserverList<StackChange<Screen>>) -> Void
  ) {
    if hasChangeObservers, let changeObservers { sendChange(changeObservers) }
    if eventObserverCount > 0 {
      emit(
        .stack(operation, added: counts.added, removed: counts.removed), cause: cause,
        animated: animated)
    }
  }
}
