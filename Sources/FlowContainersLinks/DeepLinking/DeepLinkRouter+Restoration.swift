import FlowContainersCore
public import FlowContainersRestoration
public import Foundation

extension DeepLinkRouter {
  /// A snapshot of what the tree shows now, root first; see ``FlowRestorer/snapshot()``.
  ///
  /// For a tab bar's router, the first level is the tab bar's, holding every tab's tree and the
  /// selection.
  ///
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError/rootReleased`` when the root has been released.
  public func snapshot() throws(RestorationError) -> FlowSnapshot {
    try restorer.snapshot()
  }

  /// Decodes `data` and restores it; see ``FlowRestorer/restore(from:)``.
  ///
  /// The whole snapshot is read first: one that cannot be read changes nothing, not even a tab
  /// bar's selection. Then see ``restore(_:)``.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    restorer.restore(from: data)
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
    restorer.restore(snapshot)
  }
}
