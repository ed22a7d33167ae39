import FlowContainersCore

@MainActor
extension NavigationPlan {
  /// The plan that takes the live tree to `target`: the fewest changes, made of nothing yet.
  ///
  /// A target level keeps the live level at its place of the same flow type (see `keep`).
  /// Then: (1) kept splits and bars dismiss what they present that the target does not go
  /// through, close a detail it does not show, select its tab; (2) what kept stacks and columns
  /// present that the target does not keep is dismissed (the lowest level that goes); (3) kept
  /// stacks pop and push, or are replaced; (4) new levels are presented, shown as a detail, or,
  /// as a new bar's tabs and a new split's primary, selected and set. Tabs and a primary the
  /// target does not name are left as they are.
  static func difference(
    from live: LiveTree, to target: TargetTree, request: NavigationRequest, options: PlanOptions
  ) -> Result<NavigationPlan, PlanFailure> {
    guard !target.levels.isEmpty else { return .failure(.stale) }
    // A target built against the tree read has found what each level keeps (and compared the
    // kept stacks) as it was built, its root first; one built without (a snapshot's) is matched
    // here.
    let levels: [TargetTree.Level]
    switch target.matched(in: live, options: options) {
    case .success(let matched): levels = matched
    case .failure(let failure): return .failure(failure)
    }
    // What a level kept as it is keeps presented over it: no other level may end it.
    var spared: [Int] = []
    for index in levels.indices where levels[index].keepsLive {
      var over = levels[index].kept.flatMap { live.presented(over: $0.position) }
      while let presented = over {
        spared.append(presented)
        over = live.presented(over: presented)
      }
    }
    /// Whether a target level keeps the live level at `position`, or it is spared.
    func claimed(_ position: Int) -> Bool {
      spared.contains(position) || Self.keeps(position, in: levels, below: levels.count)
    }
    /// The target level that hangs on `index` as its `column`, or (`nil`) as its selected tab.
    func branch(of index: Int, _ column: SplitColumn?) -> Int? {
      for level in levels.indices where levels[level].parent == index {
        switch levels[level].place {
        case .column(let found) where found == column: return level
        case .tab(_, selected: true) where column == nil: return level
        default: continue
        }
      }
      return nil
    }
    var moves: [Move] = []
    // At most two changes a level, and one dismissal.
    moves.reserveCapacity(2 * levels.count + 1)
    var stamp: [Stamp] = []
    stamp.reserveCapacity(levels.count + 1)
    func read(_ position: Int) {
      stamp.append(
        Stamp(
          position: position, node: live.node(position),
          revision: live.containers[position].revision))
    }
    func dismiss(_ position: Int, at level: Int) {
      // What a level presents hangs on it in the tree read: that level is kept.
      guard let presenter = live.levels[position].parent else { return }
      moves.append(
        .dismiss(live: position, from: presenter, at: level, flow: live.levels[position].flow))
      read(position)
    }
    // 1. Through kept splits and bars (and every kept level is read).
    for index in levels.indices {
      guard let position = levels[index].kept?.position else { continue }
      read(position)
      switch levels[index].kind {
      case .split:
        let detail = live.column(.detail, of: position)
        // What the split presents is in the way unless the target goes through its shown column.
        let through = branch(of: index, detail == nil ? .primary : .detail)
        if let cover = live.levels[position].presented, !claimed(cover), through == nil {
          dismiss(cover, at: index + 1)
        }
        if let detail, branch(of: index, .detail) == nil {
          moves.append(
            .closeDetail(split: index, live: detail, at: index + 1, flow: live.levels[detail].flow)
          )
          read(detail)
        }
      case .tabs:
        if let cover = live.levels[position].presented, !claimed(cover) {
          dismiss(cover, at: index + 1)
        }
        // The live tab the target's selected tab keeps, at its place in the live bar.
        if let tab = branch(of: index, nil), let liveTab = levels[tab].kept?.position,
          case .tab(let place, _) = live.levels[liveTab].place,
          place != live.selectedTab(of: position)
        {
          moves.append(.selectTab(bar: index, index: place, tab: tab))
        }
      case .stack:
        break
      }
    }
    // 2. What kept stacks and columns present that the target does not keep (a replaced detail
    // ends when the new one shows, but what the split presents over it is dismissed).
    for index in levels.indices where levels[index].kind == .stack {
      var over = levels[index].kept?.position
      if over == nil, case .column(.detail) = levels[index].place, let split = levels[index].parent,
        let keptSplit = levels[split].kept?.position
      {
        over = live.column(.detail, of: keptSplit)
      }
      guard let over, let presented = live.presented(over: over), !claimed(presented) else {
        continue
      }
      dismiss(presented, at: index + 1)
    }
    // 3. Kept stacks.
    for index in levels.indices where levels[index].kind == .stack && !levels[index].keepsLive {
      guard let (_, common, screens, _) = levels[index].kept else { continue }
      let wanted = levels[index].routes.count
      if common == screens, common == wanted { continue }
      if common == 0 {
        moves.append(.replace(level: index))
        continue
      }
      if common < screens { moves.append(.popTo(level: index, index: common - 1)) }
      if common < wanted { moves.append(.push(level: index, from: common)) }
    }
    // 4. New levels.
    for index in levels.indices.dropFirst() where levels[index].kept == nil {
      guard let parent = levels[index].parent else { continue }
      switch levels[index].place {
      case .presented(let style):
        moves.append(.present(level: index, style: style))
      case .tab, .column(.primary):
        // A new bar's tab or split's primary, there once its container is: selected, and set.
        if case .tab(let place, selected: true) = levels[index].place {
          moves.append(.selectTab(bar: parent, index: place, tab: index))
        }
        if levels[index].kind == .stack { moves.append(.replace(level: index)) }
      case .column(.detail):
        // The detail it replaces, if any, may object.
        let replaced = levels[parent].kept.flatMap { live.column(.detail, of: $0.position) }
        if let replaced { read(replaced) }
        moves.append(.showDetail(level: index, replacing: replaced))
      case .root:
        break
      }
    }
    return .success(
      NavigationPlan(
        request: request, target: TargetTree(live: nil, levels: levels), moves: moves, stamp: stamp,
        options: options))
  }

