import FlowContainersCore

extension FlowRestorer {
  /// A tab bar's snapshot: the bar's level with every tab's tree, and the selection.
  ///
  /// The trees are in the tabs' order. An alert up in a tab or over the bar is listed as
  /// transient, with the tab it was up in when that is not the selected one.
  static func snapshot(of bar: TabContainer, nesting: Int = 0) -> FlowSnapshot {
    let (tabs, selected) = bar.tabsUntracked
    var trees: [FlowSnapshot] = []
    var shownAlerts: [TransientLayer] = []
    var otherAlerts: [TransientLayer] = []
    for (index, tab) in tabs.enumerated() {
      var tree = snapshot(ofTab: tab, nesting: nesting)
      if index == selected {
        shownAlerts = tree.transient
      } else {
        otherAlerts += tree.transient.map { TransientLayer($0.kind, title: $0.title, tab: index) }
      }
      tree.transient = []
      trees.append(tree)
    }
    if let title = bar.untracked.presented?.details().transientTitle {
      shownAlerts.append(TransientLayer(.alert, title: title))
    }
    var snapshot = FlowSnapshot(levels: [
      FlowSnapshot.Level(
        flow: bar.flowName, routes: [],
        tabs: FlowSnapshot.Tabs(trees: trees, selected: selected))
    ])
    snapshot.transient = shownAlerts + otherAlerts
    return snapshot
  }

  /// One tab's tree: a split tab's is the split's level with both columns' trees, a stack
  /// tab's its chain.
  private static func snapshot(ofTab tab: ContainerNode, nesting: Int) -> FlowSnapshot {
    guard let split = tab as? SplitContainer, split.owner is any SplitFlow else {
      return snapshot(from: tab, nesting: nesting)
    }
    guard nesting < maximumBarNesting else { return FlowSnapshot(levels: []) }
    return snapshot(of: split, nesting: nesting + 1)
  }

  /// The type a tab's saved tree is decoded with: its flow's, a stack flow's or a split's;
  /// `nil` for a tab that is neither.
  static func declaredType(ofTab tab: ContainerNode) -> DeclaredFlowType? {
    if let flow = flowType(of: tab) { return .stack(FlowType(type: flow)) }
    if tab is SplitContainer, let split = tab.owner as? any SplitFlow {
      return .split(SplitType(type: type(of: split)))
    }
    return nil
  }

  /// One saved tab's tree, and the live tab of its flow it goes into.
  private struct FittingTab {
    let index: Int
    let node: ContainerNode
    let levels: [FlowSnapshot.Level]
  }

  /// Restores `snapshot` into the tab bar `bar`: checks every saved tab first, then selects the
  /// saved tab and restores each tree that fits, as one plan and one change.
  ///
  /// A snapshot without a tab bar's level is the selected tab's tree. A tree goes into the tab
  /// whose flow has its first level's name: the tab at the tree's position if it has that name,
  /// otherwise the first other tab that has. A tree with no tab of its flow left, or whose tabs
  /// of that flow other trees took, is dropped with a report.
  func restore(_ snapshot: FlowSnapshot, into bar: TabContainer) -> RestorationReport {
    if let refusal = Self.unchangeable(bar) { return report(error: refusal) }
    let (tabs, selectedBefore) = bar.tabsUntracked
    guard let level = snapshot.levels.first else { return report(error: nil, dropped: []) }
    let saved: FlowSnapshot.Tabs
    if let barTabs = level.tabs {
      guard level.flow == bar.flowName else {
        return report(error: RestorationError.unexpectedFlow(level.flow, after: nil))
      }
      saved = barTabs
    } else {
      var trees = [FlowSnapshot](repeating: FlowSnapshot(levels: []), count: tabs.count)
      let shown = selectedBefore ?? 0
      guard trees.indices.contains(shown) else { return report(error: nil, dropped: []) }
      trees[shown] = snapshot
      saved = FlowSnapshot.Tabs(trees: trees, selected: shown)
    }
    let count = saved.trees.reduce(0) { $0 + $1.levels.count }
    guard count <= FlowSnapshot.maximumLevels else {
      return report(
        error: RestorationError.tooManyLevels(count: count, limit: FlowSnapshot.maximumLevels))
    }
    var dropped: [RestorationReport.Drop] = []
    // Nothing is restored over a tab bar: the bar is no restorable flow that presents.
    for (index, over) in snapshot.levels.enumerated().dropFirst() where level.tabs != nil {
      dropped.append(
        RestorationReport.Drop(
          level: index, flow: over.flow, routes: over.routes,
          reason: "nothing is restored over a tab bar"))
    }
    // The restored tree replaces whatever a held or resuming link would have shown.
    willRestore()
    // One change and one plan for the whole bar: every tab's restoration is prepared (nothing
    // moves), then the selection and every tab's changes are applied between one willApply and
    // one didApply.
    _ = bar.performChange {
      let tabs = prepareTabs(saved, of: bar, over: nil, changes: [])
      dropped += tabs.dropped
      PlanEngine.apply(tabs.changes, of: tabs.plan, telling: planObservers)
    }
    // Alerts that were up were not saved: they are transient, and the report says so.
    return report(error: nil, dropped: dropped, droppedAlerts: snapshot.transient)
  }

