extension StackContainer {
  /// The container this one presents, or `nil`.
  ///
  /// Observable.
  public var presented: (any ContainerNode)? {
    access(keyPath: \.presented)
    return presentation?.container
  }

  /// The flow whose container this one presents, or `nil`.
  ///
  /// Observable.
  ///
  /// This is the only strong reference to a presented sub-flow that the library keeps.
  public var presentedFlow: AnyObject? {
    access(keyPath: \.presented)
    return presentation?.owner
  }

  /// The container that presents this one, or `nil` for a root or a dismissed container.
  public var presenter: (any ContainerNode)? { presenterNode }

  /// Whether another container presents this one.
  public var isPresented: Bool { presenterNode != nil }

  /// Whether the container has finished: it was dismissed, or ``finish()`` ran.
  ///
  /// A finished container never changes again. Observable.
  public var isFinished: Bool {
    access(keyPath: \.isFinished)
    return finished
  }

  /// How many presenters lie below this container: 0 for a root.
  public var depth: Int {
    var depth = 0
    var node = presenterNode
    while let below = node {
      depth += 1
      node = below.presenterNode
    }
    return depth
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
  public func present<Child>(
    _ child: StackContainer<Child>, animated: Bool = true, fileID: StaticString = #fileID,
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
    guard presentation != nil else {
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
  /// afterwards: every later operation is reported as misuse. Screens stay in ``stack`` (a host
  /// may still be animating them away) and are released with the container. Calling it again
  /// does nothing.
  public func finish() {
    guard !finished else { return }
    if let presenter = presenterNode {
      presenter.endPresentation(.finished, animated: false, cause: .program)
    } else {
      markFinished()
      if presentation != nil {
        endPresentation(.tornDown, animated: false, cause: .program)
      }
    }
  }
}

// MARK: - The one place presentations start and end

extension StackContainer {
  func present<Child>(
    _ child: StackContainer<Child>, animated: Bool, cause: NavigationCause,
    fileID: StaticString, line: UInt, onEnd: ((PresentationEnding) -> Void)?
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
    if let current = presentation {
      report(
        .alreadyPresenting,
        "present(_:) on \(locationDescription), which already presents "
          + "\(current.container.ownerName); dismiss it first (dismissPresented()), or present "
          + "from the topmost container.",
        fileID: fileID, line: line)
      return
    }
    child.presenterNode = self
    withMutation(keyPath: \.presented) {
      presentation = Presentation(container: child, owner: childOwner, onEnd: onEnd)
    }
    generation &+= 1
    child.updateEventObserverCount(below: eventObserverCount)
    if eventObserverCount > 0 {
      emit(.presented(flow: child.ownerName), cause: cause, animated: animated)
    }
  }

  private func presentationProblem<Child>(_ child: StackContainer<Child>) -> String? {
    if child === self { return "a container cannot present itself." }
    if child.finished {
      return "\(child.ownerName)'s container has finished (it was dismissed before); create "
        + "a new flow to present."
    }
    if let presenter = child.presenterNode {
      return "\(child.ownerName)'s container is already presented by "
        + "\(presenter.locationDescription); dismiss it there first."
    }
    var node = presenterNode
    while let below = node {
      if below === child {
        return "\(child.ownerName)'s container is below this one in the tree; presenting it "
          + "would make a cycle."
      }
      node = below.presenterNode
    }
    return nil
  }

  func endPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard let first = presentation?.container else { return }
    // Finish every layer above first, so that callbacks cannot build on what is going away.
    var node: any TreeNode = first
    node.markFinished()
    while let above = node.presentedNode {
      above.markFinished()
      node = above
    }
    // Then end the layers top-down, each exactly once, re-reading the tree after every callback.
    while node !== first {
      guard let below = node.presenterNode, below.presentedNode === node else { break }
      below.detachPresentation(.tornDown, animated: animated, cause: cause)
      node = below
    }
    if presentation?.container === first {
      detachPresentation(ending, animated: animated, cause: cause)
    }
  }

  func detachPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard let record = presentation else { return }
    withMutation(keyPath: \.presented) { presentation = nil }
    generation &+= 1
    record.container.presenterNode = nil
    record.container.markFinished()
    record.container.updateEventObserverCount(below: 0)
    if eventObserverCount > 0 {
      emit(
        .presentationEnded(flow: record.container.ownerName, ending: ending), cause: cause,
        animated: animated)
    }
    record.onEnd?(ending)
    for listener in record.libraryListeners { listener(ending) }
    // `record` is released here: the sub-flow's deinit runs now, unless something else holds it.
  }

  func addPresentationListener(_ listener: @escaping (PresentationEnding) -> Void) {
    presentation?.libraryListeners.append(listener)
  }

  func markFinished() {
    guard !finished else { return }
    withMutation(keyPath: \.isFinished) { finished = true }
    interactivePopGeneration = nil
  }

  /// Runs from `deinit`: ends whatever is still presented, without observation callbacks (no
  /// observer can be handed a container that is going away).
  func tearDown() {
    registrar = nil
    finished = true
    if presentation != nil {
      endPresentation(.tornDown, animated: false, cause: .program)
    }
  }
}
