import FlowContainersCore

@MainActor
extension NavigationPlan {
  /// What applying a plan needs: the changes, in order, and each level's container with the
  /// flow made for it, if any, which the changes bring in.
  typealias Prepared = (
    changes: [(on: ContainerNode, change: TreeChange, animated: Bool)], made: [PreparedLevel]
  )

  /// A target level's container, the flow made for it and what its parent hears when that
  /// flow's presentation ends, and a new flow's first stack.
  typealias PreparedLevel = (
    node: ContainerNode, made: AnyObject?, onEnd: ((PresentationEnding, NavigationCause) -> Void)?,
    stack: TreeChange?
  )

  /// Makes every flow and screen the plan needs, level by level, root first, and the changes
  /// that install them, touching nothing live: every failure is found here.
  ///
  /// Its callers have found it current (a restoration's plan is made inside the change).
  ///
  /// - Throws: ``PlanFailure``: ``PlanFailure/stale`` when a container the plan read changed.
  func prepare() throws(PlanFailure) -> Prepared {
    guard let root = node(at: 0) else { throw .stale }
    let levels = target.levels
    var prepared: [PreparedLevel] = []
    // For a new bar's tab, the bar's tab it is, found by type once the bar is made.
    var chosenTabs: [Int: Int] = [:]
    // The edit each stack move makes, with the move's position.
    var edits: [(position: Int, change: TreeChange)] = []
    edits.reserveCapacity(moves.count)
    prepared.reserveCapacity(levels.count)
    for index in levels.indices {
      let found = try find(index, root: root, prepared: prepared, chosenTabs: chosenTabs)
      if let tab = found.tab { chosenTabs[index] = tab }
      var stack: TreeChange?
      if let flow = found.flow, !levels[index].keepsLive {
        stack = try Self.stackChanges(
          of: flow, at: index, in: self, isNew: found.made != nil, edits: &edits)
      }
      prepared.append((found.node, found.made, found.onEnd, stack))
    }
    var changes: [(on: ContainerNode, change: TreeChange, animated: Bool)] = []
    changes.reserveCapacity(moves.count + levels.count)
    for (position, move) in moves.enumerated() {
      // Only the last change, which brings the destination on screen, is animated.
      let animated = options.animated && position == moves.count - 1
      switch move {
      case .dismiss(_, let presenter, _, _):
        guard let presenter = node(at: presenter) else { throw .stale }
        changes.append((presenter, .dismissPresented, animated))
      case .popTo(let level, _), .push(let level, _), .replace(let level):
        for edit in edits where edit.position == position {
          changes.append((prepared[level].node, edit.change, animated))
        }
      case .present(let level, _), .showDetail(let level, _):
        // A new flow's stack is set before it is shown.
        guard let parent = levels[level].parent else { throw .stale }
        let (node, _, onEnd, stack) = prepared[level]
        if let stack { changes.append((node, stack, false)) }
        let change: TreeChange =
          if case .present(_, let style) = move {
            .present(node, style, onEndWithCause: onEnd)
          } else {
            .showColumn(.detail, node, onEndWithCause: onEnd)
          }
        changes.append((prepared[parent].node, change, animated))
      case .selectTab(let bar, let index, let tab):
        changes.append((prepared[bar].node, .selectTab(chosenTabs[tab] ?? index), false))
      case .closeDetail(let split, _, _, _):
        changes.append((prepared[split].node, .closeColumn(.detail), animated))
      }
    }
    return (changes, prepared)
  }

  /// The container and flow of the target's level `index`: kept, made by a declaration, or
  /// made with a new bar or split.
  private func find(
    _ index: Int, root: ContainerNode, prepared: [PreparedLevel], chosenTabs: [Int: Int]
  ) throws(PlanFailure) -> (
    node: ContainerNode, flow: (any RestorableFlow)?, made: AnyObject?,
    onEnd: ((PresentationEnding, NavigationCause) -> Void)?, tab: Int?
  ) {
    let isStack = target.levels[index].kind == .stack
    func flow(of node: ContainerNode) -> (any RestorableFlow)? {
      isStack ? node.owner as? any RestorableFlow : nil
    }
    if let position = kept(index) {
      guard let node = node(at: position) else { throw .stale }
      return (node, flow(of: node), nil, nil, nil)
    }
    let level = target.levels[index]
    guard let parent = level.parent else { throw .stale }
    var failure: PlanFailure {
      .cannotCreate(level: index, flow: name(parent), subFlow: name(index))
    }
    let parentNode = prepared[parent].node
    switch level.place {
    case .presented, .column(.detail), .root:
      break
    case .column(.primary), .tab:
      // A new split's primary or a new bar's tab, made with it: for a tab, the planned place
      // when it holds the level's type, else the first tab that does, each taken once.
      let reading = parentNode.read(describingScreens: false)
      let levels = reading.tree.levels
      func holds(_ position: Int) -> Bool {
        reading.containers[position].node.owner.map { ObjectIdentifier(type(of: $0)) }
          == level.type.identity
      }
      guard case .tab(let place, _) = level.place else {
        guard let primary = levels[0].columns.first(where: { levels[$0].place == level.place }),
          holds(primary)
        else { throw failure }
        let node = reading.containers[primary].node
        return (node, flow(of: node), nil, nil, nil)
      }
      let tabs = levels[0].tabs
      let taken = Set(
        chosenTabs.compactMap { target.levels[$0.key].parent == parent ? $0.value : nil })
      func free(_ tab: Int) -> Bool { holds(tabs[tab]) && !taken.contains(tab) }
      guard
        let tab = (tabs.indices.contains(place) && free(place) ? place : nil)
          ?? tabs.indices.first(where: free)
      else {
        throw options.isRestoration ? .noTab(level: index) : failure
      }
      let node = reading.containers[tabs[tab]].node
      return (node, flow(of: node), nil, nil, tab)
    }
    // Made by the parent's declaration, for the parent's stack or the detail's routes; only a
    // flow just made may join the tree: not the root, a live flow, or one made already.
    let routes = level.place == .column(.detail) ? level.routes : target.levels[parent].routes
    let parentType = target.levels[parent].type.type
    guard let owner = parentNode.owner,
      let found = parentType.make(level.type.identity, for: owner, routes: routes),
      found.node !== root, found.node.details().isFree,
      ObjectIdentifier(type(of: found.flow)) == level.type.identity,
      !prepared.contains(where: { $0.made === found.flow })
    else { throw failure }
    return (found.node, found.stack, found.flow, found.onEnd, nil)
  }
}

// The typed work of preparation: it opens a flow's type once, with no cast per route.
@MainActor
extension NavigationPlan {
  /// The stack changes of the level at `index` of `plan`, whose flow is `flow` (`isNew`: made
  /// for it): each of its moves' edits, with the move's position, added to `edits`; and, for a
  /// new flow that does not show its routes yet, its first stack, returned.
  static func stackChanges<Flow: RestorableFlow>(
    of flow: Flow, at index: Int, in plan: NavigationPlan, isNew: Bool,
    edits: inout [(position: Int, change: TreeChange)]
  ) throws(PlanFailure) -> TreeChange? {
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
    for (position, move) in plan.moves.enumerated() {
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
      if let edit = container.edit(from: count, keeping: kept, adding: try screens(from: first)) {
        edits.append((position, edit))
      }
      count = kept + routes.count - first
    }
    return stack
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
