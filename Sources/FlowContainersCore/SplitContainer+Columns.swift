extension SplitContainer {
  /// The primary column's container, or `nil` before one is set.
  ///
  /// Observable.
  public var primary: ContainerNode? {
    access(.columns)
    return primaryNode
  }

  /// The detail column's container, or `nil` while no detail is shown (the host shows a
  /// placeholder).
  ///
  /// Observable.
  public var detail: ContainerNode? {
    access(.columns)
    return detailNode
  }

  /// The width the host reported last (``HostEvent/widthChanged(_:)``); ``SplitWidth/regular``
  /// until it reports one.
  ///
  /// Observable.
  public var width: SplitWidth {
    access(.columns)
    return currentWidth
  }

  /// How many screens the collapsed stack holds: the primary's, then the detail's.
  ///
  /// In a compact width the host shows one stack, and reports the user's pops on the split
  /// with positions in it (``HostEvent/userPopped(toIndex:)``): a position in the detail's
  /// screens pops the detail; a position below them (the primary's) closes the detail, which
  /// ends as ``PresentationEnding/dismissedByUser``, and pops the primary to it.
  ///
  /// Observable: it changes with the width, the columns, and either column's stack.
  public var collapsedCount: Int {
    accessStack()
    return collapsedScreenCount
  }

  /// Makes `container` the primary column; a primary it replaces ends (what it presented first,
  /// then its flow is released before this returns).
  ///
  /// Misuse changes nothing and is reported: a container with no ``ContainerNode/owner``,
  /// finished, presented, a tab or a column elsewhere, this split itself or one of its holders.
  ///
  /// - Parameters:
  ///   - container: The primary flow's container.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func setPrimary(
    _ container: ContainerNode, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    request(
      .showColumn(.primary, container), animated: false,
      cause: .program, fileID: fileID, line: line)
  }

  /// Shows `container` as the detail, replacing the detail shown, whose flow ends once (what it
  /// presented first, then its `deinit`) as ``PresentationEnding/dismissedByPresenter``.
  ///
  /// `onEnd` hears how this detail ends, exactly once, as a presentation's does: replaced or
  /// closed by the program (``PresentationEnding/dismissedByPresenter``), popped away by the
  /// user in a compact width (``PresentationEnding/dismissedByUser``), finished by its own flow
  /// (``PresentationEnding/finished``), or torn down with the split
  /// (``PresentationEnding/tornDown``). Misuse is reported as for
  /// ``setPrimary(_:fileID:line:)``, and an `onEnd` for the detail already shown, which keeps
  /// the `onEnd` it was shown with (showing it again without one changes nothing); `onEnd` is
  /// not called then.
  ///
  /// - Parameters:
  ///   - container: The detail flow's container.
  ///   - animated: Whether the host should animate the change.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  ///   - onEnd: Hears how the detail ended.
  public func showDetail(
    _ container: ContainerNode, animated: Bool = true, fileID: StaticString = #fileID,
    line: UInt = #line, onEnd: ((PresentationEnding) -> Void)? = nil
  ) {
    request(
      .showColumn(.detail, container, onEnd: onEnd),
      animated: animated, cause: .program, fileID: fileID, line: line)
  }

  /// Closes the detail: its flow ends as ``PresentationEnding/dismissedByPresenter``.
  ///
  /// The host shows the placeholder (compact: the list). With no detail shown this is misuse.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the change.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func closeDetail(
    animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    request(
      .closeColumn(.detail), animated: animated, cause: .program, fileID: fileID,
      line: line)
  }
}

// MARK: - The one place columns change

extension SplitContainer {
  /// The screens of the collapsed stack.
  var collapsedScreenCount: Int {
    (primaryNode?.screenCount ?? 0) + (detailNode?.screenCount ?? 0)
  }

  /// The container in `column`, if one is there.
  func node(in column: SplitColumn) -> ContainerNode? {
    column == .primary ? primaryNode : detailNode
  }

