import FlowContainersCore

@MainActor
extension NavigationPlan {
  /// A target level's container, its flow as a stack flow, the flow made for it and what its
  /// parent hears when that flow's presentation ends, for a new bar's tab the bar's tab it is,
  /// and its stack's changes: a pop, and a push, a replacement or a new flow's first stack.
  struct PreparedLevel {
    let node: ContainerNode
    var flow: (any RestorableFlow)?
    var made: AnyObject?
    var onEnd: ((PresentationEnding, NavigationCause) -> Void)?
    var tab: Int?
    var pop: TreeChange?
    var stack: TreeChange?
  }

  /// Makes every flow and screen the plan needs, level by level, root first, and the changes
  /// that install them, touching nothing live: every failure is found here.
  ///
  /// Its callers have found it current (a restoration's plan is made inside the change), with
  /// `root` at its root.
  ///
  /// - Parameters:
  ///   - root: The plan's root container.
  ///   - spare: An empty list to fill, taken (a plan applied inside another's change finds none).
  /// - Returns: Each target level's, then each dismissal's presenter, in order.
  /// - Throws: ``PlanFailure``: ``PlanFailure/stale`` when a container the plan read changed.
  func prepare(
    root: ContainerNode, reusing spare: inout [PreparedLevel]
  ) throws(PlanFailure) -> [PreparedLevel] {
    var prepared: [PreparedLevel] = []
    swap(&prepared, &spare)
    let levels = target.levels
    prepared.reserveCapacity(levels.count + 1)
    for index in levels.indices {
      // Changed in place: a level changed, then appended, would be copied.
      prepared.append(try find(index, root: root, prepared: prepared))
      if let flow = prepared[index].flow, !levels[index].keepsLive {
        (prepared[index].pop, prepared[index].stack) = try Self.stackChanges(
          of: flow, at: index, in: self, isNew: prepared[index].made != nil)
      }
    }
    for case .dismiss(_, let presenter, _, _) in moves {
      guard let presenter = node(at: presenter) else { throw .stale }
      prepared.append(PreparedLevel(node: presenter))
    }
    return prepared
  }

  /// Makes the changes of `levels`, this plan's prepared levels, in order, with `apply`, then
  /// empties it, keeping its storage when small.
  func apply(
    _ levels: inout [PreparedLevel], with apply: (ContainerNode, TreeChange, Bool) -> Bool
  ) {
    var dismissal = target.levels.count
    for (position, move) in moves.enumerated() {
      // Only the last change, which brings the destination on screen, is animated.
      let animated = options.animated && position == moves.count - 1
      switch move {
      case .dismiss:
        _ = apply(levels[dismissal].node, .dismissPresented, animated)
        dismissal += 1
      case .popTo(let level, _):
        if let pop = levels[level].pop.take() { _ = apply(levels[level].node, pop, animated) }
      case .push(let level, _), .replace(let level):
        if let edit = levels[level].stack.take() { _ = apply(levels[level].node, edit, animated) }
      case .present(let level, _), .showDetail(let level, _):
        // A new flow's stack is set before it is shown over its parent (`find` found it).
        let (node, onEnd) = (levels[level].node, levels[level].onEnd)
        if let stack = levels[level].stack.take() { _ = apply(node, stack, false) }
        var change = TreeChange.showColumn(.detail, node, onEndWithCause: onEnd)
        if case .present(_, let style) = move {
          change = .present(node, style, onEndWithCause: onEnd)
        }
        _ = apply(levels[target.levels[level].parent ?? 0].node, change, animated)
      case .selectTab(let bar, let index, let tab):
        _ = apply(levels[bar].node, .selectTab(levels[tab].tab ?? index), false)
      case .closeDetail(let split, _, _, _):
        _ = apply(levels[split].node, .closeColumn(.detail), animated)
      }
    }
    // By `removeLast`: `removeAll(keepingCapacity:)` replaces a range.
    if levels.capacity > 64 { levels = [] }
    while !levels.isEmpty { levels.removeLast() }
  }

  /// The container and flow of the target's level `index`: kept, made by a declaration, or
  /// made with a new bar or split.
  private func find(
    _ index: Int, root: ContainerNode, prepared: [PreparedLevel]
  ) throws(PlanFailure) -> PreparedLevel {
    let (isStack, stack) = (target.levels[index].kind == .stack, target.levels[index].stack.type)
    func flow(of owner: AnyObject?) -> (any RestorableFlow)? {
      guard isStack else { return nil }
      if let stack { return stack.cast(owner) }
      return owner as? any RestorableFlow
    }
    if let position = kept(index) {
      // Position 0 is `root`, which the caller found current.
      guard let node = position == 0 ? root : node(at: position) else { throw .stale }
      return PreparedLevel(node: node, flow: flow(of: node.owner))
    }
    // The fields read in place: a copy of the level would copy its routes and types.
    let (levelPlace, identity) = (target.levels[index].place, target.levels[index].type.identity)
    guard let parent = target.levels[index].parent else { throw .stale }
    var failure: PlanFailure {
      .cannotCreate(level: index, flow: name(parent), subFlow: name(index))
    }
    let parentNode = prepared[parent].node
    switch levelPlace {
    case .presented, .column(.detail), .root:
      break
    case .column(.primary), .tab:
      // A new split's primary or a new bar's tab, made with it: for a tab, the planned place
      // when it holds the level's type, else the first tab that does, each taken once.
      let reading = parentNode.read(describingScreens: false)
      let levels = reading.tree.levels
      func holds(_ position: Int) -> Bool {
        reading.containers[position].node.owner.map { ObjectIdentifier(type(of: $0)) }
          == identity
      }
      guard case .tab(let place, _) = levelPlace else {
        guard let primary = levels[0].columns.first(where: { levels[$0].place == levelPlace }),
          holds(primary)
        else { throw failure }
        let node = reading.containers[primary].node
        return PreparedLevel(node: node, flow: flow(of: node.owner))
      }
      let tabs = levels[0].tabs
      let taken = Set(
        prepared.indices.compactMap { target.levels[$0].parent == parent ? prepared[$0].tab : nil })
      func free(_ tab: Int) -> Bool { holds(tabs[tab]) && !taken.contains(tab) }
      guard
        let tab = (tabs.indices.contains(place) && free(place) ? place : nil)
          ?? tabs.indices.first(where: free)
      else {
        throw options.isRestoration ? .noTab(level: index) : failure
      }
      let node = reading.containers[tabs[tab]].node
      return PreparedLevel(node: node, flow: flow(of: node.owner), tab: tab)
    }
    // Made by the parent's declaration, for the parent's stack or the detail's routes; only a
    // flow just made may join the tree: not the root, a live flow, or one made already.
    let routes =
      levelPlace == .column(.detail) ? target.levels[index].routes : target.levels[parent].routes
    let (parentType, parentStack) = (target.levels[parent].type.type, target.levels[parent].stack)
    guard let owner = parentNode.owner,
      let found = parentType.make(
        identity, for: owner, routes: routes, asStack: parentStack.type),
      found.node !== root, found.node.details().isFree,
      ObjectIdentifier(type(of: found.flow)) == identity,
      !prepared.isMade(found.flow)
    else { throw failure }
    return PreparedLevel(
      node: found.node, flow: flow(of: found.flow), made: found.flow, onEnd: found.onEnd)
  }
}

