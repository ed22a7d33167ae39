public import FlowContainersCore

/// What a restoration restored, what it dropped and why, or why it restored nothing.
///
/// ```swift
/// let report = router.restorer.restore(from: data)
/// if let error = report.error { print("starting fresh: \(error)") }
/// for drop in report.dropped { print("not restored: \(drop)") }
/// for alert in report.droppedAlerts { print("not restored: \(alert)") }
/// ```
public struct RestorationReport: Sendable, Hashable {
  /// Something the snapshot held that could not be restored.
  public struct Drop: Sendable, Hashable {
    /// The level's depth in the saved tree: 0 for the root, one more for each presented level,
    /// tab and column on the way (a saved tab with no tab left for it, its bar's).
    public var level: Int
    /// The flow at that level.
    public var flow: FlowName
    /// The routes not restored at that level (for a level dropped whole, all of them).
    public var routes: [AnyRoute]
    /// Why, for a person: the flow's own error (`note 7 does not exist`), or an unmet
    /// requirement.
    public var reason: String
  }

  /// What is shown now, as a snapshot: the part of the input that was restored.
  public var restored: FlowSnapshot
  /// What was dropped, bottom first.
  public var dropped: [Drop]
  /// The alerts that were up when the snapshot was taken (``FlowSnapshot/transient``), which are
  /// not restored; reported whenever the snapshot's levels were restored.
  public var droppedAlerts: [TransientLayer] = []
  /// Why nothing was restored, if so; the tree is then as it was before.
  public var error: RestorationError?

  /// Whether everything in the snapshot was restored: no error, no drop, no dropped alert.
  public var isComplete: Bool { error == nil && dropped.isEmpty && droppedAlerts.isEmpty }
}

extension RestorationReport.Drop: CustomStringConvertible {
  /// One line: `EditorFlow@1 [edit]: requires signed-in`.
  public var description: String {
    "\(flow)@\(level) [\(routes.map(\.description).joined(separator: ", "))]: \(reason)"
  }
}
