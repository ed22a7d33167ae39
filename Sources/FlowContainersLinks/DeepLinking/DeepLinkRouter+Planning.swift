import FlowContainersCore

extension DeepLinkRouter {
  /// Builds the plan that following `link` would apply to the tree as it is now: a dry run
  /// with no side effects.
  ///
  /// Guards, objections and validation are not checked here; ``apply(_:)`` and ``open(_:)-(DeepLink)``
  /// check them.
  ///
  /// - Parameter link: The link.
  /// - Returns: The plan, or where resolution stopped and why.
  public func plan(for link: DeepLink) -> Result<LinkPlan, LinkFailure> {
    guard let root else { return .failure(LinkFailure(.rootReleased)) }
    guard accepts(link) else {
      return .failure(LinkFailure(.unsupportedScheme(link)))
    }
    let live = LiveLevel.chain(from: root, readingRoutes: true)
    // One resolution: the answers of every type's `canHandle` are shared across its levels.
    let resolved = ResolutionDepth.resolving(from: 0) { targets(for: link, root: root, live: live) }
    return resolved.map { targets in
      PlanEngine.makePlan(link: link, targets: targets, live: live, options: .link)
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
