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
    snapshot.selectedTab = tabsRoot?.container.selectedIndexUntracked
    return snapshot
  }

  /// Decodes `data` and restores it; see ``FlowRestorer/restore(from:)``.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    selectSavedTab(FlowSnapshot.selectedTab(in: data))
    return restorer.restore(from: data)
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
    selectSavedTab(snapshot.selectedTab)
    return restorer.restore(snapshot)
  }

  /// For a tab bar's router, selects the tab a snapshot was saved in, if it is still there.
  ///
  /// That tab becomes the root the snapshot is restored into. A tab that is gone leaves the
  /// selection as it is: the levels then do not fit the selected tab's flow, and the report
  /// says why.
  private func selectSavedTab(_ index: Int?) {
    if let tabsRoot, let index, index != tabsRoot.container.selectedIndexUntracked,
      tabsRoot.container.tabsUntracked.indices.contains(index)
    {
      let container = tabsRoot.container
      if !container.isTreeChanging {
        container.performChange { container.select(index, cause: .restoration) }
      }
    }
    followSelectedTab()
  }
}
