import FlowContainersCore

/// A restoration's target: the saved tree as levels of the flow types the root leads to, with
/// what cannot be restored left out and reported as it is found.
///
/// Building it reads no container but the root's flow: which live tab or column a saved tree
/// goes into is the plan's to find, by type.
@MainActor
struct RestorationTarget {
  private(set) var tree = TargetTree(live: nil)
  /// What was left out: what building the target found, in the order it found it, then what
  /// each cut left out, the last cut's first.
  private(set) var dropped: [RestorationReport.Drop] = []
  /// How many of ``dropped`` the cuts made.
  private var cutCount = 0
  /// The route the root flow keeps at the bottom, if it has one, and as its flow's routes.
  private let rootRoute: (route: AnyRoute, list: RouteList)?
  private let isRequirementMet: (FlowRequirement) -> Bool

  /// The target of `snapshot` for the tree whose root, `root`, is of the kind `kind`.
  ///
  /// - Throws: ``RestorationError`` when the snapshot does not fit the root: its root is another
  ///   flow, or a level is not one the level below leads to.
  init(
    _ snapshot: FlowSnapshot, root: any ContainerFlow, registry: FlowRegistry,
    isRequirementMet: @escaping (FlowRequirement) -> Bool
  ) throws(RestorationError) {
    self.isRequirementMet = isRequirementMet
    rootRoute = (root as? any RestorableFlow).flatMap { Self.rootRoute(of: $0) }
    let rootType = type(of: root) as any ContainerFlow.Type
    var levels = snapshot.levels
    guard let first = levels.first else { return }
    switch rootType.declaredKind {
    case .tabs where first.tabs == nil:
      // The selected tab's tree alone: it goes into the selected tab.
      let selected = Self.selectedTab(of: root.container) ?? 0
      var trees = [FlowSnapshot](repeating: FlowSnapshot(levels: []), count: selected + 1)
      trees[selected] = snapshot
      levels = [
        FlowSnapshot.Level(
          flow: FlowName(rootType), routes: [], tabs: .init(trees: trees, selected: selected))
      ]
    case .split where first.columns == nil:
      // The primary's tree alone.
      levels = [
        FlowSnapshot.Level(
          flow: FlowName(rootType), routes: [], columns: .init(primary: snapshot, detail: nil))
      ]
    case .tabs?, .split?:
      guard first.flow == FlowName(rootType) else { throw .unexpectedFlow(first.flow, after: nil) }
    default:
      try registry.validate(levels)
    }
    guard levels[0].flow == FlowName(rootType) else {
      throw .unexpectedFlow(levels[0].flow, after: nil)
    }
    addChain(levels[...], of: rootType, at: .root, under: nil, depth: 0, prefix: "")
    // A flow keeps its root screen: the root goes back to it alone, and the report says so.
    if let level = tree.levels.first, level.kind == .stack, level.routes.isEmpty,
      let rootRoute
    {
      cut(
        at: 0, keeping: 0,
        because: "the saved stack is empty; \(FlowName(rootType)) keeps its root screen "
          + "\(rootRoute.route)")
    }
  }

  /// Adds the chain `levels`, whose first level, of type `type`, hangs as `place` on the level
  /// at `parent`; the levels after a tab bar's or a split's are dropped.
  private mutating func addChain(
    _ levels: ArraySlice<FlowSnapshot.Level>, of type: any ContainerFlow.Type,
    at place: FlowTree.Level.Place, under parent: Int?, depth: Int, prefix: String
  ) {
    var type = type
    var place = place
    var parent = parent
    var depth = depth
    for (offset, level) in levels.enumerated() {
      if offset > 0 {
        guard
          let next = type.declaredBranches.first(where: { FlowName($0.type) == level.flow })
        else { return }
        type = next.type
        place = .presented(level.style)
      }
      switch type.declaredKind {
      case .tabs?, .split?:
        // Nothing is restored over a tab bar or a split: neither is a flow that presents.
        let kind = type.declaredKind == .tabs ? "a tab bar" : "a split"
        for (index, over) in levels.dropFirst(offset + 1).enumerated() {
          drop(
            over, at: depth + 1 + index, reason: "\(prefix)nothing is restored over \(kind)")
        }
        let position = tree.add(type, at: place, under: parent)
        if let tabs = level.tabs {
          addTabs(tabs, of: type, under: position, depth: depth + 1, prefix: prefix)
        } else if let columns = level.columns {
          addColumns(columns, of: type, under: position, depth: depth + 1, prefix: prefix)
        }
        return
      case .stack?:
        guard let stack = type as? any RestorableFlow.Type else { return }
        // A level whose requirement does not hold is left out; a restoration never shows a
        // guard.
        if let requirement = stack.requirement, !isRequirementMet(requirement) {
          drop(level, at: depth, reason: "\(prefix)requires \(requirement.rawValue)")
          for (index, over) in levels.dropFirst(offset + 1).enumerated() {
            drop(
              over, at: depth + 1 + index,
              reason: "\(prefix)presented over a screen that was not restored")
          }
          return
        }
        let added = tree.add(stack, showing: level.routes, at: place, under: parent)
        if let wrong = added.wrong {
          // A route of another type: what is before it is restored, nothing over it.
          drop(
            FlowSnapshot.Level(flow: level.flow, routes: Array(level.routes[wrong.index...])),
            at: depth,
            reason: prefix + ScreenFailure.wrongRouteType(expected: wrong.expected).description)
          for (index, over) in levels.dropFirst(offset + 1).enumerated() {
            drop(
              over, at: depth + 1 + index,
              reason: "\(prefix)presented over a screen that was not restored")
          }
          return
        }
        guard let position = added.position else { return }
        parent = position
      case nil:
        return
      }
      depth += 1
    }
  }

