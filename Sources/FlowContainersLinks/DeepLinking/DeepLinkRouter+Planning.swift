import FlowContainersCore
public import FlowContainersRestoration

extension DeepLinkRouter {
  /// Builds the plan that following `link` would apply to the tree as it is now: a dry run
  /// with no side effects.
  ///
  /// Guards, objections and validation are not checked here; ``apply(_:)`` and
  /// ``open(_:)-(DeepLink)`` check them.
  ///
  /// - Parameter link: The link.
  /// - Returns: The plan, or where resolution stopped and why.
  public func plan(for link: DeepLink) -> Result<NavigationPlan, LinkFailure> {
    guard let rootNode else { return .failure(LinkFailure.rootReleased) }
    guard accepts(link) else { return .failure(LinkFailure.unsupportedScheme(link)) }
    // One resolution: the answers of every type's `canHandle` are shared across its levels.
    return ResolutionDepth.resolving(from: 0) { () -> Result<NavigationPlan, LinkFailure> in
      if let split = rootNode as? SplitContainer, let splitFlow = split.owner as? any SplitFlow {
        return plan(for: link, through: split, of: splitFlow)
      }
      guard let bar = rootNode as? TabContainer, let barFlow = bar.owner else {
        guard let root = linkableRoot() else { return .failure(LinkFailure.rootReleased) }
        var live = LiveLevel.chain(from: rootNode, flow: root, readingRoutes: true)
        return targets(for: link, from: type(of: root), after: [], live: &live).map {
          PlanEngine.makePlan(request: .link(link), targets: $0, live: live, options: .link)
        }
      }
      return plan(for: link, through: bar, of: barFlow)
    }
  }

  /// The plan for `link` from a root tab bar: into the first tab, the selected one first, whose
  /// flow type can handle it (for a split tab, one of its columns' types), then on from there.
  private func plan(
    for link: DeepLink, through bar: TabContainer, of barFlow: AnyObject
  ) -> Result<NavigationPlan, LinkFailure> {
    let nodes = bar.tabsUntracked.tabs
    func resolve(
      inTab index: Int, _ type: any LinkableFlow.Type,
      split: (type: AnyObject.Type, column: SplitColumn)? = nil
    ) -> Result<NavigationPlan, LinkFailure> {
      var live = LiveLevel.chain(
        from: bar, readingRoutes: true, tab: { $0 == 0 ? index : nil },
        column: { $0 == 1 ? split?.column : nil })
      var prefix = [PlanEngine.Target(bar: Swift.type(of: barFlow), tab: index)]
      if let split { prefix.append(PlanEngine.Target(split: split.type, column: split.column)) }
      return targets(for: link, from: type, after: prefix, live: &live).map {
        PlanEngine.makePlan(request: .link(link), targets: $0, live: live, options: .link)
      }
    }
    for index in Self.tabOrder(of: bar) {
      // A split tab takes the link when one of its columns does, by the split's rule.
      guard let tab = LinkableTab(nodes[index]),
        let choice = tab.choice(handling: link, live: nodes[index] as? SplitContainer)
      else { continue }
      return resolve(inTab: index, choice.type, split: choice.split)
    }
    // No tab accepts it. As resolution goes on into the first sub-flow whose patterns match to
    // find the deepest flow that could not take the rest, it goes on into the first tab, in the
    // tabs' order whatever is selected, whose patterns match; with none, the tab bar is that flow.
    let stoppedAtTabs = LinkFailure.noSubFlow(
      flow: FlowName(type(of: barFlow)), remaining: Array(link.remaining))
    for (index, node) in nodes.enumerated() {
      guard let flow = node.owner as? any LinkableFlow, type(of: flow).resolveErased(link) != nil
      else { continue }
      switch resolve(inTab: index, type(of: flow)) {
      case .failure(let failure): return .failure(failure)
      // Its patterns take the link, but its own `canHandle` refused it.
      case .success: return .failure(stoppedAtTabs)
      }
    }
    return .failure(stoppedAtTabs)
  }

