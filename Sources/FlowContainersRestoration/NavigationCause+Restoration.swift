public import FlowContainersCore

extension NavigationCause {
  /// A snapshot was restored.
  public static let restoration = NavigationCause(rawValue: "restoration")
}
