import FlowContainersCore

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
  /// of a flow it dismisses, an observer, your `makeSubFlow`) runs after it; if that changes
  /// the tree, the outcome is ``LinkOutcome/interfered(_:_:)`` rather than
  /// ``LinkOutcome/applied(_:)``, which always means the tree shows the plan when this returns.
  /// Called from a callback of another change, it changes nothing and fails with
  /// ``LinkFailure/Reason/treeChanging``.
  ///
  /// - Parameter plan: A plan from ``plan(for:)``.
  /// - Returns: ``LinkOutcome/applied(_:)``, or what happened instead.
  public func apply(_ plan: LinkPlan) -> LinkOutcome {
    guard let root else { return .failed(LinkFailure(.rootReleased)) }
    let node = Self.node(of: root)
    if let failure = Self.unchangeable(node) { return .failed(LinkFailure(failure)) }
    let (outcome, first) = node.performChangeNotingRequests { () -> LinkOutcome in
      switch prepare(plan) {
      case .stop(let outcome):
        return outcome
      case .go(let changes):
        // Nothing here holds the flows being dismissed, so each is released as its layer ends.
        for change in changes { change() }
        return .applied(plan)
      }
    }
    guard case .applied = outcome, let first, !shows(plan) else { return outcome }
    return .interfered(
      plan,
      LinkInterference(operation: first.operation, fileID: "\(first.fileID)", line: first.line))
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
      return .go(try prepareChanges(for: plan, live: live))
    } catch {
      return .stop(.failed(error.failure))
    }
  }

  /// Holds the link and presents a guard flow when a flow in the plan needs an unmet
  /// requirement; `nil` when every requirement holds.
  func checkRequirements(of plan: LinkPlan) -> LinkOutcome? {
    for flowType in plan.flowTypes {
      guard let requirement = flowType.type.requirement else { continue }
      guard let registered = guards[requirement] else {
        return .failed(LinkFailure(.noGuard(requirement)))
      }
      guard !registered.isSatisfied() else { continue }
      guard let link = plan.link else { return .dropped(.guardNotSatisfied(requirement)) }
      return holdForGuard(link, requirement)
    }
    return nil
  }

  /// Asks the flows the plan would dismiss, topmost first, whether they object.
  func checkObjections(to plan: LinkPlan, live: [LiveLevel]) -> LinkOutcome? {
    guard let link = plan.link, let objection = objection(to: plan, live: live, link: link) else {
      return nil
    }
    let reason = LinkHoldReason.objection(flow: objection.flow, reason: objection.reason)
    switch interruptionPolicy {
    case .drop:
      return .dropped(.objection(flow: objection.flow, reason: objection.reason))
    case .hold:
      return hold(link, reason, until: live[objection.level - 1].container)
    }
  }

  /// The first flow the plan would dismiss, topmost first, that objects to `link`: its level,
  /// its name and why.
  func objection(
    to plan: LinkPlan, live: [LiveLevel], link: DeepLink
  ) -> (level: Int, flow: String, reason: String)? {
    for case .dismiss(let level, _) in plan.steps {
      for index in (level..<live.count).reversed() {
        guard let aware = live[index].container.owner as? any InterruptionAware,
          let reason = aware.objection(toInterruptionBy: link)
        else { continue }
        return (index, live[index].name, reason)
      }
    }
    return nil
  }

  /// Makes every screen and sub-flow the plan needs, and returns the changes that install them.
  ///
  /// Nothing in the tree moves until the changes run.
  func prepareChanges(
    for plan: LinkPlan, live: [LiveLevel]
  ) throws(PreparationFailure) -> [() -> Void] {
    let animated = plan.cause != .restoration
    let cause = plan.cause
    var flows: [any LinkableFlow] = []
    for (level, target) in plan.levels.enumerated() {
      if target.isReused, level < live.count, let flow = live[level].flow {
        flows.append(flow)
      } else if level > 0 {
        let parent = flows[level - 1]
        let child = try makeSubFlow(
          parent: parent, type: plan.flowTypes[level].type, over: plan.levels[level - 1].routes,
          showing: target.routes, level: level, cause: cause)
        flows.append(child)
      } else {
        throw PreparationFailure(level: 0, index: nil, failure: LinkFailure(.stalePlan))
      }
    }
    if cause == .restoration {
      // Restored IDs are checked against current data, even where the screen already shows.
      for (level, flow) in flows.enumerated() {
        try checkScreens(for: plan.levels[level].routes, in: flow, level: level)
      }
    }
    var changes: [() -> Void] = []
    for step in plan.steps {
      switch step {
      case .dismiss(let level, _):
        let presenter = live[level - 1].container
        changes.append {
          presenter.dismissPresented(.dismissedByPresenter, animated: animated, cause: cause)
        }
      case .popTo(let level, _, _), .push(let level, _, _), .replace(let level, _, _):
        // Pushed routes are the end of the level's target stack.
        let offset = plan.levels[level].routes.count - step.routes.count
        changes.append(
          try prepare(
            step, on: flows[level], level: level, offset: offset, animated: animated, cause: cause))
      case .present(let level, _, _):
        changes.append(
          present(flows[level], over: flows[level - 1], animated: animated, cause: cause))
      }
    }
    return changes
  }

  private func prepare<Flow: LinkableFlow>(
    _ step: LinkPlan.Step, on flow: Flow, level: Int, offset: Int, animated: Bool,
    cause: NavigationCause
  ) throws(PreparationFailure) -> () -> Void {
    let container = flow.container
    switch step {
    case .popTo(_, _, let index):
      return {
        container.pop(toIndex: index, animated: animated, cause: cause)
      }
    case .push(_, _, let routes):
      let screens = try makeScreens(for: routes, in: flow, level: level, offset: offset)
      return { container.push(screens, animated: animated, cause: cause) }
    case .replace(_, _, let routes):
      let screens = try makeScreens(for: routes, in: flow, level: level, offset: 0)
      return { container.setStack(screens, animated: animated, cause: cause) }
    case .dismiss, .present:
      return {}
    }
  }

  private func present<Child: LinkableFlow>(
    _ child: Child, over parent: any LinkableFlow, animated: Bool, cause: NavigationCause
  ) -> () -> Void {
    let presenter = Self.node(of: parent)
    // The change holds the new flow until it is presented; then the presentation holds it.
    // Nothing runs between preparing and applying the plan, so the presentation fits.
    return { [weak parent] in
      guard presenter.canPresentNow(child.container) else { return }
      presenter.present(
        child.container, animated: animated, cause: cause,
        onEnd: { [weak parent, weak child] ending in
          if let parent, let child { parent.linkedSubFlow(child, didEndWith: ending) }
        })
    }
  }

  static func node<Flow: LinkableFlow>(of flow: Flow) -> ContainerNode { flow.container }

  private func makeSubFlow<Parent: LinkableFlow>(
    parent: Parent, type: any LinkableFlow.Type, over parentRoutes: [AnyRoute],
    showing routes: [AnyRoute], level: Int, cause: NavigationCause
  ) throws(PreparationFailure) -> any LinkableFlow {
    // Loops rather than `compactMap` and `map`: this code runs unspecialised (the flows are
    // existentials), where the generic algorithms look up metadata for every element.
    var stack: [Parent.Route] = []
    stack.reserveCapacity(parentRoutes.count)
    for index in parentRoutes.indices {
      if let route = parentRoutes[index].as(Parent.Route.self) { stack.append(route) }
    }
    guard let child = parent.makeSubFlow(type, over: stack), Swift.type(of: child) == type,
      Self.isFresh(child)
    else {
      throw PreparationFailure(
        level: level, index: nil,
        failure: LinkFailure(.cannotCreate(flow: Parent.flowName, subFlow: type.flowName)))
    }
    try setStack(of: child, to: routes, level: level, cause: cause)
    return child
  }

  private static func isFresh<Flow: LinkableFlow>(_ flow: Flow) -> Bool {
    !flow.container.isFinishedUntracked && flow.container.presenter == nil
      && flow.container.owner === flow
  }

  private func setStack<Flow: LinkableFlow>(
    of flow: Flow, to routes: [AnyRoute], level: Int, cause: NavigationCause
  ) throws(PreparationFailure) {
    if Self.shows(flow, routes) { return }
    // Restoring, a new sub-flow keeps its root screen: an empty saved stack is not one it could
    // have had.
    if cause == .restoration, routes.isEmpty {
      throw PreparationFailure(
        level: level, index: 0,
        failure: LinkFailure(
          .cannotShow(
            flow: Flow.flowName, route: "(nothing)",
            reason: "the saved stack is empty; a flow keeps its root screen")))
    }
    let screens = try makeScreens(for: routes, in: flow, level: level, offset: 0)
    let container = flow.container
    container.performChange { container.setStack(screens, animated: false, cause: cause) }
  }

  /// Whether `flow`'s stack shows exactly `routes`.
  private static func shows<Flow: LinkableFlow>(_ flow: Flow, _ routes: [AnyRoute]) -> Bool {
    let storage = flow.container.screensUntracked
    guard storage.count == routes.count else { return false }
    for index in storage.indices {
      guard let route = flow.route(for: storage[index]),
        routes[index].as(Flow.Route.self) == route
      else { return false }
    }
    return true
  }

  private func checkScreens<Flow: LinkableFlow>(
    for routes: [AnyRoute], in flow: Flow, level: Int
  ) throws(PreparationFailure) {
    _ = try makeScreens(for: routes, in: flow, level: level, offset: 0)
  }

  /// Makes the screens for `routes`, which will stand at `offset` and above in the stack at
  /// `level`.
  func makeScreens<Flow: LinkableFlow>(
    for routes: [AnyRoute], in flow: Flow, level: Int, offset: Int
  ) throws(PreparationFailure) -> [Flow.Screen] {
    var screens: [Flow.Screen] = []
    screens.reserveCapacity(routes.count)
    for (index, route) in routes.enumerated() {
      let reason: String
      if let typed = route.as(Flow.Route.self) {
        do {
          screens.append(try flow.makeScreen(for: typed))
          continue
        } catch {
          reason = String(describing: error)
        }
      } else {
        reason = "not a \(Flow.Route.self)"
      }
      throw PreparationFailure(
        level: level, index: offset + index,
        failure: LinkFailure(
          .cannotShow(flow: Flow.flowName, route: route.description, reason: reason)))
    }
    return screens
  }
}

extension TreeStamp {
  /// Whether the live chain is the one this stamp was taken of, unchanged.
  @MainActor
  func matches(_ live: [LiveLevel]) -> Bool {
    entries.count == live.count
      && zip(entries, live).allSatisfy { entry, level in
        entry.container == ObjectIdentifier(level.container)
          && entry.revision == level.container.revision
      }
  }
}

/// Why a plan could not be prepared, and where: the level, and the index in its target stack of
/// the route that could not be shown (`nil` when the flow itself could not be created).
struct PreparationFailure: Error {
  let level: Int
  let index: Int?
  let failure: LinkFailure
}
