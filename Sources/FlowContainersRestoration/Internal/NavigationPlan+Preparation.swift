import FlowContainersCore

@MainActor
extension NavigationPlan {
  /// What applying a plan needs: the changes, in order, and the flows they bring in.
  typealias Prepared = (
    changes: [(on: ContainerNode, change: TreeChange, animated: Bool)], made: [AnyObject]
  )

  /// Makes every flow and screen the plan needs, level by level, root first, and the changes
  /// that install them, touching nothing live: every failure is found here.
  ///
  /// - Throws: ``PlanFailure``: ``PlanFailure/stale`` when a container the plan read changed.
  func prepare() throws(PlanFailure) -> Prepared {
    guard isCurrent, let root = node(at: 0) else { throw .stale }
    let levels = target.levels
    var nodes: [ContainerNode] = []
    var onEnds: [((PresentationEnding, NavigationCause) -> Void)?] = []
    // For a new bar's tab, the bar's tab it is, found by type once the bar is made.
    var chosenTabs: [Int: Int] = [:]
    // The edit each stack move makes, by the move's position, and a new flow's first stack.
    var edits: [(position: Int, change: TreeChange)] = []
    var newStacks: [(level: Int, change: TreeChange)] = []
    var made: [AnyObject] = []
    edits.reserveCapacity(moves.count)
    nodes.reserveCapacity(levels.count)
    onEnds.reserveCapacity(levels.count)
    for index in levels.indices {
      let level = levels[index]
      let found = try find(index, root: root, nodes: nodes, made: made, chosenTabs: chosenTabs)
      if let tab = found.tab { chosenTabs[index] = tab }
      if let flow = found.made?.flow { made.append(flow) }
      nodes.append(found.node)
      onEnds.append(found.made?.onEnd)
      guard let flow = found.flow, !level.keepsLive else { continue }
      if options.isRestoration {
        // Saved IDs are checked against current data, even where the screen already shows.
        try Self.checkRoot(of: flow, against: level.routes, level: index)
        _ = try Self.screens(for: level.routes, from: 0, of: flow, level: index)
      }
      if kept[index] == nil, found.made != nil, !Self.shows(flow, level.routes) {
        // A new flow shows its routes before it joins the tree.
        guard !level.routes.isEmpty else {
          throw .cannotShow(level: index, index: 0, flow: names[index], route: nil, .emptyStack)
        }
        if let stack = try Self.edit(
          flow, from: Self.count(of: flow), keeping: 0, adding: level.routes, from: 0,
          level: index)
        {
          newStacks.append((index, stack))
        }
      }
      // This level's stack moves, in order, each from the count the one before leaves.
      var count = Self.count(of: flow)
      for (position, move) in moves.enumerated() {
        let kept: Int
        let first: Int
        switch move {
        case .popTo(index, let top): (kept, first) = (top + 1, level.routes.count)
        case .push(index, let from): (kept, first) = (count, from)
        case .replace(index):
          // A new bar's tab or split's primary that already shows its routes stays as it is.
          if self.kept[index] == nil, Self.shows(flow, level.routes) { continue }
          (kept, first) = (0, 0)
        default: continue
        }
        if let edit = try Self.edit(
          flow, from: count, keeping: kept, adding: level.routes, from: first, level: index)
        {
          edits.append((position, edit))
        }
        count = kept + level.routes.count - first
      }
    }
    var changes: [(on: ContainerNode, change: TreeChange, animated: Bool)] = []
    changes.reserveCapacity(moves.count + newStacks.count)
    for (position, move) in moves.enumerated() {
      // Only the last change, which brings the destination on screen, is animated.
      let animated = options.animated && position == moves.count - 1
      switch move {
      case .dismiss(_, let presenter, _, _):
        guard let presenter = node(at: presenter) else { throw .stale }
        changes.append((presenter, .dismissPresented, animated))
      case .popTo(let level, _), .push(let level, _), .replace(let level):
        if let edit = edits.first(where: { $0.position == position }) {
          changes.append((nodes[level], edit.change, animated))
        }
      case .present(let level, _), .showDetail(let level, _):
        // A new flow's stack is set before it is shown.
        guard let parent = levels[level].parent else { throw .stale }
        let node = nodes[level]
        if let stack = newStacks.first(where: { $0.level == level }) {
          changes.append((node, stack.change, false))
        }
        let change: TreeChange =
          if case .present(_, let style) = move {
            .present(node, style, onEndWithCause: onEnds[level])
          } else {
            .showColumn(.detail, node, onEndWithCause: onEnds[level])
          }
        changes.append((nodes[parent], change, animated))
      case .selectTab(let bar, let index, let tab):
        changes.append((nodes[bar], .selectTab(chosenTabs[tab] ?? index), false))
      case .closeDetail(let split, _, _, _):
        changes.append((nodes[split], .closeColumn(.detail), animated))
      }
    }
    return (changes, made)
  }

