import FlowContainersCore
public import FlowContainersRestoration
public import Foundation

extension DeepLinkRouter {
  /// A snapshot of what the tree shows now, root first; see ``FlowRestorer/snapshot()``.
  ///
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError/Reason/rootReleased`` when the root has been released.
  public func snapshot() throws(RestorationError) -> FlowSnapshot {
    followSelectedTab()
    var snapshot = try restorer.snapshot()
    guard let container = rootNode as? TabContainer else { return snapshot }
    let (tabs, selected) = container.tabsUntracked
    snapshot.selectedTab = selected
    // An alert up over the tab bar is left out too, and listed.
    if let title = container.untracked.presented?.details().transientTitle {
      snapshot.transient.append(TransientLayer(.alert, title: title))
    }
    for (index, tab) in tabs.enumerated() where index != selected {
      guard let flow = tab.owner as? any RestorableFlow,
        let tree = FlowRestorer(rootOrNil: flow).liveSnapshot()
      else { continue }
      snapshot.otherTabs.append(FlowSnapshot.TabTree(index: index, levels: tree.levels))
      // An alert up in a tab the user is not looking at is left out too, and listed.
      snapshot.transient += tree.transient.map {
        TransientLayer($0.kind, title: $0.title, tab: index)
      }
    }
    return snapshot
  }

