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
    // What the user sees, root first, with the column a split shows before what it presents.
    var shown: [Int] = []
    for index in reading.tree.shownLevels {
      shown.append(index)
      if levels[index].kind == .split, levels[index].presented != nil,
        let column = levels[index].columns.last
      {
        shown.append(column)
      }
    }
    return resolution.run { resolution in
      Result { () throws(LinkSharingFailure) -> DeepLink in
        var following: [String] = []
        for (step, position) in shown.enumerated().reversed() {
          // A tab bar or a split adds nothing to the link: its tab's or column's flow type is
          // the one whose patterns and `canHandle` take it.
          guard levels[position].kind == .stack else { continue }
          let name = levels[position].flow
          guard let flow = reading.containers[position].node.owner as? any LinkableFlow else {
            throw LinkSharingFailure(.notLinkable(flow: name, level: step))
          }
          following = try Self.components(of: flow, following, level: step) + following
          guard step > 0 else { continue }
          let handles = resolution.handling(DeepLink(scheme: scheme, components: following))
          let node = resolution.node(Swift.type(of: flow))
          @MainActor func flowNode(_ position: Int) -> Int? {
            (reading.containers[position].node.owner as? any ContainerFlow).map {
              resolution.node(Swift.type(of: $0))
            }
          }
          // The first stack sub-flow of the flow at `position` that takes the rest.
          @MainActor func subFlow(of position: Int) -> Int? {
            flowNode(position).flatMap { parent in
              resolution.at(step) {
                resolution.firstBranch(of: parent, .stack, where: handles)?.node
              }
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
                liveDetail: detail.flatMap(flowNode).flatMap(resolution.map.type).map(
                  ObjectIdentifier.init)
              )?.node
            }
          case .tabs:
            // A tab: resolution goes into it when no stack sub-flow of the flow below the bar
            // takes the rest and the tab's type can. A root bar's tab is chosen by its own type.
            let subFlowTakes = step > 1 && subFlow(of: shown[step - 2]) != nil
            chosen = !subFlowTakes && handles(node) ? node : nil
          case .stack:
            chosen = subFlow(of: below)
          }
          guard chosen == node else {
            throw LinkSharingFailure(.resolvesElsewhere(flow: name, level: step))
          }
        }
        return DeepLink(scheme: scheme, components: following)
      }
    }
  }

  /// The components of `flow`'s stack, followed by `following`, from its route table.
  private static func components<Flow: LinkableFlow>(
    of flow: Flow, _ following: [String], level: Int
  ) throws(LinkSharingFailure) -> [String] {
    let name = FlowName(Flow.self)
    var stack: [Flow.Route] = []
    for (index, screen) in flow.container.screensUntracked.enumerated() {
      guard let route = flow.route(for: screen) else {
        throw LinkSharingFailure(.screenWithoutRoute(flow: name, level: level, index: index))
      }
      stack.append(route)
    }
    switch Flow.routes.reverse(stack, followedBy: following) {
    case .success(let components): return components
    case .failure(.noReverseMapping(let patterns)):
      throw LinkSharingFailure(.noReverseMapping(flow: name, level: level, patterns: patterns))
    case .failure(.noPattern): throw LinkSharingFailure(.noPattern(flow: name, level: level))
    }
  }
}
