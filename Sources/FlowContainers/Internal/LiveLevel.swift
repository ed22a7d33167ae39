/// One level of the live tree, as planning sees it: the container, its owner if it is a
/// linkable flow, and the routes it shows (read once, when the chain is read).
@MainActor
struct LiveLevel {
  let container: ContainerNode
  let flow: (any LinkableFlow)?
  /// The routes of the flow's screens, bottom first; `nil` for a screen without one.
  let routes: [AnyRoute?]

  init(container: ContainerNode, flow: (any LinkableFlow)?) {
    self.container = container
    self.flow = flow
    routes = flow.map { Self.routes(of: $0) } ?? []
  }

  var name: String {
    flow.map { type(of: $0).flowName } ?? container.ownerName
  }

  /// Reads the chain from `root` up to the topmost presented container.
  static func chain(from root: some LinkableFlow) -> [LiveLevel] {
    var levels: [LiveLevel] = [LiveLevel(container: root.container, flow: root)]
    var node: ContainerNode = root.container
    while let child = node.presentedNode {
      // The presenter holds the flow it presents strongly; no weak load needed.
      levels.append(LiveLevel(container: child, flow: node.presentedOwner as? any LinkableFlow))
      node = child
    }
    return levels
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
