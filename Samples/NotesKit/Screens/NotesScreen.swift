package import FlowContainers

/// A terminal screen: a title, some text, numbered actions and a one-line hint.
///
/// Screens only render and report: when the user picks an action, the screen tells its flow
/// through the screen's own delegate protocol, and the flow decides what happens next.
@MainActor
package protocol NotesScreen: AnyObject, CustomStringConvertible {
  var title: String { get }
  var text: [String] { get }
  var actions: [String] { get }
  var hint: String { get }
  func perform(_ action: Int)
}

extension NotesScreen {
  /// The screen as plain text, actions numbered from 1; the header names how the screen's flow
  /// is presented, when it is.
  package func rendered(style: PresentationStyle?, numberedFrom first: Int = 1) -> String {
    var lines = [style.map { "── \(title) (\($0)) ──" } ?? "── \(title) ──"]
    lines += text
    lines += actions.enumerated().map { "  \($0.offset + first). \($0.element)" }
    lines.append(hint)
    return lines.joined(separator: "\n")
  }
}
