/// Where a plan begins and ends, for hosts that show it as one move.
///
/// A plan (a link, a destination, a restoration) may dismiss two modals, pop and push: many
/// events in the tree. In a link or destination plan only its last step, the one that brings
/// the destination on screen, is animated; a restoration animates none. Between ``willApply(_:)``
/// and ``didApply(_:)`` every event belongs to the plan, so a host can run one transition and one
/// completion:
///
/// ```swift
/// token = router.observePlans { event in
///   switch event {
///   case .willApply: host.beginBatch()      // hold rendering
///   case .didApply: host.commitBatch()      // render once, animate the last step
///   }
/// }
/// ```
///
/// Both are delivered inside the plan's change: navigation an observer asks for runs after
/// ``didApply(_:)``, as for any callback.
public enum PlanEvent: Sendable, Equatable {
  /// The plan is about to change the tree; nothing has moved yet.
  case willApply(NavigationPlan)
  /// The plan has changed the tree, and every event it causes has been delivered.
  case didApply(NavigationPlan)
}
