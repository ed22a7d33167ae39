import FlowContainersCore
import FlowContainersRestoration

extension DeepLinkRouter {
  /// The link that leads to what the tree shows now, for sharing: the reverse of following a
  /// link; or why there is none.
  ///
  /// Each level's stack is turned back into components with its ``RouteTable``, from the top
  /// down, and the result is checked: following it from a fresh root would choose the same flow
  /// types and build the same stacks. A pattern with parameters needs its `parameters` function
  /// (the reverse mapping) for this; without one, the failure names the pattern. A tab bar, the
  /// root or a presented one, adds no components: the link goes on into its selected tab.
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
    guard let rootNode else { return .failure(LinkSharingFailure.rootReleased) }
    let live = LiveLevel.chain(from: rootNode, readingRoutes: false)
    // Each level's flow, asked once.
    let flows = live.map(\.flow)
    var following: [String] = []
    for index in live.indices.reversed() {
      // A tab bar or a split adds nothing to the link: its tab's or column's flow type is the
      // one whose patterns and `canHandle` take it.
      if live[index].bar != nil || live[index].split != nil { continue }
      let name = live[index].name
      guard let flow = flows[index] as? any LinkableFlow else {
        return .failure(LinkSharingFailure.notLinkable(flow: name, level: index))
      }
      switch Self.components(of: flow, following, level: index) {
      case .failure(let failure): return .failure(failure)
      case .success(let components): following = components + following
      }
      guard index > 0 else { continue }
      let rest = DeepLink(scheme: scheme, components: following)
      if let split = live[index - 1].split {
        // A column of the root split: the link must go to this column's flow type.
        guard let splitFlow = split.owner as? any SplitFlow,
          Self.columnType(for: rest, in: split, of: splitFlow) == ObjectIdentifier(type(of: flow))
        else {
          return .failure(LinkSharingFailure.resolvesElsewhere(flow: name, level: index))
        }
      } else if live[index - 1].bar == nil {
        let parentType = flows[index - 1].map { type(of: $0) as? any LinkableFlow.Type }
        let chosen = parentType??.linkableSubFlowTypes.first { $0.canHandle(rest) }
        guard chosen == type(of: flow) else {
          return .failure(LinkSharingFailure.resolvesElsewhere(flow: name, level: index))
        }
      } else if index > 1 {
        // A tab of a presented bar, the selected one: resolution goes into it when no stack
        // sub-flow of the flow below the bar takes the rest and the tab can.
        let parentType = flows[index - 2].map { type(of: $0) as? any LinkableFlow.Type }
        let stack = parentType??.linkableSubFlowTypes.first { $0.canHandle(rest) }
        guard stack == nil, type(of: flow).canHandle(rest) else {
          return .failure(LinkSharingFailure.resolvesElsewhere(flow: name, level: index))
        }
      }
    }
    return .success(DeepLink(scheme: scheme, components: following))
  }

  private static func components<Flow: LinkableFlow>(
    of flow: Flow, _ following: [String], level: Int
  ) -> Result<[String], LinkSharingFailure> {
    let name = FlowName(Flow.self)
    var stack: [Flow.Route] = []
    for (index, screen) in flow.container.screensUntracked.enumerated() {
      guard let route = flow.route(for: screen) else {
        return .failure(
          LinkSharingFailure.screenWithoutRoute(flow: name, level: level, index: index))
      }
      stack.append(route)
    }
    switch Flow.routes.reverse(stack, followedBy: following) {
    case .success(let components):
      return .success(components)
    case .failure(.noReverseMapping(let patterns)):
      return .failure(
        LinkSharingFailure.noReverseMapping(flow: name, level: level, patterns: patterns))
    case .failure(.noPattern):
      return .failure(LinkSharingFailure.noPattern(flow: name, level: level))
    }
  }

  /// The identity of the flow type that a link `rest` goes to in the root split `split`.
  private static func columnType<Split: SplitFlow>(
    for rest: DeepLink, in split: SplitContainer, of flow: Split
  ) -> ObjectIdentifier? {
    guard let (_, type) = Split.column(handling: rest, in: split) else { return nil }
    return ObjectIdentifier(type)
  }
}
