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
      return .failure(LinkFailure(.unsupportedScheme(String(describing: link))))
    }
    let live = LiveLevel.chain(from: root, readingRoutes: true)
    // One resolution: the answers of every type's `canHandle` are shared across its levels.
    let resolved = ResolutionDepth.resolving(from: 0) { targets(for: link, root: root, live: live) }
    return resolved.map { targets in
      makePlan(link: link, targets: targets, live: live, cause: .deepLink)
    }
  }

  func accepts(_ link: DeepLink) -> Bool {
    if link.scheme == scheme { return true }
    guard DeepLink.isWebScheme(link.scheme), let host = link.host else { return false }
    return webHosts.contains(host)
  }

  struct Target {
    let type: any LinkableFlow.Type
    let routes: [AnyRoute]
  }

  /// Resolves `link` level by level, preferring the flows already presented.
  ///
  /// At each level the flow's patterns give its stack; a remainder goes to the presented sub-flow
  /// if its type can handle it (and the stack below it does not change), otherwise to the first
  /// sub-flow type that can.
  func targets(
    for link: DeepLink, root: any LinkableFlow, live: [LiveLevel]
  ) -> Result<[Target], LinkFailure> {
    var type: any LinkableFlow.Type = Swift.type(of: root)
    var current = link
    var targets: [Target] = []
    var reusing = true
    // Set when no sub-flow type accepted the rest and resolution goes on into one whose own
    // patterns match, only to find where it really stops: it must not succeed from there.
    var refusal: LinkFailure?
    while true {
      guard let resolution = type.resolveErased(current) else {
        return .failure(
          LinkFailure(.noRoute(flow: type.flowName, remaining: Array(current.remaining))))
      }
      targets.append(Target(type: type, routes: resolution.routes))
      let rest = resolution.remainder
      guard !rest.remaining.isEmpty else {
        return refusal.map { .failure($0) } ?? .success(targets)
      }
      guard targets.count < ResolutionDepth.limit else {
        return .failure(LinkFailure(.tooDeep(limit: ResolutionDepth.limit)))
      }
      let level = targets.count
      reusing = reusing && Self.canKeep(level, of: live, over: targets[level - 1].routes)
      let existing = reusing ? live[level].flow.map { Swift.type(of: $0) } : nil
      // Each candidate type's own `canHandle` decides; answers are shared across the levels.
      let candidates = type.subFlowTypes
      let accepted = ResolutionDepth.resolving(from: level) { () -> (any LinkableFlow.Type)? in
        if let existing, existing.canHandle(rest) { return existing }
        return candidates.first { $0.canHandle(rest) }
      }
      if let accepted {
        reusing = reusing && existing == accepted
        type = accepted
      } else if let next = candidates.first(where: { $0.resolveErased(rest) != nil }) {
        refusal =
          refusal ?? LinkFailure(.noSubFlow(flow: type.flowName, remaining: Array(rest.remaining)))
        reusing = false
        type = next
      } else {
        return .failure(
          LinkFailure(.noSubFlow(flow: type.flowName, remaining: Array(rest.remaining))))
      }
      current = rest
    }
  }

  /// The fewest steps from the live tree to `targets`: dismiss what is in the way, change the
  /// stacks that stay, present what is new.
  func makePlan(
    link: DeepLink?, targets: [Target], live: [LiveLevel], cause: NavigationCause
  ) -> LinkPlan {
    var reused = 0
    while reused < targets.count, reused < live.count, let flow = live[reused].flow,
      Swift.type(of: flow) == targets[reused].type,
      reused == 0 || Self.canKeep(reused, of: live, over: targets[reused - 1].routes)
    {
      reused += 1
    }
    var steps: [LinkPlan.Step] = []
    if live.count > reused {
      steps.append(.dismiss(level: reused, flow: live[reused].name))
    }
    for level in 0..<reused {
      steps += Self.stackSteps(
        level: level, flow: live[level].name, from: live[level].routes,
        to: targets[level].routes)
    }
    for level in reused..<targets.count {
      steps.append(
        .present(level: level, flow: targets[level].type.flowName, routes: targets[level].routes))
    }
    let levels = targets.enumerated().map { index, target in
      LinkPlan.Level(flow: target.type.flowName, routes: target.routes, isReused: index < reused)
    }
    let stamp = TreeStamp(
      entries: live.map {
        TreeStamp.Entry(
          container: ObjectIdentifier($0.container), revision: $0.container.revision)
      })
    return LinkPlan(
      link: link, levels: levels, steps: steps, types: targets.map(\.type), stamp: stamp,
      cause: cause)
  }

  /// Whether the flow presented at `level` may stay: it exists, and the stack it was presented over
  /// stays as it is.
  ///
  /// A sub-flow is made for the stack below it (an editor for note 1 is no editor for note 2), so
  /// when that stack changes, the sub-flow is in the way.
  static func canKeep(_ level: Int, of live: [LiveLevel], over parentTarget: [AnyRoute]) -> Bool {
    guard level < live.count else { return false }
    let current = live[level - 1].routes
    guard current.count == parentTarget.count else { return false }
    for index in current.indices where current[index] != parentTarget[index] { return false }
    return true
  }

  /// Pops to the longest common prefix and pushes the rest, or replaces when nothing is shared.
  static func stackSteps(
    level: Int, flow: String, from current: [AnyRoute?], to target: [AnyRoute]
  ) -> [LinkPlan.Step] {
    var common = 0
    while common < current.count, common < target.count, current[common] == target[common] {
      common += 1
    }
    if common == current.count, common == target.count { return [] }
    if common == 0 { return [.replace(level: level, flow: flow, routes: target)] }
    var steps: [LinkPlan.Step] = []
    if common < current.count { steps.append(.popTo(level: level, flow: flow, index: common - 1)) }
    if common < target.count {
      steps.append(.push(level: level, flow: flow, routes: Array(target[common...])))
    }
    return steps
  }
}
