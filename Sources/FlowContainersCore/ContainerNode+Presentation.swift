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
  /// below it, one whose ``owner`` is `nil`, or one owned by this container's flow or a flow
  /// below it (the presentation would hold that flow, which holds this container: a cycle).
  ///
  /// Called from a callback while a change is under way in this tree (an observer, `onEnd`,
  /// Observation's `onChange`), the presentation is made after that change, in request order,
  /// and checked then.
  ///
  /// - Parameters:
  ///   - child: The sub-flow's container. Its ``owner`` must be set.
  ///   - style: How the host should show it: a ``PresentationStyle/sheet`` unless you say.
  ///   - animated: Whether the host should animate the presentation.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  ///   - onEnd: Called exactly once, when the presentation ends, with how it ended. It is kept
  ///     only while the presentation lasts. Capture your flow weakly (`[weak self]`): a strong
  ///     `self` keeps the presenter alive while the sub-flow is up, and if the host drops the
  ///     root meanwhile, the presenter, the sub-flow and everything above leak for ever (each
  ///     holds the next; nothing outside the tree is left to end the presentation).
  public func present(
    _ child: ContainerNode, style: PresentationStyle = .sheet, animated: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line,
    onEnd: ((PresentationEnding) -> Void)? = nil
  ) {
    present(
      child, style: style, animated: animated, cause: .program, fileID: fileID, line: line,
      onEnd: onEnd)
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
    // A split's column presented over the whole split.
    if case .column = attachment {
      return presentingLevel.request(
        .dismissPresented, animated: animated, cause: .program, fileID: fileID, line: line)
    }
    request(.dismissPresented, animated: animated, cause: .program, fileID: fileID, line: line)
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
    request(.dismiss, animated: animated, cause: .program, fileID: fileID, line: line)
  }

  /// Ends this container: idempotent teardown, run automatically when the container is released.
  ///
  /// If the container is presented, it is dismissed as ``PresentationEnding/finished``; if it is
  /// a tab, it is removed from its ``TabContainer`` as ``TabContainer/removeTab(at:fileID:line:)``
  /// removes it. Otherwise everything it presents is torn down, top-down. Either way it is finished
  /// afterwards: every later operation is reported as misuse. Screens stay in the stack (a host
  /// may still be animating them away) and are released with the container. Calling it again
  /// does nothing. Called from a callback while a change is under way in this tree, it runs
  /// after that change.
  public func finish() {
    guard !finished else { return }
    request(.finish, animated: false, cause: .program, fileID: #fileID, line: #line)
  }
}

// MARK: - The one place presentations start and end

