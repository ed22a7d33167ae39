import FlowContainersCore
public import FlowContainersRestoration

extension DeepLinkRouter {
  /// Builds the plan that following `link` would apply to the tree as it is now: a dry run
  /// with no side effects.
  ///
  /// The link resolves from the root down into the tree it wants: at each level, the flow's
  /// patterns give its stack, and the rest goes to the flow type the route map leads to whose
  /// `canHandle(_:)` accepts it, the one already presented first. The plan is the difference
  /// from the live tree. Guards, objections and validation are not checked here; ``apply(_:)``
  /// and ``open(_:)-(DeepLink)`` check them.
  ///
  /// - Parameter link: The link.
  /// - Returns: The plan, or where resolution stopped and why.
  public func plan(for link: DeepLink) -> Result<NavigationPlan, LinkFailure> {
    guard accepts(link) else { return .failure(LinkFailure.unsupportedScheme(link)) }
    return plan(for: .link(link)) { Self.resolve(link, from: $0, into: &$1, with: $2) }
  }

  /// Builds the plan that showing `destination` would apply to the tree as it is now: a dry
  /// run with no side effects.
  ///
  /// The levels must form a chain the root can build: the router's root type first (for a
  /// root tab bar, the type of one of its tabs, or of a split tab's primary or one of its
  /// details; for a root split, its primary's type or one of its detail types), then each type
  /// one of the ``RestorableFlow/subFlows`` of the one before, a tab of a tab bar it declares
  /// or the primary or a detail of that bar's split tab (the plan presents the bar, or keeps the
  /// one presented, and selects that tab), or the primary or a detail of a split it declares
  /// (the plan presents the split, or keeps the one presented), each showing at least one route.
  ///
  /// - Parameter destination: Where to go, root first.
  /// - Returns: The plan, or why the destination cannot be reached.
  public func plan(for destination: LinkDestination) -> Result<NavigationPlan, LinkFailure> {
    plan(for: .destination(destination)) { Self.build(destination, from: $0, into: &$1, with: $2) }
  }

  /// The plan for `request`; a restoration is planned by the restorer, not here.
  func plan(for request: NavigationRequest) -> Result<NavigationPlan, LinkFailure> {
    if let link = request.link { return plan(for: link) }
    if let destination = request.destination { return plan(for: destination) }
    return .failure(LinkFailure.stalePlan)
  }

  /// The plan of the target `build` makes from the root, against one reading of the tree, in one
  /// resolution: the answers of every type's `canHandle` are shared across its levels.
  private func plan(
    for request: NavigationRequest,
    _ build: (any ContainerFlow, inout TargetTree, Resolution) -> Result<Void, LinkFailure>
  ) -> Result<NavigationPlan, LinkFailure> {
    guard var target = restorer.target(), let root = rootNode?.owner as? any ContainerFlow else {
      return .failure(LinkFailure.rootReleased)
    }
    return Resolution.run(through: &map) { build(root, &target, $0) }.flatMap {
      restorer.plan(target, for: request, cause: .deepLink).mapError(LinkFailure.init(planning:))
    }
  }

  /// Whether the router handles `link`: its own scheme, or a web link to one of its hosts.
  func accepts(_ link: DeepLink) -> Bool {
    if link.scheme == scheme { return true }
    guard DeepLink.isWebScheme(link.scheme), let host = link.host else { return false }
    return webHosts.contains(host)
  }
}

// MARK: - A link's target

extension DeepLinkRouter {
  /// Resolves `link` from `root` into `target`: through a root tab bar's tab (the selected one
  /// first) or a root split's column, then level by level.
  static func resolve(
    _ link: DeepLink, from root: any ContainerFlow, into target: inout TargetTree,
    with resolution: Resolution
  ) -> Result<Void, LinkFailure> {
    let node = resolution.node(type(of: root))
    let name = resolution.map.flows[node].name
    // A stack root's patterns take the link as they are; a bar's tab or a split's column is
    // chosen by its flow's `canHandle`.
    if resolution.map.flows[node].kind == .stack {
      return chain(link, from: node, at: .root, under: nil, into: &target, with: resolution)
    }
    guard let start = entry(node, into: &target, with: resolution, where: resolution.handling(link))
    else {
      guard resolution.map.flows[node].kind == .tabs else {
        return .failure(.noSubFlow(flow: name, remaining: Array(link.remaining)))
      }
      // No tab accepts it. As resolution goes on into the first sub-flow whose patterns match
      // to find the deepest flow that could not take the rest, it goes on into the first tab
      // whose patterns match; with none, the tab bar is that flow.
      for tab in liveTabs(of: 0, in: target).ordered.sorted(by: { $0.place < $1.place }) {
        let tabNode = resolution.node(type(of: tab.flow))
        guard resolution.matches(tabNode, link) else { continue }
        var attempt = target
        if let bar = resolution.map.type(node) { attempt.add(bar, at: .root, under: nil) }
        let place = FlowTree.Level.Place.tab(tab.place, selected: true)
        if case .failure(let failure) = chain(
          link, from: tabNode, at: place, under: 0, into: &attempt, with: resolution)
        {
          return .failure(failure)
        }
        break
      }
      return .failure(.noSubFlow(flow: name, remaining: Array(link.remaining)))
    }
    return chain(
      link, from: start.node, at: start.place, under: start.parent, into: &target,
      with: resolution)
  }

