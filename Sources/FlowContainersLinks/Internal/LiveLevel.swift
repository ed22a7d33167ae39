import FlowContainersCore

/// One level of the live tree, as planning sees it: the container, its owner if it is a
/// restorable flow, and (when asked for) the routes it shows, read once when the chain is read.
@MainActor
struct LiveLevel {
  let container: ContainerNode
  let flow: (any RestorableFlow)?
  /// The routes of the flow's screens, bottom first; `nil` for a screen without one.
  ///
  /// Empty when the chain was read without routes.
  let routes: [AnyRoute?]

  init(container: ContainerNode, flow: (any RestorableFlow)?, readingRoutes: Bool) {
    self.container = container
    self.flow = flow
    routes = readingRoutes ? flow.map { Self.routes(of: $0) } ?? [] : []
  }

  var name: FlowTypeName { container.ownerFlowType }

  /// Reads the chain from `root` up to the topmost presented container.
  ///
  /// - Parameters:
  ///   - root: The root flow.
  ///   - readingRoutes: Whether to read each flow's routes: planning needs them; applying,
  ///     holding and checking a stamp do not, and reading them is most of the cost.
  /// - Returns: The levels, the root first.
  static func chain(from root: some RestorableFlow, readingRoutes: Bool) -> [LiveLevel] {
    var levels: [LiveLevel] = [
      LiveLevel(container: root.container, flow: root, readingRoutes: readingRoutes)
    ]
    var presenter: ContainerNode = root.container
    for child in root.container.chain(.towardTop).dropFirst() {
      // Reading routes runs user code (`route(for:)`); a level that code dismissed ends the
      // chain rather than pairing a container with another flow.
      guard presenter.presentedUntracked === child else { break }
      // The presenter holds the flow it presents strongly; no weak load needed.
      levels.append(
        LiveLevel(
          container: child, flow: presenter.presentedOwnerUntracked as? any RestorableFlow,
          readingRoutes: readingRoutes))
      presenter = child
    }
    return levels
  }

  /// The routes of `flow`'s screens.
  ///
  /// A loop rather than `map`: this runs unspecialised (the flow is an existential), and the
  /// generic `map` would then look up metadata for every element.
  private static func routes<Flow: RestorableFlow>(of flow: Flow) -> [AnyRoute?] {
    let storage = flow.container.screensUntracked
    var routes: [AnyRoute?] = []
    routes.reserveCapacity(storage.count)
    for index in storage.indices {
      if let route = flow.route(for: storage[index]) {
        routes.append(AnyRoute(route))
      } else {
        routes.append(nil)
      }
    }
    return routes
  }
}

extension LinkableFlow {
  /// Resolves `link` at this level, with the routes type-erased.
  static func resolveErased(_ link: DeepLink) -> (routes: [AnyRoute], remainder: DeepLink)? {
    guard let resolution = routes.resolve(link) else { return nil }
    var erased: [AnyRoute] = []
    erased.reserveCapacity(resolution.stack.count)
    for index in resolution.stack.indices {
      erased.append(AnyRoute(resolution.stack[index]))
    }
    return (erased, resolution.remainder)
  }
}
