public import FlowContainersCore

extension FlowDiagnostic.Code {
  /// A route pattern could not be parsed.
  public static let malformedPattern = Self(rawValue: "malformedPattern")
  /// Two route patterns match exactly the same links.
  public static let conflictingPatterns = Self(rawValue: "conflictingPatterns")
  /// A deep-link declaration does not agree with itself, such as a route builder that reads a
  /// parameter its pattern does not declare, or two restorable flow types with the same
  /// ``NamedFlow/flowName``.
  public static let inconsistentRoute = Self(rawValue: "inconsistentRoute")
}