  /// Decodes `data` and restores it; see ``FlowRestorer/restore(from:)``.
  ///
  /// For a tab bar's router, the whole snapshot is read first: one that cannot be read changes
  /// nothing, not even the selection. Then see ``restore(_:)``.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    guard let container = rootNode as? TabContainer else {
      followSelectedTab()
      return restorer.restore(from: data)
    }
    let registry = FlowRegistry(roots: container.tabsUntracked.tabs.compactMap(Self.tabFlowType))
    let snapshot: FlowSnapshot
    do {
      snapshot = try FlowSnapshot.tabBarSnapshot(in: data, registry: registry)
    } catch {
      followSelectedTab()
      return restorer.report(error: error)
    }
    return restoreTabs(snapshot)
  }

  /// Rebuilds the tree to show `snapshot`, in one step and without animation; see
  /// ``FlowRestorer/restore(_:)``.
  ///
  /// A level whose flow type's ``RestorableFlow/requirement`` is unmet (by this router's guards)
  /// is dropped, with a report; restoration never presents a guard. A held or resuming link is
  /// dropped as ``LinkDropReason/superseded``.
  ///
  /// For a tab bar's router, each saved tab's tree is restored into the tab whose flow has its
  /// ``NamedFlow/flowName`` (its saved position only tells two tabs of one flow type apart),
  /// and the saved tab is selected, all as one plan and one change of the tree; a tab with no
  /// tab of its flow left, or listed twice, is dropped with a report, and the others are
  /// restored.
  ///
  /// - Parameter snapshot: A snapshot from ``snapshot()`` or ``FlowSnapshot/decode(_:root:)``.
  /// - Returns: What was restored and what was dropped; an invalid snapshot restores nothing
  ///   and says why.
  public func restore(_ snapshot: FlowSnapshot) -> RestorationReport {
    guard rootNode is TabContainer else {
      followSelectedTab()
      return restorer.restore(snapshot)
    }
    return restoreTabs(snapshot)
  }

  /// A tab's flow type, if the tab's flow is restorable.
  private static func tabFlowType(_ tab: ContainerNode) -> (any RestorableFlow.Type)? {
    (tab.owner as? any RestorableFlow).map { type(of: $0) as any RestorableFlow.Type }
  }

  /// One saved tab's tree, and the live tab of its flow it goes into.
  private struct FittingTab {
    let index: Int
    let flow: any RestorableFlow
    let levels: [FlowSnapshot.Level]
  }

  /// Restores a tab bar's snapshot, read whole: checks every saved tab first, then selects the
  /// saved tab and restores each tree that fits, as one change.
  private func restoreTabs(_ snapshot: FlowSnapshot) -> RestorationReport {
    guard let container = rootNode as? TabContainer else {
      return restorer.report(error: RestorationError(.rootReleased))
    }
    if let failure = Self.unchangeable(container) {
      followSelectedTab()
      return restorer.report(
        error: RestorationError(failure == .rootFinished ? .rootFinished : .treeChanging))
    }
    let (tabs, selectedBefore) = container.tabsUntracked
    var trees: [FlowSnapshot.TabTree] = []
    if let saved = snapshot.selectedTab ?? selectedBefore,
      !snapshot.levels.isEmpty
    {
      trees.append(FlowSnapshot.TabTree(index: saved, levels: snapshot.levels))
    }
    trees += snapshot.otherTabs
    var dropped: [RestorationReport.Drop] = []
    var fitting: [FittingTab] = []
    var listed: Set<Int> = []
    var claimed: Set<Int> = []
    // The tab where each saved tree goes: the tab at its saved position if it still holds a
    // flow of that name, otherwise the first other tab of that name; the position only tells
    // two tabs of one flow type apart.
    var savedSelection: Int?
    for tree in trees {
      guard let first = tree.levels.first else { continue }
      func drop(_ reason: String) {
        dropped.append(
          RestorationReport.Drop(level: 0, flow: first.flow, routes: first.routes, reason: reason))
      }
      guard listed.insert(tree.index).inserted else {
        drop("tab \(tree.index) is listed twice")
        continue
      }
      func fits(_ index: Int) -> Bool {
        !claimed.contains(index) && tabs[index].flowName == first.flow
          && tabs[index].owner is any RestorableFlow
      }
      guard
        let index = tabs.indices.contains(tree.index) && fits(tree.index)
          ? tree.index : tabs.indices.first(where: fits),
        let flow = tabs[index].owner as? any RestorableFlow
      else {
        drop("tab \(tree.index) is no longer there")
        continue
      }
      claimed.insert(index)
      if tree.index == snapshot.selectedTab { savedSelection = index }
      fitting.append(FittingTab(index: index, flow: flow, levels: tree.levels))
    }
    // The restored tree replaces whatever a held or resuming link would have shown.
    supersedePendingLinks()
    // One change and one plan for the whole bar: every tab's restoration is prepared (nothing
    // moves), then the selection and every tab's changes are applied between one willApply and
    // one didApply.
    _ = container.performChange {
      var prepared: [(tab: Int, restoration: PreparedRestoration)] = []
      let selected = savedSelection ?? container.tabsUntracked.selected
      for tab in fitting {
        let tabRestorer = FlowRestorer(rootOrNil: tab.flow)
        tabRestorer.isRequirementMet = restorer.isRequirementMet
        let prefix = tab.index == selected ? "" : "in tab \(tab.index): "
        switch tabRestorer.prepare(FlowSnapshot(levels: tab.levels)) {
        case .failure(let error):
          if let first = tab.levels.first {
            dropped.append(
              RestorationReport.Drop(
                level: 0, flow: first.flow, routes: first.routes, reason: "\(prefix)\(error)"))
          }
        case .success(let restoration):
          prepared.append((tab.index, restoration))
          for drop in restoration.dropped {
            var drop = drop
            drop.reason = prefix + drop.reason
            dropped.append(drop)
          }
        }
      }
      let selection = selected != container.tabsUntracked.selected ? selected : nil
      let plan = NavigationPlan.restoring(
        container, selecting: selected,
        plans: prepared.compactMap { item in item.restoration.plan.map { (item.tab, $0) } })
      PlanEngine.apply(
        [
          {
            if let selection {
              container.apply(TreeStep.selectTab(selection), animated: false, cause: .restoration)
            }
          }
        ]
          + prepared.flatMap(\.restoration.changes),
        of: plan, telling: restorer.planObservers)
    }
    followSelectedTab()
    var restored = restorer.liveSnapshot() ?? FlowSnapshot(levels: [])
    restored.transient = []
    // Alerts that were up were not saved: they are transient, and the report says so.
    return RestorationReport(
      restored: restored, dropped: dropped, droppedAlerts: snapshot.transient, error: nil)
  }
}
