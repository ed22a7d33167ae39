/// Why a flow could not show a route; its description says why.
///
/// Recover an error your ``RestorableFlow/makeScreen(for:)`` threw from ``thrown``:
///
/// ```swift
/// if case .cannotShow(_, _, let why) = failure, let missing = why.thrown?.error as? NoSuchNote {
///   print("no note \(missing.id)")
/// }
/// ```
public struct ScreenFailure: Sendable, Hashable {
  /// Why, one case per reason: internal, so that reasons can be added.
  enum Reason: Sendable, Hashable {
    case threw(ThrownError)
    case wrongRouteType(expected: String)
    case emptyStack
    case notTheRootScreen(AnyRoute)
  }

  let reason: Reason

  /// The error the flow's ``RestorableFlow/makeScreen(for:)`` threw, kept as it was thrown; `nil`
  /// when the library refused the route: one not of the flow's route type (a snapshot or plan
  /// made for another version), an empty stack, or a stack that does not start with the flow's
  /// root screen.
  public var thrown: ThrownError? {
    guard case .threw(let error) = reason else { return nil }
    return error
  }

  /// `makeScreen(for:)` threw `error`: the content is gone or may not be shown.
  static func threw(_ error: ThrownError) -> Self { Self(reason: .threw(error)) }
  /// The route is not of the flow's route type, `expected`.
  static func wrongRouteType(expected: String) -> Self {
    Self(reason: .wrongRouteType(expected: expected))
  }
  /// The stack would be empty; a flow keeps its root screen.
  package static let emptyStack = Self(reason: .emptyStack)
  /// The stack does not start with the flow's root screen, `root`.
  static func notTheRootScreen(_ root: AnyRoute) -> Self { Self(reason: .notTheRootScreen(root)) }
}

extension ScreenFailure: CustomStringConvertible {
  /// One line for a person: the thrown error's own description, for example.
  public var description: String {
    switch reason {
    case .threw(let error): error.description
    case .wrongRouteType(let expected): "not a \(expected)"
    case .emptyStack: "the stack is empty; a flow keeps its root screen"
    case .notTheRootScreen(let root): "the stack does not start with the root screen \(root)"
    }
  }
}
