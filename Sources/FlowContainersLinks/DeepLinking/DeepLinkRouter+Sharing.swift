import FlowContainersCore

extension DeepLinkRouter {
  /// The link that leads to what the tree shows now, for sharing: the reverse of following a
  /// link.
  ///
  /// Each level's stack is turned back into components with its ``RouteTable``, from the top
  /// down, and the result is checked: following it from a fresh root would choose the same flow
  /// types and build the same stacks.
  ///
  /// ```swift
  /// print(router.currentLink() ?? "not linkable")  // notes://note/2/edit
  /// ```
  ///
  /// - Returns: The link, or `nil` when the tree cannot be expressed as one (a screen without a
  ///   route, a flow that is not linkable, a stack no pattern builds).
  public func currentLink() -> DeepLink? {
    guard let root else { return nil }
    let live = LiveLevel.chain(from: root, readingRoutes: false)
    var following: [String] = []
    for index in live.indices.reversed() {
      guard let flow = live[index].flow as? any LinkableFlow,
        let components = Self.components(of: flow, following)
      else { return nil }
      following = components + following
      if index > 0 {
        guard let parent = live[index - 1].flow else { return nil }
        let rest = DeepLink(scheme: scheme, components: following)
        let parentType = type(of: parent) as? any LinkableFlow.Type
        let chosen = parentType?.linkableSubFlowTypes.first { $0.canHandle(rest) }
        guard chosen == type(of: flow) else { return nil }
      }
    }
    return DeepLink(scheme: scheme, components: following)
  }

  private static func components<Flow: LinkableFlow>(
    of flow: Flow, _ following: [String]
  ) -> [String]? {
    var stack: [Flow.Route] = []
    for screen in flow.container.screensUntracked {
      guard let route = flow.route(for: screen) else { return nil }
      stack.append(route)
    }
    return Flow.routes.components(for: stack, followedBy: following)
  }
}