  /// Prepares restoring `saved` into `bar`'s tabs: the selection and each tree that fits.
  ///
  /// `bar` is the last level of `base`, a plan whose changes are `changes` (`nil` when the bar is
  /// the root); the result is one plan that does both. Nothing moves; this runs inside the
  /// tree's change.
  ///
  /// A tree goes into the tab whose flow has its first level's name: the tab at the tree's
  /// position if it has that name, otherwise the first other tab that has. A tree with no tab of
  /// its flow left, or whose tabs of that flow other trees took, is dropped with a report.
  func prepareTabs(
    _ saved: FlowSnapshot.Tabs, of bar: TabContainer, over base: NavigationPlan?,
    changes: [PlanChange]
  ) -> (plan: NavigationPlan, changes: [PlanChange], dropped: [RestorationReport.Drop]) {
    // The bar's level: drops in its tabs' trees count from there.
    let barLevel = base.map { $0.levels.count - 1 } ?? 0
    let tabs = bar.tabsUntracked.tabs
    var dropped: [RestorationReport.Drop] = []
    var fitting: [FittingTab] = []
    var claimed: Set<Int> = []
    // The restorable tabs of each flow name, in order, and how far each list has been taken:
    // every tab is looked at once, however the saved trees and the tabs are ordered.
    var tabsNamed: [FlowName: [Int]] = [:]
    // A split tab's primary, by its flow's name: a tree saved while that tab was the primary's
    // stack flow alone goes into the split's primary.
    var primaries: [FlowName: FlowName] = [:]
    for (index, tab) in tabs.enumerated() {
      guard let declared = Self.declaredType(ofTab: tab) else { continue }
      tabsNamed[tab.flowName, default: []].append(index)
      if case .split(let split) = declared {
        let primary = FlowName(split.type.primaryFlow)
        if primaries[primary] == nil { primaries[primary] = tab.flowName }
      }
    }
    var saved = saved
    for (position, tree) in saved.trees.enumerated() {
      guard let first = tree.levels.first, first.columns == nil, tabsNamed[first.flow] == nil,
        let split = primaries[first.flow]
      else { continue }
      saved.trees[position] = FlowSnapshot(levels: [
        FlowSnapshot.Level(
          flow: split, routes: [], columns: FlowSnapshot.Columns(primary: tree, detail: nil))
      ])
    }
    var taken: [FlowName: Int] = [:]
    var savedSelection: Int?
    for (position, tree) in saved.trees.enumerated() {
      guard let first = tree.levels.first else { continue }
      let named = tabsNamed[first.flow] ?? []
      var index: Int?
      if tabs.indices.contains(position), !claimed.contains(position),
        tabs[position].flowName == first.flow, Self.declaredType(ofTab: tabs[position]) != nil
      {
        index = position
      } else {
        var next = taken[first.flow] ?? 0
        while next < named.count, claimed.contains(named[next]) { next += 1 }
        taken[first.flow] = next
        if next < named.count { index = named[next] }
      }
      guard let index else {
        dropped.append(
          RestorationReport.Drop(
            level: barLevel, flow: first.flow, routes: first.routes,
            reason: named.isEmpty
              ? "tab \(position) is no longer there" : "tab \(position) is listed twice"))
        continue
      }
      claimed.insert(index)
      if position == saved.selected { savedSelection = index }
      fitting.append(FittingTab(index: index, node: tabs[index], levels: tree.levels))
    }
    var prepared: [(tab: Int, restoration: PreparedRestoration)] = []
    let selected = savedSelection ?? bar.tabsUntracked.selected
    for tab in fitting {
      let prefix = tab.index == selected ? "" : "in tab \(tab.index): "
      if let split = tab.node as? SplitContainer, let splitFlow = split.owner as? any SplitFlow {
        let columns = prepareSplitTab(tab.levels, of: split, flow: splitFlow)
        prepared.append(
          (
            tab.index,
            PreparedRestoration(
              plan: columns.plan, changes: columns.changes, dropped: columns.dropped)
          ))
        for var drop in columns.dropped {
          drop.level += barLevel
          drop.reason = prefix + drop.reason
          dropped.append(drop)
        }
        continue
      }
      let tabRestorer = FlowRestorer(node: tab.node)
      tabRestorer.isRequirementMet = isRequirementMet
      switch tabRestorer.prepare(FlowSnapshot(levels: tab.levels)) {
      case .failure(let error):
        if let first = tab.levels.first {
          dropped.append(
            RestorationReport.Drop(
              level: barLevel, flow: first.flow, routes: first.routes,
              reason: "\(prefix)\(error)"))
        }
      case .success(let restoration):
        prepared.append((tab.index, restoration))
        for drop in restoration.dropped {
          var drop = drop
          drop.level += barLevel
          drop.reason = prefix + drop.reason
          dropped.append(drop)
        }
      }
    }
    let selection = selected != bar.tabsUntracked.selected ? selected : nil
    let plan = NavigationPlan.restoring(
      bar, over: base, selecting: selected,
      plans: prepared.compactMap { item in item.restoration.plan.map { (item.tab, $0) } })
    let selecting: [PlanChange] =
      selection.map {
        [.selectTab(bar, $0, cause: .restoration)]
      } ?? []
    return (plan, changes + selecting + prepared.flatMap(\.restoration.changes), dropped)
  }

  /// Prepares restoring a split tab's saved `levels` into `split`, `flow`'s: the split's level
  /// holds both columns' trees; what is listed over it is dropped, as over a root split.
  private func prepareSplitTab<Split: SplitFlow>(
    _ levels: [FlowSnapshot.Level], of split: SplitContainer, flow: Split
  ) -> (plan: NavigationPlan, changes: [PlanChange], dropped: [RestorationReport.Drop]) {
    let columns =
      levels.first?.columns ?? FlowSnapshot.Columns(primary: FlowSnapshot(levels: []), detail: nil)
    var prepared = prepareColumns(columns, of: split, flow: flow, over: nil, changes: [])
    for (index, over) in levels.enumerated().dropFirst() {
      prepared.dropped.append(
        RestorationReport.Drop(
          level: index, flow: over.flow, routes: over.routes,
          reason: "nothing is restored over a split"))
    }
    return prepared
  }
}