extension [NavigationPlan.PreparedLevel] {
  /// Whether `flow` was made for one of the levels: by index, with no closure, as iterating
  /// would copy each level.
  fileprivate func isMade(_ flow: AnyObject) -> Bool {
    for index in indices where self[index].made === flow { return true }
    return false
  }
}

// The typed work of preparation: it opens a flow's type once, with no cast per route.
@MainActor
extension NavigationPlan {
  /// The stack changes of the level at `index` of `plan`, whose flow is `flow` (`isNew`: made
  /// for it): its pop, and its push or replacement, or, for a new flow that does not show its
  /// routes yet, its first stack.
  static func stackChanges<Flow: RestorableFlow>(
    of flow: Flow, at index: Int, in plan: NavigationPlan, isNew: Bool
  ) throws(PlanFailure) -> (pop: TreeChange?, stack: TreeChange?) {
    let routes = plan.target.levels[index].routes
    let typed = routes.typed(as: Flow.Route.self)
    let container = flow.container
    let stored = container.screensUntracked.count
    /// The screens of `routes` from `first` on.
    func screens(from first: Int) throws(PlanFailure) -> [Flow.Screen] {
      guard let typed else {
        throw .cannotShow(
          level: index, index: first, flow: FlowName(Flow.self),
          route: first < routes.count ? routes[first] : nil,
          .wrongRouteType(expected: "\(Flow.Route.self)"))
      }
      // Nothing to make (a pop): no array to size.
      guard first < typed.count else { return [] }
      var screens: [Flow.Screen] = []
      screens.reserveCapacity(typed.count - first)
      var position = first
      while position < typed.count {
        do {
          screens.append(try flow.makeScreen(for: typed[position]))
        } catch {
          throw .cannotShow(
            level: index, index: position, flow: FlowName(Flow.self),
            route: AnyRoute(typed[position]), .threw(ThrownError(error)))
        }
        position += 1
      }
      return screens
    }
    if plan.options.isRestoration {
      // Saved IDs are checked against current data, even where the screen already shows.
      try checkRoot(of: flow, against: typed, in: routes, level: index)
      _ = try screens(from: 0)
    }
    // Whether a new level's stack shows exactly its routes (the counts first: most differ).
    var shows = false
    if plan.kept(index) == nil, stored == routes.count, let typed {
      shows = LiveTree.commonPrefix(of: flow, typed: typed).common == stored
    }
    var pop: TreeChange?
    var stack: TreeChange?
    if plan.kept(index) == nil, isNew, !shows {
      // A new flow shows its routes before it joins the tree.
      guard !routes.isEmpty else {
        throw .cannotShow(level: index, index: 0, flow: plan.name(index), route: nil, .emptyStack)
      }
      stack = container.edit(from: stored, keeping: 0, adding: try screens(from: 0))
    }
    // This level's stack moves, in order, each from the count the one before leaves.
    var count = stored
    for move in plan.moves {
      let kept: Int
      let first: Int
      switch move {
      case .popTo(index, let top): (kept, first) = (top + 1, routes.count)
      case .push(index, let from): (kept, first) = (count, from)
      case .replace(index):
        // A new bar's tab or split's primary that already shows its routes stays as it is.
        if shows { continue }
        (kept, first) = (0, 0)
      default: continue
      }
      if case .popTo = move {
        pop = container.edit(from: count, keeping: kept, adding: try screens(from: first))
      } else {
        stack = container.edit(from: count, keeping: kept, adding: try screens(from: first))
      }
      count = kept + routes.count - first
    }
    return (pop, stack)
  }

  /// Throws when `typed`, the level's `routes`, does not start with `flow`'s root route.
  @inline(never)  // Apart: the metadata of an optional route is looked up only when it runs.
  static func checkRoot<Flow: RestorableFlow>(
    of flow: Flow, against typed: [Flow.Route]?, in routes: RouteList, level: Int
  ) throws(PlanFailure) {
    guard let root = flow.rootRoute, let first = typed?.first, first != root else { return }
    throw .cannotShow(
      level: level, index: 0, flow: FlowName(Flow.self), route: routes[0],
      .notTheRootScreen(AnyRoute(root)))
  }

}
