import FlowContainersCore

extension DeepLinkRouter {
  /// Builds the plan that following `link` would apply to the tree as it is now: a dry run
  /// with no side effects.
  ///
  /// Guards, objections and validation are not checked here; ``apply(_:)`` and
  /// ``open(_:)-(DeepLink)`` check them.
  ///
  /// - Parameter link: The link.
  /// - Returns: The plan, or where resolution stopped and why.
  public func plan(for link: DeepLink) -> Result<LinkPlan, LinkFailure> {
    if isTabBar {
      guard let tabsRoot else { return .failure(LinkFailure(.rootReleased)) }
      return planThroughTabs(link, tabsRoot)
    }
    guard let root else { return .failure(LinkFailure(.rootReleased)) }
    return plan(for: link, from: root)
  }

  /// The plan for `link` from `root`, the router's root or the tab flow a link goes to.
  private func plan(
    for link: DeepLink, from root: any LinkableFlow
  ) -> Result<LinkPlan, LinkFailure> {
    guard accepts(link) else {
      return .failure(LinkFailure(.unsupportedScheme(link)))
    }
    let live = LiveLevel.chain(from: root, readingRoutes: true)
    // One resolution: the answers of every type's `canHandle` are shared across its levels.
    let resolved = ResolutionDepth.resolving(from: 0) { targets(for: link, root: root, live: live) }
    return resolved.map { targets in
      PlanEngine.makePlan(request: .link(link), targets: targets, live: live, options: .link)
    }
  }

  /// Builds the plan that showing `destination` would apply to the tree as it is now: a dry
  /// run with no side effects.
  ///
  /// The levels must form a chain the root can build: the router's root type first, then each
  /// type one of the ``RestorableFlow/subFlows`` of the one before, each showing at least one
  /// route.
  ///
  /// - Parameter destination: Where to go, root first.
  /// - Returns: The plan, or why the destination cannot be reached.
  public func plan(for destination: LinkDestination) -> Result<LinkPlan, LinkFailure> {
    if isTabBar {
      guard let tabsRoot else { return .failure(LinkFailure(.rootReleased)) }
      // The tab whose flow is of the destination's root type, the selected one first.
      let container = tabsRoot.container
      let nodes = container.tabsUntracked
      let type = destination.levels.first?.flowType.type
      for index in Self.tabOrder(of: container) {
        guard let flow = nodes[index].owner as? any LinkableFlow, Swift.type(of: flow) == type
        else { continue }
        return plan(for: destination, from: flow).map { $0.through(tab: index, of: container) }
      }
      return .failure(
        LinkFailure(
          .notTheRoot(
            FlowTypeName(type), root: FlowTypeName(Swift.type(of: tabsRoot)))))
    }
    guard let root else { return .failure(LinkFailure(.rootReleased)) }
    return plan(for: destination, from: root)
  }

  /// The plan for `destination` from `root`, the router's root or a tab's flow.
  private func plan(
    for destination: LinkDestination, from root: any LinkableFlow
  ) -> Result<LinkPlan, LinkFailure> {
    var targets: [PlanEngine.Target] = []
    var below: (any RestorableFlow.Type)?
    for level in destination.levels {
      let type = level.flowType.type
      if let below {
        guard below.declaredSubFlowTypes.contains(where: { $0 == type }) else {
          return .failure(
            LinkFailure(.notASubFlow(FlowTypeName(type), of: FlowTypeName(below))))
        }
      } else if type != Swift.type(of: root) {
        return .failure(
          LinkFailure(.notTheRoot(FlowTypeName(type), root: FlowTypeName(Swift.type(of: root)))))
      }
      if level.routes.isEmpty {
        return .failure(LinkFailure(.cannotShow(flow: FlowTypeName(type), route: nil, .emptyStack)))
      }
      targets.append(PlanEngine.Target(type: type, routes: level.routes))
      below = type
    }
    guard !targets.isEmpty else {
      return .failure(
        LinkFailure(.cannotShow(flow: FlowTypeName(Swift.type(of: root)), route: nil, .emptyStack)))
    }
    let live = LiveLevel.chain(from: root, readingRoutes: true)
    return .success(
      PlanEngine.makePlan(
        request: .destination(destination), targets: targets, live: live, options: .link))
  }

  /// The plan for `request`; a restoration is planned by the restorer, not here.
  func plan(for request: LinkRequest) -> Result<LinkPlan, LinkFailure> {
    switch request {
    case .link(let link): plan(for: link)
    case .destination(let destination): plan(for: destination)
    case .restoration: .failure(LinkFailure(.stalePlan))
    }
  }

  func accepts(_ link: DeepLink) -> Bool {
    if link.scheme == scheme { return true }
    guard DeepLink.isWebScheme(link.scheme), let host = link.host else { return false }
    return webHosts.contains(host)
  }

