import FlowContainersCore

/// The live tree as planning reads it: the core's one reading (``FlowTree``'s levels, each
/// level's container and revision), from which a restorable stack's routes are read when asked;
/// links, destinations, restoration and snapshots read this value, and nothing else walks the
/// containers.
@MainActor
struct LiveTree: Sendable {
  let tree: FlowTree
  let containers: [Container]

  /// A level's container, and its revision as read.
  typealias Container = (node: ContainerNode, revision: UInt64)

  /// Reads the tree under `root`, into the room of `levels` and `containers`, empty lists of an
  /// earlier reading (see ``TargetTree/spareLive()``), which it takes.
  init(root: ContainerNode, reusing levels: [FlowTree.Level] = [], _ containers: [Container] = []) {
    let reading = root.read(describingScreens: false, reusing: levels, containers)
    tree = reading.tree
    self.containers = reading.containers
  }

  /// A reading's lists, emptied: room for the next reading, which holds nothing alive.
  typealias Spare = (levels: [FlowTree.Level], containers: [Container])

  var levels: [FlowTree.Level] { tree.levels }

  func node(_ level: Int) -> ContainerNode { containers[level].node }

  /// The level's flow, when it is a restorable stack's.
  private func stack(_ level: Int) -> (any RestorableFlow)? {
    tree.levels[level].kind == .stack ? node(level).owner as? any RestorableFlow : nil
  }

  /// The level's routes, up to its first screen without one, and how many screens its stack
  /// holds, in one read; `nil` for a tab bar or a split.
  func routes(_ level: Int) -> (routes: RouteList, screens: Int)? {
    stack(level).map { Self.routes(of: $0) }
  }

  /// The identity of the level's flow type, or `nil` when it has no owner.
  func flowType(_ level: Int) -> ObjectIdentifier? {
    guard let owner = node(level).owner else { return nil }
    return ObjectIdentifier(type(of: owner))
  }

  /// How many of `routes` from the bottom the level's stack shows, compared screen by screen,
  /// and how many screens it has.
  func commonPrefix(of level: Int, with routes: RouteList) -> (common: Int, screens: Int) {
    guard let flow = stack(level) else { return (0, 0) }
    return Self.commonPrefix(of: flow, with: routes)
  }

  /// ``commonPrefix(of:with:)`` for a level whose flow is of type `Flow`, with its routes typed.
  func commonPrefix<Flow: RestorableFlow>(
    of level: Int, as type: Flow.Type, with routes: [Flow.Route]
  ) -> (common: Int, screens: Int) {
    guard let flow = node(level).owner as? Flow else { return (0, 0) }
    return Self.commonPrefix(of: flow, typed: routes)
  }

  /// The position among its bar's tabs of the selected tab of the tab bar at `level`.
  func selectedTab(of level: Int) -> Int? {
    tree.levels[level].tabs.firstIndex { tab in
      if case .tab(_, selected: true) = tree.levels[tab].place { true } else { false }
    }
  }

  /// The level of the split's column `column`, for the split at `level`.
  func column(_ column: SplitColumn, of level: Int) -> Int? {
    tree.levels[level].columns.first { tree.levels[$0].place == .column(column) }
  }

  /// The level presented over `level`: what a stack, a tab bar or a split presents; for the
  /// column a split shows (the detail, or with none the primary), what the split presents.
  func presented(over level: Int) -> Int? {
    guard case .column(let column) = tree.levels[level].place, let split = tree.levels[level].parent
    else { return tree.levels[level].presented }
    let shown = column == .detail || self.column(.detail, of: split) == nil
    return shown ? tree.levels[split].presented : nil
  }

  /// How many of `routes` from the bottom `flow`'s screens show, and how many it has.
  private static func commonPrefix<Flow: RestorableFlow>(
    of flow: Flow, with routes: RouteList
  ) -> (common: Int, screens: Int) {
    commonPrefix(of: flow, typed: routes.typed(as: Flow.Route.self))
  }

  @inline(never)
  static func commonPrefix<Flow: RestorableFlow>(
    of flow: Flow, typed: [Flow.Route]?
  ) -> (common: Int, screens: Int) {
    let screens = flow.container.screensUntracked
    guard let typed else { return (0, screens.count) }
    let shorter = min(screens.count, typed.count)
    var common = 0
    while common < shorter, let route = flow.route(for: screens[common]), route == typed[common] {
      common += 1
    }
    return (common, screens.count)
  }

  /// The routes of `flow`'s screens up to the first without one, and how many screens it has (a
  /// loop: an unspecialised `map` would look up metadata per element).
  private static func routes<Flow: RestorableFlow>(
    of flow: Flow
  ) -> (routes: RouteList, screens: Int) {
    let screens = flow.container.screensUntracked
    var routes: [Flow.Route] = []
    routes.reserveCapacity(screens.count)
    var index = 0
    while index < screens.count, let route = flow.route(for: screens[index]) {
      routes.append(route)
      index += 1
    }
    return (RouteList(routes), screens.count)
  }
}
