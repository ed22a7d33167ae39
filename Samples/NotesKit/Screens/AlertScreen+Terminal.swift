package import FlowContainers

extension AlertScreen {
  /// The alert as a short prompt with numbered actions; the header names its style.
  package func rendered(style: PresentationStyle?) -> String {
    var lines = ["── \(title) (\(style ?? .alert)) ──"]
    if let message { lines.append(message) }
    lines += buttons.enumerated().map { index, button in
      "  \(index + 1). \(button.label)" + (button.role == .destructive ? " (cannot be undone)" : "")
    }
    lines.append("Pick an action; close cancels.")
    return lines.joined(separator: "\n")
  }
}