  /// The plan for `link` from a root split: into the detail when a detail type can handle it
  /// (the live detail's first), otherwise into the primary when its type can.
  private func plan<Split: SplitFlow>(
    for link: DeepLink, through split: SplitContainer, of splitFlow: Split
  ) -> Result<NavigationPlan, LinkFailure> {
    guard let (column, type) = Split.column(handling: link, in: split) else {
      return .failure(
        LinkFailure.noSubFlow(flow: FlowName(Split.self), remaining: Array(link.remaining)))
    }
    var live = LiveLevel.chain(
      from: split, readingRoutes: true, column: { $0 == 0 ? column : nil })
    let splitTarget = PlanEngine.Target(split: Split.self, column: column)
    return targets(for: link, from: type, after: [splitTarget], live: &live).map {
      PlanEngine.makePlan(request: .link(link), targets: $0, live: live, options: .link)
    }
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
    guard let rootNode, let rootFlow = rootNode.owner else {
      return .failure(LinkFailure.rootReleased)
    }
    var prefix: [PlanEngine.Target] = []
    var tab: Int?
    var splitColumn: SplitColumn?
    // The level of the split whose column the destination's root type is, if one is.
    var splitLevel = 0
    let first = destination.levels.first?.flowType.type
    if let bar = rootNode as? TabContainer {
      // The tab whose flow is of the destination's root type, or a split tab with a column of
      // that type, the selected one first.
      let nodes = bar.tabsUntracked.tabs
      var tabSplit: (type: AnyObject.Type, column: SplitColumn)?
      tab = Self.tabOrder(of: bar).first { index in
        if let splitFlow = nodes[index].owner as? any SplitFlow, nodes[index] is SplitContainer {
          guard let column = Self.column(of: first, in: type(of: splitFlow)) else { return false }
          tabSplit = (type(of: splitFlow), column)
          return true
        }
        return nodes[index].owner.map { Swift.type(of: $0) == first } ?? false
      }
      guard let tab else {
        return .failure(
          LinkFailure.notTheRoot(
            first.map { FlowName($0) } ?? .noOwner, root: FlowName(type(of: rootFlow)))
        )
      }
      prefix = [PlanEngine.Target(bar: type(of: rootFlow), tab: tab)]
      if let tabSplit {
        splitColumn = tabSplit.column
        splitLevel = 1
        prefix.append(PlanEngine.Target(split: tabSplit.type, column: tabSplit.column))
      }
    } else if rootNode is SplitContainer, let splitFlow = rootFlow as? any SplitFlow {
      guard let column = Self.column(of: first, in: type(of: splitFlow)) else {
        return .failure(
          LinkFailure.notTheRoot(
            first.map { FlowName($0) } ?? .noOwner, root: FlowName(type(of: rootFlow))))
      }
      splitColumn = column
      prefix = [PlanEngine.Target(split: type(of: rootFlow), column: column)]
    } else if let first, first != type(of: rootFlow) {
      return .failure(
        LinkFailure.notTheRoot(FlowName(first), root: FlowName(type(of: rootFlow))))
    }
    var targets = prefix
    // The tab each tab bar's level goes into, by level.
    var tabs: [Int: Int] = [:]
    if let tab { tabs[0] = tab }
    // The column each split's level goes into, by level.
    var columns: [Int: SplitColumn] = [:]
    if let splitColumn { columns[splitLevel] = splitColumn }
    let column = { (level: Int) in columns[level] }
    var live = LiveLevel.chain(
      from: rootNode, readingRoutes: true, tab: { tabs[$0] }, column: column)
    var below: (any RestorableFlow.Type)?
    for level in destination.levels {
      let type = level.flowType.type
      if let below, !below.declaredSubFlowTypes.contains(where: { $0 == type }) {
        // A tab of a tab bar or a column of a split the level below declares: the bar or the
        // split is a level of its own.
        if let bar = Self.bar(holding: type, declaredBy: below, at: targets.count, live: live) {
          tabs[targets.count] = bar.tab
          targets.append(PlanEngine.Target(bar: bar.type, tab: bar.tab))
          // A split tab's level, then its column's.
          if let split = bar.split {
            columns[targets.count] = split.column
            targets.append(PlanEngine.Target(split: split.type, column: split.column))
          }
        } else if let split = Self.split(holding: type, declaredBy: below) {
          columns[targets.count] = split.column
          targets.append(PlanEngine.Target(split: split.type, column: split.column))
        } else {
          return .failure(LinkFailure.notASubFlow(FlowName(type), of: FlowName(below)))
        }
      }
      if level.routes.isEmpty {
        return .failure(LinkFailure.cannotShow(flow: FlowName(type), route: nil, .emptyStack))
      }
      targets.append(PlanEngine.Target(type: type, routes: level.routes))
      below = type
    }
    guard targets.count > prefix.count else {
      return .failure(
        LinkFailure.cannotShow(flow: FlowName(type(of: rootFlow)), route: nil, .emptyStack))
    }
    if tabs.count > (tab == nil ? 0 : 1) || columns.count > (splitColumn == nil ? 0 : 1) {
      // Read again into the tabs and columns the plan goes into, as applying it will read the
      // tree.
      live = LiveLevel.chain(
        from: rootNode, readingRoutes: true, tab: { tabs[$0] }, column: column)
    }
    return .success(
      PlanEngine.makePlan(
        request: .destination(destination), targets: targets, live: live, options: .link))
  }