  /// Whether `change` may be made now; reports misuse otherwise.
  func check(_ change: SplitChange, _ fileID: StaticString, _ line: UInt) -> Bool {
    switch change {
    case .show(let column, let container, let callbacks):
      if node(in: column) === container {
        // Showing the detail shown changes nothing; a new `onEnd` would never be called.
        guard callbacks.onEnd != nil || callbacks.onEndWithCause != nil else { return true }
        report(
          .invalidColumn,
          "showDetail(_:onEnd:) on \(locationDescription), which already shows "
            + "\(container.ownerName) as its detail: it keeps the onEnd it was shown with, and "
            + "this one would never be called. Pass no onEnd to show it again.",
          fileID: fileID, line: line)
        return false
      }
      guard let problem = branchProblem(container, as: .column) else { return true }
      report(
        .invalidColumn,
        "\(column == .primary ? "setPrimary(_:)" : "showDetail(_:)") on \(locationDescription): "
          + problem, fileID: fileID, line: line)
      return false
    case .close(let column):
      guard node(in: column) == nil else { return true }
      report(
        .invalidColumn,
        "closeDetail() on \(locationDescription), which shows no detail; check `detail` first.",
        fileID: fileID, line: line)
      return false
    }
  }

  /// Makes `change`, which ``check(_:_:_:)`` allowed; inside the tree's change.
  func apply(_ change: SplitChange, animated: Bool, cause: NavigationCause) {
    switch change {
    case .show(let column, let container, let callbacks):
      show(container, in: column, callbacks: callbacks, animated: animated, cause: cause)
    case .close(let column):
      close(column, ending: .dismissedByPresenter, animated: animated, cause: cause)
    }
  }

  /// Puts `container` in `column`, ending what was there; inside the tree's change.
  ///
  /// The new column is in place before any user code runs; the old one ends (what it presents
  /// top-down, then it finishes), its ending is announced and its caller told, and its flow is
  /// released last.
  func show(
    _ container: ContainerNode, in column: SplitColumn, callbacks: PresentationCallbacks,
    animated: Bool, cause: NavigationCause
  ) {
    guard node(in: column) !== container, let owner = container.owner else { return }
    if let shown = node(in: column) {
      endPresentation(askedBy: shown, animated: animated, cause: cause)
    }
    container.hang(.column(column), on: self)
    container.join(changeQueue)
    let old = takeColumn(column)
    old?.node.finishInPlace()
    willMutate(.columns)
    changeQueue.hasBranches = true
    var handlers: PresentationEndHandlers?
    if callbacks.onEnd != nil || callbacks.onEndWithCause != nil {
      handlers = PresentationEndHandlers(
        onEnd: callbacks.onEnd, onEndWithCause: callbacks.onEndWithCause)
    }
    switch column {
    case .primary:
      primaryNode = container
      primaryOwner = owner
    case .detail:
      detailNode = container
      detailOwner = owner
      detailHandlers = handlers
    }
    didMutate(.columns)
    generation &+= Self.otherChange
    container.attach(
      depth: storedDepth + 1, eventObserversBelow: eventObserverCount, changes: changeQueue)
    if let old { detach(old.node) }
    if eventObserverCount > 0 {
      if let old {
        emit(
          .detached(.column(column), flow: old.node.flowName, ending: .dismissedByPresenter),
          cause: cause, animated: animated)
      }
      emit(.attached(.column(column), flow: container.flowName), cause: cause, animated: animated)
    }
    old?.handlers?.send(.dismissedByPresenter, cause: cause)
    // The old column's flow is released here, unless something else holds it.
    extendLifetime(old?.owner)
  }

  /// Ends the container in `column` as `ending`; inside the tree's change.
  func close(
    _ column: SplitColumn, ending: PresentationEnding, animated: Bool, cause: NavigationCause
  ) {
    guard let shown = node(in: column) else { return }
    endPresentation(askedBy: shown, animated: animated, cause: cause)
    guard let old = takeColumn(column) else { return }
    old.node.finishInPlace()
    generation &+= Self.otherChange
    detach(old.node)
    if eventObserverCount > 0 {
      emit(
        .detached(.column(column), flow: old.node.flowName, ending: ending), cause: cause,
        animated: animated)
    }
    old.handlers?.send(ending, cause: cause)
    extendLifetime(old.owner)
  }

  /// Ends what `column` asked to present over the split (or over the split this split is a
  /// column of), top down, as ``PresentationEnding/tornDown``: what a column presents ends
  /// before the column, as what a presented container presents ends before it.
  ///
  /// What the split's own flow presents, or another column, stays.
  private func endPresentation(
    askedBy column: ContainerNode, animated: Bool, cause: NavigationCause
  ) {
    let level = presentingLevel
    guard let split = level.splitView, let presented = level.presentedNode,
      split.columnPresentation === presented, var asker = split.presentationAsker
    else { return }
    // The asker is the column, or a container in it: a column of a split that is a column.
    while asker !== column {
      guard case .column = asker.attachment, let holder = asker.holder else { return }
      asker = holder
    }
    level.endPresentation(.tornDown, animated: animated, cause: cause)
  }

