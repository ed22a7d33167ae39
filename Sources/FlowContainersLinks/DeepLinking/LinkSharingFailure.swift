package import FlowContainersCore
import FlowContainersRestoration

/// Why the tree cannot be shared as a link (``DeepLinkRouter/currentLink()``).
///
/// Its description says which level and why, such as
/// `note/:id<Int> on AppFlow@0 has no reverse mapping (a `parameters` function)`; the reason is
/// internal, as a caller's only action is not to offer sharing.
public struct LinkSharingFailure: Error, Sendable, Hashable {
  enum Reason: Sendable, Hashable {
    /// The router's root flow has been released.
    case rootReleased
    /// The flow at `level` is not a ``LinkableFlow``.
    case notLinkable(flow: FlowName, level: Int)
    /// The screen at `index` of the flow at `level` has no route (transient state).
    case screenWithoutRoute(flow: FlowName, level: Int, index: Int)
    /// The patterns that could build the stack at `level` have parameters but no `parameters`
    /// function to fill them from the stack.
    case noReverseMapping(flow: FlowName, level: Int, patterns: [String])
    /// No pattern of the flow at `level` builds its stack.
    case noPattern(flow: FlowName, level: Int)
    /// Following the link would present another sub-flow type at `level` than the one shown.
    case resolvesElsewhere(flow: FlowName, level: Int)
  }

  /// Why.
  let reason: Reason

  init(_ reason: Reason) {
    self.reason = reason
  }

  /// The flow whose stack no pattern builds, or whose patterns cannot be filled from its stack:
  /// the failures only the flow's own declarations can cause.
  package var flowWithoutPattern: FlowName? {
    switch reason {
    case .noPattern(let flow, _), .noReverseMapping(let flow, _, _): flow
    default: nil
    }
  }
}

extension LinkSharingFailure: CustomStringConvertible {
  /// One line for a person, such as `note/:id<Int> on AppFlow@0 has no reverse mapping`.
  public var description: String {
    switch reason {
    case .rootReleased: return RestorationError.rootReleased.description
    case .notLinkable(let flow, let level): return "\(flow)@\(level) is not linkable"
    case .screenWithoutRoute(let flow, let level, let index):
      return "the screen at \(index) of \(flow)@\(level) has no route"
    case .noReverseMapping(let flow, let level, let patterns):
      return "\(patterns.joined(separator: ", ")) on \(flow)@\(level) "
        + "\(patterns.count == 1 ? "has" : "have") no reverse mapping (a `parameters` function)"
    case .noPattern(let flow, let level): return "no pattern of \(flow)@\(level) builds its stack"
    case .resolvesElsewhere(let flow, let level):
      return "following the link would not present \(flow) at level \(level)"
    }
  }
}
