import FlowContainersCore
public import FlowContainersRestoration

/// Hears how the links and destinations a ``DeepLinkRouter`` held end.
///
/// Both methods have empty default implementations.
///
/// ```swift
/// extension AppFlow: DeepLinkRouterDelegate {
///   func router(
///     _ router: DeepLinkRouter, didDrop request: NavigationRequest, because reason: LinkDropReason
///   ) {
///     status = "Not opened: \(request) (\(reason))"
///   }
/// }
/// ```
@MainActor
public protocol DeepLinkRouterDelegate: AnyObject {
  /// A held link resumed, because its guard was satisfied or the flow that objected went away,
  /// and was followed with this outcome.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - request: The link or destination that was held.
  ///   - outcome: What following it did.
  func router(
    _ router: DeepLinkRouter, didResume request: NavigationRequest, with outcome: LinkOutcome)

  /// A held link was dropped: replaced by a newer one, expired, or its guard flow ended with
  /// the requirement still unmet.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - request: The link or destination that was held.
  ///   - reason: Why it was dropped.
  func router(
    _ router: DeepLinkRouter, didDrop request: NavigationRequest, because reason: LinkDropReason)
}

extension DeepLinkRouterDelegate {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - request: The link or destination that was held.
  ///   - outcome: What following it did.
  public func router(
    _ router: DeepLinkRouter, didResume request: NavigationRequest, with outcome: LinkOutcome
  ) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - request: The link or destination that was held.
  ///   - reason: Why it was dropped.
  public func router(
    _ router: DeepLinkRouter, didDrop request: NavigationRequest, because reason: LinkDropReason
  ) {}
}
