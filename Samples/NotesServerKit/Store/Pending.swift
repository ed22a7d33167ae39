/// How the commands since a snapshot are stored: one text, a command a line.
enum Pending {
  /// The commands of a stored text, oldest first.
  static func split(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }

  /// The text that stores `commands`; they hold no line breaks, as each came on a line.
  static func joined(_ commands: [String]) -> String {
    commands.joined(separator: "\n")
  }
}
