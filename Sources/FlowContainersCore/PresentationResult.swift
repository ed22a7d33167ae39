/// What a presenter receives, exactly once, when a sub-flow it presented for a result ends.
///
/// The sub-flow finished with a value through its ``FlowResult``, or it ended without one, and
/// then the ending says how and the cause says why:
///
/// | The sub-flow… | Result |
/// | --- | --- |
/// | called ``FlowResult/finish(with:animated:fileID:line:)`` | `.finished(with: value)` |
/// | dismissed itself without a value | `.ended(.finished, cause: .program)` |
/// | was closed by the user | `.ended(.dismissedByUser, cause: .user)` |
/// | was dismissed by its presenter | `.ended(.dismissedByPresenter, cause: .program)` |
/// | was dismissed by a change with another cause | `.ended(.dismissedByPresenter, cause:)` |
/// | went with an ancestor | `.ended(.tornDown, cause:)`, the cause of the ancestor's ending |
/// | went with the whole tree, released | `.ended(.tornDown, cause: .program)` |
/// | could not be presented (misuse, reported) | `.notPresented` |
///
/// ```swift
/// switch await container.present(signIn.result) {
/// case .finished(with: let account): showLibrary(for: account)
/// case .ended, .notPresented: break  // still signed out
/// }
/// ```
public enum PresentationResult<Value> {
  /// The sub-flow finished with `value`.
  case finished(with: Value)
  /// The presentation ended without a value: how, and what caused it.
  case ended(PresentationEnding, cause: NavigationCause)
  /// The presentation was misuse and did not happen; a ``FlowDiagnostic`` says why.
  case notPresented
}

extension PresentationResult {
  /// The value the sub-flow finished with, or `nil` when it ended without one.
  public var value: Value? {
    if case .finished(with: let value) = self { value } else { nil }
  }
}

extension PresentationResult: Sendable where Value: Sendable {}
extension PresentationResult: Equatable where Value: Equatable {}
extension PresentationResult: Hashable where Value: Hashable {}

extension PresentationResult: CustomStringConvertible {
  /// `finished(with: …)`, `ended(dismissedByUser, cause: user)` or `notPresented`.
  public var description: String {
    switch self {
    case .finished(with: let value): "finished(with: \(value))"
    case .ended(let ending, let cause): "ended(\(ending), cause: \(cause))"
    case .notPresented: "notPresented"
    }
  }
}
