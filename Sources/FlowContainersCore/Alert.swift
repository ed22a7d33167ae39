/// An alert or a confirmation dialog, presented like any sub-flow: its chosen action is the
/// typed result.
///
/// ```swift
/// let alert = Alert(
///   title: "Delete “Groceries”?", message: "This cannot be undone.",
///   actions: [
///     AlertAction("Delete", value: true, role: .destructive),
///     AlertAction("Cancel", value: false, role: .cancel),
///   ],
///   style: .confirmationDialog)
/// if await container.present(alert).value == true { store.delete(note) }
/// ```
///
/// The presented layer is a ``StackContainer`` of one ``AlertScreen``, presented with the
/// alert's style (``PresentationStyle/alert`` or ``PresentationStyle/confirmationDialog``). The
/// host shows the screen's title, message and buttons and reports the user's choice with
/// ``AlertScreen/choose(_:fileID:line:)``; the user closing it without choosing is
/// ``HostEvent/userDismissed``, as for any layer, and gives
/// `.ended(.dismissedByUser, cause: .user)`: the "cancel" result. It ends like any modal:
/// dismissed by its presenter, or torn down with an ancestor, each giving its presenter one
/// result. An alert is transient: what saves the tree leaves it out, and names it.
public struct Alert<Action> {
  /// The title.
  public var title: String
  /// More text under the title, if any.
  public var message: String?
  /// The actions, in the order the host shows them.
  public var actions: [AlertAction<Action>]
  /// How the host shows it: ``PresentationStyle/alert`` (the default) or
  /// ``PresentationStyle/confirmationDialog``.
  public var style: PresentationStyle

  /// Creates an alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - message: More text under the title.
  ///   - actions: The actions, in order.
  ///   - style: ``PresentationStyle/alert`` or ``PresentationStyle/confirmationDialog``.
  public init(
    title: String, message: String? = nil, actions: [AlertAction<Action>],
    style: PresentationStyle = .alert
  ) {
    self.title = title
    self.message = message
    self.actions = actions
    self.style = style
  }
}

/// One action of an ``Alert``: its label, the value choosing it gives, and its role.
public struct AlertAction<Action> {
  /// The button's text.
  public var label: String
  /// The result of choosing it.
  public var value: Action
  /// What kind of action it is, for the host's styling; `nil` for an ordinary one.
  public var role: AlertRole?

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - label: The button's text.
  ///   - value: The result of choosing it.
  ///   - role: ``AlertRole/cancel``, ``AlertRole/destructive`` or `nil`.
  public init(_ label: String, value: Action, role: AlertRole? = nil) {
    self.label = label
    self.value = value
    self.role = role
  }
}

/// The role of an ``AlertAction``, which the host styles: SwiftUI's `ButtonRole`, UIKit's
/// `UIAlertAction.Style`.
public enum AlertRole: String, Sendable, Hashable, Codable {
  /// Dismisses without doing anything.
  case cancel
  /// Deletes or discards something.
  case destructive
}

extension Alert: Sendable where Action: Sendable {}
extension AlertAction: Sendable where Action: Sendable {}
