import FlowContainersCore

/// The live tree as planning reads it: the core's one reading (``FlowTree``'s levels, each
/// level's container and revision), and each restorable stack's flow and routes, read with it.
///
/// Nothing else walks the containers: links, typed destinations, restoration and snapshots read
/// this value.
@MainActor
struct LiveTree: Sendable {
  let tree: FlowTree
  let containers: [(node: ContainerNode, revision: UInt64)]
  /// Whether a change is under way in the tree.
  let isChanging: Bool
  /// Each restorable stack's routes and screen count, read the first time planning asks.
  ///
  /// The routes are those of its screens up to the first without one; a link reads only the
  /// levels it compares. Copies share them.
  private let stacks: Stacks
  /// Each level's flow type, by identity; `nil` without an owner.
  private let flowTypes: [ObjectIdentifier?]

  /// Reads the tree under `root`.
  init(root: ContainerNode) {
    let reading = root.read(describingScreens: false)
    tree = reading.tree
    containers = reading.containers
    isChanging = reading.isChanging
    var stacks: [Stack] = []
    var flowTypes: [ObjectIdentifier?] = []
    stacks.reserveCapacity(containers.count)
    flowTypes.reserveCapacity(containers.count)
    for index in containers.indices {
      let owner = containers[index].node.owner
      flowTypes.append(owner.map { ObjectIdentifier(type(of: $0)) })
      // Only a stack's owner can be a restorable flow: a tab bar's and a split's skip the cast.
      guard tree.levels[index].kind == .stack, let flow = owner as? any RestorableFlow
      else {
        stacks.append(.none)
        continue
      }
      stacks.append(.unread(flow))
    }
    self.stacks = Stacks(stacks)
    self.flowTypes = flowTypes
  }

  var levels: [FlowTree.Level] { tree.levels }

  func node(_ level: Int) -> ContainerNode { containers[level].node }

  /// The level's routes, up to its first screen without one; empty for a tab bar or a split.
  func routes(_ level: Int) -> RouteList? { stack(level)?.routes }

  /// How many screens the level's stack holds.
  func screenCount(_ level: Int) -> Int { stack(level)?.screens ?? 0 }

  /// The level's routes and how many screens it has, read now if they were not yet.
  private func stack(_ level: Int) -> (routes: RouteList, screens: Int)? {
    switch stacks.levels[level] {
    case .none:
      return nil
    case .read(let routes, let screens):
      return (routes, screens)
    case .unread(let flow):
      let read = Self.routes(of: flow)
      stacks.levels[level] = .read(read.routes, screens: read.screens)
      return read
    }
  }

  /// The identity of the level's flow type, or `nil` when it has no owner.
  func flowType(_ level: Int) -> ObjectIdentifier? { flowTypes[level] }

  /// Whether the level's stack shows exactly `routes`.
  func shows(_ routes: RouteList, at level: Int) -> Bool {
    guard let stack = stack(level) else { return false }
    return stack.screens == routes.count && stack.routes == routes
  }

  /// The level of tab `index` of the tab bar at `level`.
  func tab(_ index: Int, of level: Int) -> Int? {
    let tabs = tree.levels[level].tabs
    return tabs.indices.contains(index) ? tabs[index] : nil
  }

  /// The position among its bar's tabs of the selected tab of the tab bar at `level`.
  func selectedTab(of level: Int) -> Int? {
    tree.levels[level].tabs.firstIndex { tab in
      if case .tab(_, selected: true) = tree.levels[tab].place { return true }
      return false
    }
  }

  /// The level of the split's column `column`, for the split at `level`.
  func column(_ column: SplitColumn, of level: Int) -> Int? {
    tree.levels[level].columns.first { tree.levels[$0].place == .column(column) }
  }

  /// Whether the column level `level` is the one its split shows, over which what the split
  /// presents hangs: the detail, or with none the primary.
  func isShownColumn(_ level: Int) -> Bool {
    guard case .column(let column) = tree.levels[level].place, let split = tree.levels[level].parent
    else { return false }
    return column == .detail || self.column(.detail, of: split) == nil
  }

  /// The level presented over `level`: what a stack, a tab bar or a split presents; for the
  /// column a split shows, what the split presents.
  func presented(over level: Int) -> Int? {
    if case .column = tree.levels[level].place {
      guard isShownColumn(level), let split = tree.levels[level].parent else { return nil }
      return tree.levels[split].presented
    }
    return tree.levels[level].presented
  }

  /// The routes of `flow`'s screens up to the first without one, and how many screens it has.
  ///
  /// A loop rather than `map`: this runs unspecialised (the flow is an existential), and the
  /// generic `map` would then look up metadata for every element.
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

/// A level's stack as planning reads it.
@MainActor
private enum Stack {
  /// A tab bar, a split, or a flow that is not restorable.
  case none
  /// A restorable stack flow whose routes are not read yet.
  case unread(any RestorableFlow)
  /// Its routes, up to its first screen without one, and how many screens it has.
  case read(RouteList, screens: Int)
}

/// The levels' stacks, read as planning asks.
@MainActor
private final class Stacks {
  var levels: [Stack]

  init(_ levels: [Stack]) {
    self.levels = levels
  }
}
