import FlowContainersCore

/// The live tree as planning reads it: the core's one reading (``FlowTree``'s levels, each
/// level's container and revision), and each restorable stack's routes; links, destinations,
/// restoration and snapshots read this value, and nothing else walks the containers.
@MainActor
struct LiveTree: Sendable {
  let tree: FlowTree
  let containers: [(node: ContainerNode, revision: UInt64)]
  /// Each restorable stack's routes and screen count, read when first asked; copies share them.
  ///
  /// `nil` for a reading that only compares stacks (a link's), which keeps no routes.
  private let stacks: Stacks?

  /// Reads the tree under `root`; `comparingOnly`, for a reading that keeps no routes read.
  init(root: ContainerNode, comparingOnly: Bool = false) {
    let reading = root.read(describingScreens: false)
    tree = reading.tree
    containers = reading.containers
    stacks = comparingOnly ? nil : Stacks()
  }

  var levels: [FlowTree.Level] { tree.levels }

  func node(_ level: Int) -> ContainerNode { containers[level].node }

  /// The level's routes, up to its first screen without one; empty for a tab bar or a split.
  func routes(_ level: Int) -> RouteList? { stack(level)?.routes }

  /// How many screens the level's stack holds.
  func screenCount(_ level: Int) -> Int { stack(level)?.screens ?? 0 }

  /// The level's routes and how many screens it has, read now if they were not yet.
  private func stack(_ level: Int) -> (routes: RouteList, screens: Int)? {
    guard let stacks else {
      guard tree.levels[level].kind == .stack, let flow = node(level).owner as? any RestorableFlow
      else { return nil }
      return Self.routes(of: flow)
    }
    if stacks.levels.isEmpty {
      // Only a stack's owner can be a restorable flow, asked when its routes are.
      stacks.levels.reserveCapacity(tree.levels.count)
      for index in tree.levels.indices {
        stacks.levels.append(tree.levels[index].kind == .stack ? .unread : .none)
      }
    }
    switch stacks.levels[level] {
    case .none: return nil
    case .read(let routes, let screens): return (routes, screens)
    case .unread:
      guard let flow = node(level).owner as? any RestorableFlow else {
        stacks.levels[level] = .none
        return nil
      }
      let read = Self.routes(of: flow)
      stacks.levels[level] = .read(read.routes, screens: read.screens)
      return read
    }
  }

  /// Whether the level's routes were not read and kept yet.
  private func isUnread(_ level: Int) -> Bool {
    guard let stacks, !stacks.levels.isEmpty else { return true }
    return stacks.levels[level].isUnread
  }

  /// The identity of the level's flow type, or `nil` when it has no owner.
  func flowType(_ level: Int) -> ObjectIdentifier? {
    guard let owner = node(level).owner else { return nil }
    return ObjectIdentifier(type(of: owner))
  }

  /// How many of `routes` from the bottom the level's stack shows, and how many screens it has;
  /// compared screen by screen when its routes were not read (no array of them is made).
  func commonPrefix(of level: Int, with routes: RouteList) -> (common: Int, screens: Int) {
    let unread = isUnread(level)
    if unread, tree.levels[level].kind == .stack,
      let flow = node(level).owner as? any RestorableFlow
    {
      return Self.commonPrefix(of: flow, with: routes)
    }
    guard let stack = stack(level) else { return (0, 0) }
    return (stack.routes.commonPrefix(with: routes), stack.screens)
  }

  /// ``commonPrefix(of:with:)`` for a level whose flow is of type `Flow`, with its routes typed.
  func commonPrefix<Flow: RestorableFlow>(
    of level: Int, as type: Flow.Type, with routes: [Flow.Route]
  ) -> (common: Int, screens: Int) {
    let unread = isUnread(level)
    guard unread, let flow = node(level).owner as? Flow else {
      return commonPrefix(of: level, with: RouteList(routes))
    }
    return Self.commonPrefix(of: flow, typed: routes)
  }

  /// Whether the level's stack shows exactly `routes`.
  func shows(_ routes: RouteList, at level: Int) -> Bool {
    let (common, screens) = commonPrefix(of: level, with: routes)
    return common == routes.count && common == screens
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

  private static func commonPrefix<Flow: RestorableFlow>(
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

  /// The routes of `flow`'s screens up to the first without one, and how many screens it has
  /// (a loop: an unspecialised `map` would look up metadata per element).
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

/// A level's stack as planning reads it: none (a tab bar, a split, a flow not restorable), not
/// read yet, or its routes and screen count.
@MainActor
private enum Stack {
  case none
  case unread
  case read(RouteList, screens: Int)

  var isUnread: Bool { if case .unread = self { true } else { false } }
}

/// The levels' stacks, shared by copies; empty until one is read.
@MainActor
private final class Stacks {
  var levels: [Stack] = []
}
