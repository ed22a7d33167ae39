/// The kind of change made to a stack.
public enum StackOperation: Sendable, Hashable {
  /// One or more screens were pushed on top.
  case push
  /// The top screen was removed.
  case pop
  /// Every screen above `index` was removed; `popTo(index: 0)` for a pop to the root.
  case popTo(index: Int)
  /// The whole stack was replaced.
  case replace
}

extension StackOperation: CustomStringConvertible {
  /// A short name, as used in traces: `push`, `pop`, `popTo(2)`, `replace`.
  public var description: String {
    switch self {
    case .push: "push"
    case .pop: "pop"
    case .popTo(let index): "popTo(\(index))"
    case .replace: "replace"
    }
  }
}
