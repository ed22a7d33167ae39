package import FlowContainersCore

/// The tree a link, a typed destination or a snapshot wants, as a value: each level's flow
/// type, kind and routes, and how it hangs.
///
/// Levels come root first, each before what hangs on it, in the order a tree dump lists them:
/// a link's and a destination's are one path; a snapshot's branch at tab bars and splits.
package struct TargetTree: Sendable {
  /// One level of the target: its flow type, kind, routes (a stack's, bottom first), how it
  /// hangs, and the position of the level it hangs on (`nil` for the root).
  struct Level: Sendable {
    let type: FlowType
    let kind: FlowTree.Level.Kind
    var routes: RouteList
    let place: FlowTree.Level.Place
    var parent: Int?
    /// What must hold before the level may be shown: a stack flow's
    /// ``RestorableFlow/requirement``.
    var requirement: FlowRequirement?
    /// Whether the live level at this place stays as it is, with everything on it: a
    /// restoration's live detail that objects to being replaced.
    var keepsLive = false
  }

  private(set) var levels: [Level] = []
  /// The live tree the target is built against; `nil` once in a plan, which keeps nothing alive.
  private(set) var live: LiveTree?
  /// For each level, the live level it keeps, and how many routes from the bottom a kept stack
  /// shares with it, of how many screens: the difference takes them; shorter than `levels` once
  /// a match failed, which the difference finds again.
  private(set) var kept: [(position: Int, common: Int, screens: Int)?] = []

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
    guard let live, parent < kept.count, let position = kept[parent]?.position,
      let presented = live.presented(over: position), shows(parent)
    else { return nil }
    return presented
  }

  /// Whether the live level the level at `index` keeps shows exactly its routes; `true` for a
  /// tab bar or a split.
  @MainActor
  func shows(_ index: Int) -> Bool {
    guard levels[index].kind == .stack, index < kept.count, let (_, common, screens) = kept[index]
    else { return true }
    return common == levels[index].routes.count && common == screens
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
        parent: parent, requirement: Flow.requirement)
    ) { live, position, _ in
      // The live level it keeps is of this type too: its routes need no cast.
      live.commonPrefix(of: position, as: Flow.self, with: routes)
    }
  }

  /// Adds a level of a flow of type `type` that shows no routes of its own, a tab bar or a
  /// split (or, `keepingLive`, a level that keeps the live level at `place` as it is), hanging
  /// on the level at `parent` as `place` says; returns its position.
  @discardableResult @MainActor
  package mutating func add(
    _ type: any ContainerFlow.Type, at place: FlowTree.Level.Place, under parent: Int?,
    keepingLive keepsLive: Bool = false
  ) -> Int {
    append(
      Level(
        type: FlowType(type), kind: type.declaredKind ?? .stack, routes: .none,
        place: place, parent: parent,
        requirement: (type as? any RestorableFlow.Type)?.requirement, keepsLive: keepsLive))
  }

  /// Removes the level at `position` (or keeps it, showing `routes`) and what hangs on it.
  mutating func cut(at position: Int, keeping routes: RouteList?) {
    var kept = Array(levels[..<position])
    if let routes {
      kept.append(levels[position])
      kept[position].routes = routes
    }
    // The rest keep their order, and their parents their new positions.
    var removed: Set<Int> = [position]
    var moved: [Int: Int] = [:]
    for index in levels.indices.dropFirst(position + 1) {
      var level = levels[index]
      if let parent = level.parent, removed.contains(parent) {
        removed.insert(index)
        continue
      }
      moved[index] = kept.count
      if let parent = level.parent, parent > position { level.parent = moved[parent] }
      kept.append(level)
    }
    levels = kept
    self.kept = []
  }

  /// Adds `level`, and finds what it keeps of the live tree: a stack compared by `compare`.
  @MainActor
  private mutating func append(
    _ level: consuming Level,
    comparing compare: (LiveTree, Int, RouteList) -> (common: Int, screens: Int) = {
      $0.commonPrefix(of: $1, with: $2)
    }
  ) -> Int {
    if levels.isEmpty { levels.reserveCapacity(4) }
    let index = levels.count
    // Moved in, and read there: a copy would retain what it holds.
    levels.append(level)
    if let live, kept.count == index {
      // What the level keeps, as the plan will find it; only a tab asks what is claimed.
      var found: Int? =
        levels[index].parent == nil && live.flowType(0) == levels[index].type.identity ? 0 : nil
      if let parent = levels[index].parent, let keptParent = kept[parent]?.position {
        var claimed: [Bool] = []
        if case .tab = levels[index].place {
          claimed = [Bool](repeating: false, count: live.levels.count)
          for case (let position, _, _)? in kept { claimed[position] = true }
        }
        switch NavigationPlan.keep(
          index, of: levels, over: keptParent, shown: shows(parent), in: live, claimed: claimed,
          options: .request(cause: .restoration))
        {
        case .success(let position): found = position
        case .failure: return index
        }
      }
      if kept.isEmpty { kept.reserveCapacity(4) }
      // A kept stack is compared once, here: the difference and `kept(presentedOver:)` ask.
      var compared = (common: 0, screens: 0)
      if let found, levels[index].kind == .stack {
        compared = compare(live, found, levels[index].routes)
      }
      kept.append(found.map { ($0, compared.common, compared.screens) })
    }
    return index
  }
}

/// A flow type carried in a target, a plan or a destination.
typealias FlowType = Metatype<any ContainerFlow.Type>

extension FlowType {
  var identity: ObjectIdentifier { ObjectIdentifier(type) }
}

/// A metatype carried in a value that is sent: metatypes are immutable.
struct Metatype<Type>: @unchecked Sendable {
  let type: Type

  init(_ type: Type) {
    self.type = type
  }
}
