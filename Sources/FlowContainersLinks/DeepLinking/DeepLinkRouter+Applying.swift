import FlowContainersCore
public import FlowContainersRestoration

extension DeepLinkRouter {
  /// Applies `plan` to the tree, if it still fits.
  ///
  /// The plan must have been made for the tree as it is now (``LinkFailure/stalePlan``
  /// otherwise). Guards are checked again, and flows the plan would dismiss may object. Every
  /// screen and sub-flow it needs is made before the tree changes: wholly or not at all.
  ///
  /// The plan is one change of the tree. What callbacks ask for while it is applied (an `onEnd`
  /// of a flow it dismisses, an observer, your sub-flow factory) runs after it; if that changes
  /// the tree, the outcome is ``LinkOutcome/interfered(_:operation:fileID:line:)`` rather than
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

  /// Applies `plan` for the newest request or, `superseding`, one that becomes the newest once
  /// the tree is found changeable (a refused plan drops nothing).
  func applyNow(_ plan: NavigationPlan, superseding: Bool = false) -> LinkOutcome {
    if let failure = unchangeable() { return .failed(failure) }
    // `onHeldLinkEnd` hears a dropped link, and may change the tree: it is checked again then.
    if superseding, supersedePendingLinks(), let failure = unchangeable() {
      return .failed(failure)
    }
    // In the plan's one change: requirements (a guard may be presented and the link held),
    // then objections, then every flow and screen made, then the changes.
    var stop: LinkOutcome?
    let (result, first) = restorer.apply(plan) { plan in
      // Set only when a requirement stops the plan: assigning and comparing copy the outcome.
      guard let held = checkRequirements(of: plan) else { return true }
      stop = held
      return false
    }
    switch consume result {
    case .success(false): return stop ?? .failed(.stalePlan)
    case .success(true):
      guard let first else { return .applied(plan) }
      return .interfered(
        plan, operation: first.operation, fileID: "\(first.fileID)", line: first.line)
    case .failure(.objection(let flow, let reason, let waitingOn)):
      guard !dropsObjectedLinks else { return .dropped(.objection(flow: flow, reason: reason)) }
      return hold(plan.request, .objection(flow: flow, reason: reason), until: waitingOn)
    case .failure(let failure): return .failed(LinkFailure(planning: failure))
    }
  }

  /// Why the router's tree cannot be changed by a link now, if it cannot: released, finished,
  /// or changing.
  func unchangeable() -> LinkFailure? {
    guard let rootNode else { return .rootReleased }
    let state = rootNode.details()
    if state.isFinished { return .rootFinished }
    if state.isChanging { return .treeChanging }
    return nil
  }

  /// Holds the link and presents a guard flow when a flow in the plan needs an unmet
  /// requirement; `nil` when every requirement holds.
  func checkRequirements(of plan: NavigationPlan) -> LinkOutcome? {
    for requirement in plan.requirements {
      guard let registered = guards[requirement] else {
        return .failed(LinkFailure.noGuard(requirement))
      }
      guard !registered.isSatisfied() else { continue }
      return holdForGuard(plan.request, requirement)
    }
    return nil
  }
}
