public import FlowContainers

/// One thing the explorer does to an app: a link, something the user does in the host (an
/// alert's action too), or an action registered with ``FlowExplorer/action(_:on:when:_:)``.
///
/// Each prints as the Swift expression that makes it, so a failure's steps paste into a test:
///
/// ```swift
/// let app = try await explorer.replay([.open("notes://settings"), .close])
/// ```
public enum ExplorationStep: Sendable, Hashable {
  /// Opens a link with the app's router, and waits for any held link that resumes.
  case open(String)
  /// The user goes back one screen in the stack on top (in a compact split, the collapsed one).
  case back
  /// The user closes the topmost presented container (pulls the sheet down).
  case close
  /// The user selects the tab at the index of the tab bar of a flow, which shows; selecting
  /// the selected tab is a reselection.
  case selectTab(Int, of: FlowName)
  /// The split of a flow, which shows, becomes compact or regular.
  case width(SplitWidth, of: FlowName)
  /// Runs the action registered under the name for the flow, which shows.
  case action(String, on: FlowName)
  /// The user chooses the action with this label in the alert on top.
  case choose(String)
}

extension ExplorationStep: CustomStringConvertible {
  /// The step as Swift: `.open("notes://note/1")`, `.back`, `.choose("Delete")`,
  /// `.action("sign in", on: "SignInFlow")`.
  public var description: String {
    switch self {
    case .open(let link): ".open(\(link.debugDescription))"
    case .back: ".back"
    case .close: ".close"
    case .selectTab(let index, let flow): ".selectTab(\(index), of: \(flow.debugDescription))"
    case .width(let width, let flow): ".width(.\(width), of: \(flow.debugDescription))"
    case .action(let name, let flow):
      ".action(\(name.debugDescription), on: \(flow.debugDescription))"
    case .choose(let label): ".choose(\(label.debugDescription))"
    }
  }
}