  /// Adds each saved tab's tree under the bar at `bar`, of type `type`: into the tab of its
  /// flow, the bar's split tab whose primary is its flow when the tree is that primary's alone;
  /// a tree whose flow has no tab is dropped.
  private mutating func addTabs(
    _ tabs: FlowSnapshot.Tabs, of type: any ContainerFlow.Type, under bar: Int, depth: Int,
    prefix: String
  ) {
    let declared = type.declaredBranches.map(\.type)
    for (position, saved) in tabs.trees.enumerated() {
      guard var first = saved.levels.first else { continue }
      var tree = saved
      var tabType = declared.first { FlowName($0) == first.flow }
      if tabType == nil, first.columns == nil,
        let split = declared.first(where: { candidate in
          candidate.declaredKind == .split
            && candidate.declaredBranches.contains {
              $0.place == .column(.primary) && FlowName($0.type) == first.flow
            }
        })
      {
        // A tree saved while the tab was its split's primary alone goes into that primary.
        tabType = split
        first = FlowSnapshot.Level(
          flow: FlowName(split), routes: [], columns: .init(primary: saved, detail: nil))
        tree = FlowSnapshot(levels: [first])
      }
      let tabPrefix = position == tabs.selected ? prefix : "\(prefix)in tab \(position): "
      guard let tabType else {
        drop(first, at: depth - 1, reason: "\(prefix)tab \(position) is no longer there")
        continue
      }
      if let problem = Self.problem(with: tree.levels, from: tabType) {
        drop(first, at: depth, reason: "\(tabPrefix)\(problem)")
        continue
      }
      addChain(
        tree.levels[...], of: tabType, at: .tab(position, selected: position == tabs.selected),
        under: bar, depth: depth, prefix: tabPrefix)
    }
  }

  /// Adds the saved columns under the split at `split`, of type `type`: the primary's tree into
  /// the primary, the detail's into the detail, if it is one the split declares.
  private mutating func addColumns(
    _ columns: FlowSnapshot.Columns, of type: any ContainerFlow.Type, under split: Int,
    depth: Int, prefix: String
  ) {
    let branches = type.declaredBranches
    let detailShown = columns.detail?.levels.isEmpty == false
    if let first = columns.primary.levels.first,
      let primary = branches.first(where: { $0.place == .column(.primary) })?.type
    {
      let primaryPrefix = detailShown ? "\(prefix)in the primary column: " : prefix
      if let problem = Self.problem(with: columns.primary.levels, from: primary) {
        drop(first, at: depth, reason: "\(primaryPrefix)\(problem)")
      } else {
        addChain(
          columns.primary.levels[...], of: primary, at: .column(.primary), under: split,
          depth: depth, prefix: primaryPrefix)
      }
    }
    guard let detail = columns.detail, let first = detail.levels.first else { return }
    guard
      let detailType = branches.first(where: {
        $0.place == .column(.detail) && FlowName($0.type) == first.flow
      })?.type
    else {
      drop(first, at: depth, reason: "\(prefix)\(first.flow) is not a detail of \(FlowName(type))")
      return
    }
    if let problem = Self.problem(with: detail.levels, from: detailType) {
      drop(first, at: depth, reason: "\(prefix)\(problem)")
      return
    }
    addChain(
      detail.levels[...], of: detailType, at: .column(.detail), under: split, depth: depth,
      prefix: prefix)
  }

  /// What is wrong with `levels` as a tree whose first level is a flow of type `type`, if
  /// anything: the error a restorer of that flow would give.
  private static func problem(
    with levels: [FlowSnapshot.Level], from type: any ContainerFlow.Type
  ) -> RestorationError? {
    do {
      try FlowRegistry(roots: [type], reporting: false).validate(levels)
      return nil
    } catch {
      return error
    }
  }

