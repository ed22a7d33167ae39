/// Who or what asked for a navigation change.
///
/// Every ``StackChange`` and ``NavigationEvent`` carries a cause, so a host can decide what to
/// animate and a trace can say why the tree moved. The library sets it for you: your own calls
/// on ``StackContainer`` are ``program``, ``ContainerNode/handle(_:fileID:line:)`` is ``user``,
/// a ``DeepLinkRouter`` applying a plan is ``deepLink``, and restoring a ``FlowSnapshot`` is
/// ``restoration``.
public enum NavigationCause: String, Sendable, Hashable, Codable, CaseIterable {
  /// The program changed the tree: a flow called push, pop, present or dismiss.
  case program
  /// The user changed the tree outside the program's control, as reported by the host
  /// (a back swipe, a modal pulled down).
  case user
  /// A deep link was applied.
  case deepLink
  /// A snapshot was restored.
  case restoration
}
