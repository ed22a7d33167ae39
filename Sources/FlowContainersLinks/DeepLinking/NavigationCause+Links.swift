public import FlowContainersCore

extension NavigationCause {
  /// A link or destination plan was applied, or the router presented a guard flow.
  public static let deepLink = NavigationCause(rawValue: "deepLink")
}
