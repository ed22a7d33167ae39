/// Who or what asked for a navigation change.
///
/// Every ``StackChange`` and ``NavigationEvent`` carries a cause, so a host can decide what to
/// animate and a trace can say why the tree moved. The library sets it for you: your own calls
/// on ``StackContainer`` are ``program``, and ``ContainerNode/handle(_:fileID:line:)`` is
/// ``user``. Modules built on the core add causes of their own, and so may you, as static
/// members:
///
/// ```swift
/// extension NavigationCause {
///   static let pushNotification = NavigationCause(rawValue: "pushNotification")
/// }
/// ```
public struct NavigationCause: RawRepresentable, Sendable, Hashable, Codable {
  /// The cause's name, as printed and encoded.
  public let rawValue: String

  /// A cause named `rawValue`.
  ///
  /// - Parameter rawValue: Its name; two causes with the same name are the same cause.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The program changed the tree: a flow called push, pop, present or dismiss.
  public static let program = NavigationCause(rawValue: "program")
  /// The user changed the tree outside the program's control, as reported by the host
  /// (a back swipe, a modal pulled down).
  public static let user = NavigationCause(rawValue: "user")
}

extension NavigationCause: CustomStringConvertible {
  /// The cause's name, such as `program`.
  public var description: String { rawValue }
}
