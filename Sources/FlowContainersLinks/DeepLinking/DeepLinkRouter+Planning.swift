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
    guard var target = restorer.target(), let root = rootNode?.owner as? any ContainerFlow else {
      return .failure(LinkFailure.rootReleased)
    }
    // One resolution: the answers of every type's `canHandle` are shared across its levels.
    let resolved = Resolution.run(through: &map) { resolution in
      Self.resolve(link, from: root, into: &target, with: resolution)
    }
    return resolved.flatMap { plan(target, for: .link(link)) }
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
    guard var target = restorer.target(), let root = rootNode?.owner as? any ContainerFlow else {
      return .failure(LinkFailure.rootReleased)
    }
    let built = Resolution.run(through: &map) { resolution in
      Self.build(destination, from: root, into: &target, with: resolution)
    }
    return built.flatMap { plan(target, for: .destination(destination)) }
  }

  /// The plan for `request`; a restoration is planned by the restorer, not here.
  func plan(for request: NavigationRequest) -> Result<NavigationPlan, LinkFailure> {
    if let link = request.link { return plan(for: link) }
    if let destination = request.destination { return plan(for: destination) }
    return .failure(LinkFailure.stalePlan)
  }

  /// The plan that takes the tree to `target`, made against the tree the target was read from.
  private func plan(
    _ target: TargetTree, for request: NavigationRequest
  ) -> Result<NavigationPlan, LinkFailure> {
    restorer.plan(target, for: request, cause: .deepLink).mapError { LinkFailure(planning: $0) }
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
    let rootType = type(of: root)
    let rootNode = resolution.node(rootType)
    switch resolution.map.flows[rootNode].kind {
    case .stack:
      guard let linkable = resolution.map.linkable(rootNode) else {
        return .failure(.noRoute(flow: FlowName(rootType), remaining: Array(link.remaining)))
      }
      return chain(link, from: linkable, at: .root, under: nil, into: &target, with: resolution)
    case .tabs:
      let bar = target.add(rootType, at: .root, under: nil)
      let tabs = liveTabs(of: 0, in: target)
      for (place, flow) in tabs.ordered {
        guard
          let choice = resolution.choice(
            in: resolution.node(type(of: flow)), handling: link,
            liveDetail: liveDetail(of: tabs.positions[place], in: target))
        else { continue }
        let (parent, column) = enter(
          choice.split, at: .tab(place, selected: true), under: bar, into: &target,
          with: resolution)
        return chain(
          link, from: choice.type, at: column, under: parent, into: &target, with: resolution)
      }
      // No tab accepts it. As resolution goes on into the first sub-flow whose patterns match
      // to find the deepest flow that could not take the rest, it goes on into the first tab,
      // in the tabs' order, whose patterns match; with none, the tab bar is that flow.
      let stopped = LinkFailure.noSubFlow(
        flow: FlowName(rootType), remaining: Array(link.remaining))
      for (place, flow) in tabs.ordered.sorted(by: { $0.0 < $1.0 }) {
        guard let linkable = type(of: flow) as? any LinkableFlow.Type, linkable.matches(link)
        else { continue }
        var attempt = target
        switch chain(
          link, from: linkable, at: .tab(place, selected: true), under: bar, into: &attempt,
          with: resolution)
        {
        case .failure(let failure): return .failure(failure)
        // Its patterns take the link, but its own `canHandle` refused it.
        case .success: return .failure(stopped)
        }
      }
      return .failure(stopped)
    case .split:
      let split = target.add(rootType, at: .root, under: nil)
      guard
        let found = resolution.column(
          of: rootNode, handling: link, liveDetail: liveDetail(of: 0, in: target))
      else {
        return .failure(.noSubFlow(flow: FlowName(rootType), remaining: Array(link.remaining)))
      }
      return chain(
        link, from: found.type, at: .column(found.column), under: split, into: &target,
        with: resolution)
    }
  }

  /// Resolves `link` level by level from a flow of `type`, whose level hangs on the target's
  /// level `parent` as `place` says, preferring the flows already presented.
  ///
  /// At each level the flow's patterns give its stack; a remainder goes to the presented
  /// sub-flow if its type can handle it (and the stack below it does not change), otherwise to
  /// the first sub-flow type that can, else into the first tab that can of a declared tab bar
  /// (the presented bar's, the selected tab first, or a new bar's, in its declared order), and
  /// else into the column that can of a declared split (the presented split's, or a new one's).
  private static func chain(
    _ link: DeepLink, from type: any LinkableFlow.Type, at place: FlowTree.Level.Place,
    under parent: Int?, into target: inout TargetTree, with resolution: Resolution
  ) -> Result<Void, LinkFailure> {
    var type = type
    var place = place
    var parent = parent
    var current = link
    // Set when no sub-flow type accepted the rest and resolution goes on into one whose own
    // patterns match, only to find where it really stops: it must not succeed from there.
    var refusal: LinkFailure?
    while true {
      guard let (level, rest) = type.resolve(current, at: place, under: parent, into: &target)
      else {
        return .failure(.noRoute(flow: FlowName(type), remaining: Array(current.remaining)))
      }
      guard !rest.remaining.isEmpty else { return refusal.map { .failure($0) } ?? .success(()) }
      guard level + 1 < Resolution.limit else {
        return .failure(.tooDeep(limit: Resolution.limit))
      }
      let node = resolution.node(type)
      let candidates = resolution.subFlows(of: node)
      let presented = target.kept(presentedOver: level)
      // The flow presented over this level, when the target keeps it, is asked first.
      var existing: (type: any LinkableFlow.Type, style: PresentationStyle)?
      if let presented, let live = target.live(presented), let flow = live.flow,
        let linkable = Swift.type(of: flow) as? any LinkableFlow.Type,
        case .presented(let style) = live.place
      {
        let identity = ObjectIdentifier(linkable)
        existing = candidates.first { ObjectIdentifier($0.type) == identity } ?? (linkable, style)
      }
      let accepted = resolution.at(level + 1) { () -> (any LinkableFlow.Type, PresentationStyle)? in
        if let existing, existing.type.canHandle(rest) { return existing }
        return candidates.first { $0.type.canHandle(rest) }
      }
      if let (next, style) = accepted {
        (type, place, parent) = (next, .presented(style), level)
      } else if let bar = resolution.at(
        level + 2,
        {
          Self.bar(
            for: rest, from: node, over: level, presented: presented, in: target, with: resolution)
        })
      {
        // The bar's level, then its tab's (a split tab's, then its column's).
        let barLevel = target.add(bar.type, at: .presented(bar.style), under: level)
        let (tabParent, tabPlace) = enter(
          bar.split, at: .tab(bar.tab, selected: true), under: barLevel, into: &target,
          with: resolution)
        (type, place, parent) = (bar.tabType, tabPlace, tabParent)
      } else if let split = resolution.at(
        level + 2,
        {
          Self.split(for: rest, from: node, presented: presented, in: target, with: resolution)
        })
      {
        // The split's level, then its column's.
        let splitLevel = target.add(split.type, at: .presented(split.style), under: level)
        (type, place, parent) = (split.columnType, .column(split.column), splitLevel)
      } else if let next = candidates.first(where: { $0.type.matches(rest) }) {
        refusal =
          refusal ?? .noSubFlow(flow: FlowName(type), remaining: Array(rest.remaining))
        (type, place, parent) = (next.type, .presented(next.style), level)
      } else {
        return .failure(.noSubFlow(flow: FlowName(type), remaining: Array(rest.remaining)))
      }
      current = rest
    }
  }

  /// Adds a split tab's level when `split` names one (the tab's place is `place`, under the
  /// bar at `bar`): the level a column's flow then hangs on, and its column's place; otherwise
  /// the bar and `place`.
  private static func enter(
    _ split: (node: Int, column: SplitColumn)?, at place: FlowTree.Level.Place, under bar: Int,
    into target: inout TargetTree, with resolution: Resolution
  ) -> (parent: Int, place: FlowTree.Level.Place) {
    guard let split, let type = resolution.map.type(split.node) else { return (bar, place) }
    return (target.add(type, at: place, under: bar), .column(split.column))
  }

  /// The declared tab bar, and its tab, that takes `rest` from the flow at `node`, the target's
  /// level `level`: the bar presented there (`presented`), if the target keeps it and one of its
  /// tabs (the selected one first; a split tab by one of its columns) can handle it, otherwise
  /// the first declared bar with a tab that can; `nil` when none can.
  private static func bar(
    for rest: DeepLink, from node: Int, over level: Int, presented: Int?, in target: TargetTree,
    with resolution: Resolution
  ) -> (
    type: any ContainerFlow.Type, style: PresentationStyle, tab: Int,
    tabType: any LinkableFlow.Type, split: (node: Int, column: SplitColumn)?
  )? {
    let bars = resolution.bars(of: node)
    guard !bars.isEmpty else { return nil }
    if let presented, let live = target.live(presented), let flow = live.flow,
      let bar = bars.first(where: { resolution.map.type($0.node) == Swift.type(of: flow) }),
      let type = resolution.map.type(bar.node)
    {
      let tabs = liveTabs(of: presented, in: target)
      for (place, tab) in tabs.ordered {
        guard
          let choice = resolution.choice(
            in: resolution.node(Swift.type(of: tab)), handling: rest,
            liveDetail: liveDetail(of: tabs.positions[place], in: target))
        else { continue }
        return (type, bar.style, place, choice.type, choice.split)
      }
    }
    // A new bar's tab, by the same rule; the plan finds it by type in the bar it makes.
    for bar in bars {
      guard let type = resolution.map.type(bar.node),
        let tab = resolution.tab(of: bar.node, handling: rest)
      else { continue }
      return (type, bar.style, tab.place, tab.type, tab.split)
    }
    return nil
  }

  /// The declared split, and its column, that takes `rest` from the flow at `node`: the split
  /// presented there, if the target keeps it and one of its columns can handle it, otherwise the
  /// first declared split with a column that can; `nil` when none can.
  private static func split(
    for rest: DeepLink, from node: Int, presented: Int?, in target: TargetTree,
    with resolution: Resolution
  ) -> (
    type: any ContainerFlow.Type, style: PresentationStyle, column: SplitColumn,
    columnType: any LinkableFlow.Type
  )? {
    let splits = resolution.splits(of: node)
    guard !splits.isEmpty else { return nil }
    if let presented, let live = target.live(presented), let flow = live.flow,
      let split = splits.first(where: { resolution.map.type($0.node) == Swift.type(of: flow) }),
      let type = resolution.map.type(split.node),
      let found = resolution.column(
        of: split.node, handling: rest, liveDetail: liveDetail(of: presented, in: target))
    {
      return (type, split.style, found.column, found.type)
    }
    for split in splits {
      guard let type = resolution.map.type(split.node),
        let found = resolution.column(of: split.node, handling: rest, liveDetail: nil)
      else { continue }
      return (type, split.style, found.column, found.type)
    }
    return nil
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

// MARK: - A destination's target

extension DeepLinkRouter {
  /// Builds `destination`'s levels into `target`, from `root`: into a root tab bar's tab (or a
  /// split tab's column) or a root split's column of its first type, then each type through the
  /// sub-flow, the bar's tab or the split's column the one before declares.
  static func build(
    _ destination: LinkDestination, from root: any ContainerFlow, into target: inout TargetTree,
    with resolution: Resolution
  ) -> Result<Void, LinkFailure> {
    guard let first = destination.levels.first else {
      return .failure(.cannotShow(flow: FlowName(type(of: root)), route: nil, .emptyStack))
    }
    let rootType = type(of: root)
    let rootNode = resolution.node(rootType)
    var place = FlowTree.Level.Place.root
    var parent: Int?
    let notTheRoot = LinkFailure.notTheRoot(first.name, root: FlowName(rootType))
    switch resolution.map.flows[rootNode].kind {
    case .stack:
      guard first.type.type == rootType else { return .failure(notTheRoot) }
    case .tabs:
      // The tab of the destination's root type, or a split tab with a column of that type,
      // the selected one first.
      let bar = target.add(rootType, at: .root, under: nil)
      var found: (place: Int, split: (node: Int, column: SplitColumn)?)?
      for (tabPlace, flow) in liveTabs(of: 0, in: target).ordered {
        let node = resolution.node(type(of: flow))
        if type(of: flow) == first.type.type {
          found = (tabPlace, nil)
        } else if let column = column(of: first.type.type, in: node, with: resolution) {
          found = (tabPlace, (node, column))
        }
        if found != nil { break }
      }
      guard let found else { return .failure(notTheRoot) }
      (parent, place) = enter(
        found.split, at: .tab(found.place, selected: true), under: bar, into: &target,
        with: resolution)
    case .split:
      guard let column = column(of: first.type.type, in: rootNode, with: resolution) else {
        return .failure(notTheRoot)
      }
      parent = target.add(rootType, at: .root, under: nil)
      place = .column(column)
    }
    var below: (level: Int, node: Int)?
    for level in destination.levels {
      let type = level.type.type
      if let (belowLevel, belowNode) = below {
        guard
          let way = way(to: type, from: belowNode, over: belowLevel, in: target, with: resolution)
        else { return .failure(.notASubFlow(level.name, of: resolution.map.flows[belowNode].name)) }
        switch way {
        case .presented(let style):
          (parent, place) = (belowLevel, .presented(style))
        case .tab(let barType, let style, let tab, let split):
          let bar = target.add(barType, at: .presented(style), under: belowLevel)
          (parent, place) = enter(
            split, at: .tab(tab, selected: true), under: bar, into: &target, with: resolution)
        case .column(let splitType, let style, let column):
          parent = target.add(splitType, at: .presented(style), under: belowLevel)
          place = .column(column)
        }
      }
      if level.routes.isEmpty {
        return .failure(.cannotShow(flow: level.name, route: nil, .emptyStack))
      }
      below = (level.add(&target, place, parent), resolution.node(type))
    }
    return .success(())
  }

  /// How a flow of type `type` hangs over the flow at `node`, the target's level `level`.
  private enum Way {
    /// A sub-flow, presented in this style.
    case presented(PresentationStyle)
    /// A tab (at `tab`) of a bar of type `bar` presented in `style`; for a split tab, the split
    /// and the column.
    case tab(
      bar: any ContainerFlow.Type, style: PresentationStyle, tab: Int,
      split: (node: Int, column: SplitColumn)?)
    /// A column of a split of type `split` presented in `style`.
    case column(split: any ContainerFlow.Type, style: PresentationStyle, column: SplitColumn)
  }

  /// How a flow of type `type` can hang over the flow at `node`: a sub-flow it declares, a tab
  /// of a bar it declares or a column of that bar's split tab (of the bar presented over
  /// `level`, the first tab of that type, the selected one first; of a new bar, its place in the
  /// declared tabs, which the plan finds by type once the bar is made), or a column of a split
  /// it declares.
  private static func way(
    to type: any ContainerFlow.Type, from node: Int, over level: Int, in target: TargetTree,
    with resolution: Resolution
  ) -> Way? {
    for edge in resolution.map.next(node) {
      guard case .presents(let style) = edge.kind, resolution.map.type(edge.to) == type,
        resolution.map.flows[edge.to].kind == .stack
      else { continue }
      return .presented(style)
    }
    let presented = target.kept(presentedOver: level)
    for bar in resolution.bars(of: node) {
      guard let barType = resolution.map.type(bar.node) else { continue }
      var declared: (tab: Int, split: (node: Int, column: SplitColumn)?)?
      for (place, edge) in resolution.map.next(bar.node).enumerated() {
        if resolution.map.type(edge.to) == type {
          declared = (place, nil)
        } else if let column = column(of: type, in: edge.to, with: resolution) {
          declared = (place, (edge.to, column))
        }
        if declared != nil { break }
      }
      guard let declared else { continue }
      // The type of the tab's flow: the split's for a split tab.
      let tabType = declared.split.flatMap { resolution.map.type($0.node) } ?? type
      if let presented, let flow = target.live(presented)?.flow, Swift.type(of: flow) == barType {
        for (place, tab) in liveTabs(of: presented, in: target).ordered
        where Swift.type(of: tab) == tabType {
          return .tab(bar: barType, style: bar.style, tab: place, split: declared.split)
        }
      }
      return .tab(bar: barType, style: bar.style, tab: declared.tab, split: declared.split)
    }
    for split in resolution.splits(of: node) {
      guard let splitType = resolution.map.type(split.node),
        let column = column(of: type, in: split.node, with: resolution)
      else { continue }
      return .column(split: splitType, style: split.style, column: column)
    }
    return nil
  }

  /// The column of a split at `node` whose flow type is `type`: the detail for a declared
  /// detail type, the primary for the primary's; `nil` when `node` is no split.
  private static func column(
    of type: any ContainerFlow.Type, in node: Int, with resolution: Resolution
  ) -> SplitColumn? {
    guard resolution.map.flows[node].kind == .split else { return nil }
    for edge in resolution.map.next(node) where resolution.map.type(edge.to) == type {
      return edge.kind == .primary ? .primary : .detail
    }
    return nil
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
