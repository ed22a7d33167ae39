import FlowContainers

/// One level of a tree as the checks compare it: what a snapshot or a link promises to bring
/// back, and no more (a split's width is the host's, so neither its width nor its collapsed
/// stack counts).
struct ComparedLevel: Hashable, CustomStringConvertible {
  let flow: FlowName
  let kind: FlowTree.Level.Kind
  let place: FlowTree.Level.Place
  let screens: [String]
  let depth: Int

  init(_ level: FlowTree.Level, screens: [String]? = nil) {
    flow = level.flow
    place = level.place
    depth = level.depth
    kind = level.kind
    if level.kind == .split {
      self.screens = []
    } else {
      self.screens = screens ?? level.screens
    }
  }

  var description: String {
    let indent = String(repeating: "  ", count: depth)
    return "\(indent)\(flow) (\(place)): [\(screens.joined(separator: ", "))]"
  }
}

extension [ComparedLevel] {
  /// The levels one a line, as a dump indents them.
  var dump: String { map { "    \($0)" }.joined(separator: "\n") }
}

/// A container, a flow or a screen that must be released, held weakly.
struct Tracked {
  weak var object: AnyObject?
  let name: String
}

/// One level of a tree as tracked: its container's identity and flow, and its container, flow
/// and screens, held weakly.
struct TrackedLevel {
  let id: ObjectIdentifier
  let flow: FlowName
  let objects: [Tracked]
}

/// A stack container's screens, read without knowing their type.
@MainActor
protocol ScreenListing {
  var screenObjects: [AnyObject] { get }
}

extension StackContainer: ScreenListing {
  var screenObjects: [AnyObject] {
    screensUntracked.compactMap { screen in
      type(of: screen) is AnyClass ? screen as AnyObject : nil
    }
  }
}

@MainActor
enum Checks {
  /// The levels of the tree under `root` that its snapshot saves.
  ///
  /// Each restorable flow's stack up to its first screen without a route, each tab bar and
  /// split, and nothing above a level that is not saved whole (an alert, a flow that is not
  /// restorable). Levels of the flows in `dropped`, and what hangs on them, are left out.
  static func savedLevels(
    of root: ContainerNode, dropping dropped: Set<FlowName> = []
  ) -> [ComparedLevel] {
    let reading = root.read(describingScreens: true)
    let levels = reading.tree.levels
    var saved = [Bool](repeating: false, count: levels.count)
    var whole = [Bool](repeating: false, count: levels.count)
    var result: [ComparedLevel] = []
    for (index, level) in levels.enumerated() {
      let node = reading.containers[index].node
      var hangs = true
      if let parent = level.parent {
        hangs = saved[parent]
        if case .presented = level.place { hangs = hangs && whole[parent] }
      }
      guard hangs, !dropped.contains(level.flow), let owner = node.owner else { continue }
      switch level.kind {
      case .stack:
        guard let flow = owner as? any RestorableFlow else { continue }
        let routed = routedCount(flow)
        saved[index] = true
        whole[index] = routed == level.screens.count
        result.append(ComparedLevel(level, screens: Array(level.screens.prefix(routed))))
      case .tabs, .split:
        guard owner is any ContainerFlow else { continue }
        saved[index] = true
        whole[index] = true
        result.append(ComparedLevel(level))
      }
    }
    return result
  }

  private static func routedCount<Flow: RestorableFlow>(_ flow: Flow) -> Int {
    flow.container.screensUntracked.prefix { flow.route(for: $0) != nil }.count
  }

  /// The levels along what the user sees: the first, what it presents, each selected tab, a
  /// split's detail (or primary), up to the topmost.
  static func shownPath(of tree: FlowTree) -> [ComparedLevel] {
    tree.shownLevels.map { ComparedLevel(tree.levels[$0]) }
  }

  /// Every level of the tree under `root`, with its container, flow and screens, to be
  /// released with it.
  static func track(_ root: ContainerNode) -> [TrackedLevel] {
    Tree.nodes(from: root).map { node in
      let name = node.flowName.rawValue
      var objects = [Tracked(object: node, name: "\(name).container")]
      if let owner = node.owner { objects.append(Tracked(object: owner, name: name)) }
      for (index, screen) in ((node as? any ScreenListing)?.screenObjects ?? []).enumerated() {
        objects.append(Tracked(object: screen, name: "\(name) screen \(index) (\(screen))"))
      }
      return TrackedLevel(id: ObjectIdentifier(node), flow: node.flowName, objects: objects)
    }
  }

  /// The containers of the tree under `root`.
  static func containers(_ root: ContainerNode) -> Set<ObjectIdentifier> {
    Set(Tree.nodes(from: root).lazy.map(ObjectIdentifier.init))
  }
}
