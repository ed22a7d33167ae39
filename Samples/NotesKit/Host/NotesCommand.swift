/// A command the user typed, as a value: what the terminal and the server both take.
///
/// ```swift
/// NotesCommand("open notes://note/2")  // .open("notes://note/2")
/// NotesCommand("3")                    // .pick(3)
/// NotesCommand("fly")                  // nil
/// ```
package enum NotesCommand: Hashable, Sendable {
  /// Pick the action of this number on the screens shown, counted from 1.
  case pick(Int)
  /// The back button.
  case back
  /// Close the topmost modal, as a user closing it would.
  case close
  /// Follow a link; `nil` when the command named none.
  case open(String?)
  /// Select the tab of this number, counted from 1; `nil` when the command named none.
  case tab(Int?)
  /// The window narrows (`compact`) or widens (`regular`) around the notes split.
  case width(String)
  /// Print the live tree.
  case tree
  /// Show the commands; the host's own.
  case help
  /// Leave; the host's own.
  case quit

  /// The command `line` names by its first word (`quit` and `exit` both quit); `nil` for none.
  ///
  /// - Parameter line: One command, trimmed, as typed.
  package init?(_ line: String) {
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let first = words.first else { return nil }
    let argument = words.count == 2 ? words[1] : nil
    switch first {
    case "quit", "exit": self = .quit
    case "back": self = .back
    case "close": self = .close
    case "open": self = .open(argument)
    case "tree": self = .tree
    case "tab": self = .tab(argument.flatMap { Int($0) })
    case "width": self = .width(argument ?? "")
    case "help": self = .help
    default:
      guard let number = Int(first) else { return nil }
      self = .pick(number)
    }
  }
}