  /// The container and flow of the target's level `index`: kept, made by a declaration, or
  /// made with a new bar or split.
  private func find(
    _ index: Int, root: ContainerNode, nodes: [ContainerNode], made: [AnyObject],
    chosenTabs: [Int: Int]
  ) throws(PlanFailure) -> (
    node: ContainerNode, flow: (any RestorableFlow)?, made: MadeFlow?, tab: Int?
  ) {
    let level = target.levels[index]
    func flow(of node: ContainerNode) -> (any RestorableFlow)? {
      level.kind == .stack ? node.owner as? any RestorableFlow : nil
    }
    if let position = kept[index] {
      guard let node = node(at: position) else { throw .stale }
      return (node, flow(of: node), nil, nil)
    }
    guard let parent = level.parent else { throw .stale }
    let failure = PlanFailure.cannotCreate(level: index, flow: names[parent], subFlow: names[index])
    let parentNode = nodes[parent]
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
        return (node, flow(of: node), nil, nil)
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
      return (node, flow(of: node), nil, tab)
    }
    // Made by the parent's declaration, for the parent's stack or the detail's routes; only a
    // flow just made may join the tree: not the root, a live flow, or one made already.
    let routes = level.place == .column(.detail) ? level.routes : target.levels[parent].routes
    let parentType = target.levels[parent].type.type
    guard let owner = parentNode.owner,
      let found = parentType.make(level.type.identity, for: owner, routes: routes),
      found.node !== root, found.node.details().isFree,
      ObjectIdentifier(type(of: found.flow)) == level.type.identity,
      !made.contains(where: { $0 === found.flow })
    else { throw failure }
    return (found.node, found.stack, found, nil)
  }
}

// The typed work of preparation: each opens a flow's type once, with no cast per route.
@MainActor
extension NavigationPlan {
  /// Throws when `routes` does not start with `flow`'s ``RestorableFlow/rootRoute``.
  static func checkRoot<Flow: RestorableFlow>(
    of flow: Flow, against routes: RouteList, level: Int
  ) throws(PlanFailure) {
    guard let root = flow.rootRoute, let first = routes.typed(as: Flow.Route.self)?.first,
      first != root
    else { return }
    throw .cannotShow(
      level: level, index: 0, flow: FlowName(Flow.self), route: routes[0],
      .notTheRootScreen(AnyRoute(root)))
  }

  /// Makes the screens of `routes` from `first` on, for the stack at `level`.
  static func screens<Flow: RestorableFlow>(
    for routes: RouteList, from first: Int, of flow: Flow, level: Int
  ) throws(PlanFailure) -> [Flow.Screen] {
    guard let typed = routes.typed(as: Flow.Route.self) else {
      throw .cannotShow(
        level: level, index: first, flow: FlowName(Flow.self),
        route: first < routes.count ? routes[first] : nil,
        .wrongRouteType(expected: "\(Flow.Route.self)"))
    }
    // Nothing to make (a pop): no array to size.
    guard first < typed.count else { return [] }
    var screens: [Flow.Screen] = []
    screens.reserveCapacity(typed.count - first)
    var index = first
    while index < typed.count {
      do {
        screens.append(try flow.makeScreen(for: typed[index]))
      } catch {
        throw .cannotShow(
          level: level, index: index, flow: FlowName(Flow.self), route: AnyRoute(typed[index]),
          .threw(ThrownError(error)))
      }
      index += 1
    }
    return screens
  }

  /// The change that keeps `count` of the `stored` screens of `flow`'s stack and pushes the
  /// screens of `routes` from `first` on.
  static func edit<Flow: RestorableFlow>(
    _ flow: Flow, from stored: Int, keeping count: Int, adding routes: RouteList, from first: Int,
    level: Int
  ) throws(PlanFailure) -> TreeChange? {
    let screens = try screens(for: routes, from: first, of: flow, level: level)
    return flow.container.edit(from: stored, keeping: count, adding: screens)
  }

  /// How many screens `flow`'s stack holds.
  static func count<Flow: RestorableFlow>(of flow: Flow) -> Int {
    flow.container.screensUntracked.count
  }

  /// Whether `flow`'s stack shows exactly `routes` (the counts first: most new flows differ).
  static func shows<Flow: RestorableFlow>(_ flow: Flow, _ routes: RouteList) -> Bool {
    let screens = flow.container.screensUntracked
    guard screens.count == routes.count, let typed = routes.typed(as: Flow.Route.self) else {
      return false
    }
    var index = 0
    while index < screens.count {
      guard let route = flow.route(for: screens[index]), route == typed[index] else {
        return false
      }
      index += 1
    }
    return true
  }
}
