import FlowContainersCore
public import Foundation

extension DeepLinkRouter {
  /// A snapshot of what the tree shows now, root first; see ``FlowRestorer/snapshot()``.
  ///
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError/Reason/rootReleased`` when the root has been released.
  public func snapshot() throws(RestorationError) -> FlowSnapshot {
    followSelectedTab()
    var snapshot = try restorer.snapshot()
    guard let container = tabsRoot?.container else { return snapshot }
    let selected = container.selectedIndexUntracked
    snapshot.selectedTab = selected
    // An alert up over the tab bar is left out too, and named.
    if let alert = container.presentedUntracked?.owner as? any TransientFlow {
      snapshot.transient.append(alert.transientDescription)
    }
    for (index, tab) in container.tabsUntracked.enumerated() where index != selected {
      guard let flow = tab.owner as? any RestorableFlow,
        let tree = FlowRestorer(rootOrNil: flow).liveSnapshot()
      else { continue }
      snapshot.otherTabs.append(FlowSnapshot.TabTree(index: index, levels: tree.levels))
      // An alert up in a tab the user is not looking at is left out too, and named.
      snapshot.transient += tree.transient.map { "\($0) (tab \(index))" }
    }
    return snapshot
  }

  /// Decodes `data` and restores it; see ``FlowRestorer/restore(from:)``.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    let previous = selectSavedTab(FlowSnapshot.selectedTab(in: data))
    var report = restorer.restore(from: data)
    if report.error != nil { reselect(previous) }
    guard let container = tabsRoot?.container, report.error == nil else { return report }
    let types = container.tabsUntracked.compactMap { $0.owner as? any RestorableFlow }.map {
      type(of: $0) as any RestorableFlow.Type
    }
    do {
      let trees = try FlowSnapshot.otherTabs(in: data, registry: FlowRegistry(roots: types))
      restoreOtherTabs(trees, into: &report)
    } catch {
      report.error = error
    }
    return report
  }

  /// Rebuilds the tree to show `snapshot`, in one step and without animation; see
  /// ``FlowRestorer/restore(_:)``.
  ///
  /// A level whose flow type's ``LinkableFlow/requirement`` is unmet (by this router's guards)
  /// is dropped, with a report; restoration never presents a guard. A held or resuming link is
  /// dropped as ``LinkDropReason/superseded``.
  ///
  /// - Parameter snapshot: A snapshot from ``snapshot()`` or ``FlowSnapshot/decode(_:root:)``.
  /// - Returns: What was restored and what was dropped; an invalid snapshot restores nothing
  ///   and says why.
  public func restore(_ snapshot: FlowSnapshot) -> RestorationReport {
    let previous = selectSavedTab(snapshot.selectedTab)
    var report = restorer.restore(snapshot)
    if report.error != nil { reselect(previous) }
    if tabsRoot != nil, report.error == nil { restoreOtherTabs(snapshot.otherTabs, into: &report) }
    return report
  }

  /// Restores each other tab's tree into the tab at its position, if that tab is still there
  /// with the same flow type; what is not restored joins `report`'s drops.
  private func restoreOtherTabs(
    _ trees: [FlowSnapshot.TabTree], into report: inout RestorationReport
  ) {
    guard let container = tabsRoot?.container else { return }
    let tabs = container.tabsUntracked
    for tree in trees where tree.index != container.selectedIndexUntracked {
      guard let first = tree.levels.first else { continue }
      guard tabs.indices.contains(tree.index),
        let flow = tabs[tree.index].owner as? any RestorableFlow,
        type(of: flow).flowName == first.flow
      else {
        report.dropped.append(
          RestorationReport.Drop(
            level: 0, flow: first.flow, routes: first.routes,
            reason: "tab \(tree.index) is no longer there"))
        continue
      }
      let tabRestorer = FlowRestorer(rootOrNil: flow)
      tabRestorer.isRequirementMet = restorer.isRequirementMet
      let tabReport = tabRestorer.restore(FlowSnapshot(levels: tree.levels))
      if let error = tabReport.error {
        report.dropped.append(
          RestorationReport.Drop(
            level: 0, flow: first.flow, routes: first.routes,
            reason: "in tab \(tree.index): \(error)"))
      }
      for drop in tabReport.dropped {
        var drop = drop
        drop.reason = "in tab \(tree.index): \(drop.reason)"
        report.dropped.append(drop)
      }
    }
  }

  /// For a tab bar's router, selects the tab a snapshot was saved in, if it is still there.
  ///
  /// That tab becomes the root the snapshot is restored into. A tab that is gone leaves the
  /// selection as it is: the levels then do not fit the selected tab's flow, and the report
  /// says why.
  ///
  /// - Returns: The tab selected before, to select again if the restoration fails.
  @discardableResult
  private func selectSavedTab(_ index: Int?) -> Int? {
    let previous = tabsRoot?.container.selectedIndexUntracked
    reselect(index)
    return previous
  }

  /// Selects the tab at `index`, if it is there and not selected, as a restoration's change,
  /// and makes it the root restoration works on; also how a failed restoration puts the
  /// selection back.
  private func reselect(_ index: Int?) {
    if let container = tabsRoot?.container, let index,
      index != container.selectedIndexUntracked,
      container.tabsUntracked.indices.contains(index), !container.isTreeChanging
    {
      container.performChange { container.select(index, cause: .restoration) }
    }
    followSelectedTab()
  }
}
