/// One level of the live tree, as planning sees it: the container, and its owner if it is a
/// linkable flow.
@MainActor
struct LiveLevel {
  let container: ContainerNode
  let flow: (any LinkableFlow)?

  var name: String {
    flow.map { type(of: $0).flowName } ?? container.ownerName
  }

  /// Reads the chain from `root` up to the topmost presented container.
  static func chain(from root: some LinkableFlow) -> [LiveLevel] {
    var levels: [LiveLevel] = [LiveLevel(container: root.container, flow: root)]
    var node = root.container.presentedNode
    while let current = node {
      levels.append(LiveLevel(container: current, flow: current.owner as? any LinkableFlow))
      node = current.presentedNode
    }
    return levels
  }

  /// The routes of the flow's screens, bottom first; `nil` for a screen without one.
  var routes: [AnyRoute?] {
    guard let flow else { return [] }
    return Self.routes(of: flow)
  }

  private static func routes<Flow: LinkableFlow>(of flow: Flow) -> [AnyRoute?] {
    flow.container.storage.map { flow.route(for: $0).map(AnyRoute.init) }
  }
}

extension LinkableFlow {
  /// Resolves `link` at this level, with the routes type-erased.
  static func resolveErased(_ link: DeepLink) -> (routes: [AnyRoute], remainder: DeepLink)? {
    routes.resolve(link).map { ($0.stack.map(AnyRoute.init), $0.remainder) }
  }
}
