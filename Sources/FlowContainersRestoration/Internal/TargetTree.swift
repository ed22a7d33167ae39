package import FlowContainersCore

/// The tree a link, a typed destination or a snapshot wants, as a value: each level's flow
/// type, kind and routes, and how it hangs.
///
/// Levels come root first, each before what hangs on it, in the order a tree dump lists them:
/// a link's and a destination's are one path (through the tab, the column or the presentation
/// it goes into); a snapshot's branch at tab bars and splits. Planning compares it with the
/// live tree (``NavigationPlan/difference(from:to:request:options:)``).
package struct TargetTree: Sendable {
  /// One level of the target.
  struct Level: Sendable {
    /// The flow type.
    let type: FlowType
    /// The kind of container it owns.
    let kind: FlowTree.Level.Kind
    /// The routes a stack shows, bottom first; empty for a tab bar or a split.
    var routes: RouteList
    /// How it hangs on its parent: presented in a style, a tab at a place, or a column.
    let place: FlowTree.Level.Place
    /// The position of the level it hangs on; `nil` for the root.
    let parent: Int?
    /// Whether the live level at this place stays as it is, with everything on it, whatever its
    /// routes: a restoration's live detail that objects to being replaced.
    var keepsLive = false
  }

  private(set) var levels: [Level] = []
  /// The live tree the target is built against, which planning compares it with; `nil` once
  /// the target is in a plan (a plan keeps no container alive).
  private(set) var live: LiveTree?
  /// For each level, the live level it would keep, as far as it is built.
  private var kept: [Int?] = []

  /// An empty target, to add levels to, planned against the tree as it is.
  init(live: LiveTree?) {
    self.live = live
  }

  /// The target without the live tree it was built against.
  var withoutLive: TargetTree {
    var copy = self
    copy.live = nil
    copy.kept = []
    return copy
  }

  /// The position in the live tree of the level a flow presented over the target's level
  /// `parent` would keep: what that level presents, while the target keeps that level and its
  /// stack as they are; `nil` otherwise.
  @MainActor
  package func kept(presentedOver parent: Int) -> Int? {
    guard let live, parent < kept.count, let position = kept[parent],
      let presented = live.presented(over: position)
    else { return nil }
    if levels[parent].kind == .stack, !live.shows(levels[parent].routes, at: position) {
      return nil
    }
    return presented
  }

  /// The live level at `position` of the tree read: its flow (`nil` for one that declares
  /// nothing restoration knows), how it hangs, and what hangs on it as tabs or columns, with
  /// their places.
  @MainActor
  package func live(
    _ position: Int
  ) -> (
    flow: (any ContainerFlow)?, place: FlowTree.Level.Place,
    branches: [(position: Int, place: FlowTree.Level.Place)]
  )? {
    guard let live, position < live.levels.count else { return nil }
    let level = live.levels[position]
    return (
      live.node(position).owner as? any ContainerFlow, level.place,
      (level.tabs + level.columns).map { ($0, live.levels[$0].place) }
    )
  }

  /// Adds a level of a stack flow of type `type` showing `routes`, hanging on the level at
  /// `parent` as `place` says; returns its position.
  @discardableResult @MainActor
  package mutating func add<Flow: RestorableFlow>(
    _ type: Flow.Type, showing routes: [Flow.Route], at place: FlowTree.Level.Place,
    under parent: Int?
  ) -> Int {
    append(
      Level(
        type: FlowType(type), kind: .stack, routes: RouteList(routes), place: place,
        parent: parent))
  }

  /// Adds a level of a flow of type `type` that shows no routes of its own, a tab bar or a
  /// split, hanging on the level at `parent` as `place` says; returns its position.
  @discardableResult @MainActor
  package mutating func add(
    _ type: any ContainerFlow.Type, at place: FlowTree.Level.Place, under parent: Int?
  ) -> Int {
    append(
      Level(
        type: FlowType(type), kind: type.declaredKind ?? .stack, routes: .none,
        place: place, parent: parent))
  }

  /// Adds a level of a stack flow of type `type` showing the saved `routes` up to the first
  /// that is not of the flow's route type; returns its position, or `nil` when the first is not,
  /// and the position and expected type of the route that is not.
  @MainActor
  mutating func add(
    _ type: any RestorableFlow.Type, showing routes: [AnyRoute], at place: FlowTree.Level.Place,
    under parent: Int?
  ) -> (position: Int?, wrong: (index: Int, expected: String)?) {
    func typed<Flow: RestorableFlow>(_ type: Flow.Type) -> (RouteList, (Int, String)?) {
      let found = RouteList.typed(routes, as: Flow.Route.self)
      return (found.routes, found.wrong.map { ($0, "\(Flow.Route.self)") })
    }
    let (list, wrong) = typed(type)
    if let wrong, wrong.0 == 0 { return (nil, wrong) }
    let position = append(
      Level(type: FlowType(type), kind: .stack, routes: list, place: place, parent: parent))
    return (position, wrong)
  }

  /// Adds a level that keeps the live level of type `type` at `place` as it is, with everything
  /// on it; returns its position.
  @discardableResult @MainActor
  mutating func keepLive(
    _ type: any ContainerFlow.Type, at place: FlowTree.Level.Place, under parent: Int
  ) -> Int {
    var level = Level(
      type: FlowType(type), kind: type.declaredKind ?? .stack, routes: .none, place: place,
      parent: parent)
    level.keepsLive = true
    return append(level)
  }

  /// Sets the routes of the level at `position`.
  mutating func setRoutes(_ routes: RouteList, at position: Int) {
    levels[position].routes = routes
  }

  /// How many levels lie below the level at `position`: 0 for the root.
  func depth(of position: Int) -> Int {
    var depth = 0
    var level = position
    while let parent = levels[level].parent {
      depth += 1
      level = parent
    }
    return depth
  }

  /// Removes the level at `position` and everything after it that hangs on it, and keeps only
  /// the first `count` routes of the level at `position` when `count` is not `nil`.
  mutating func cut(at position: Int, keeping count: Int?) {
    var kept = Array(levels[..<position])
    if let count {
      var level = levels[position]
      level.routes = level.routes.prefix(count)
      kept.append(level)
    }
    // What hangs on a removed level goes; the rest keep their order, and their parents their
    // new positions.
    var removed: Set<Int> = [position]
    var moved: [Int: Int] = [:]
    for index in levels.indices.dropFirst(position + 1) {
      let level = levels[index]
      if let parent = level.parent, removed.contains(parent) {
        removed.insert(index)
        continue
      }
      moved[index] = kept.count
      var copy = level
      if let parent = level.parent, parent > position { copy = copy.hanging(on: moved[parent]) }
      kept.append(copy)
    }
    levels = kept
    self.kept = []
  }

  /// The positions of the levels that hang on the level at `position`, in order.
  func children(of position: Int) -> [Int] {
    var found: [Int] = []
    for index in levels.indices.dropFirst(position + 1) where levels[index].parent == position {
      found.append(index)
    }
    return found
  }

  @MainActor
  private mutating func append(_ level: Level) -> Int {
    // Room for an ordinary target at once, rather than growing a level at a time.
    if levels.isEmpty { levels.reserveCapacity(4) }
    levels.append(level)
    let index = levels.count - 1
    if let live {
      // What the level keeps, as the plan will find it.
      var found: Int?
      if let parent = level.parent {
        if let keptParent = kept[parent] {
          // Only a tab asks which live levels the target keeps already.
          var claimed: [Bool] = []
          if case .tab = level.place {
            claimed = [Bool](repeating: false, count: live.levels.count)
            for case let position? in kept { claimed[position] = true }
          }
          if case .success(let position) = NavigationPlan.keep(
            index, of: levels, over: keptParent, in: live, claimed: claimed,
            options: .request(cause: .restoration))
          {
            found = position
          }
        }
      } else if live.flowType(0) == level.type.identity {
        found = 0
      }
      if kept.isEmpty { kept.reserveCapacity(4) }
      kept.append(found)
    }
    return index
  }
}

extension TargetTree.Level {
  /// The same level, hanging on the level at `parent`.
  fileprivate func hanging(on parent: Int?) -> Self {
    var level = Self(type: type, kind: kind, routes: routes, place: place, parent: parent)
    level.keepsLive = keepsLive
    return level
  }
}

/// A flow type carried in a target, a plan or a destination.
///
/// Metatypes are immutable, so sending one is safe; only using its static members needs the
/// main actor, and they are declared so.
struct FlowType: @unchecked Sendable, Hashable {
  let type: any ContainerFlow.Type

  init(_ type: any ContainerFlow.Type) {
    self.type = type
  }

  var identity: ObjectIdentifier { ObjectIdentifier(type) }

  static func == (lhs: FlowType, rhs: FlowType) -> Bool { lhs.identity == rhs.identity }

  func hash(into hasher: inout Hasher) {
    hasher.combine(identity)
  }
}

/// A metatype carried in a value that is sent: metatypes are immutable, and only their static
/// members need the main actor, which declares them so.
struct Metatype<Type>: @unchecked Sendable {
  let type: Type

  init(_ type: Type) {
    self.type = type
  }
}