  /// The column of a split of type `split` whose flow type is `type`: the detail for a
  /// declared detail type, the primary for the primary's.
  private static func column(
    of type: (any RestorableFlow.Type)?, in split: any SplitFlow.Type
  ) -> SplitColumn? {
    guard let type else { return nil }
    if split.detailFlowTypes.contains(where: { $0 == type }) { return .detail }
    return split.primaryFlow == type ? .primary : nil
  }

  /// The split that `below` declares whose primary or detail flows include `type`, and the
  /// column `type` is shown in.
  private static func split(
    holding type: any RestorableFlow.Type, declaredBy below: any RestorableFlow.Type
  ) -> (type: any SplitFlow.Type, column: SplitColumn)? {
    for split in below.declaredSplitTypes {
      if let column = column(of: type, in: split) { return (split, column) }
    }
    return nil
  }

  /// The tab bar that `below` declares with a tab of type `type`, or a split tab with a column
  /// of that type, and the tab to go into (and the split's column): of the bar presented at
  /// `level`, the first tab of that type, the selected one first; of a new bar, its place in
  /// the declared tabs (``TabbedFlow/splitTabFlows``, then ``TabbedFlow/tabFlows``), which the
  /// engine corrects by type once the bar is made.
  private static func bar(
    holding type: any RestorableFlow.Type, declaredBy below: any RestorableFlow.Type,
    at level: Int, live: [LiveLevel]
  ) -> (
    type: any TabbedFlow.Type, tab: Int, split: (type: any SplitFlow.Type, column: SplitColumn)?
  )? {
    for bar in below.declaredBarTypes {
      var declared: (tab: Int, split: (type: any SplitFlow.Type, column: SplitColumn)?)?
      if let index = bar.tabFlows.firstIndex(where: { $0 == type }) {
        declared = (bar.splitTabFlows.count + index, nil)
      } else if let index = bar.splitTabFlows.firstIndex(where: { column(of: type, in: $0) != nil }
      ),
        let column = column(of: type, in: bar.splitTabFlows[index])
      {
        declared = (index, (bar.splitTabFlows[index], column))
      }
      guard let declared else { continue }
      // The type of the tab's flow: the split's for a split tab.
      let tabType = ObjectIdentifier(declared.split?.type ?? type)
      if level < live.count, let presented = live[level].bar,
        let owner = presented.owner, Swift.type(of: owner) == bar
      {
        let nodes = presented.tabsUntracked.tabs
        for index in tabOrder(of: presented)
        where nodes[index].owner.map({ ObjectIdentifier(Swift.type(of: $0)) == tabType }) ?? false {
          return (bar, index, declared.split)
        }
      }
      return (bar, declared.tab, declared.split)
    }
    return nil
  }

  /// The plan for `request`; a restoration is planned by the restorer, not here.
  func plan(for request: NavigationRequest) -> Result<NavigationPlan, LinkFailure> {
    if let link = request.link { return plan(for: link) }
    if let destination = request.destination { return plan(for: destination) }
    return .failure(LinkFailure.stalePlan)
  }

  /// The flow of `rootNode`, the router's root: the one it was made for, without a cast, or
  /// the tab bar's flow if it is restorable.
  func rootFlow(of rootNode: ContainerNode) -> (any RestorableFlow)? {
    linkableRoot() ?? rootNode.owner as? any RestorableFlow
  }

