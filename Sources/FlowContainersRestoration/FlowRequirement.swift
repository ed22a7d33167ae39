/// A condition a flow needs before a deep link may show it, such as being signed in.
///
/// A flow type declares it (``RestorableFlow/requirement``); the router checks it and presents
/// its guard flow (``DeepLinkRouter/setGuard(for:style:isSatisfied:makeGuardFlow:)``) while a
/// link into the flow waits.
///
/// ```swift
/// extension FlowRequirement {
///   static let signedIn: FlowRequirement = "signed-in"
/// }
/// ```
public struct FlowRequirement: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral {
  /// The requirement's name.
  public var rawValue: String

  /// Creates a requirement from its name, `rawValue`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a requirement from its name, a string literal.
  public init(stringLiteral value: String) {
    rawValue = value
  }
}

extension FlowRequirement: CustomStringConvertible {
  /// The requirement's name.
  public var description: String { rawValue }
}
