/// The one screen of a presented ``Alert``: what a host shows, and where it reports the choice.
///
/// A host finds it as the only screen of a presented `StackContainer<AlertScreen>`:
///
/// ```swift
/// if let alert = (layer as? StackContainer<AlertScreen>)?.stack.first {
///   show(alert.title, alert.message, alert.buttons.map(\.label)) { index in
///     alert.choose(index)
///   }
/// }
/// ```
@MainActor
public final class AlertScreen {
  /// The title.
  public let title: String
  /// More text under the title, if any.
  public let message: String?
  /// The buttons, in order: each alert action's label and role (the value stays with the alert's
  /// flow).
  public let buttons: [AlertAction<Void>]
  /// Finishes the alert with the action at a position; set by the alert's flow.
  private let chooseAction: (Int, StaticString, UInt) -> Void

  init(
    title: String, message: String?, buttons: [AlertAction<Void>],
    choose: @escaping (Int, StaticString, UInt) -> Void
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    chooseAction = choose
  }

  /// The user chose the button at `index`: the alert ends as
  /// ``PresentationEnding/finished``, and its presenter receives that action's value.
  ///
  /// A position that is not a button's, or an alert that is no longer up, is misuse: reported
  /// as ``FlowDiagnostic/Code/alertActionNotFound``, and nothing changes.
  ///
  /// - Parameters:
  ///   - index: The button's position in ``buttons``.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func choose(_ index: Int, fileID: StaticString = #fileID, line: UInt = #line) {
    guard buttons.indices.contains(index) else {
      MisuseReports.report(
        .alertActionNotFound,
        "choose(\(index)) on the alert “\(title)”, which has \(buttons.count) buttons; pass a "
          + "position in 0..<\(buttons.count).",
        at: "the alert “\(title)”", fileID: "\(fileID)", line: line)
      return
    }
    chooseAction(index, fileID, line)
  }
}

extension AlertScreen: CustomStringConvertible {
  /// `alert: Delete? [Delete, Cancel]`.
  public nonisolated var description: String {
    "alert: \(title) [\(buttons.map(\.label).joined(separator: ", "))]"
  }
}

/// The flow behind a presented ``Alert``: owns its container and its result.
@MainActor
final class AlertLayer<Action> {
  let container = StackContainer<AlertScreen>()
  let result: FlowResult<Action>
  let title: String

  /// The result of a new alert flow for `alert`, which holds the flow until it is presented.
  static func result(for alert: Alert<Action>) -> FlowResult<Action> {
    let flow = AlertLayer(alert)
    flow.result.ownerUntilPresented = flow
    return flow.result
  }

  private init(_ alert: Alert<Action>) {
    result = FlowResult(of: container)
    title = alert.title
    container.owner = self
    let actions = alert.actions.map(\.value)
    let result = result
    let container = container
    let screen = AlertScreen(
      title: alert.title, message: alert.message,
      buttons: alert.actions.map { AlertAction($0.label, value: (), role: $0.role) },
      choose: { [weak result, weak container] index, fileID, line in
        Self.choose(actions[index], index, result, container, fileID, line)
      })
    container.replace(with: [screen], animated: false)
  }
}

/// Choosing an action, whatever its type.
extension AlertLayer {
  /// Finishes the alert with `action`: after the change under way, if one is, and only if the
  /// alert is still up then, so that a second choice is reported as one.
  private static func choose(
    _ action: Action, _ index: Int, _ result: FlowResult<Action>?,
    _ container: StackContainer<AlertScreen>?, _ fileID: StaticString, _ line: UInt
  ) {
    if let container, let changes = container.changes, changes.isChanging {
      changes.enqueue("choose(_:)", fileID: fileID, line: line) { [weak result, weak container] in
        choose(action, index, result, container, fileID, line)
      }
      return
    }
    guard let result, let container, container.isPresented, !container.isFinished else {
      MisuseReports.report(
        .alertActionNotFound, "choose(\(index)) on an alert that is no longer up.",
        at: "an alert", fileID: "\(fileID)", line: line)
      return
    }
    result.finish(with: action, fileID: fileID, line: line)
  }
}

@MainActor
protocol TransientFlow: AnyObject {
  /// The title that names it where a saved tree leaves it out.
  var transientTitle: String { get }
}

extension AlertLayer: TransientFlow {
  var transientTitle: String { title }
}
