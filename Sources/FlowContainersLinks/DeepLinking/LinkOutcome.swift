public import FlowContainersCore
public import FlowContainersRestoration

/// What happened to a link or a destination.
///
/// ```swift
/// switch await router.open("notes://note/2/edit") {
/// case .applied(let plan): print("showing", plan.levels.last?.routes ?? [])
/// case .held(let reason): print("waiting:", reason)
/// case .dropped(let reason): print("dropped:", reason)
/// case .interfered(_, let operation, let fileID, let line): print("then", operation, fileID, line)
/// case .failed(let failure): print(failure)
/// }
/// ```
public enum LinkOutcome: Sendable, Equatable {
  /// The link was applied by this plan, and the tree shows it.
  case applied(NavigationPlan)
  /// The plan was applied whole, but navigation that callbacks asked for while it was applied
  /// (an `onEnd` presenting a follow-up, an observer, a sub-flow factory that pushed) ran after
  /// it and changed the tree: the tree no longer shows the plan. The `operation` asked for
  /// (such as `present(_:)`), and the file and line of its call, name the first such request.
  case interfered(NavigationPlan, operation: String, fileID: String, line: UInt)
  /// The link is held, and resumes when the reason clears (the guard is satisfied, the objecting
  /// flow goes away). The router's ``DeepLinkRouter/onHeldLinkEnd`` hears how it ends.
  case held(LinkHoldReason)
  /// The link was dropped on purpose; the tree is as it was.
  case dropped(LinkDropReason)
  /// The link could not be followed; the tree is as it was.
  case failed(LinkFailure)
}

/// Why a link is held.
public enum LinkHoldReason: Sendable, Hashable {
  /// A flow on the way needs this requirement; its guard flow is presented.
  case guardRequired(FlowRequirement)
  /// A flow the link would dismiss objected, for this reason.
  case objection(flow: FlowName, reason: String)
}

/// Why a link was dropped.
public enum LinkDropReason: Sendable, Hashable {
  /// A flow the link would dismiss objected, and the router drops such links
  /// (``DeepLinkRouter/dropsObjectedLinks``).
  case objection(flow: FlowName, reason: String)
  /// A newer link arrived while this one was held or being validated.
  case superseded
  /// It was held longer than the router's expiry.
  case expired
  /// Its guard flow ended without the requirement being met (the user cancelled sign-in).
  case guardNotSatisfied(FlowRequirement)
}

/// Why a deep link could not be followed: where resolution stopped and why.
///
/// ```swift
/// if case .failed(let failure) = await router.open("notes://nowhere") {
///   print(failure)  // no route in AppFlow for "nowhere"
/// }
/// ```
public enum LinkFailure: Error, Sendable, Hashable {
  /// The text is not a valid link.
  case malformed(DeepLinkError)
  /// The link's scheme (or web host) is not one the router answers to.
  case unsupportedScheme(DeepLink)
  /// No pattern of `flow` matches the `remaining` components.
  case noRoute(flow: FlowName, remaining: [String])
  /// No sub-flow type of `flow`, the deepest flow whose patterns matched, can handle the
  /// `remaining` components (for a tab bar's router, no tab's patterns match the link).
  case noSubFlow(flow: FlowName, remaining: [String])
  /// A destination's level names a flow type that is not a sub-flow of the level below.
  case notASubFlow(FlowName, of: FlowName)
  /// A destination's first level is not the router's root type.
  case notTheRoot(FlowName, root: FlowName)
  /// Resolution went deeper than the limit: sub-flows hand the link around without consuming it.
  case tooDeep(limit: Int)
  /// The validator rejected the link with this error.
  case rejected(ThrownError)
  /// The plan was made for a tree that has changed since.
  case stalePlan
  /// `flow` could not show `route` (`nil` for an empty stack), for the given reason.
  case cannotShow(flow: FlowName, route: AnyRoute?, ScreenFailure)
  /// `flow` did not create the `subFlow` the plan needs. A level's screens are made first: when
  /// one of them cannot be shown (a deleted note), the failure is ``cannotShow(flow:route:_:)``.
  case cannotCreate(flow: FlowName, subFlow: FlowName)
  /// A flow on the way needs `requirement`, and no guard is registered for it.
  case noGuard(FlowRequirement)
  /// The router's root flow has been released: the router holds its root weakly, and the
  /// caller must keep it alive.
  case rootReleased
  /// The root's container has finished; a finished container never changes again.
  case rootFinished
  /// A change was under way in the tree: the plan was applied from a callback (an observer,
  /// `onEnd`) of another change. Apply it after that change, for example from a `Task`.
  case treeChanging
}

extension LinkFailure: CustomStringConvertible {
  /// One line for a person.
  public var description: String {
    func path(_ components: [String]) -> String { "\"\(components.joined(separator: "/"))\"" }
    switch self {
    case .malformed(let error): return error.description
    case .unsupportedScheme(let scheme): return "unsupported link \"\(scheme)\""
    case .noRoute(let flow, let remaining): return "no route in \(flow) for \(path(remaining))"
    case .noSubFlow(let flow, let remaining):
      return "no sub-flow of \(flow) can handle \(path(remaining))"
    case .notASubFlow(let flow, let below): return "\(flow) is not a sub-flow of \(below)"
    case .notTheRoot(let flow, let root): return "\(flow) is not the root; the root is \(root)"
    case .tooDeep(let limit): return "resolution went deeper than \(limit) levels"
    case .rejected(let why): return "rejected: \(why)"
    case .stalePlan: return "the plan is stale: the tree changed after it was made"
    case .cannotShow(let flow, let route, let reason):
      return "\(flow) cannot show \(route.map(\.description) ?? "an empty stack"): \(reason)"
    case .cannotCreate(let flow, let subFlow): return "\(flow) did not create \(subFlow)"
    case .noGuard(let requirement): return "no guard is registered for \"\(requirement)\""
    case .rootReleased: return RestorationError.rootReleased.description
    case .rootFinished: return "the root flow's container has finished"
    case .treeChanging:
      return "a change was under way in the tree; apply the link after it, not from its callbacks"
    }
  }
}
