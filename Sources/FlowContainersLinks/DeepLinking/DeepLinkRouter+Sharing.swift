import FlowContainersCore
import FlowContainersRestoration

extension DeepLinkRouter {
  /// The link that leads to what the tree shows now, for sharing: the reverse of following a
  /// link; or why there is none.
  ///
  /// Each level's stack becomes components through its ``RouteTable`` (a pattern with parameters
  /// needs its `parameters` function), and the link is checked to lead to the same flows and
  /// stacks. A tab bar adds no components: the link goes on into its selected tab.
  ///
  /// ```swift
  /// switch router.currentLink() {
  /// case .success(let link): print(link)  // notes://note/2/edit
  /// case .failure(let failure): print("not shareable: \(failure)")
  /// }
  /// ```
  ///
  /// - Returns: The link, or why the tree cannot be expressed as one.
  public func currentLink() -> Result<DeepLink, LinkSharingFailure> {
    guard let rootNode, rootNode.owner != nil else {
      return .failure(LinkSharingFailure(.rootReleased))
    }
    let reading = rootNode.read(describingScreens: false)
    let levels = reading.tree.levels
    // What the user sees, root first: what each level presents (over a tab bar too), the
    // selected tab, the column a split shows, then what the split presents over it.
    var shown: [Int] = []
    var next: Int? = 0
    var cover: Int?
    while let index = next {
      shown.append(index)
      let level = levels[index]
      if level.kind == .split, !level.columns.isEmpty {
        next = level.columns.last
        cover = level.presented
      } else if let presented = level.presented ?? cover {
        next = presented
        cover = nil
      } else {
        next = level.tabs.first { tab in
          if case .tab(_, selected: true) = levels[tab].place { return true }
          return false
        }
      }
    }
    return Resolution.run(through: &map) { resolution -> Result<DeepLink, LinkSharingFailure> in
      var following: [String] = []
      for (step, position) in shown.enumerated().reversed() {
        // A tab bar or a split adds nothing to the link: its tab's or column's flow type is the
        // one whose patterns and `canHandle` take it.
        guard levels[position].kind == .stack else { continue }
        let name = levels[position].flow
        guard let flow = reading.containers[position].node.owner as? any LinkableFlow else {
          return .failure(LinkSharingFailure(.notLinkable(flow: name, level: step)))
        }
        switch Self.components(of: flow, following, level: step) {
        case .failure(let failure): return .failure(failure)
        case .success(let components): following = components + following
        }
        guard step > 0 else { continue }
        let rest = DeepLink(scheme: scheme, components: following)
        let handles = resolution.handling(rest)
        let node = resolution.node(Swift.type(of: flow))
        @MainActor func flowNode(_ position: Int) -> Int? {
          (reading.containers[position].node.owner as? any ContainerFlow).map {
            resolution.node(Swift.type(of: $0))
          }
        }
        let below = shown[step - 1]
        let chosen: Int?
        switch levels[below].kind {
        case .split:
          // A column: the link must go to this column's flow type, by the split's rule.
          let detail = levels[below].columns.first { levels[$0].place == .column(.detail) }
          chosen = flowNode(below).flatMap { split in
            resolution.column(
              of: split, where: handles,
              liveDetail: detail.flatMap { flowNode($0) }.flatMap { resolution.map.type($0) }.map(
                ObjectIdentifier.init)
            )?.node
          }
        case .tabs:
          // A tab: resolution goes into it when no stack sub-flow of the flow below the bar
          // takes the rest and the tab's type can. A root bar's tab is chosen by its own type.
          if step > 1, let parent = flowNode(shown[step - 2]),
            resolution.at(
              step, { resolution.firstBranch(of: parent, .stack, where: handles) != nil })
          {
            return .failure(LinkSharingFailure(.resolvesElsewhere(flow: name, level: step)))
          }
          chosen = handles(node) ? node : nil
        case .stack:
          chosen = flowNode(below).flatMap { parent in
            resolution.at(step) { resolution.firstBranch(of: parent, .stack, where: handles)?.node }
          }
        }
        guard chosen == node else {
          return .failure(LinkSharingFailure(.resolvesElsewhere(flow: name, level: step)))
        }
      }
      return .success(DeepLink(scheme: scheme, components: following))
    }
  }

  private static func components<Flow: LinkableFlow>(
    of flow: Flow, _ following: [String], level: Int
  ) -> Result<[String], LinkSharingFailure> {
    let name = FlowName(Flow.self)
    var stack: [Flow.Route] = []
    for (index, screen) in flow.container.screensUntracked.enumerated() {
      guard let route = flow.route(for: screen) else {
        return .failure(
          LinkSharingFailure(.screenWithoutRoute(flow: name, level: level, index: index)))
      }
      stack.append(route)
    }
    switch Flow.routes.reverse(stack, followedBy: following) {
    case .success(let components):
      return .success(components)
    case .failure(.noReverseMapping(let patterns)):
      return .failure(
        LinkSharingFailure(.noReverseMapping(flow: name, level: level, patterns: patterns)))
    case .failure(.noPattern):
      return .failure(LinkSharingFailure(.noPattern(flow: name, level: level)))
    }
  }
}
