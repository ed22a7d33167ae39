import Foundation
package import NotesKit

/// One line of input, read: whose message it is, its number, and the command.
///
/// A line is `<user> <n> <command>`: a user id of 1 to 64 of `A–Z a–z 0–9 _ -`, the user's
/// message number (1, 2, 3, …), and one of the terminal sample's commands.
///
/// ```swift
/// try Message(parsing: "ada 1 open notes://note/2").get().command  // .open("notes://note/2")
/// ```
package struct Message: Hashable, Sendable {
  /// Whose message it is.
  package var user: String
  /// The user's message number, from 1.
  package var number: Int64
  /// The command, as typed: what the journal of unsettled users keeps.
  package var text: String
  /// The command, read.
  package var command: NotesCommand

  /// The longest line the server reads, in bytes, without its line break.
  package static let maximumLength = 4096

  /// Reads one line: a message, or why it is not one.
  ///
  /// - Parameter line: A line without its line break.
  /// - Returns: The message, or the error line's parts.
  package static func parse(_ line: String) -> Result<Message, InputError> {
    let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    let user = fields.first.map(String.init) ?? ""
    let named = isValidUser(user) ? user : nil
    guard fields.count == 3 else {
      return .failure(InputError(user: named, reason: "a message is <user> <n> <command>"))
    }
    let number = Int64(fields[1]).flatMap { $0 > 0 && fields[1].first != "+" ? $0 : nil }
    guard let named else {
      return .failure(
        InputError(
          number: number,
          reason: "a user id is 1 to 64 of A-Z, a-z, 0-9, _ and -"))
    }
    guard let number else {
      return .failure(
        InputError(user: named, reason: "a message number is 1, 2, 3 and so on"))
    }
    let text = fields[2].trimmingCharacters(in: .whitespaces)
    guard let command = NotesCommand(text) else {
      return .failure(
        InputError(user: named, number: number, reason: "unknown command “\(text)”"))
    }
    switch command {
    case .help, .quit:
      return .failure(
        InputError(
          user: named, number: number,
          reason: "the server takes <number>, back, close, open <url>, tab <n> and tree"))
    default:
      return .success(Message(user: named, number: number, text: text, command: command))
    }
  }

  /// Whether `user` is 1 to 64 of `A–Z a–z 0–9 _ -`.
  static func isValidUser(_ user: String) -> Bool {
    let utf8 = user.utf8
    return (1...64).contains(utf8.count)
      && utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
          true
        default: false
        }
      }
  }
}
