import FlowContainersCore

/// A condition a flow needs before a deep link may show it, such as being signed in.
///
/// A flow type declares what it needs through ``RestorableFlow/requirement``; the app tells the
/// ``DeepLinkRouter`` how to check it and which guard flow satisfies it, with
/// ``DeepLinkRouter/setGuard(for:style:isSatisfied:makeGuardFlow:)``. A link into a flow whose
/// requirement is unmet is held while the guard flow is up; it never reaches the flow otherwise.
///
/// ```swift
/// extension FlowRequirement {
///   static let signedIn: FlowRequirement = "signed-in"
/// }
/// ```
public struct FlowRequirement: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral {
  /// The requirement's name.
  public var rawValue: String

  /// Creates a requirement from its name.
  ///
  /// - Parameter rawValue: The requirement's name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a requirement from a string literal.
  ///
  /// - Parameter value: The requirement's name.
  public init(stringLiteral value: String) {
    rawValue = value
  }
}

extension FlowRequirement: CustomStringConvertible {
  /// The requirement's name.
  public var description: String { rawValue }
}
