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
    /// Its flow type as a stack flow, when added as one: a cast to it needs no conformance lookup.
    var stack = Metatype<(any RestorableFlow.Type)?>(nil)
    /// Whether the live level at this place stays as it is, with everything on it: a
    /// restoration's live detail that objects to being replaced.
    var keepsLive = false
    /// The live level it keeps, how many routes from the bottom a kept stack shares with it, of
    /// how many screens, and whether it shows exactly its routes (a bar or a split does): found
    /// as it is added, or by the difference.
    var kept: Kept?
  }

  /// What a level keeps of the live tree (see ``Level/kept``).
  typealias Kept = (position: Int, common: Int, screens: Int, shows: Bool)

  private(set) var levels: [Level] = []
  /// The live tree the target is built against; `nil` once in a plan, which keeps nothing alive.
  private(set) var live: LiveTree?
  /// How many levels, from the first, have found what they keep of `live`: the difference
  /// takes them; fewer than `levels` once a match failed, which the difference finds again.
  private(set) var matched = 0

  /// A target, empty to add levels to, planned against the tree as it is; or, for a plan, of
  /// `levels`, with what each keeps, and no live tree.
  init(live: LiveTree?, levels: [Level] = []) {
    self.live = live
    self.levels = levels
  }

  /// The lists of the live tree it was built against, emptied, keeping their room, for the
  /// next reading, when small (a large tree's room is not held between plans); the target keeps
  /// no live tree after.
  mutating func spareLive() -> LiveTree.Spare {
    guard var levels = live?.tree.levels, levels.capacity <= 64, var containers = live?.containers
    else { return ([], []) }
    live = nil
    levels.removeAll(keepingCapacity: true)
    containers.removeAll(keepingCapacity: true)
    return (levels, containers)
  }

  /// The position in the live tree of the level a flow presented over the target's level
  /// `parent` would keep: what that level presents, while the target keeps that level and its
  /// stack as they are; `nil` otherwise.
  @MainActor
  package func kept(presentedOver parent: Int) -> Int? {
    guard let live, parent < matched, let position = levels[parent].kept?.position,
      let presented = live.presented(over: position), levels[parent].kept?.shows == true
    else { return nil }
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
        parent: parent, requirement: Flow.requirement, stack: Metatype(type))
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
    matched = 0
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
    if let live, matched == index,
      case .success(let kept) = Self.match(
        index, of: levels, in: live, options: .request(cause: .restoration), compare)
    {
      levels[index].kept = kept
      matched += 1
    }
    return index
  }

  /// What the level at `index` of `levels` keeps of `live`, those below it matched (see
  /// `NavigationPlan.keep`), with a kept stack compared by `compare`, once.
  @MainActor
  static func match(
    _ index: Int, of levels: [Level], in live: LiveTree, options: PlanOptions,
    _ compare: (LiveTree, Int, RouteList) -> (common: Int, screens: Int)
  ) -> Result<Kept?, PlanFailure> {
    var found: Int?
    if let parent = levels[index].parent {
      guard let keptParent = levels[parent].kept?.position else { return .success(nil) }
      switch NavigationPlan.keep(
        index, of: levels, over: keptParent, shown: levels[parent].kept?.shows == true, in: live,
        options: options)
      {
      case .success(let position): found = position
      case .failure(let failure): return .failure(failure)
      }
    } else if index == 0 {
      guard live.flowType(0) == levels[0].type.identity else { return .failure(.stale) }
      found = 0
    }
    guard let found else { return .success(nil) }
    guard levels[index].kind == .stack else { return .success((found, 0, 0, true)) }
    let (common, screens) = compare(live, found, levels[index].routes)
    let shows = common == levels[index].routes.count && common == screens
    return .success((found, common, screens, shows))
  }

  /// Its levels with what each keeps of `live`: as found as it was built against `live`, or
  /// found again, root first (a restoration's, or a target's built without).
  @MainActor
  func matched(in live: LiveTree, options: PlanOptions) -> Result<[Level], PlanFailure> {
    if !options.isRestoration, self.live != nil, matched == levels.count { return .success(levels) }
    var levels = levels
    for index in levels.indices {
      switch Self.match(
        index, of: levels, in: live, options: options, { $0.commonPrefix(of: $1, with: $2) })
      {
      case .success(let kept): levels[index].kept = kept
      case .failure(let failure): return .failure(failure)
      }
    }
    return .success(levels)
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