  /// Whether one of the first `count` of `levels` keeps the live level at `position`.
  static func keeps(_ position: Int, in levels: [TargetTree.Level], below count: Int) -> Bool {
    for index in 0..<count where levels[index].kept?.position == position { return true }
    return false
  }

  /// The live level that the target's level `index` keeps, hanging on the kept live level
  /// `parent`, of the same flow type: a tab, a primary, a detail while it shows the target's
  /// first route, a presented flow while the stack below stays as it is (and, restoring, in its
  /// saved style), while `shown` (the live stack at `parent` shows exactly the target's stack
  /// below); `nil` when it is new; a failure when the tree changed.
  ///
  /// A tab is kept only when no level before `index` keeps it.
  static func keep(
    _ index: Int, of levels: [TargetTree.Level], over parent: Int, shown: Bool,
    in live: LiveTree, options: PlanOptions
  ) -> Result<Int?, PlanFailure> {
    let type = levels[index].type.identity
    switch levels[index].place {
    case .tab(let place, _):
      // The tab at the target's place, else the first of that type no other level took.
      guard live.levels[parent].kind == .tabs else { return .failure(.stale) }
      let tabs = live.levels[parent].tabs
      func fits(_ tab: Int) -> Bool {
        live.flowType(tab) == type && !keeps(tab, in: levels, below: index)
      }
      if tabs.indices.contains(place), fits(tabs[place]) { return .success(tabs[place]) }
      for tab in tabs where fits(tab) { return .success(tab) }
      return .failure(.noTab(level: index))
    case .column(let column):
      guard live.levels[parent].kind == .split else { return .failure(.stale) }
      guard let found = live.column(column, of: parent), live.flowType(found) == type else {
        return column == .primary ? .failure(.stale) : .success(nil)
      }
      guard column == .detail, !levels[index].keepsLive else { return .success(found) }
      // A detail is kept only while it shows the target's first route.
      return .success(
        live.commonPrefix(of: found, with: levels[index].routes).common > 0 ? found : nil)
    case .presented(let style):
      guard let presented = live.presented(over: parent), live.flowType(presented) == type,
        let below = levels[index].parent
      else { return .success(nil) }
      // A sub-flow is made for the stack below it: when that stack changes, it is in the way. A
      // restored level keeps only a layer shown in its saved style.
      guard levels[below].kind != .stack || shown,
        !options.isRestoration || live.levels[presented].place == .presented(style)
      else { return .success(nil) }
      return .success(presented)
    case .root: return .failure(.stale)
    }
  }
}
