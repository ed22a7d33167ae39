/// Why a flow could not show a route.
public enum ScreenFailure: Sendable, Hashable {
  /// The flow's ``RestorableFlow/makeScreen(for:)`` threw this error: the content is gone or may
  /// not be shown.
  case threw(ThrownError)
  /// The route is not of the flow's route type (a snapshot or plan made for another version).
  case wrongRouteType(expected: String)
  /// The stack would be empty; a flow keeps its root screen.
  case emptyStack
  /// The stack does not start with the flow's root screen, this route.
  case notTheRootScreen(AnyRoute)
}

extension ScreenFailure: CustomStringConvertible {
  /// One line for a person: the thrown error's own description, for example.
  public var description: String {
    switch self {
    case .threw(let error): error.description
    case .wrongRouteType(let expected): "not a \(expected)"
    case .emptyStack: "the stack is empty; a flow keeps its root screen"
    case .notTheRootScreen(let root): "the stack does not start with the root screen \(root)"
    }
  }
}