  /// Resolves `link` level by level, preferring the flows already presented.
  ///
  /// At each level the flow's patterns give its stack; a remainder goes to the presented sub-flow
  /// if its type can handle it (and the stack below it does not change), otherwise to the first
  /// sub-flow type that can.
  func targets(
    for link: DeepLink, root: any LinkableFlow, live: [LiveLevel]
  ) -> Result<[PlanEngine.Target], LinkFailure> {
    var type: any LinkableFlow.Type = Swift.type(of: root)
    var current = link
    var targets: [PlanEngine.Target] = []
    var reusing = true
    // Set when no sub-flow type accepted the rest and resolution goes on into one whose own
    // patterns match, only to find where it really stops: it must not succeed from there.
    var refusal: LinkFailure?
    while true {
      guard let resolution = type.resolveErased(current) else {
        return .failure(
          LinkFailure(.noRoute(flow: FlowTypeName(type), remaining: Array(current.remaining))))
      }
      targets.append(PlanEngine.Target(type: type, routes: resolution.routes))
      let rest = resolution.remainder
      guard !rest.remaining.isEmpty else {
        return refusal.map { .failure($0) } ?? .success(targets)
      }
      guard targets.count < ResolutionDepth.limit else {
        return .failure(LinkFailure(.tooDeep(limit: ResolutionDepth.limit)))
      }
      let level = targets.count
      reusing = reusing && PlanEngine.canKeep(level, of: live, over: targets[level - 1].routes)
      let existing =
        reusing ? live[level].flow.flatMap { Swift.type(of: $0) as? any LinkableFlow.Type } : nil
      // Each candidate type's own `canHandle` decides; answers are shared across the levels.
      let candidates = type.linkableSubFlowTypes
      let accepted = ResolutionDepth.resolving(from: level) { () -> (any LinkableFlow.Type)? in
        if let existing, existing.canHandle(rest) { return existing }
        return candidates.first { $0.canHandle(rest) }
      }
      if let accepted {
        reusing = reusing && existing == accepted
        type = accepted
      } else if let next = candidates.first(where: { $0.resolveErased(rest) != nil }) {
        refusal =
          refusal
          ?? LinkFailure(.noSubFlow(flow: FlowTypeName(type), remaining: Array(rest.remaining)))
        reusing = false
        type = next
      } else {
        return .failure(
          LinkFailure(.noSubFlow(flow: FlowTypeName(type), remaining: Array(rest.remaining))))
      }
      current = rest
    }
  }
}

extension DeepLinkRouter {
  /// The plan for `link` in a tab bar: the first tab, the selected one first, whose flow type
  /// can handle it, then the link from that tab's flow.
  private func planThroughTabs(
    _ link: DeepLink, _ tabs: any TabbedFlow
  ) -> Result<LinkPlan, LinkFailure> {
    guard accepts(link) else { return .failure(LinkFailure(.unsupportedScheme(link))) }
    let container = tabs.container
    let nodes = container.tabsUntracked
    for index in Self.tabOrder(of: container) {
      guard let flow = nodes[index].owner as? any LinkableFlow, type(of: flow).canHandle(link)
      else { continue }
      return plan(for: link, from: flow).map { $0.through(tab: index, of: container) }
    }
    // No tab accepts it. As resolution goes on into the first sub-flow whose patterns match to
    // find the deepest flow that could not take the rest, it goes on into the first tab, in the
    // tabs' order whatever is selected, whose patterns match; with none, the tab bar is that flow.
    let stoppedAtTabs = LinkFailure(
      .noSubFlow(flow: FlowTypeName(type(of: tabs)), remaining: Array(link.remaining)))
    for node in nodes {
      guard let flow = node.owner as? any LinkableFlow, type(of: flow).resolveErased(link) != nil
      else { continue }
      switch plan(for: link, from: flow) {
      case .failure(let failure): return .failure(failure)
      // Its patterns take the link, but its own `canHandle` refused it.
      case .success: return .failure(stoppedAtTabs)
      }
    }
    return .failure(stoppedAtTabs)
  }
}

extension DeepLinkRouter {
  /// The order a tab bar's router asks its tabs in: the selected tab first, then the others.
  static func tabOrder(of container: TabContainer) -> [Int] {
    let selected = container.selectedIndexUntracked
    return (selected.map { [$0] } ?? []) + container.tabsUntracked.indices.filter { $0 != selected }
  }
}

extension LinkPlan {
  /// This plan, for the tab at `index` of `container`: first dismiss a modal over the tab
  /// container, then select the tab, then the plan's own steps.
  @MainActor
  func through(tab index: Int, of container: TabContainer) -> LinkPlan {
    let flow = container.tabsUntracked[index].ownerFlowType
    var prefix: [Step] = []
    if let cover = container.presentedUntracked {
      prefix.append(.dismissOverTabs(flow: cover.ownerFlowType))
    }
    if index != container.selectedIndexUntracked {
      prefix.append(.selectTab(index: index, flow: flow))
    }
    var plan = LinkPlan(
      request: request, levels: levels, steps: prefix + steps, types: flowTypes.map(\.type),
      stamp: stamp, options: options)
    plan.tab = TabTarget(index: index, flow: flow)
    plan.tabStamp = TreeStamp.Entry(
      container: ObjectIdentifier(container), revision: container.revision)
    return plan
  }
}
