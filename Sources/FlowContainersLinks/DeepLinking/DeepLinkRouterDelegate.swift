import FlowContainersCore

/// Hears how the links a ``DeepLinkRouter`` held end.
///
/// Both methods have empty default implementations.
///
/// ```swift
/// extension AppFlow: DeepLinkRouterDelegate {
///   func router(_ router: DeepLinkRouter, didDrop link: DeepLink, because reason: LinkDropReason) {
///     status = "Not opened: \(link) (\(reason))"
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
  ///   - link: The link that was held.
  ///   - outcome: What following it did.
  func router(_ router: DeepLinkRouter, didResume link: DeepLink, with outcome: LinkOutcome)

  /// A held link was dropped: replaced by a newer one, expired, or its guard flow ended with
  /// the requirement still unmet.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - link: The link that was held.
  ///   - reason: Why it was dropped.
  func router(_ router: DeepLinkRouter, didDrop link: DeepLink, because reason: LinkDropReason)
}

extension DeepLinkRouterDelegate {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - link: The link that was held.
  ///   - outcome: What following it did.
  public func router(_ router: DeepLinkRouter, didResume link: DeepLink, with outcome: LinkOutcome)
  {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - link: The link that was held.
  ///   - reason: Why it was dropped.
  public func router(
    _ router: DeepLinkRouter, didDrop link: DeepLink, because reason: LinkDropReason
  ) {}
}
