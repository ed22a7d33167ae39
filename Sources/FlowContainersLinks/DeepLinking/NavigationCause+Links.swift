public import FlowContainersCore

extension NavigationCause {
  /// A deep link was applied (``DeepLinkRouter/apply(_:)``).
  public static let deepLink = NavigationCause(rawValue: "deepLink")
  /// A snapshot was restored.
  public static let restoration = NavigationCause(rawValue: "restoration")
}
