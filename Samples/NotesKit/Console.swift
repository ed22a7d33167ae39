import FlowContainers

/// The app's messages and trace lines, kept in the order they happen until the host shows them
/// with the next screen.
@MainActor
package final class Console {
  package let isTracing: Bool
  private var lines: [String] = []

  package init(isTracing: Bool) {
    self.isTracing = isTracing
  }

  /// A one-line message for the user, such as `Saved “Ideas”.`.
  package func say(_ message: String) {
    lines.append(message)
  }

  /// A trace line, kept only with `--trace`.
  package func trace(_ line: String) {
    if isTracing { lines.append("trace: \(line)") }
  }

  /// The lines since the last call, oldest first.
  package func takeLines() -> [String] {
    defer { lines.removeAll() }
    return lines
  }
}
