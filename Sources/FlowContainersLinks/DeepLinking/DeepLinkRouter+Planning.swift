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
    plan(.link(link), for: .link(link))
  }

  /// Builds the plan that showing `destination` would apply to the tree as it is now: a dry
  /// run with no side effects.
  ///
  /// The levels must form a chain the root can build, each showing at least one route: the
  /// router's root type first (for a root tab bar or split, a tab's or column's type), then each
  /// type one of the ``RestorableFlow/subFlows`` of the one before, or a tab or column of a tab
  /// bar or split it declares (presented, or kept if it is, with that tab selected).
  ///
  /// - Parameter destination: Where to go, root first.
  /// - Returns: The plan, or why the destination cannot be reached.
  public func plan(for destination: LinkDestination) -> Result<NavigationPlan, LinkFailure> {
    plan(.destination(destination), for: .destination(destination))
  }

  /// The plan for `request`, a link or a destination (`subject`), in one resolution against one
  /// reading of the tree.
  func plan(
    _ subject: LinkSubject?, for request: NavigationRequest
  ) -> Result<NavigationPlan, LinkFailure> {
    if case .link(let link) = subject, !accepts(link) {
      return .failure(.unsupportedScheme(link))
    }
    // Resolution starts at the map's first flow, the root's type.
    guard rootNode?.owner != nil else { return .failure(.rootReleased) }
    var failure: LinkFailure?
    let planned = resolution.run { resolution in
      restorer.plan(for: request, cause: .deepLink) { target in
        switch subject {
        case .link(let link):
          failure = Self.resolve(link, into: &target, with: resolution)
        case .destination(let destination):
          failure = Self.build(destination, into: &target, with: resolution)
        case nil:
          failure = .stalePlan
        }
        return if case .none = failure { true } else { false }
      }
    }
    if let failure = consume failure { return .failure(failure) }
    return (consume planned).mapError(LinkFailure.init(planning:))
  }

  /// Whether the router handles `link`: its own scheme, or a web link to one of its hosts.
  func accepts(_ link: DeepLink) -> Bool {
    if link.scheme == scheme { return true }
    guard DeepLink.isWebScheme(link.scheme), let host = link.host else { return false }
    return webHosts.contains(host)
  }

  /// Resolves `link` from the root into `target`; returns the failure, or `nil`.
  ///
  /// Level by level, each level's patterns give its stack, and the rest goes to the kept
  /// presented flow if its type can handle it, else where ``Resolution/way(from:over:in:where:)``
  /// leads.
  static func resolve(
    _ link: DeepLink, into target: inout TargetTree, with resolution: Resolution
  ) -> LinkFailure? {
    var node = 0
    var (place, parent, current): (FlowTree.Level.Place, Int?, DeepLink) = (.root, nil, link)
    // Set when resolution goes on into a flow that only matches, to find where it really stops
    // (`unreached`: no root tab takes the link).
    var refusal: LinkFailure?
    var unreached: LinkFailure?
    if resolution.map.flows[node].kind != .stack {
      if let way = resolution.entry(node, in: target, where: resolution.handling(link)) {
        (node, place, parent) = enter(way, under: nil, into: &target, with: resolution)
      } else {
        let bar = resolution.map.flows[node]
        unreached = .noSubFlow(flow: bar.name, remaining: Array(link.remaining))
        guard bar.kind == .tabs,
          let tab = resolution.liveTabs(of: 0, in: target).ordered.sorted(by: {
            $0.place < $1.place
          }).first(where: {
            resolution.map.linkable(resolution.node(type(of: $0.flow)))?.matches(link) == true
          })
        else { return unreached }
        if let type = resolution.map.type(node) { target.add(type, at: .root, under: nil) }
        (node, place, parent) = (
          resolution.node(type(of: tab.flow)), .tab(tab.place, selected: true), 0
        )
      }
    }
    while true {
      // The flow's name only for a failure: reading it copies from the map.
      var name: FlowName { resolution.map.flows[node].name }
      guard let type = resolution.map.linkable(node),
        let (level, rest) = type.resolve(
          current, at: place, under: parent, into: &target, with: resolution)
      else { return .noRoute(flow: name, remaining: Array(current.remaining)) }
      guard !rest.remaining.isEmpty else { return refusal ?? unreached }
      guard level + 1 < Resolution.limit else { return .tooDeep(limit: Resolution.limit) }
      let handles = resolution.handling(rest)
      // The flow presented over this level, when the target keeps it, is asked first.
      var next: Resolution.Way?
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
          resolution.way(from: node, over: level, in: target, where: handles)
        }
      if next == nil,
        let fallback = resolution.firstBranch(
          of: node, .stack, where: { resolution.map.linkable($0)?.matches(rest) == true })
      {
        refusal = refusal ?? .noSubFlow(flow: name, remaining: Array(rest.remaining))
        next = .presented(fallback.node, fallback.style)
      }
      guard let next else { return .noSubFlow(flow: name, remaining: Array(rest.remaining)) }
      (node, place, parent) = enter(next, under: level, into: &target, with: resolution)
      current = rest
    }
  }

  /// Builds `destination`'s levels into `target` from the root, each through the sub-flow, tab or
  /// column the one before declares; returns the failure, or `nil`.
  static func build(
    _ destination: LinkDestination, into target: inout TargetTree, with resolution: Resolution
  ) -> LinkFailure? {
    let node = 0
    let rootFlow = resolution.map.flows[node]
    guard let first = destination.levels.first else {
      return .cannotShow(flow: rootFlow.name, route: nil, .emptyStack)
    }
    func isOf(_ level: LinkDestination.Level) -> (Int) -> Bool {
      { resolution.map.type($0) == level.type.type }
    }
    var (place, parent): (FlowTree.Level.Place, Int?) = (.root, nil)
    if rootFlow.kind != .stack,
      let way = resolution.entry(node, in: target, where: isOf(first))
    {
      (_, place, parent) = enter(way, under: nil, into: &target, with: resolution)
    } else if rootFlow.kind != .stack || !isOf(first)(node) {
      return .notTheRoot(first.name, root: rootFlow.name)
    }
    var below: (level: Int, node: Int)?
    for level in destination.levels {
      if let (belowLevel, belowNode) = below {
        guard
          let way = resolution.way(
            from: belowNode, over: belowLevel, in: target, where: isOf(level))
        else { return .notASubFlow(level.name, of: resolution.map.flows[belowNode].name) }
        (_, place, parent) = enter(way, under: belowLevel, into: &target, with: resolution)
      }
      if level.routes.isEmpty { return .cannotShow(flow: level.name, route: nil, .emptyStack) }
      below = (level.add(&target, place, parent), resolution.node(level.type.type))
    }
    return nil
  }

  /// Adds the bar or split `way` needs below `level` (at the root for `nil`); returns the next
  /// flow's node, place and parent.
  private static func enter(
    _ way: Resolution.Way, under level: Int?, into target: inout TargetTree,
    with resolution: Resolution
  ) -> (node: Int, place: FlowTree.Level.Place, parent: Int?) {
    func add(_ node: Int, _ style: PresentationStyle) -> Int {
      let place = level.map { _ in FlowTree.Level.Place.presented(style) } ?? .root
      return resolution.map.type(node).map { target.add($0, at: place, under: level) } ?? 0
    }
    switch way {
    case .presented(let node, let style): return (node, .presented(style), level)
    case .tab(let node, let bar, let style, let tab, let split):
      let barLevel = add(bar, style)
      guard let split, let type = resolution.map.type(split.node) else {
        return (node, .tab(tab, selected: true), barLevel)
      }
      return (
        node, .column(split.column),
        target.add(type, at: .tab(tab, selected: true), under: barLevel)
      )
    case .column(let node, let split, let style, let column):
      return (node, .column(column), add(split, style))
    }
  }
}

extension LinkableFlow {
  /// Whether ``routes`` has a pattern that matches `link`, whatever follows.
  static func matches(_ link: DeepLink) -> Bool { routes.resolve(link) != nil }

  /// Adds this flow's level for `link` to `target` (the stack its best pattern builds); returns
  /// it with the rest of the link, or `nil` when no pattern matches.
  static func resolve(
    _ link: DeepLink, at place: FlowTree.Level.Place, under parent: Int?,
    into target: inout TargetTree, with resolution: Resolution
  ) -> (level: Int, rest: DeepLink)? {
    // What this resolution's `canHandle` just matched for this type and link, if it did.
    if let last = resolution.takeMatch(of: ObjectIdentifier(Self.self), for: link) {
      return (last.add(&target, place, parent), last.rest)
    }
    var resolved: (level: Int, rest: DeepLink)?
    var values: [String] = []
    swap(&values, &resolution.values)
    defer { swap(&values, &resolution.values) }
    routes.firstResolution(of: link, values: &values) { stack, _, rest in
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
