extension ContainerNode {
  /// The container this one presents, or `nil`.
  ///
  /// Observable.
  public var presented: ContainerNode? {
    access(.presented)
    return presentedNode
  }

  /// The flow whose container this one presents, or `nil`.
  ///
  /// Observable.
  ///
  /// This is the only strong reference to a presented sub-flow that the library keeps.
  public var presentedFlow: AnyObject? {
    access(.presented)
    return presentedOwner
  }

  /// Whether the container has finished: it was dismissed, or ``finish()`` ran.
  ///
  /// A finished container never changes again. Observable.
  public var isFinished: Bool {
    access(.isFinished)
    return finished
  }

  /// Presents `child` over this container, as a modal layer, and keeps its owner alive until the
  /// presentation ends.
  ///
  /// This is how a flow shows a sub-flow: create it, present its container, and forget it. The
  /// presentation holds the sub-flow; when it ends (the sub-flow dismisses itself, this
  /// container dismisses it, the user closes it, or something below is dismissed) the sub-flow is
  /// released and its `deinit` runs before the dismissing call returns.
  ///
  /// ```swift
  /// let editor = EditorFlow(note: note)
  /// editor.delegate = self
  /// container.present(editor.container) { [weak self] ending in
  ///   self?.log("editor: \(ending)")  // exactly once
  /// }
  /// ```
  ///
  /// Misuse changes nothing and is reported: presenting while something is already presented,
  /// presenting a container that is already presented, finished, this container itself, one
  /// below it, or one whose ``owner`` is `nil`.
  ///
  /// - Parameters:
  ///   - child: The sub-flow's container. Its ``owner`` must be set.
  ///   - animated: Whether the host should animate the presentation.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  ///   - onEnd: Called exactly once, when the presentation ends, with how it ended. It is kept
  ///     only while the presentation lasts; capture your flow weakly (`[weak self]`) so that
  ///     the presenter can be released while the sub-flow is up.
  public func present(
    _ child: ContainerNode, animated: Bool = true, fileID: StaticString = #fileID,
    line: UInt = #line, onEnd: ((PresentationEnding) -> Void)? = nil
  ) {
    present(child, animated: animated, cause: .program, fileID: fileID, line: line, onEnd: onEnd)
  }

  /// Dismisses the container this one presents, and everything presented above it.
  ///
  /// Layers end top-down, each exactly once: the topmost first as
  /// ``PresentationEnding/tornDown``, the one this container presents last as
  /// ``PresentationEnding/dismissedByPresenter``. Every released sub-flow's `deinit` has run
  /// when this returns. With nothing presented this is misuse.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func dismissPresented(
    animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    guard checkNotFinished("dismissPresented", fileID: fileID, line: line) else { return }
    guard presentedNode != nil else {
      report(
        .nothingPresented,
        "dismissPresented() on \(locationDescription), which presents nothing; check "
          + "`presented` first, or let the sub-flow dismiss itself.",
        fileID: fileID, line: line)
      return
    }
    endPresentation(.dismissedByPresenter, animated: animated, cause: .program)
  }

  /// Dismisses this container, which must be presented: how a sub-flow closes itself.
  ///
  /// Everything presented above it ends first (``PresentationEnding/tornDown``), then its own
  /// presentation ends as ``PresentationEnding/finished``. Its owner is released before this
  /// returns, unless something else holds it. On a container that is not presented this is
  /// misuse.
  ///
  /// ```swift
  /// func saveTapped() {
  ///   delegate?.editorFlow(self, didSave: note)
  ///   container.dismiss()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func dismiss(animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line) {
    guard checkNotFinished("dismiss", fileID: fileID, line: line) else { return }
    guard let presenter = presenterNode else {
      report(
        .notPresented,
        "dismiss() on \(locationDescription), which is not presented; a root container is "
          + "released when its owner is, or ends with finish().",
        fileID: fileID, line: line)
      return
    }
    presenter.endPresentation(.finished, animated: animated, cause: .program)
  }

  /// Ends this container: idempotent teardown, run automatically when the container is released.
  ///
  /// If the container is presented, it is dismissed as ``PresentationEnding/finished``.
  /// Otherwise everything it presents is torn down, top-down. Either way it is finished
  /// afterwards: every later operation is reported as misuse. Screens stay in the stack (a host
  /// may still be animating them away) and are released with the container. Calling it again
  /// does nothing.
  public func finish() {
    guard !finished else { return }
    if let presenter = presenterNode {
      presenter.endPresentation(.finished, animated: false, cause: .program)
    } else {
      markFinished()
      if presentedNode != nil {
        endPresentation(.tornDown, animated: false, cause: .program)
      }
    }
  }
}

// MARK: - The one place presentations start and end

