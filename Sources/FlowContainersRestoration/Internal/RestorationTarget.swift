import FlowContainersCore

/// A restoration's target: the saved tree as levels of the flow types the root leads to, with
/// what cannot be restored left out and reported as it is found.
///
/// It reads no container but the root's: the plan finds which live tab or column to use.
@MainActor
struct RestorationTarget {
  private(set) var tree = TargetTree(live: nil)
  /// What was left out: what building the target found, then each cut's, the last cut's first.
  private(set) var dropped: [RestorationReport.Drop] = []
  /// How many of ``dropped`` the cuts made.
  private var cutCount = 0
  /// The route the root flow keeps at the bottom, if it has one, as its flow's routes.
  private let rootRoute: RouteList?
  private let isRequirementMet: (FlowRequirement) -> Bool

  /// The target of `snapshot` for the tree whose root is `root`.
  ///
  /// - Throws: ``RestorationError`` when the snapshot does not fit the root: its root is another
  ///   flow, or a level is not one the level below leads to.
  init(
    _ snapshot: FlowSnapshot, root: any ContainerFlow, registry: FlowRegistry,
    isRequirementMet: @escaping (FlowRequirement) -> Bool
  ) throws(RestorationError) {
    self.isRequirementMet = isRequirementMet
    rootRoute = (root as? any RestorableFlow)?.keptRoot
    let rootType = type(of: root) as any ContainerFlow.Type
    guard let first = snapshot.levels.first else { return }
    switch rootType.declaredKind {
    case .tabs where first.tabs == nil:
      // The selected tab's tree alone: it goes into the selected tab.
      let selected = LiveTree(root: root.container).selectedTab(of: 0) ?? 0
      var trees = [FlowSnapshot](repeating: FlowSnapshot(levels: []), count: selected + 1)
      trees[selected] = snapshot
      let bar = tree.add(rootType, at: .root, under: nil)
      addTabs(
        .init(trees: trees, selected: selected), of: rootType, under: bar, depth: 1, prefix: "")
      return
    case .split where first.columns == nil:
      // The primary's tree alone.
      let split = tree.add(rootType, at: .root, under: nil)
      let columns = FlowSnapshot.Columns(primary: snapshot, detail: nil)
      addColumns(columns, of: rootType, under: split, depth: 1, prefix: "")
      return
    case .tabs?, .split?:
      break
    case .stack?, nil:
      try registry.validate(snapshot.levels)
    }
    guard first.flow == FlowName(rootType) else { throw .unexpectedFlow(first.flow, after: nil) }
    addChain(snapshot.levels[...], of: rootType, at: .root, under: nil, depth: 0, prefix: "")
    // A flow keeps its root screen: the root goes back to it alone, and the report says so.
    if let level = tree.levels.first, level.kind == .stack, level.routes.isEmpty,
      let rootRoute
    {
      cut(
        at: 0, keeping: 0,
        because: "the saved stack is empty; \(FlowName(rootType)) keeps its root screen "
          + "\(rootRoute[0])")
    }
  }

  /// Adds the chain `levels`, the first of type `type`, hanging as `place` on the level at
  /// `parent`; what is over a tab bar or a split is dropped.
  private mutating func addChain(
    _ levels: ArraySlice<FlowSnapshot.Level>, of type: any ContainerFlow.Type,
    at place: FlowTree.Level.Place, under parent: Int?, depth: Int, prefix: String
  ) {
    var (type, place, parent) = (type, place, parent)
    for (offset, level) in levels.enumerated() {
      let depth = depth + offset
      if offset > 0 {
        guard
          let next = type.declaredBranches.first(where: { FlowName($0.type) == level.flow })
        else { return }
        (type, place) = (next.type, .presented(level.style))
      }
      let rest = levels.dropFirst(offset + 1)
      switch type.declaredKind {
      case .tabs?, .split?:
        // Nothing is restored over a tab bar or a split: neither is a flow that presents.
        let kind = type.declaredKind == .tabs ? "a tab bar" : "a split"
        drop(rest, from: depth + 1, reason: "\(prefix)nothing is restored over \(kind)")
        let position = tree.add(type, at: place, under: parent)
        if let tabs = level.tabs {
          addTabs(tabs, of: type, under: position, depth: depth + 1, prefix: prefix)
        } else if let columns = level.columns {
          addColumns(columns, of: type, under: position, depth: depth + 1, prefix: prefix)
        }
        return
      case .stack?:
        guard let stack = type as? any RestorableFlow.Type else { return }
        // A restoration never shows a guard; what is before a route of another type is restored.
        let failure: (routes: ArraySlice<AnyRoute>, reason: String)
        if let requirement = stack.requirement, !isRequirementMet(requirement) {
          failure = (level.routes[...], "requires \(requirement.rawValue)")
        } else {
          let added = stack.add(level.routes, to: &tree, at: place, under: parent)
          guard let wrong = added.wrong else {
            parent = added.position
            continue
          }
          let reason = ScreenFailure.wrongRouteType(expected: wrong.expected).description
          failure = (level.routes[wrong.index...], reason)
        }
        let lost = FlowSnapshot.Level(flow: level.flow, routes: Array(failure.routes))
        drop([lost], from: depth, reason: prefix + failure.reason)
        drop(
          rest, from: depth + 1, reason: "\(prefix)presented over a screen that was not restored")
        return
      case nil:
        return
      }
    }
  }

