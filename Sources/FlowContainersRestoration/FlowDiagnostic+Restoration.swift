public import FlowContainersCore

extension FlowDiagnostic.Code {
  /// A flow's declarations do not agree with themselves, such as a route builder that reads a
  /// parameter its pattern does not declare, or two restorable flow types with the same
  /// ``NamedFlow/flowName``.
  public static let inconsistentRoute = Self(rawValue: "inconsistentRoute")
}