  /// Whether the router handles `link`: its own scheme, or a web link to one of its hosts.
  func accepts(_ link: DeepLink) -> Bool {
    if link.scheme == scheme { return true }
    guard DeepLink.isWebScheme(link.scheme), let host = link.host else { return false }
    return webHosts.contains(host)
  }

  /// Resolves `link` level by level from a flow of `type` at level `prefix.count`, preferring
  /// the flows already presented.
  ///
  /// At each level the flow's patterns give its stack; a remainder goes to the presented sub-flow
  /// if its type can handle it (and the stack below it does not change), otherwise to the first
  /// sub-flow type that can, else into the first tab that can of a declared tab bar (the
  /// presented bar's, the selected tab first, or a new bar's, in its declared order), and else
  /// into the column that can of a declared split (the presented split's, or a new one's). At a
  /// tab bar's or a split's level `live` is read again into the tab or column the path goes into.
  func targets(
    for link: DeepLink, from type: any LinkableFlow.Type, after prefix: [PlanEngine.Target],
    live: inout [LiveLevel]
  ) -> Result<[PlanEngine.Target], LinkFailure> {
    var type = type
    var current = link
    var targets = prefix
    var reusing = true
    // Set when no sub-flow type accepted the rest and resolution goes on into one whose own
    // patterns match, only to find where it really stops: it must not succeed from there.
    var refusal: LinkFailure?
    while true {
      guard let resolution = type.resolveErased(current) else {
        return .failure(
          LinkFailure.noRoute(flow: FlowName(type), remaining: Array(current.remaining)))
      }
      targets.append(PlanEngine.Target(type: type, routes: resolution.routes))
      let rest = resolution.remainder
      guard !rest.remaining.isEmpty else {
        return refusal.map { .failure($0) } ?? .success(targets)
      }
      guard targets.count < ResolutionDepth.limit else {
        return .failure(LinkFailure.tooDeep(limit: ResolutionDepth.limit))
      }
      let level = targets.count
      reusing = reusing && PlanEngine.canKeep(level, of: live, over: targets[level - 1].routes)
      // Each candidate type's own `canHandle` decides; answers are shared across the levels.
      let candidates = type.linkableSubFlowTypes
      var existing: (any LinkableFlow.Type)?
      if reusing, let flow = live[level].flow {
        // Usually one of the candidates, which are linkable already: no cast.
        let presented = ObjectIdentifier(Swift.type(of: flow))
        existing =
          candidates.first { ObjectIdentifier($0) == presented }
          ?? Swift.type(of: flow) as? any LinkableFlow.Type
      }
      let accepted = ResolutionDepth.resolving(from: level) { () -> (any LinkableFlow.Type)? in
        if let existing, existing.canHandle(rest) { return existing }
        return candidates.first { $0.canHandle(rest) }
      }
      if let accepted {
        reusing = reusing && existing == accepted
        type = accepted
      } else if let bar = ResolutionDepth.resolving(
        from: level + 1,
        { Self.bar(for: rest, from: type, at: level, live: &live, reusing: reusing) })
      {
        // The bar's level, then its tab's (a split tab's, then its column's): the tab's or
        // the column's flow resolves the rest.
        targets.append(PlanEngine.Target(bar: bar.type, tab: bar.tab))
        if let split = bar.split {
          targets.append(PlanEngine.Target(split: split.type, column: split.column))
        }
        reusing = bar.isLive
        type = bar.tabType
      } else if let split = ResolutionDepth.resolving(
        from: level + 1,
        { Self.split(for: rest, from: type, at: level, live: &live, reusing: reusing) })
      {
        // The split's level, then its column's: the column's flow resolves the rest.
        targets.append(PlanEngine.Target(split: split.type, column: split.column))
        reusing = split.isLive
        type = split.columnType
      } else if let next = candidates.first(where: { $0.resolveErased(rest) != nil }) {
        refusal =
          refusal
          ?? LinkFailure.noSubFlow(flow: FlowName(type), remaining: Array(rest.remaining))
        reusing = false
        type = next
      } else {
        return .failure(
          LinkFailure.noSubFlow(flow: FlowName(type), remaining: Array(rest.remaining)))
      }
      current = rest
    }
  }

