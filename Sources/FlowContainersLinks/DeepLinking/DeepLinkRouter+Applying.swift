public import FlowContainersCore

extension DeepLinkRouter {
  /// Applies `plan` to the tree, if it still fits.
  ///
  /// The plan must have been made for the tree as it is now (``LinkFailure/Reason/stalePlan``
  /// otherwise). Guards are checked again, so a plan made while signed in cannot be applied
  /// after signing out, and flows the plan would dismiss may object. Then every screen and
  /// sub-flow the plan needs is made first, and only when all of them exist does the tree
  /// change, in one go: a plan is applied wholly or not at all.
  ///
  /// The plan is one change of the tree. What callbacks ask for while it is applied (an `onEnd`
  /// of a flow it dismisses, an observer, your sub-flow factory) runs after it; if that changes
  /// the tree, the outcome is ``LinkOutcome/interfered(_:_:)`` rather than
  /// ``LinkOutcome/applied(_:)``, which always means the tree shows the plan when this returns.
  /// Called from a callback of another change, it changes nothing and fails with
  /// ``LinkFailure/Reason/treeChanging``.
  ///
  /// The newest request wins: like ``open(_:)-(DeepLink)``, this drops a link that is held or
  /// still being validated (``LinkDropReason/superseded``), so it cannot resume over this plan.
  ///
  /// - Parameter plan: A plan from ``plan(for:)-(DeepLink)`` or ``plan(for:)-(LinkDestination)``.
  /// - Returns: ``LinkOutcome/applied(_:)``, or what happened instead.
  public func apply(_ plan: LinkPlan) -> LinkOutcome {
    supersedePendingLinks()
    return applyNow(plan)
  }

  /// Applies `plan` for a request that is the newest already: an opened link after planning or
  /// validation, or a held link resuming.
  func applyNow(_ plan: LinkPlan) -> LinkOutcome {
    if tabsRoot != nil, let failure = followTab(of: plan) { return .failed(LinkFailure(failure)) }
    guard let root else { return .failed(LinkFailure(.rootReleased)) }
    let node = PlanEngine.node(of: root)
    if let failure = Self.unchangeable(node) { return .failed(LinkFailure(failure)) }
    let (outcome, first) = node.performChangeNotingRequests { () -> LinkOutcome in
      switch prepare(plan) {
      case .stop(let outcome):
        return outcome
      case .go(let changes):
        // Nothing here holds the flows being dismissed, so each is released as its layer ends.
        PlanEngine.apply(tabChanges(of: plan) + changes, of: plan, telling: restorer.planObservers)
        return .applied(plan)
      }
    }
    guard case .applied = outcome, let first, !shows(plan) else { return outcome }
    return .interfered(
      plan,
      LinkInterference(operation: first.operation, fileID: "\(first.fileID)", line: first.line))
  }

  /// For a tab bar's router, makes the tab `plan` was made for the root the plan applies to.
  ///
  /// For a plan without a tab (a restoration), the selected tab. Returns why the plan is
  /// stale, if it is.
  private func followTab(of plan: LinkPlan) -> LinkFailure.Reason? {
    guard let tabsRoot else { return nil }
    guard let tab = plan.tab else {
      followSelectedTab()
      return nil
    }
    let container = tabsRoot.container
    guard let stamp = plan.tabStamp, stamp.container == ObjectIdentifier(container),
      stamp.revision == container.revision, container.tabsUntracked.indices.contains(tab.index),
      let flow = container.tabsUntracked[tab.index].owner as? any LinkableFlow
    else { return .stalePlan }
    root = flow
    restorer.root = flow
    return nil
  }

  /// The tab bar's own steps of `plan`, as changes.
  ///
  /// Dismiss what is over the tab container, then select the tab; they run inside the plan's
  /// change, before its other steps.
  private func tabChanges(of plan: LinkPlan) -> [() -> Void] {
    guard let tab = plan.tab, let container = tabsRoot?.container else { return [] }
    var changes: [() -> Void] = []
    for step in plan.steps {
      switch step {
      case .dismissOverTabs:
        changes.append {
          container.dismissPresented(.dismissedByPresenter, animated: false, cause: .deepLink)
        }
      case .selectTab:
        changes.append { container.select(tab.index, cause: .deepLink) }
      default:
        break
      }
    }
    return changes
  }

