import FlowContainersCore

@MainActor
extension NavigationPlan {
  /// The plan that takes the live tree to `target`: the fewest changes, made of nothing yet.
  ///
  /// A target level keeps the live level at its place when it has the same flow type: a tab of
  /// a kept bar, the primary of a kept split, the detail of a kept split while it shows the
  /// target's first route (note 1's is no note 2's), and a flow presented over a kept level
  /// while the stack below it stays as it is (a sub-flow is made for the stack below it), and,
  /// for a restoration, while it is shown in the saved style. Then, in order:
  ///
  /// 1. through each kept split and tab bar: what it presents, when the target does not go
  ///    through it, is dismissed; a split the target shows no detail of closes its detail; a
  ///    bar selects the target's tab;
  /// 2. what a kept stack or column presents that the target does not keep is dismissed (the
  ///    lowest level that goes; the rest go with it);
  /// 3. kept stacks pop to what they share with the target and push the rest, or are replaced;
  /// 4. new levels are presented, shown as a split's detail, or, as a new bar's tabs and a new
  ///    split's primary, selected and set.
  ///
  /// Tabs and a primary the target does not name are left as they are.
  static func difference(
    from live: LiveTree, to target: TargetTree, request: NavigationRequest, options: PlanOptions
  ) -> Result<NavigationPlan, PlanFailure> {
    let levels = target.levels
    guard let root = levels.first, live.flowType(0) == root.type.identity else {
      return .failure(.stale)
    }
    var kept = [Int?](repeating: nil, count: levels.count)
    kept[0] = 0
    var claimed = [Bool](repeating: false, count: live.levels.count)
    claimed[0] = true
    // What hangs on each target level, found in one pass; only bars and splits ask (a target of
    // stacks makes no array).
    var branches: [Branches] = []
    if levels.contains(where: { $0.kind != .stack }) {
      branches = [Branches](repeating: Branches(), count: levels.count)
    }
    for index in levels.indices.dropFirst() {
      guard let parent = levels[index].parent else { continue }
      if !branches.isEmpty {
        switch levels[index].place {
        case .presented: branches[parent].presented = index
        case .column(.primary): branches[parent].primary = index
        case .column(.detail): branches[parent].detail = index
        case .tab(_, selected: true): branches[parent].selectedTab = index
        case .tab, .root: break
        }
      }
      guard let keptParent = kept[parent] else { continue }
      switch keep(index, of: levels, over: keptParent, in: live, claimed: claimed, options: options)
      {
      case .failure(let failure): return .failure(failure)
      case .success(let found):
        kept[index] = found
        if let found { claimed[found] = true }
      }
    }
    // A level kept as it is keeps everything presented over it.
    for index in levels.indices where levels[index].keepsLive {
      var over = kept[index].flatMap { live.presented(over: $0) }
      while let presented = over {
        claimed[presented] = true
        over = live.presented(over: presented)
      }
    }
    var moves: [Move] = []
    // At most two changes a level, and one dismissal: one allocation, not one per doubling.
    moves.reserveCapacity(2 * levels.count + 1)
    var stamp: [Stamp] = []
    stamp.reserveCapacity(levels.count + 1)
    func read(_ position: Int) {
      stamp.append(
        Stamp(
          position: position, node: live.node(position),
          revision: live.containers[position].revision))
    }
    for case let position? in kept { read(position) }
    func dismiss(_ position: Int, at level: Int) {
      // What a level presents hangs on it in the tree read: that level is kept.
      guard let presenter = live.levels[position].parent else { return }
      moves.append(
        .dismiss(live: position, from: presenter, at: level, flow: live.levels[position].flow))
      read(position)
    }
    // 1. Through kept splits and bars.
    for index in levels.indices {
      guard let position = kept[index] else { continue }
      switch levels[index].kind {
      case .split:
        let detail = live.column(.detail, of: position)
        // What the split presents hangs over its shown column: when the target goes through
        // that column, it is what the column presents (2.); otherwise it is in the way.
        let through = detail == nil ? branches[index].primary : branches[index].detail
        if let cover = live.levels[position].presented, !claimed[cover], through == nil {
          dismiss(cover, at: index + 1)
        }
        if let detail, branches[index].detail == nil {
          moves.append(
            .closeDetail(split: index, live: detail, at: index + 1, flow: live.levels[detail].flow)
          )
          read(detail)
        }
      case .tabs:
        if let cover = live.levels[position].presented, !claimed[cover] {
          dismiss(cover, at: index + 1)
        }
        // The live tab the target's selected tab keeps, at its place in the live bar.
        if let tab = branches[index].selectedTab, let liveTab = kept[tab],
          case .tab(let place, _) = live.levels[liveTab].place,
          place != live.selectedTab(of: position)
        {
          moves.append(.selectTab(bar: index, index: place, tab: tab))
        }
      case .stack:
        break
      }
    }
    // 2. What kept stacks and columns present that the target does not keep; a detail the
    // plan replaces is not dismissed (showing the new one ends it), but what the split presents
    // over it is.
    for index in levels.indices where levels[index].kind == .stack {
      var over = kept[index]
      if over == nil, case .column(.detail) = levels[index].place, let split = levels[index].parent,
        let keptSplit = kept[split]
      {
        over = live.column(.detail, of: keptSplit)
      }
      guard let over, let presented = live.presented(over: over), !claimed[presented] else {
        continue
      }
      dismiss(presented, at: index + 1)
    }
    // 3. Kept stacks.
    for index in levels.indices where levels[index].kind == .stack && !levels[index].keepsLive {
      guard let position = kept[index] else { continue }
      let wanted = levels[index].routes
      let screens = live.screenCount(position)
      let common = live.routes(position)?.commonPrefix(with: wanted) ?? 0
      if common == screens, common == wanted.count { continue }
      if common == 0 {
        moves.append(.replace(level: index))
        continue
      }
      if common < screens { moves.append(.popTo(level: index, index: common - 1)) }
      if common < wanted.count { moves.append(.push(level: index, from: common)) }
    }
    // 4. New levels.
    for index in levels.indices.dropFirst() where kept[index] == nil {
      guard let parent = levels[index].parent else { continue }
      switch levels[index].place {
      case .presented(let style):
        moves.append(.present(level: index, style: style))
      case .tab(let place, let selected):
        // A new bar's tab, there once the bar is: selected, and its stack set.
        if selected { moves.append(.selectTab(bar: parent, index: place, tab: index)) }
        if levels[index].kind == .stack { moves.append(.replace(level: index)) }
      case .column(.primary):
        // A new split's primary, there once the split is: its stack is set.
        if levels[index].kind == .stack { moves.append(.replace(level: index)) }
      case .column(.detail):
        // The detail it replaces, if any, may object.
        let replaced = kept[parent].flatMap { live.column(.detail, of: $0) }
        if let replaced { read(replaced) }
        moves.append(.showDetail(level: index, replacing: replaced))
      case .root:
        break
      }
    }
    var names: [FlowName] = []
    names.reserveCapacity(levels.count)
    for index in levels.indices {
      // A kept level's name is its container's, which the container keeps; a new level's is
      // its type's.
      names.append(kept[index].map { live.levels[$0].flow } ?? FlowName(levels[index].type.type))
    }
    return .success(
      NavigationPlan(
        request: request, target: target.withoutLive, kept: kept, names: names, moves: moves,
        stamp: stamp, options: options))
  }

