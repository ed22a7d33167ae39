extension ContainerNode {
  /// Presents `alert` and calls `onResult` exactly once when it ends: with the chosen action's
  /// value, or why it ended without a choice.
  ///
  /// The alert is a layer like any other (``Alert`` says how a host shows it): it needs this
  /// container to present nothing, and misuse is reported with `onResult` not called.
  ///
  /// - Parameters:
  ///   - alert: The title, message and actions.
  ///   - animated: Whether the host should animate the presentation.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  ///   - onResult: Called once with the ``PresentationResult``.
  public func present<Action>(
    _ alert: Alert<Action>, animated: Bool = true, fileID: StaticString = #fileID,
    line: UInt = #line, onResult: @escaping (PresentationResult<Action>) -> Void
  ) {
    present(
      AlertLayer.result(for: alert), style: alert.style, animated: animated, fileID: fileID,
      line: line,
      onResult: onResult)
  }

  /// Presents `alert` and returns the chosen action's value, or why it ended without a choice.
  ///
  /// As ``present(_:style:animated:fileID:line:)``: it always returns exactly once, and
  /// cancelling the awaiting task dismisses the alert.
  ///
  /// ```swift
  /// let delete = Alert(
  ///   title: "Delete the note?",
  ///   actions: [AlertAction("Delete", value: true, role: .destructive),
  ///             AlertAction("Cancel", value: false, role: .cancel)])
  /// if await container.present(delete).value == true { store.delete(note) }
  /// ```
  ///
  /// - Parameters:
  ///   - alert: The title, message and actions.
  ///   - animated: Whether the host should animate the presentation.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  /// - Returns: `.finished(with: value)` for a chosen action; `.ended(.dismissedByUser, cause:
  ///   .user)` when the user closed it without choosing.
  public func present<Action: Sendable>(
    _ alert: Alert<Action>, animated: Bool = true, fileID: StaticString = #fileID,
    line: UInt = #line
  ) async -> PresentationResult<Action> {
    await present(
      AlertLayer.result(for: alert), style: alert.style, animated: animated, fileID: fileID,
      line: line)
  }
}
