/// Where a plan begins and ends, for hosts that show it as one move.
///
/// Every event between ``willApply(_:)`` and ``didApply(_:)`` belongs to the plan, so a host
/// can run one transition; only a link's last step is animated, and none of a restoration's:
///
/// ```swift
/// token = router.restorer.observePlans { event in
///   switch event {
///   case .willApply: host.beginBatch()      // hold rendering
///   case .didApply: host.commitBatch()      // render once, animate the last step
///   }
/// }
/// ```
///
/// Navigation an observer asks for runs after ``didApply(_:)``, as for any callback.
public enum PlanEvent: Sendable, Equatable {
  /// The plan is about to change the tree; nothing has moved yet.
  case willApply(NavigationPlan)
  /// The plan has changed the tree, and every event it causes has been delivered.
  case didApply(NavigationPlan)
}