  /// A tab bar a link goes into, the tab, the flow type that resolves the rest there, whether
  /// the bar is the live one, and, for a split tab, the split's type and column.
  private typealias ChosenBar = (
    type: AnyObject.Type, tab: Int, tabType: any LinkableFlow.Type, isLive: Bool,
    split: (type: AnyObject.Type, column: SplitColumn)?
  )

  /// The declared tab bar, and its tab, that takes `rest` from a flow of `type` at `level`: the
  /// bar presented there, if `reusing` and one of its tabs (the selected one first; a split
  /// tab by one of its columns) can handle it, otherwise the first declared bar with a tab that
  /// can; `nil` when none can.
  ///
  /// When a bar is presented at `level`, `live` is read again from it into the chosen tab (and
  /// column), as applying the plan will read it.
  private static func bar(
    for rest: DeepLink, from type: any LinkableFlow.Type, at level: Int,
    live: inout [LiveLevel], reusing: Bool
  ) -> ChosenBar? {
    let bars = type.linkableBars
    guard !bars.isEmpty else { return nil }
    let presented = level < live.count ? live[level].bar : nil
    var chosen: ChosenBar?
    if reusing, let presented, let owner = presented.owner,
      bars.contains(where: { ObjectIdentifier($0.type) == ObjectIdentifier(Swift.type(of: owner)) })
    {
      let nodes = presented.tabsUntracked.tabs
      for index in tabOrder(of: presented) {
        guard let tab = LinkableTab(nodes[index]),
          let choice = tab.choice(handling: rest, live: nodes[index] as? SplitContainer)
        else { continue }
        chosen = (Swift.type(of: owner), index, choice.type, true, choice.split)
        break
      }
    }
    if chosen == nil {
      // A new bar's tab, by the same rule; the engine finds it by type in the bar it makes.
      for bar in bars {
        guard let tab = bar.tab(handling: rest) else { continue }
        chosen = (bar.type, tab.index, tab.type, false, tab.split)
        break
      }
    }
    guard let chosen else { return nil }
    if let presented {
      live.replaceSubrange(
        level...,
        with: LiveLevel.chain(
          from: presented, readingRoutes: true, tab: { $0 == 0 ? chosen.tab : nil },
          column: { $0 == 1 ? chosen.split?.column : nil }))
    }
    return chosen
  }

  /// The declared split, and its column, that takes `rest` from a flow of `type` at `level`: the
  /// split presented there, if `reusing` and one of its columns can handle it, otherwise the
  /// first declared split with a column that can; `nil` when none can.
  ///
  /// When a split is presented at `level`, `live` is read again from it into the chosen column,
  /// as applying the plan will read it.
  private static func split(
    for rest: DeepLink, from type: any LinkableFlow.Type, at level: Int,
    live: inout [LiveLevel], reusing: Bool
  ) -> (
    type: AnyObject.Type, column: SplitColumn, columnType: any LinkableFlow.Type, isLive: Bool
  )? {
    let splits = type.declaredSplitTypes
    guard !splits.isEmpty else { return nil }
    let presented = level < live.count ? live[level].split : nil
    var chosen:
      (type: AnyObject.Type, column: SplitColumn, columnType: any LinkableFlow.Type, isLive: Bool)?
    if reusing, let presented, let owner = presented.owner as? any SplitFlow,
      splits.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(Swift.type(of: owner)) }),
      let column = Swift.type(of: owner).column(handling: rest, in: presented)
    {
      chosen = (Swift.type(of: owner), column.column, column.type, true)
    }
    if chosen == nil {
      for split in splits {
        guard let column = split.column(handling: rest, liveDetail: nil) else { continue }
        chosen = (split, column.column, column.type, false)
        break
      }
    }
    guard let chosen else { return nil }
    if let presented {
      live.replaceSubrange(
        level...,
        with: LiveLevel.chain(
          from: presented, readingRoutes: true, column: { $0 == 0 ? chosen.column : nil }))
    }
    return chosen
  }

  /// The order a tab bar's router asks its tabs in: the selected tab first, then the others.
  static func tabOrder(of container: TabContainer) -> [Int] {
    let (tabs, selected) = container.tabsUntracked
    return (selected.map { [$0] } ?? []) + tabs.indices.filter { $0 != selected }
  }
}