  /// Resolves `link` level by level from the flow at `node`, whose level hangs on the target's
  /// level `parent` as `place` says, preferring the flows already presented.
  ///
  /// At each level the flow's patterns give its stack; a remainder goes to the presented
  /// sub-flow if its type can handle it (and the stack below it does not change), otherwise to
  /// the first flow the route map leads to that can (``way(from:over:in:with:where:)``).
  private static func chain(
    _ link: DeepLink, from node: Int, at place: FlowTree.Level.Place, under parent: Int?,
    into target: inout TargetTree, with resolution: Resolution
  ) -> Result<Void, LinkFailure> {
    var (node, place, parent, current) = (node, place, parent, link)
    // Set when no flow accepted the rest and resolution goes on into one whose own patterns
    // match, only to find where it really stops: it must not succeed from there.
    var refusal: LinkFailure?
    while true {
      // The flow's name only for a failure: reading it copies from the map.
      var name: FlowName { resolution.map.flows[node].name }
      guard let type = resolution.map.linkable(node),
        let (level, rest) = type.resolve(current, at: place, under: parent, into: &target)
      else { return .failure(.noRoute(flow: name, remaining: Array(current.remaining))) }
      guard !rest.remaining.isEmpty else { return refusal.map { .failure($0) } ?? .success(()) }
      guard level + 1 < Resolution.limit else {
        return .failure(.tooDeep(limit: Resolution.limit))
      }
      let handles = resolution.handling(rest)
      // The flow presented over this level, when the target keeps it, is asked first.
      var next: Way?
      if let presented = target.kept(presentedOver: level), let live = target.live(presented),
        let flow = live.flow, case .presented(let style) = live.place
      {
        let presentedNode = resolution.node(Swift.type(of: flow))
        if resolution.at(level + 1, { handles(presentedNode) }) {
          next = .presented(presentedNode, style)
        }
      }
      next =
        next
        ?? resolution.at(level + 1) {
          way(from: node, over: level, in: target, with: resolution, where: handles)
        }
      if next == nil,
        let fallback = resolution.subFlows(of: node).first(where: {
          resolution.matches($0.node, rest)
        })
      {
        refusal = refusal ?? .noSubFlow(flow: name, remaining: Array(rest.remaining))
        next = .presented(fallback.node, fallback.style)
      }
      guard let next else {
        return .failure(.noSubFlow(flow: name, remaining: Array(rest.remaining)))
      }
      (node, place, parent) = enter(next, under: level, into: &target, with: resolution)
      current = rest
    }
  }
}

// MARK: - A destination's target

extension DeepLinkRouter {
  /// Builds `destination`'s levels into `target`, from `root`: into a root tab bar's tab (or a
  /// split tab's column) or a root split's column of its first type, then each type through the
  /// sub-flow, the bar's tab or the split's column the one before declares.
  static func build(
    _ destination: LinkDestination, from root: any ContainerFlow, into target: inout TargetTree,
    with resolution: Resolution
  ) -> Result<Void, LinkFailure> {
    let node = resolution.node(type(of: root))
    guard let first = destination.levels.first else {
      return .failure(.cannotShow(flow: resolution.map.flows[node].name, route: nil, .emptyStack))
    }
    func isOf(_ level: LinkDestination.Level) -> (Int) -> Bool {
      { resolution.map.type($0) == level.type.type }
    }
    guard var (_, place, parent) = entry(node, into: &target, with: resolution, where: isOf(first))
    else {
      return .failure(.notTheRoot(first.name, root: resolution.map.flows[node].name))
    }
    var below: (level: Int, node: Int)?
    for level in destination.levels {
      if let (belowLevel, belowNode) = below {
        guard
          let way = way(
            from: belowNode, over: belowLevel, in: target, with: resolution, where: isOf(level))
        else {
          return .failure(.notASubFlow(level.name, of: resolution.map.flows[belowNode].name))
        }
        (_, place, parent) = enter(way, under: belowLevel, into: &target, with: resolution)
      }
      if level.routes.isEmpty {
        return .failure(.cannotShow(flow: level.name, route: nil, .emptyStack))
      }
      below = (level.add(&target, place, parent), resolution.node(level.type.type))
    }
    return .success(())
  }
}

