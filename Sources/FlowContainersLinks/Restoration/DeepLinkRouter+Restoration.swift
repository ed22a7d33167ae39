public import Foundation

extension DeepLinkRouter {
  /// A snapshot of what the tree shows now, root first; see ``FlowRestorer/snapshot()``.
  ///
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError/Reason/rootReleased`` when the root has been released.
  public func snapshot() throws(RestorationError) -> FlowSnapshot {
    followSelectedTab()
    return try restorer.snapshot()
  }

  /// Decodes `data` and restores it; see ``FlowRestorer/restore(from:)``.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    followSelectedTab()
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
    followSelectedTab()
    return restorer.restore(snapshot)
  }
}