extension ContainerNode {
  func present(
    _ child: ContainerNode, animated: Bool, cause: NavigationCause, fileID: StaticString,
    line: UInt, onEnd: ((PresentationEnding) -> Void)?
  ) {
    guard checkNotFinished("present", fileID: fileID, line: line) else { return }
    if let problem = presentationProblem(child) {
      report(
        .invalidPresentation, "present(_:) on \(locationDescription): \(problem)",
        fileID: fileID, line: line)
      return
    }
    guard let childOwner = child.owner else {
      report(
        .invalidPresentation,
        "present(_:) on \(locationDescription): the container has no owner, so nothing would "
          + "keep its flow alive. Set `container.owner = self` in the flow's initialiser, and "
          + "keep the flow in a local until it is presented: `present(Flow().container)` "
          + "releases the flow before the call.",
        fileID: fileID, line: line)
      return
    }
    if let current = presentedNode {
      report(
        .alreadyPresenting,
        "present(_:) on \(locationDescription), which already presents "
          + "\(current.ownerName); dismiss it first (dismissPresented()), or present "
          + "from the topmost container.",
        fileID: fileID, line: line)
      return
    }
    child.presenterNode = self
    willMutate(.presented)
    presentedNode = child
    presentedOwner = childOwner
    didMutate(.presented)
    if let onEnd { endHandlers = PresentationEndHandlers(onEnd: onEnd) }
    generation = generation &+ 1
    child.attach(depth: storedDepth + 1, eventObserversBelow: eventObserverCount)
    if eventObserverCount > 0 {
      emit(.presented(flow: FlowTypeName(child.ownerType)), cause: cause, animated: animated)
    }
  }

  private func presentationProblem(_ child: ContainerNode) -> String? {
    if child === self { return "a container cannot present itself." }
    if child.finished {
      return "\(child.ownerName)'s container has finished (it was dismissed before); create "
        + "a new flow to present."
    }
    if let presenter = child.presenterNode {
      return "\(child.ownerName)'s container is already presented by "
        + "\(presenter.locationDescription); dismiss it there first."
    }
    // `child` has no presenter, so it is below this container only if this container sits in
    // what `child` presents: walk up from `child`, usually not at all.
    var node = child.presentedNode
    while let above = node {
      if above === self {
        return "\(child.ownerName)'s container is below this one in the tree; presenting it "
          + "would make a cycle."
      }
      node = above.presentedNode
    }
    return nil
  }

  /// Sets the depth and the count of event observers below, for this container and everything
  /// it presents.
  func attach(depth: Int, eventObserversBelow below: Int) {
    var node: ContainerNode? = self
    var depth = depth
    var below = below
    while let current = node {
      current.storedDepth = depth
      current.eventObserverCount = below + (current.eventObservers?.count ?? 0)
      below = current.eventObserverCount
      depth += 1
      node = current.presentedNode
    }
  }

  /// Ends this container's presentation, everything above first, each exactly once.
  func endPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard let first = presentedNode else { return }
    // Finish every layer above first, so that callbacks cannot build on what is going away.
    // The layers are listed only when there is more than one (no allocation otherwise).
    first.markFinished()
    var layers: [ContainerNode] = []
    var top = first
    while let above = top.presentedNode {
      if layers.isEmpty { layers.append(first) }
      above.markFinished()
      layers.append(above)
      top = above
    }
    // Then end the layers top-down, each exactly once, re-checking the tree after every callback
    // (a callback may have ended a layer itself), and letting each go as soon as it has ended.
    while layers.count > 1 {
      let presented = layers.removeLast()
      let presenter = layers[layers.count - 1]
      if presenter.presentedNode === presented {
        presenter.detachPresentation(.tornDown, animated: animated, cause: cause)
      }
    }
    layers.removeAll()
    if presentedNode === first {
      detachPresentation(ending, animated: animated, cause: cause)
    }
  }

  /// Ends this container's presentation alone; the caller has ended everything above it.
  func detachPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard let child = presentedNode else { return }
    // Taken out of this container first, released at the end of this call: that is what
    // releases the sub-flow.
    let owner = presentedOwner
    let handlers = endHandlers
    endHandlers = nil
    willMutate(.presented)
    presentedNode = nil
    presentedOwner = nil
    didMutate(.presented)
    generation = generation &+ 1
    child.presenterNode = nil
    child.markFinished()
    child.attach(depth: 0, eventObserversBelow: 0)
    if eventObserverCount > 0 {
      emit(
        .presentationEnded(flow: FlowTypeName(child.ownerType), ending: ending),
        cause: cause, animated: animated)
    }
    handlers?.send(ending)
    // `owner` is released here: the sub-flow's deinit runs now, unless something else holds it.
    extendLifetime(owner)
  }

  /// Calls `listener` once when the current presentation ends; nothing if nothing is presented.
  func addPresentationListener(_ listener: @escaping (PresentationEnding) -> Void) {
    guard presentedNode != nil else { return }
    var handlers = endHandlers ?? PresentationEndHandlers()
    handlers.libraryListeners.append(listener)
    endHandlers = handlers
  }

  func markFinished() {
    guard !finished else { return }
    willMutate(.isFinished)
    finished = true
    didMutate(.isFinished)
    interactivePopGeneration = nil
  }

}

/// Ends the presentation of a container that was released while presenting: the presented
/// layers end top-down as ``PresentationEnding/tornDown``, each exactly once, on the main actor.
///
/// The released container itself emits no events: its observers are going away with it.
@MainActor
final class PendingTeardown {
  private let child: ContainerNode
  /// Keeps the sub-flow alive until its presentation has ended; handed over by `deinit`.
  nonisolated(unsafe) private let owner: AnyObject
  private let handlers: PresentationEndHandlers?

  nonisolated init(child: ContainerNode, owner: AnyObject, handlers: PresentationEndHandlers?) {
    self.child = child
    self.owner = owner
    self.handlers = handlers
  }

  isolated deinit {
    child.presenterNode = nil
    child.attach(depth: 0, eventObserversBelow: 0)
    child.finish()
    handlers?.send(.tornDown)
  }
}