// MARK: - The way down the route map

extension DeepLinkRouter {
  /// How the next flow, at `node` on the map, hangs below a level.
  enum Way {
    /// A sub-flow, presented in this style.
    case presented(Int, PresentationStyle)
    /// A tab (at `tab`) of the bar at `bar`, presented in `style`; for a split tab, the split and
    /// the column.
    case tab(
      Int, bar: Int, style: PresentationStyle, tab: Int, split: (node: Int, column: SplitColumn)?)
    /// A column of the split at `split`, presented in `style`.
    case column(Int, split: Int, style: PresentationStyle, column: SplitColumn)
  }

  /// The root's own level, and, for a root tab bar or split, the tab (the selected one first; a
  /// split tab by one of its columns) or column whose flow `accepts` takes: where the next
  /// level hangs, and its flow; `nil` when no tab or column takes it, or the root does not.
  private static func entry(
    _ node: Int, into target: inout TargetTree, with resolution: Resolution,
    where accepts: (Int) -> Bool
  ) -> (node: Int, place: FlowTree.Level.Place, parent: Int?)? {
    let map = resolution.map
    guard let type = map.type(node) else { return nil }
    switch map.flows[node].kind {
    case .stack:
      return accepts(node) ? (node, .root, nil) : nil
    case .tabs:
      let tabs = liveTabs(of: 0, in: target)
      for tab in tabs.ordered {
        guard
          let choice = resolution.choice(
            in: resolution.node(Swift.type(of: tab.flow)), where: accepts,
            liveDetail: liveDetail(of: tabs.positions[tab.place], in: target))
        else { continue }
        let bar = target.add(type, at: .root, under: nil)
        let (_, place, parent) = enter(
          .tab(choice.node, bar: node, style: .sheet, tab: tab.place, split: choice.split),
          under: nil, into: &target, with: resolution, bar: bar)
        return (choice.node, place, parent)
      }
      return nil
    case .split:
      guard
        let found = resolution.column(
          of: node, where: accepts, liveDetail: liveDetail(of: 0, in: target))
      else { return nil }
      return (found.node, .column(found.column), target.add(type, at: .root, under: nil))
    }
  }

  /// Where the next flow hangs below the flow at `node`, the target's level `level`, when
  /// `accepts` takes it: the first stack sub-flow that does; else a tab of a declared bar (of the
  /// bar presented there, if the target keeps it, the selected tab first; else of a new bar, in
  /// its declared order, which the plan finds by type once the bar is made; a split tab by one of
  /// its columns); else a column of a declared split (the presented one's, the live detail's type
  /// first, else a new one's).
  private static func way(
    from node: Int, over level: Int, in target: TargetTree, with resolution: Resolution,
    where accepts: (Int) -> Bool
  ) -> Way? {
    if let sub = resolution.subFlows(of: node).first(where: { accepts($0.node) }) {
      return .presented(sub.node, sub.style)
    }
    let presented = target.kept(presentedOver: level)
    let live = presented.flatMap { target.live($0)?.flow }.map {
      resolution.node(Swift.type(of: $0))
    }
    let bars = resolution.branches(of: node, .tabs)
    if let bar = bars.first(where: { $0.node == live }), let presented {
      let tabs = liveTabs(of: presented, in: target)
      for tab in tabs.ordered {
        guard
          let choice = resolution.choice(
            in: resolution.node(Swift.type(of: tab.flow)), where: accepts,
            liveDetail: liveDetail(of: tabs.positions[tab.place], in: target))
        else { continue }
        return .tab(
          choice.node, bar: bar.node, style: bar.style, tab: tab.place, split: choice.split)
      }
    }
    for bar in bars {
      guard let tab = resolution.tab(of: bar.node, where: accepts) else { continue }
      return .tab(tab.node, bar: bar.node, style: bar.style, tab: tab.place, split: tab.split)
    }
    for split in resolution.branches(of: node, .split) {
      let detail = split.node == live ? liveDetail(of: presented, in: target) : nil
      guard let found = resolution.column(of: split.node, where: accepts, liveDetail: detail)
      else { continue }
      return .column(found.node, split: split.node, style: split.style, column: found.column)
    }
    return nil
  }

