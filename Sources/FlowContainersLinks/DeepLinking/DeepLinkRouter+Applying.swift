public import FlowContainersCore
public import FlowContainersRestoration

extension DeepLinkRouter {
  /// Applies `plan` to the tree, if it still fits.
  ///
  /// The plan must have been made for the tree as it is now (``LinkFailure/stalePlan``
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
  /// ``LinkFailure/treeChanging``.
  ///
  /// The newest request wins: like ``open(_:)-(DeepLink)``, this drops a link that is held or
  /// still being validated (``LinkDropReason/superseded``), so it cannot resume over this plan;
  /// a plan refused because the tree is changing, finished or released drops nothing.
  ///
  /// - Parameter plan: A plan from ``plan(for:)-(DeepLink)`` or ``plan(for:)-(LinkDestination)``.
  /// - Returns: ``LinkOutcome/applied(_:)``, or what happened instead.
  public func apply(_ plan: NavigationPlan) -> LinkOutcome {
    applyNow(plan, superseding: true)
  }

  /// Applies `plan` for a request that is the newest already (an opened link after planning or
  /// validation, or a held link resuming), or, `superseding`, one that becomes the newest once
  /// the tree is found changeable: a plan refused for the tree's state (changing, finished,
  /// released) is no newer request, and drops no held link or validation.
  func applyNow(_ plan: NavigationPlan, superseding: Bool = false) -> LinkOutcome {
    guard let rootNode else { return .failed(LinkFailure.rootReleased) }
    if let failure = Self.unchangeable(rootNode) { return .failed(failure) }
    // The delegate hears a dropped link, and may change the tree: it is checked again then.
    if superseding, supersedePendingLinks(), let failure = Self.unchangeable(rootNode) {
      return .failed(failure)
    }
    let (outcome, first) = rootNode.performChange { () -> LinkOutcome in
      switch prepare(plan, from: rootNode) {
      case .stop(let outcome):
        return outcome
      case .go(let changes):
        // Nothing here holds the flows being dismissed, so each is released as its layer ends.
        PlanEngine.apply(changes, of: plan, telling: restorer.planObservers)
        return .applied(plan)
      }
    }
    guard case .applied = outcome, let first, !shows(plan) else { return outcome }
    return .interfered(
      plan,
      LinkInterference(operation: first.operation, fileID: "\(first.fileID)", line: first.line))
  }

  /// Why `node`'s tree cannot be changed by a link or a restoration now, if it cannot.
  static func unchangeable(_ node: ContainerNode) -> LinkFailure? {
    let reading = node.untracked
    if reading.isFinished { return .rootFinished }
    if reading.isChanging { return .treeChanging }
    return nil
  }

  /// Whether the live tree shows `plan`'s targets: the same flow types, showing the same
  /// routes.
  func shows(_ plan: NavigationPlan) -> Bool {
    guard let rootNode else { return false }
    // A bar the plan presented is read into its selected tab: the plan's position of its tab
    // is where the bar's declaration lists it, and the next level's type checks the tab.
    let live = LiveLevel.chain(
      from: rootNode, flow: rootFlow(of: rootNode), readingRoutes: true,
      tab: {
        plan.levels.indices.contains($0) && plan.levels[$0].isReused ? plan.tab(at: $0) : nil
      },
      column: plan.column(at:))
    guard live.count == plan.levels.count else { return false }
    for (level, target) in plan.levels.enumerated() {
      if let column = plan.column(at: level) {
        // The path goes into that column, over which the split presents nothing.
        guard let split = live[level].split, let columns = split.untracked.columns,
          column == .detail || columns.detail == nil, split.untracked.presented == nil
        else { return false }
        continue
      }
      if let tab = plan.tabs[level] {
        guard let bar = live[level].bar, !target.isReused || bar.tabsUntracked.selected == tab,
          bar.untracked.presented == nil
        else { return false }
        continue
      }
      guard let flow = live[level].flow, type(of: flow) == plan.flowTypes[level]?.type,
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
    case go([PlanChange])
  }

  private func prepare(_ plan: NavigationPlan, from rootNode: ContainerNode) -> Preparation {
    let live = LiveLevel.chain(
      from: rootNode, flow: rootFlow(of: rootNode), readingRoutes: false, tab: plan.tab(at:),
      column: plan.column(at:))
    guard plan.stamp.matches(live) else { return .stop(.failed(LinkFailure.stalePlan)) }
    if let outcome = checkRequirements(of: plan) { return .stop(outcome) }
    if let outcome = checkObjections(to: plan, live: live) { return .stop(outcome) }
    do {
      return .go(try PlanEngine.prepareChanges(for: plan, live: live))
    } catch {
      return .stop(.failed(LinkFailure(preparing: error.failure)))
    }
  }

  /// Holds the link and presents a guard flow when a flow in the plan needs an unmet
  /// requirement; `nil` when every requirement holds.
  func checkRequirements(of plan: NavigationPlan) -> LinkOutcome? {
    for flowType in plan.flowTypes {
      guard let requirement = flowType?.type.requirement else { continue }
      guard let registered = guards[requirement] else {
        return .failed(LinkFailure.noGuard(requirement))
      }
      guard !registered.isSatisfied() else { continue }
      if plan.request == .restoration { return .dropped(.guardNotSatisfied(requirement)) }
      return holdForGuard(plan.request, requirement)
    }
    return nil
  }

  /// Asks the flows the plan would dismiss, topmost first, whether they object.
  func checkObjections(to plan: NavigationPlan, live: [LiveLevel]) -> LinkOutcome? {
    guard let objection = PlanEngine.objection(to: plan, live: live) else { return nil }
    let reason = LinkHoldReason.objection(flow: objection.flow, reason: objection.reason)
    switch interruptionPolicy {
    case .drop:
      return .dropped(.objection(flow: objection.flow, reason: objection.reason))
    case .hold:
      return hold(plan.request, reason, until: objection.presenter)
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

extension LinkFailure {
  /// The failure a link reports when its plan could not be prepared.
  init(preparing failure: PreparationFailure.Reason) {
    switch failure {
    case .stalePlan: self = .stalePlan
    case .cannotShow(let flow, let route, let why):
      self = .cannotShow(flow: flow, route: route, why)
    case .cannotCreate(let flow, let subFlow): self = .cannotCreate(flow: flow, subFlow: subFlow)
    }
  }
}
