public import FlowContainersCore
import FlowContainersRestoration

/// Why the tree cannot be shared as a link (``DeepLinkRouter/currentLink()``).
public enum LinkSharingFailure: Error, Sendable, Hashable {
  /// The router's root flow has been released: the router holds its root weakly, and the
  /// caller must keep it alive.
  case rootReleased
  /// The flow at `level` is not a ``LinkableFlow``.
  case notLinkable(flow: FlowName, level: Int)
  /// The screen at `index` of the flow at `level` has no route (transient state).
  case screenWithoutRoute(flow: FlowName, level: Int, index: Int)
  /// The patterns that could build the stack at `level` have parameters but no `parameters`
  /// function to fill them from the stack: add one (the reverse mapping).
  case noReverseMapping(flow: FlowName, level: Int, patterns: [String])
  /// No pattern of the flow at `level` builds its stack.
  case noPattern(flow: FlowName, level: Int)
  /// Following the link would present another sub-flow type at `level` than the one shown.
  case resolvesElsewhere(flow: FlowName, level: Int)
}

extension LinkSharingFailure: CustomStringConvertible {
  /// One line for a person, such as `note/:id<Int> on AppFlow@0 has no reverse mapping`.
  public var description: String {
    switch self {
    case .rootReleased:
      return rootReleasedDescription
    case .notLinkable(let flow, let level):
      return "\(flow)@\(level) is not linkable"
    case .screenWithoutRoute(let flow, let level, let index):
      return "the screen at \(index) of \(flow)@\(level) has no route"
    case .noReverseMapping(let flow, let level, let patterns):
      return "\(patterns.joined(separator: ", ")) on \(flow)@\(level) "
        + "\(patterns.count == 1 ? "has" : "have") no reverse mapping (a `parameters` function)"
    case .noPattern(let flow, let level):
      return "no pattern of \(flow)@\(level) builds its stack"
    case .resolvesElsewhere(let flow, let level):
      return "following the link would not present \(flow) at level \(level)"
    }
  }
}