  /// Adds each saved tab's tree under the bar at `bar`, of type `type`: into the tab of its
  /// flow, or the split tab whose primary is its flow; a tree whose flow has no tab is dropped.
  private mutating func addTabs(
    _ tabs: FlowSnapshot.Tabs, of type: any ContainerFlow.Type, under bar: Int, depth: Int,
    prefix: String
  ) {
    let declared = type.declaredBranches.map(\.type)
    for (position, saved) in tabs.trees.enumerated() {
      guard let first = saved.levels.first else { continue }
      var levels = saved.levels
      var tabType = declared.first { FlowName($0) == first.flow }
      if tabType == nil, first.columns == nil,
        let split = declared.first(where: { candidate in
          candidate.declaredKind == .split
            && candidate.declaredBranches.contains {
              $0.place == .column(.primary) && FlowName($0.type) == first.flow
            }
        })
      {
        tabType = split
        levels = [
          FlowSnapshot.Level(
            flow: FlowName(split), routes: [], columns: .init(primary: saved, detail: nil))
        ]
      }
      guard let tabType else {
        drop([first], from: depth - 1, reason: "\(prefix)tab \(position) is no longer there")
        continue
      }
      let selected = position == tabs.selected
      addTree(
        levels, of: tabType, at: .tab(position, selected: selected), under: bar, depth: depth,
        prefix: selected ? prefix : "\(prefix)in tab \(position): ")
    }
  }

  /// Adds the saved columns under the split at `split`, of type `type`, a detail only of a type
  /// the split declares.
  private mutating func addColumns(
    _ columns: FlowSnapshot.Columns, of type: any ContainerFlow.Type, under split: Int,
    depth: Int, prefix: String
  ) {
    let branches = type.declaredBranches
    if !columns.primary.levels.isEmpty,
      let primary = branches.first(where: { $0.place == .column(.primary) })?.type
    {
      let detailShown = columns.detail?.levels.isEmpty == false
      addTree(
        columns.primary.levels, of: primary, at: .column(.primary), under: split, depth: depth,
        prefix: detailShown ? "\(prefix)in the primary column: " : prefix)
    }
    guard let detail = columns.detail?.levels, let first = detail.first else { return }
    guard
      let detailType = branches.first(where: {
        $0.place == .column(.detail) && FlowName($0.type) == first.flow
      })?.type
    else {
      drop(
        [first], from: depth, reason: "\(prefix)\(first.flow) is not a detail of \(FlowName(type))")
      return
    }
    addTree(
      detail, of: detailType, at: .column(.detail), under: split, depth: depth, prefix: prefix)
  }

  /// Adds the tree `levels`, not empty, as a chain from a flow of type `type`, or drops its
  /// first level with the error a restorer of that flow would give.
  private mutating func addTree(
    _ levels: [FlowSnapshot.Level], of type: any ContainerFlow.Type,
    at place: FlowTree.Level.Place, under parent: Int, depth: Int, prefix: String
  ) {
    do {
      try FlowRegistry(roots: [type], reporting: false).validate(levels)
      addChain(levels[...], of: type, at: place, under: parent, depth: depth, prefix: prefix)
    } catch {
      drop(levels.prefix(1), from: depth, reason: "\(prefix)\(error)")
    }
  }

  /// Cuts the target where a plan failed, with the failure's reason.
  mutating func cut(_ failure: PlanFailure) {
    switch failure {
    case .cannotShow(let level, let index, _, _, let why):
      cut(at: level, keeping: index, because: why.description)
    case .cannotCreate(let level, let flow, let subFlow):
      cut(at: level, keeping: nil, because: "\(flow) did not create \(subFlow)")
    case .noTab(let level):
      dropTab(at: level)
    case .stale:
      cut(at: 0, keeping: nil, because: "the tree changed after the restoration was planned")
    case .objection: break
    }
  }

  /// Leaves out the target's level `position` from its route `count` on (all of it when `nil`)
  /// and what is presented over it, because of `reason`; the root keeps its root screen.
  private mutating func cut(at position: Int, keeping count: Int?, because reason: String) {
    let levels = tree.levels
    let keep = min(count ?? 0, levels[position].routes.count)
    var cut = [drop(at: position, routes: levels[position].routes.erased(from: keep), reason)]
    // What is presented over it is listed; its tabs and columns go unlisted.
    var over = Set([position])
    for index in levels.indices.dropFirst(position + 1) {
      guard let parent = levels[index].parent, over.contains(parent),
        case .presented = levels[index].place
      else { continue }
      over.insert(index)
      cut.append(
        drop(
          at: index, routes: levels[index].routes.erased,
          "presented over a screen that was not restored"))
    }
    insertCut(cut)
    if keep > 0 {
      tree.cut(at: position, keeping: levels[position].routes.prefix(keep))
    } else if position == 0, let rootRoute, levels[0].kind == .stack,
      levels[0].routes.isEmpty || levels[0].routes[0] != rootRoute[0]
    {
      // The root keeps its root screen, unless that is what failed.
      tree.cut(at: 0, keeping: rootRoute)
    } else {
      tree.cut(at: position, keeping: nil)
    }
  }