  /// The live level that the target's level `index` keeps, hanging on the kept live level
  /// `parent`; `nil` when it is new; a failure when the tree cannot have it (a tab or a
  /// primary of another type: the tree changed).
  static func keep(
    _ index: Int, of levels: [TargetTree.Level], over parent: Int, in live: LiveTree,
    claimed: [Bool], options: PlanOptions
  ) -> Result<Int?, PlanFailure> {
    let level = levels[index]
    let type = level.type.identity
    switch level.place {
    case .tab(let place, _):
      // The tab at the target's place when it holds the level's type, else the first tab of
      // that type that no other level took.
      guard live.levels[parent].kind == .tabs else { return .failure(.stale) }
      let tabs = live.levels[parent].tabs
      func fits(_ tab: Int) -> Bool { live.flowType(tab) == type && !claimed[tab] }
      if let tab = live.tab(place, of: parent), fits(tab) { return .success(tab) }
      if let tab = tabs.first(where: fits) { return .success(tab) }
      return .failure(
        .noTab(level: index, listedTwice: tabs.contains { live.flowType($0) == type }))
    case .column(let column):
      guard live.levels[parent].kind == .split else { return .failure(.stale) }
      guard let found = live.column(column, of: parent), live.flowType(found) == type else {
        return column == .primary ? .failure(.stale) : .success(nil)
      }
      guard column == .detail, !level.keepsLive else { return .success(found) }
      // A detail is kept only while it shows the target's first route.
      let shown = live.routes(found)
      return .success(
        !level.routes.isEmpty && (shown?.commonPrefix(with: level.routes) ?? 0) >= 1
          ? found : nil)
    case .presented(let style):
      guard let presented = live.presented(over: parent), live.flowType(presented) == type,
        let below = level.parent
      else { return .success(nil) }
      // A sub-flow is made for the stack below it: when that stack changes, it is in the way.
      if levels[below].kind == .stack, !live.shows(levels[below].routes, at: parent) {
        return .success(nil)
      }
      // A restored level keeps only a layer shown in its saved style.
      if options.isRestoration, live.levels[presented].place != .presented(style) {
        return .success(nil)
      }
      return .success(presented)
    case .root:
      return .failure(.stale)
    }
  }

  /// The levels that hang on one target level.
  private struct Branches {
    var presented: Int?
    var primary: Int?
    var detail: Int?
    var selectedTab: Int?
  }
}
