public import FlowContainersCore

extension FlowDiagnostic.Code {
  /// A route pattern could not be declared.
  ///
  /// It does not parse, or it matches exactly the same links as an earlier one; the message says
  /// which, naming both patterns for a conflict.
  public static let malformedPattern = Self(rawValue: "malformedPattern")
}