  /// Leaves out the target's level `position` from its route `count` on (all of it when
  /// `count` is `nil`) and everything presented over it, because of `reason`; the root keeps
  /// its root screen.
  mutating func cut(at position: Int, keeping count: Int?, because reason: String) {
    let levels = tree.levels
    var cut: [RestorationReport.Drop] = []
    let keep = min(count ?? 0, levels[position].routes.count)
    cut.append(
      RestorationReport.Drop(
        level: tree.depth(of: position), flow: FlowName(levels[position].type.type),
        routes: levels[position].routes.erased(from: keep), reason: prefix(of: position) + reason))
    // What is presented over it goes with it; its tabs and columns, and what hangs on them, go
    // unlisted.
    var over = Set([position])
    for index in levels.indices.dropFirst(position + 1) {
      guard let parent = levels[index].parent, over.contains(parent),
        case .presented = levels[index].place
      else { continue }
      over.insert(index)
      cut.append(
        RestorationReport.Drop(
          level: tree.depth(of: index), flow: FlowName(levels[index].type.type),
          routes: levels[index].routes.erased,
          reason: prefix(of: index) + "presented over a screen that was not restored"))
    }
    // A later cut is at the same level as an earlier one or below it: its drops go first.
    dropped.insert(contentsOf: cut, at: dropped.count - cutCount)
    cutCount += cut.count
    if keep > 0 {
      tree.cut(at: position, keeping: keep)
    } else if position == 0, let rootRoute, levels[0].kind == .stack,
      levels[0].routes.isEmpty || levels[0].routes[0] != rootRoute.route
    {
      // The root flow keeps its root screen (unless that is what failed: then nothing is
      // restored, and each pass still cuts the target shorter).
      tree.cut(at: 0, keeping: 0)
      tree.setRoutes(rootRoute.list, at: 0)
    } else {
      tree.cut(at: position, keeping: nil)
    }
  }

  /// Leaves out the saved tab at the target's level `position`, which has no tab of its flow
  /// left: "listed twice" when another saved tab of the bar is the same tree, "no longer there"
  /// otherwise; reported at the bar's level.
  mutating func dropTab(at position: Int) {
    let levels = tree.levels
    guard let bar = levels[position].parent, case .tab(let place, _) = levels[position].place
    else { return }
    let level = levels[position]
    let twice = levels.indices.contains { other in
      other != position && levels[other].parent == bar
        && levels[other].type.identity == level.type.identity
        && levels[other].routes == level.routes
        && tree.children(of: other).count
          == tree.children(of: position).count
    }
    dropped.insert(
      RestorationReport.Drop(
        level: tree.depth(of: bar), flow: FlowName(level.type.type), routes: level.routes.erased,
        reason: prefix(of: bar)
          + (twice ? "tab \(place) is listed twice" : "tab \(place) is no longer there")),
      at: dropped.count - cutCount)
    cutCount += 1
    tree.cut(at: position, keeping: nil)
  }

  /// Leaves out the saved detail of the split at `split`, because of `reason`: the live detail,
  /// of type `type`, stays as it is.
  mutating func keepLiveDetail(of split: Int, type: any ContainerFlow.Type, reason: String) {
    if let index = tree.levels.indices.first(where: {
      tree.levels[$0].parent == split && tree.levels[$0].place == .column(.detail)
    }) {
      let level = tree.levels[index]
      dropped.append(
        RestorationReport.Drop(
          level: tree.depth(of: index), flow: FlowName(level.type.type),
          routes: level.routes.erased, reason: prefix(of: index) + reason))
      tree.cut(at: index, keeping: nil)
    } else {
      dropped.append(
        RestorationReport.Drop(
          level: tree.depth(of: split) + 1, flow: FlowName(type), routes: [],
          reason: prefix(of: split) + reason))
    }
    tree.keepLive(type, at: .column(.detail), under: split)
  }

  /// What a drop's reason at the target's level `position` starts with when the level is not on
  /// the path the user sees: `in tab 1: ` under a tab that is not selected, `in the primary
  /// column: ` under a primary beside a detail.
  private func prefix(of position: Int) -> String {
    var parts: [String] = []
    var level = position
    while let parent = tree.levels[level].parent {
      switch tree.levels[level].place {
      case .tab(let index, selected: false):
        parts.append("in tab \(index): ")
      case .column(.primary):
        if tree.levels.contains(where: {
          $0.parent == parent && $0.place == .column(.detail)
        }) {
          parts.append("in the primary column: ")
        }
      default:
        break
      }
      level = parent
    }
    return parts.reversed().joined()
  }

  private mutating func drop(_ level: FlowSnapshot.Level, at depth: Int, reason: String) {
    dropped.append(
      RestorationReport.Drop(level: depth, flow: level.flow, routes: level.routes, reason: reason))
  }

  /// The route `flow` keeps at the bottom, if it has one: its declared root, or its bottom
  /// screen's.
  static func rootRoute<Flow: RestorableFlow>(
    of flow: Flow
  ) -> (route: AnyRoute, list: RouteList)? {
    guard
      let route = flow.rootRoute ?? flow.container.screensUntracked.first.flatMap(flow.route(for:))
    else { return nil }
    return (AnyRoute(route), RouteList([route]))
  }

  /// The position of the selected tab of the tab container `node`, if any.
  private static func selectedTab(of node: ContainerNode) -> Int? {
    let reading = node.read(describingScreens: false)
    return reading.tree.levels[0].tabs.firstIndex { tab in
      if case .tab(_, selected: true) = reading.tree.levels[tab].place { return true }
      return false
    }
  }
}