  /// Asks the flows presented over a tab bar, topmost first, whether they object to `plan`
  /// dismissing them; what happens to the link when one does.
  private func checkObjectionsOverTabs(to plan: LinkPlan) -> LinkOutcome? {
    let dismissesCover = plan.steps.contains {
      if case .dismissOverTabs = $0 { true } else { false }
    }
    guard dismissesCover, let bar = tabsRoot?.container, let cover = bar.presentedUntracked
    else { return nil }
    for node in Array(cover.chain(.towardTop)).reversed() {
      // An alert has no say: its presenter does, when the presenter stays (the tab bar), as on
      // a stack.
      var asked = node
      if node.owner is any TransientFlow {
        guard node.presenter === bar else { continue }
        asked = bar
      }
      guard let aware = asked.owner as? any InterruptionAware,
        let reason = aware.objection(toInterruptionBy: plan.request)
      else { continue }
      let flow = asked.ownerFlowType
      switch interruptionPolicy {
      case .drop:
        return .dropped(.objection(flow: flow, reason: reason))
      case .hold:
        return hold(plan.request, .objection(flow: flow, reason: reason), until: node.presenter)
      }
    }
    return nil
  }

  /// Why `node`'s tree cannot be changed by a link or a restoration now, if it cannot.
  static func unchangeable(_ node: ContainerNode) -> LinkFailure.Reason? {
    if node.isFinishedUntracked { return .rootFinished }
    if node.isTreeChanging { return .treeChanging }
    return nil
  }

  /// Whether the live tree shows `plan`'s targets: the same flow types, showing the same
  /// routes.
  func shows(_ plan: LinkPlan) -> Bool {
    guard let root else { return false }
    let live = LiveLevel.chain(from: root, readingRoutes: true)
    guard live.count == plan.levels.count else { return false }
    for (level, target) in plan.levels.enumerated() {
      guard let flow = live[level].flow, type(of: flow) == plan.flowTypes[level].type,
        live[level].routes.count == target.routes.count
      else { return false }
      for (route, expected) in zip(live[level].routes, target.routes) where route != expected {
        return false
      }
    }
    return true
  }

  private enum Preparation {
    case stop(LinkOutcome)
    case go([() -> Void])
  }

  private func prepare(_ plan: LinkPlan) -> Preparation {
    guard let root else { return .stop(.failed(LinkFailure(.rootReleased))) }
    let live = LiveLevel.chain(from: root, readingRoutes: false)
    guard plan.stamp.matches(live) else { return .stop(.failed(LinkFailure(.stalePlan))) }
    if let outcome = checkRequirements(of: plan) { return .stop(outcome) }
    if let outcome = checkObjections(to: plan, live: live) { return .stop(outcome) }
    do {
      return .go(try PlanEngine.prepareChanges(for: plan, live: live))
    } catch {
      return .stop(.failed(error.failure))
    }
  }

  /// Holds the link and presents a guard flow when a flow in the plan needs an unmet
  /// requirement; `nil` when every requirement holds.
  func checkRequirements(of plan: LinkPlan) -> LinkOutcome? {
    for flowType in plan.flowTypes {
      guard let requirement = flowType.linkable?.requirement else { continue }
      guard let registered = guards[requirement] else {
        return .failed(LinkFailure(.noGuard(requirement)))
      }
      guard !registered.isSatisfied() else { continue }
      if plan.request == .restoration { return .dropped(.guardNotSatisfied(requirement)) }
      return holdForGuard(plan.request, requirement)
    }
    return nil
  }

  /// Asks the flows the plan would dismiss, topmost first, whether they object.
  func checkObjections(to plan: LinkPlan, live: [LiveLevel]) -> LinkOutcome? {
    if let outcome = checkObjectionsOverTabs(to: plan) { return outcome }
    guard let objection = PlanEngine.objection(to: plan, live: live) else { return nil }
    let reason = LinkHoldReason.objection(flow: objection.flow, reason: objection.reason)
    switch interruptionPolicy {
    case .drop:
      return .dropped(.objection(flow: objection.flow, reason: objection.reason))
    case .hold:
      return hold(plan.request, reason, until: live[objection.presenter].container)
    }
  }
}

extension DeepLinkRouter {
  /// Calls `observer` where each plan this router applies (links, destinations, restorations)
  /// begins and ends; see ``PlanEvent``.
  ///
  /// - Parameter observer: Called on the main actor, inside the plan's change.
  /// - Returns: A token; the observer stays registered until it is cancelled or released.
  public func observePlans(_ observer: @escaping @MainActor (PlanEvent) -> Void) -> ObserverToken {
    restorer.observePlans(observer)
  }
}
