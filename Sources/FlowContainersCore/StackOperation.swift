/// The kind of change made to a stack.
public enum StackOperation: Sendable, Hashable {
  /// One or more screens were pushed on top.
  case push
  /// The top screen was removed.
  case pop
  /// Every screen above `index` was removed.
  case popTo(index: Int)
  /// Every screen above the root was removed.
  case popToRoot
  /// The whole stack was replaced.
  case replace
}

extension StackOperation: CustomStringConvertible {
  /// A short name, as used in traces: `push`, `pop`, `popTo(2)`, `popToRoot`, `replace`.
  public var description: String {
    switch self {
    case .push: "push"
    case .pop: "pop"
    case .popTo(let index): "popTo(\(index))"
    case .popToRoot: "popToRoot"
    case .replace: "replace"
    }
  }
}