  /// Leaves out the saved tab at the target's level `position`, which has no tab of its flow
  /// left: "listed twice" when another saved tab of the bar is the same tree.
  private mutating func dropTab(at position: Int) {
    let levels = tree.levels
    let level = levels[position]
    guard let bar = level.parent, case .tab(let place, _) = level.place else { return }
    func children(_ parent: Int) -> Int { levels.reduce(0) { $0 + ($1.parent == parent ? 1 : 0) } }
    let twice = levels.indices.contains { other in
      other != position && levels[other].parent == bar
        && levels[other].type.identity == level.type.identity
        && levels[other].routes == level.routes
        && children(other) == children(position)
    }
    insertCut([
      drop(
        at: bar, flow: FlowName(level.type.type), routes: level.routes.erased,
        twice ? "tab \(place) is listed twice" : "tab \(place) is no longer there")
    ])
    tree.cut(at: position, keeping: nil)
  }

  /// Leaves out the saved detail of the split at `split`: the live one, of `type`, stays.
  mutating func keepLiveDetail(of split: Int, type: any ContainerFlow.Type, reason: String) {
    if let index = tree.levels.indices.first(where: {
      tree.levels[$0].parent == split && tree.levels[$0].place == .column(.detail)
    }) {
      dropped.append(drop(at: index, routes: tree.levels[index].routes.erased, reason))
      tree.cut(at: index, keeping: nil)
    } else {
      dropped.append(drop(at: split, deeper: 1, flow: FlowName(type), routes: [], reason))
    }
    tree.add(type, at: .column(.detail), under: split, keepingLive: true)
  }

  /// Adds a cut's drops before the earlier cuts': a later cut is at their level or below.
  private mutating func insertCut(_ drops: [RestorationReport.Drop]) {
    dropped.insert(contentsOf: drops, at: dropped.count - cutCount)
    cutCount += drops.count
  }

  /// The drop of `routes` of the target's level `position` (or of `flow`, `deeper` levels above
  /// it) because of `reason`, after where it is off the path the user sees (`in tab 1: `).
  private func drop(
    at position: Int, deeper: Int = 0, flow: FlowName? = nil, routes: [AnyRoute],
    _ reason: String
  ) -> RestorationReport.Drop {
    var parts: [String] = []
    var (level, depth) = (position, deeper)
    while let parent = tree.levels[level].parent {
      switch tree.levels[level].place {
      case .tab(let index, selected: false):
        parts.append("in tab \(index): ")
      case .column(.primary)
      where tree.levels.contains(where: { $0.parent == parent && $0.place == .column(.detail) }):
        parts.append("in the primary column: ")
      default:
        break
      }
      (level, depth) = (parent, depth + 1)
    }
    return RestorationReport.Drop(
      level: depth, flow: flow ?? FlowName(tree.levels[position].type.type), routes: routes,
      reason: parts.reversed().joined() + reason)
  }

  /// Drops the saved `levels`, the first at `depth`, because of `reason`.
  private mutating func drop(
    _ levels: some Collection<FlowSnapshot.Level>, from depth: Int, reason: String
  ) {
    dropped += levels.enumerated().map {
      RestorationReport.Drop(level: depth + $0, flow: $1.flow, routes: $1.routes, reason: reason)
    }
  }
}

extension RestorableFlow {
  /// Adds a level of this flow type to `tree`, showing the saved `routes` up to the first of
  /// another type; returns its position (`nil` when that is the first) and where that one is.
  fileprivate static func add(
    _ routes: [AnyRoute], to tree: inout TargetTree, at place: FlowTree.Level.Place,
    under parent: Int?
  ) -> (position: Int?, wrong: (index: Int, expected: String)?) {
    var typed: [Route] = []
    typed.reserveCapacity(routes.count)
    for route in routes {
      guard let route = route.as(Route.self) else { break }
      typed.append(route)
    }
    let wrong = typed.count < routes.count ? (typed.count, "\(Route.self)") : nil
    if typed.isEmpty, let wrong { return (nil, wrong) }
    return (tree.add(Self.self, showing: typed, at: place, under: parent), wrong)
  }

  /// The route this flow keeps at the bottom: its declared root, or its bottom screen's.
  fileprivate var keptRoot: RouteList? {
    (rootRoute ?? container.screensUntracked.first.flatMap(route(for:))).map { RouteList([$0]) }
  }
}