  /// Adds the levels `way` needs below the target's level `level` (a bar, and a split tab; a
  /// split), except the next flow's own: its map node, where it hangs and on which level.
  private static func enter(
    _ way: Way, under level: Int?, into target: inout TargetTree, with resolution: Resolution,
    bar existing: Int? = nil
  ) -> (node: Int, place: FlowTree.Level.Place, parent: Int?) {
    let map = resolution.map
    switch way {
    case .presented(let node, let style):
      return (node, .presented(style), level)
    case .tab(let node, let bar, let style, let tab, let split):
      let barLevel =
        existing ?? map.type(bar).map { target.add($0, at: .presented(style), under: level) } ?? 0
      guard let split, let type = map.type(split.node) else {
        return (node, .tab(tab, selected: true), barLevel)
      }
      let splitLevel = target.add(type, at: .tab(tab, selected: true), under: barLevel)
      return (node, .column(split.column), splitLevel)
    case .column(let node, let split, let style, let column):
      let splitLevel =
        map.type(split).map { target.add($0, at: .presented(style), under: level) } ?? 0
      return (node, .column(column), splitLevel)
    }
  }

  /// The live tab bar at `position`'s tabs with flows restoration knows, the selected one first,
  /// each with its place; and each tab's position in the tree read, by place.
  static func liveTabs(
    of position: Int, in target: TargetTree
  ) -> (ordered: [(place: Int, flow: any ContainerFlow)], positions: [Int: Int]) {
    var ordered: [(place: Int, flow: any ContainerFlow)] = []
    var positions: [Int: Int] = [:]
    for branch in target.live(position)?.branches ?? [] {
      guard case .tab(let place, let selected) = branch.place,
        let flow = target.live(branch.position)?.flow
      else { continue }
      positions[place] = branch.position
      if selected { ordered.insert((place, flow), at: 0) } else { ordered.append((place, flow)) }
    }
    return (ordered, positions)
  }

  /// The type of the detail of the live split at `position`, if it is one and shows a detail.
  static func liveDetail(of position: Int?, in target: TargetTree) -> ObjectIdentifier? {
    guard let position, let live = target.live(position) else { return nil }
    for branch in live.branches where branch.place == .column(.detail) {
      return target.live(branch.position)?.flow.map { ObjectIdentifier(type(of: $0)) }
    }
    return nil
  }
}

extension Resolution {
  /// Whether the patterns of the linkable flow at `node` match `link`, whatever follows.
  func matches(_ node: Int, _ link: DeepLink) -> Bool {
    map.linkable(node)?.matches(link) ?? false
  }
}

extension LinkableFlow {
  /// Whether ``routes`` has a pattern that matches `link`, whatever follows.
  static func matches(_ link: DeepLink) -> Bool {
    var found = false
    routes.firstResolution(of: link) { _, _, _ in found = true }
    return found
  }

  /// Adds this flow's level for `link` to `target`, hanging on `parent` as `place` says: the
  /// stack its most specific pattern builds; with the rest of the link, or `nil` when no
  /// pattern matches.
  static func resolve(
    _ link: DeepLink, at place: FlowTree.Level.Place, under parent: Int?,
    into target: inout TargetTree
  ) -> (level: Int, rest: DeepLink)? {
    // What this resolution's `canHandle` just matched for this type and link, if it did.
    if let last = Resolution.current?.takeMatch(of: ObjectIdentifier(Self.self), for: link),
      let stack = last.stack as? [Route]
    {
      return (target.add(Self.self, showing: stack, at: place, under: parent), last.rest)
    }
    var resolved: (level: Int, rest: DeepLink)?
    routes.firstResolution(of: link) { stack, _, rest in
      resolved = (target.add(Self.self, showing: stack, at: place, under: parent), rest)
    }
    return resolved
  }
}

extension LinkFailure {
  /// The failure a link reports when its plan could not be made, prepared or applied.
  init(planning failure: PlanFailure) {
    switch failure {
    case .stale, .noTab, .objection: self = .stalePlan
    case .cannotShow(_, _, let flow, let route, let why):
      self = .cannotShow(flow: flow, route: route, why)
    case .cannotCreate(_, let flow, let subFlow): self = .cannotCreate(flow: flow, subFlow: subFlow)
    }
  }
}