  /// Takes the container in `column` out of the split, with its flow and its caller's
  /// handlers, before anything of it ends.
  private func takeColumn(
    _ column: SplitColumn
  ) -> (node: ContainerNode, owner: AnyObject?, handlers: PresentationEndHandlers?)? {
    switch column {
    case .primary:
      guard let node = primaryNode else { return nil }
      let owner = primaryOwner
      willMutate(.columns)
      primaryNode = nil
      primaryOwner = nil
      didMutate(.columns)
      // Still this split's while it ends, so that what it presents ends in this tree.
      return (node, owner, nil)
    case .detail:
      guard let node = detailNode else { return nil }
      let taken = (node, detailOwner, detailHandlers)
      willMutate(.columns)
      detailNode = nil
      detailOwner = nil
      detailHandlers = nil
      didMutate(.columns)
      return taken
    }
  }

  /// Leaves `node`, an ended column, out of the tree.
  private func detach(_ node: ContainerNode) {
    node.hang(.root, on: nil)
    node.attach(depth: 0, eventObserversBelow: 0, changes: nil)
  }

  /// Sets the width the host reported; inside the tree's change.
  ///
  /// Creates and releases nothing.
  func setWidthNow(_ width: SplitWidth) {
    guard width != currentWidth else { return }
    willMutate(.columns)
    currentWidth = width
    didMutate(.columns)
    generation &+= Self.otherChange
    // A gesture on the collapsed stack does not survive it.
    interactivePopGeneration = nil
    if eventObserverCount > 0 { emit(.widthChanged(width), cause: .user, animated: false) }
  }

  /// The user popped the collapsed stack so that the screen at `index` is on top.
  func collapsedPop(toIndex index: Int) {
    let primaryCount = primaryNode?.screenCount ?? 0
    if index >= primaryCount, let detail = detailNode {
      detail.hostPop(toIndex: index - primaryCount)
      return
    }
    // Below the seam: the detail closes, then the primary pops to `index`.
    if detailNode != nil { close(.detail, ending: .dismissedByUser, animated: false, cause: .user) }
    if let primary = primaryNode, index < primary.screenCount - 1 {
      primary.hostPop(toIndex: index)
    }
  }

  /// The user popped the top screen of the collapsed stack (an interactive pop committed).
  func collapsedPopTop() {
    if let detail = detailNode {
      if detail.screenCount > 1 {
        detail.hostPopTop()
      } else {
        close(.detail, ending: .dismissedByUser, animated: false, cause: .user)
      }
    } else {
      primaryNode?.hostPopTop()
    }
  }

  /// Ends the column of `node` from inside it: its flow called ``ContainerNode/finish()``.
  func finishColumn(of node: ContainerNode) {
    if primaryNode === node {
      close(.primary, ending: .finished, animated: false, cause: .program)
    } else if detailNode === node {
      close(.detail, ending: .finished, animated: false, cause: .program)
    }
  }

  /// The `deinit` of a split: its columns' teardown, then its own presentation's.
  func releaseColumnsAndPresentation() {
    releaseColumns()
    releasePresentation()
  }

  /// The teardown of a split that is being released or has left its tree: its columns finish,
  /// the detail's caller hears ``PresentationEnding/tornDown``, and the column flows are
  /// released.
  ///
  /// As a tab container's tabs, the columns leave the split at once and no local keeps them: a
  /// column that is a split is released by ``DeferredReleases``, one level of nesting at a time,
  /// not from inside this `deinit` as it returns.
  func releaseColumns() {
    guard hasBranches else { return }
    let held = ReleasedBranches(
      branches: branches.nodes, owners: [primaryOwner, detailOwner].compactMap { $0 })
    let handlers = detailHandlers
    primaryNode = nil
    primaryOwner = nil
    detailNode = nil
    detailOwner = nil
    detailHandlers = nil
    Self.runTeardown(on: changes) {
      for column in held.branches {
        column.hang(.root, on: nil)
        column.finishInPlace()
        if column.changes != nil || column.eventObserverCount != 0 {
          column.attach(depth: 0, eventObserversBelow: 0, changes: nil)
        }
      }
      handlers?.send(.tornDown, cause: .program)
      held.branches = []
      DeferredReleases.release(&held.objects)
    }
  }
}

/// A change of a split's columns.
enum SplitChange {
  /// Put a container in a column, ending the one there.
  case show(SplitColumn, ContainerNode, PresentationCallbacks)
  /// End the container in a column.
  case close(SplitColumn)
}
