public import FlowContainersCore
import FlowContainersRestoration

extension FlowDiagnostic.Code {
  /// A route pattern could not be parsed.
  public static let malformedPattern = Self(rawValue: "malformedPattern")
  /// Two route patterns match exactly the same links.
  public static let conflictingPatterns = Self(rawValue: "conflictingPatterns")
}