extension ContainerNode {
  /// Presents `child` for the public API: queued while a change is under way
  /// in either tree, checked, then made as a change of its own.
  func present(
    _ child: ContainerNode, style: PresentationStyle, animated: Bool, cause: NavigationCause,
    fileID: StaticString, line: UInt, onEnd: ((PresentationEnding) -> Void)?,
    onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)? = nil
  ) {
    // A split's column presents over the whole split: the door makes it on its split.
    request(
      .present(child, style, onEnd: onEnd, onEndWithCause: onEndWithCause),
      animated: animated, cause: cause, fileID: fileID, line: line)
  }

  /// Whether `child` may be presented here now; reports misuse otherwise.
  ///
  /// The door has checked that this container has not finished.
  ///
  /// - Returns: `child`'s owner, which the presentation will hold, when it may; `nil` otherwise.
  func checkPresentation(
    of child: ContainerNode, fileID: StaticString, line: UInt
  ) -> AnyObject? {
    if let problem = presentationProblem(child) {
      report(
        .invalidPresentation, "present(_:) on \(locationDescription): \(problem)",
        fileID: fileID, line: line)
      return nil
    }
    guard let owner = child.owner else {
      report(
        .invalidPresentation,
        "present(_:) on \(locationDescription): the container has no owner, so nothing would "
          + "keep its flow alive. Set `container.owner = self` in the flow's initialiser, and "
          + "keep the flow in a local until it is presented: `present(Flow().container)` "
          + "releases the flow before the call.",
        fileID: fileID, line: line)
      return nil
    }
    if let current = presentedNode {
      report(
        .alreadyPresenting,
        "present(_:) on \(locationDescription), which already presents "
          + "\(current.ownerName); dismiss it first (dismissPresented()), or present "
          + "from the topmost container.",
        fileID: fileID, line: line)
      return nil
    }
    return owner
  }

  /// Whether `child` could be presented here: the checks of ``checkPresentation(of:fileID:line:)``
  /// without a report.
  func canPresent(_ child: ContainerNode) -> Bool {
    !finished && presentedNode == nil && child.owner != nil && presentationProblem(child) == nil
  }

  /// Makes the presentation; the caller has checked it and runs inside the tree's change.
  ///
  /// `owner` is `child`'s owner when the caller has loaded it; otherwise it is loaded here.
  func presentNow(
    _ child: ContainerNode, owner: consuming AnyObject?, style: PresentationStyle, animated: Bool,
    cause: NavigationCause, onEnd: ((PresentationEnding) -> Void)?,
    onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)? = nil
  ) {
    guard let childOwner = owner ?? child.owner else { return }
    child.hang(.presented(style), on: self)
    willMutate(.presented)
    // Until the chain is attached below, `topmost` walks rather than trust the old top. Read
    // after Observation's willSet, whose observers may have read the topmost meanwhile.
    let oldTop = changes?.keepsTop == true ? changes?.top : nil
    // Storing into a weak reference is a runtime call, even of nil over nil.
    if oldTop != nil { changes?.top = nil }
    presentedNode = child
    // Moved, not copied: the flow has a side table, so a copy and its release are runtime calls.
    presentedOwner = consume childOwner
    didMutate(.presented)
    if onEnd != nil || onEndWithCause != nil {
      endHandlers = PresentationEndHandlers(onEnd: onEnd, onEndWithCause: onEndWithCause)
    }
    generation = generation &+ Self.otherChange
    let queue = changeQueue
    // This container is `child`'s holder: passed, not loaded through `child`'s weak reference,
    // and as itself, not through a conditional, which would retain it.
    let depth = storedDepth + 1
    let below = eventObserverCount
    let chainTop =
      hasOwnEventObservers
      ? child.attach(depth: depth, eventObserversBelow: below, observed: self, changes: queue)
      : child.attach(
        depth: depth, eventObserversBelow: below, observed: observedBelow, changes: queue)
    if let oldTop {
      let top = chainTop ?? child
      queue.top = queue.hasBranches ? topAfterPresenting(top, was: oldTop) : top
    }
    if eventObserverCount > 0 {
      emit(
        .attached(.presented(style), flow: child.flowName), cause: cause,
        animated: animated)
    }
  }

  /// The root's topmost, in a tree with branches, after this container presented the chain
  /// whose last layer is `chainTop`, when it was `old`: what the user sees from `chainTop` if
  /// this container was on the way to `old`, `old` otherwise (a hidden tab presented).
  @inline(never)
  private func topAfterPresenting(
    _ chainTop: ContainerNode, was old: ContainerNode
  ) -> ContainerNode {
    // A container without branches that presented nothing is on the way only as the top.
    let isOnTheWay = hasBranches ? leads(to: old) : self === old
    return isOnTheWay ? chainTop.walkToTop().node : old
  }

  private func presentationProblem(_ child: ContainerNode) -> String? {
    if child === self { return "a container cannot present itself." }
    if let cycle = ownerCycleProblem(presenting: child) { return cycle }
    if child.finished {
      return "\(child.ownerName)'s container has finished (it was dismissed before); create "
        + "a new flow to present."
    }
    if child.attachment.isPresented {
      guard let presenter = child.presenter else {
        return "\(child.ownerName)'s container is still presented by a container that is being "
          + "released; its presentation ends on the main actor."
      }
      return "\(child.ownerName)'s container is already presented by "
        + "\(presenter.locationDescription); dismiss it there first."
    }
    if child.attachment == .tab {
      guard let host = child.tabContainer else {
        return "\(child.ownerName)'s container is still a tab of a tab container that is being "
          + "released; its tab ends on the main actor."
      }
      return "\(child.ownerName)'s container is a tab of \(host.locationDescription); remove the "
        + "tab first (removeTab(at:))."
    }
    if case .column = child.attachment {
      return "\(child.ownerName)'s container is a column of a split; close it there first."
    }
    // `child` has no presenter, so it is below this container only if this container sits in
    // what `child` presents or in its tabs: walk up from `child`, usually not at all.
    if child.subtreeContains(self) {
      return "\(child.ownerName)'s container is below this one in the tree; presenting it "
        + "would make a cycle."
    }
    return nil
  }

  /// Whether `node` is this container, in what it presents, or in its branches' subtrees.
  ///
  /// A walk with a list of what is left, not recursion; it costs the size of this subtree,
  /// which for a container about to be presented or made a tab is usually itself alone.
  func subtreeContains(_ node: ContainerNode) -> Bool {
    // A container alone, as one about to be presented usually is: no walk, nothing held.
    if presentedNode == nil, !hasBranches { return node === self }
    var left: [ContainerNode] = []
    var next: ContainerNode? = self
    while let layer = next.take() {
      if layer === node { return true }
      if layer.hasBranches { left += layer.branches.nodes }
      next = layer.presentedNode ?? left.popLast()
    }
    return false
  }

  /// How many levels below this one ``ownerCycle(of:)`` walks before it asks the tree whether
  /// the owner has a container in it at all.
  static let ownerCycleReach = 64

  /// The container below this one (or this one) whose flow is `child`'s owner, if one is: then
  /// holding that owner (presenting `child`, or making it a tab) keeps this container alive for
  /// ever, since that flow holds it, directly or through what it presents.
  ///
  /// Any depth: past ``ownerCycleReach`` levels the walk goes on only when the tree has a
  /// container with that owner, so building a deep tree of new flows stays linear.
  func ownerCycle(of child: ContainerNode) -> ContainerNode? {
    guard let identity = child.ownerIdentity else { return nil }
    // A tree that keeps its owners (it was deep) answers without a walk when the owner has no
    // container in it: every container below this one is in this tree.
    if let changes, changes.knowsOwners, !changes.hasContainer(ownedBy: identity) { return nil }
    // This container first, without the walk: the walk holds each container it visits, and this
    // one is already held (a root, which presents most, is then never retained).
    if hasOwner(of: child, identity: identity) { return self }
    var walked = 1
    var next = holder
    while let current = next.take() {
      if walked == Self.ownerCycleReach, !treeHasContainer(ownedBy: identity) { return nil }
      walked += 1
      if current.hasOwner(of: child, identity: identity) { return current }
      next = current.holder
    }
    return nil
  }

  /// Whether this container's owner is `child`'s, whose identity is `identity`.
  ///
  /// The identity first: a comparison of two words, where loading a weak owner is not. It may
  /// name an owner that is gone and whose address was reused, so the weak references decide.
  private func hasOwner(of child: ContainerNode, identity: ObjectIdentifier) -> Bool {
    guard ownerIdentity == identity, let owner = child.ownerReference else { return false }
    return ownerReference === owner
  }

  /// Whether a container of this tree is owned by `identity`'s owner, for ``ownerCycle(of:)``
  /// past its first ``ownerCycleReach`` levels: the tree gathers its containers' owners once
  /// (kept as containers join, dropped when one leaves), and the walk goes on only if so.
  @inline(never)
  private func treeHasContainer(ownedBy identity: ObjectIdentifier) -> Bool {
    guard let changes else { return false }
    if !changes.knowsOwners { changes.gatherOwners(inTreeOf: root) }
    return changes.hasContainer(ownedBy: identity)
  }

  /// Why presenting `child` would keep its own presenter alive for ever, if it would.
  private func ownerCycleProblem(presenting child: ContainerNode) -> String? {
    guard let current = ownerCycle(of: child) else { return nil }
    let whose = current === self ? "this container's own" : "\(current.locationDescription)'s"
    return "the container's owner is \(whose) flow, which the presentation would keep alive "
      + "while that flow keeps this container alive: a cycle that is never released. Give "
      + "the presented container a flow of its own."
  }

  /// Sets the depth, the count of event observers below, the nearest observed container below
  /// and the tree's change queue, for this container and everything it presents.
  ///
  /// The caller has set ``attachment`` first.
  func attach(depth: Int, eventObserversBelow below: Int, changes queue: ChangeQueue?) {
    // No closure (`holder.flatMap { … }`): a main-actor closure passed to a nonisolated
    // function is checked for isolation at run time, on every call.
    var observed: ContainerNode?
    if let parent = holder {
      observed = parent.hasOwnEventObservers ? parent : parent.observedBelow
    }
    attach(depth: depth, eventObserversBelow: below, observed: observed, changes: queue)
  }

  /// ``attach(depth:eventObserversBelow:changes:)`` given the nearest observed container below,
  /// for a caller that holds this container's holder.
  ///
  /// - Returns: The topmost container of this chain, or `nil` when it is this one alone (no
  ///   reference to return, so none to retain and release).
  @discardableResult
  func attach(
    depth: Int, eventObserversBelow below: Int, observed: ContainerNode?,
    changes queue: ChangeQueue?
  ) -> ContainerNode? {
    if presentedNode == nil, !hasBranches {
      // A container alone, as one presented or dismissed usually is: no chain, no branches.
      storedDepth = depth
      // Without cold state and with nothing observed below, both stay empty: no setter calls.
      if cold != nil || below != 0 || observed != nil {
        eventObserverCount = below + (eventObservers?.count ?? 0)
        observedBelow = observed
      }
      join(queue)
      return nil
    }
    // The chain of presentations in a loop; the branches (tabs) of the containers met on the way
    // wait in `branches` (an empty array allocates nothing), so no tree depth recurses.
    var branches: [(node: ContainerNode, depth: Int, below: Int, observed: ContainerNode?)] = []
    let top = Self.attachChain(
      from: self, depth: depth, below: below, observed: observed, queue: queue,
      branches: &branches)
    while let branch = branches.popLast() {
      Self.attachChain(
        from: branch.node, depth: branch.depth, below: branch.below, observed: branch.observed,
        queue: queue, branches: &branches)
    }
    return top
  }

  /// Attaches `start` and the layers it presents, and returns the last layer.
  ///
  /// The branches (tabs) of the containers on the way go to `branches`.
  @discardableResult
  private static func attachChain(
    from start: ContainerNode, depth: Int, below: Int, observed: ContainerNode?,
    queue: ChangeQueue?,
    branches: inout [(node: ContainerNode, depth: Int, below: Int, observed: ContainerNode?)]
  ) -> ContainerNode {
    var depth = depth
    var below = below
    var observed = observed
    var top = start
    var next: ContainerNode? = start
    while let current = next.take() {
      next = current.presentedNode
      current.storedDepth = depth
      current.eventObserverCount = below + (current.eventObservers?.count ?? 0)
      current.join(queue)
      current.observedBelow = observed
      if current.hasOwnEventObservers { observed = current }
      below = current.eventObserverCount
      depth += 1
      top = current
      if current.hasBranches {
        queue?.hasBranches = true
        for branch in current.branches.nodes { branches.append((branch, depth, below, observed)) }
      }
    }
    return top
  }

  /// Ends this container's presentation, everything above first, each exactly once; the caller
  /// runs inside the tree's change.
  func endPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard presentedNode != nil else { return }
    // In a tree with branches whose root's topmost is kept, it is kept below if the dismissal
    // leaves it; a chain's is kept as each layer is detached.
    guard changes?.hasBranches == true, changes?.keepsTop == true else {
      return endLayers(ending, animated: animated, cause: cause)
    }
    weak let oldTop = changes?.top
    endLayers(ending, animated: animated, cause: cause)
    if let oldTop, let changes, changes.hasBranches {
      // What the user sees from here, if the old top went with the dismissal.
      changes.top = oldTop.finished ? walkToTop().node : oldTop
    }
  }

  /// Ends what this container presents, top-down, each layer exactly once.
  private func endLayers(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard let first = presentedNode else { return }
    // Finish every layer above first: the whole dismissal is one change, and what is going away
    // reads as finished from its first announcement on.
    first.markFinished()
    var layers: [ContainerNode] = []
    var next = first.presentedNode
    while let above = next.take() {
      next = above.presentedNode
      if layers.isEmpty { layers.append(first) }
      above.markFinished()
      layers.append(consume above)
    }
    // Then end the layers top-down, each exactly once; each presenter is still alive (held by
    // the layer below, or by `layers`) when the ending of what it presented is announced. Each
    // is moved out of `layers`, not copied: every layer below the top has a side table.
    if var presented = layers.popLast() {
      while let presenter = layers.popLast() {
        if presenter.presentedNode === presented {
          presenter.detachPresentation(.tornDown, animated: animated, cause: cause)
        }
        presented = consume presenter
      }
    }
    if presentedNode === first {
      detachPresentation(ending, animated: animated, cause: cause)
    }
  }

  /// Ends this container's presentation alone; the caller has ended everything above it.
  func detachPresentation(_ ending: PresentationEnding, animated: Bool, cause: NavigationCause) {
    guard presentedNode != nil else { return }
    let handlers = endHandlers
    endHandlers = nil
    willMutate(.presented)
    // Taken out of this container, not copied (a copy and a release of two objects with side
    // tables); released at the end of this call: that is what releases the sub-flow.
    guard let child = presentedNode.take() else { return }
    let owner = presentedOwner.take()
    let style = child.attachment.style ?? .sheet
    // This container already has a side table (what it presented referred to it weakly). With
    // branches, the dismissal that called this keeps the root's topmost when it ends.
    if let changes, changes.keepsTop { changes.top = changes.hasBranches ? nil : self }
    didMutate(.presented)
    generation = generation &+ Self.otherChange
    child.hang(.root, on: nil)
    child.markFinished()
    // A tab container's tabs finish with it, top-down: what it presented over them has ended
    // already, so what each tab presents ends now, before the tab container's own ending.
    // (Only in a tree that has had branches: a dismissal elsewhere asks nothing.)
    if changes?.hasBranches == true { child.finishBranches() }
    child.attach(depth: 0, eventObserversBelow: 0, observed: nil, changes: nil)
    if eventObserverCount > 0 {
      // The name, not `child`, goes into the event's closure: capturing `child` would retain it.
      let flow = child.flowName
      emit(
        .detached(.presented(style), flow: flow, ending: ending), cause: cause, animated: animated)
    }
    handlers?.send(ending, cause: cause)
    // `owner` is released here: the sub-flow's deinit runs now, unless something else holds it.
    extendLifetime(owner)
    if child.hasBranches { child.releaseFinishedBranches() }
  }

  /// Releases the branches of this container, which has left its tree, and of the containers
  /// with branches among them, this one's first, as their `deinit`s would: a host may still
  /// hold the containers (animating the layer away), and must not keep their flows alive.
  ///
  /// A loop over the subtree's branches: no depth of nesting recurses.
  func releaseFinishedBranches() {
    var holders: [ContainerNode] = []
    var left: [ContainerNode] = [self]
    while let node = left.popLast() {
      guard node.hasBranches else { continue }
      holders.append(node)
      left += node.branches.nodes
    }
    for holder in holders { holder.releaseBranches() }
  }

  /// Finishes this container; the caller runs inside the tree's change.
  ///
  /// A presented container is dismissed, and a tab is removed from its tab container: a
  /// finished container is never left in the tree.
  func finishNow() {
    guard !finished else { return }
    if let presenter {
      presenter.endPresentation(.finished, animated: false, cause: .program)
    } else if let bar = tabContainer, let index = bar.tabNodes.firstIndex(where: { $0 === self }) {
      bar.removeTabsNow(at: [index], cause: .program)
    } else if let split = splitContainer {
      split.finishColumn(of: self)
    } else {
      finishInPlace()
    }
  }

  /// Finishes this container where it hangs: what it presents ends top-down, then its tabs.
  func finishInPlace() {
    guard !finished else { return }
    markFinished()
    if presentedNode != nil {
      endPresentation(.tornDown, animated: false, cause: .program)
    }
    // Then the branches, each ending what it presents: top-down, like the layers above.
    finishBranches()
  }

  /// Finishes every branch (a tab container's tabs), for a container that finished.
  ///
  /// What each branch presents ends top down, then the branch finishes; a branch with branches
  /// of its own first does the same for them. Everything above is marked finished first, then
  /// ended deepest first, in one loop: no depth of nesting recurses.
  func finishBranches() {
    // A pre-order that visits each node's branches last to first and what it presents last of
    // all; reversed, it ends each node after what it presents (top down), then its branches.
    var pending: [ContainerNode] = []
    for branch in branches.nodes where !branch.finished { pending.append(branch) }
    guard !pending.isEmpty else { return }
    var order: [ContainerNode] = []
    while let node = pending.popLast() {
      node.markFinished()
      order.append(node)
      if let presented = node.presentedNode, !presented.finished { pending.append(presented) }
      for branch in node.branches.nodes where !branch.finished { pending.append(branch) }
    }
    for node in order.reversed() {
      guard let presenter = node.presenter, presenter.presentedNode === node else { continue }
      presenter.detachPresentation(.tornDown, animated: false, cause: .program)
    }
  }

  func markFinished() {
    guard !finished else { return }
    willMutate(.isFinished)
    finished = true
    didMutate(.isFinished)
    interactivePopGeneration = nil
  }

  /// Ends the presentation of this container, which is being released: the presented layers
  /// end top-down as ``PresentationEnding/tornDown``, each exactly once.
  ///
  /// The released container itself emits no events: its observers are going away with it.
  /// While a change is under way in the tree, the teardown waits for it, like any request.
  func releasePresentation() {
    guard let child = presentedNode, let owner = presentedOwner else { return }
    let handlers = endHandlers
    Self.runTeardown(on: child.changes) {
      Self.tearDown(child, owner: owner, handlers: handlers)
    }
  }

  /// Runs the teardown of a released container's presentation or tabs as a change of `queue`'s
  /// tree: at once when nothing is changing there, otherwise after the change under way.
  static func runTeardown(on queue: ChangeQueue?, _ teardown: @escaping () -> Void) {
    guard let queue else { return teardown() }
    if queue.isChanging {
      queue.enqueue("tearDown()", fileID: #fileID, line: #line, teardown)
    } else {
      queue.perform(teardown)
    }
  }

  /// Ends `child`'s presentation by a presenter that is gone.
  private static func tearDown(
    _ child: ContainerNode, owner: AnyObject, handlers: PresentationEndHandlers?
  ) {
    child.hang(.root, on: nil)
    child.attach(depth: 0, eventObserversBelow: 0, changes: child.changes)
    child.finishInPlace()
    child.attach(depth: 0, eventObserversBelow: 0, changes: nil)
    handlers?.send(.tornDown, cause: .program)
    extendLifetime(owner)
  }
}
