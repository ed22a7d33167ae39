/// Why a line got an error, and whose it was, as far as the line says.
///
/// It answers with one line, `<user> <n> error: <reason>`, with `-` for what the line did not
/// give readably; the process carries on with the next line.
package struct InputError: Error, Hashable, Sendable {
  /// The user the line named, when that is a valid user id.
  package var user: String?
  /// The message number the line gave, when it is one.
  package var number: Int64?
  /// Why, for a person.
  package var reason: String

  package init(user: String? = nil, number: Int64? = nil, reason: String) {
    self.user = user
    self.number = number
    self.reason = reason
  }

  /// The error line: `ada 3 error: unknown command “fly”`.
  package var line: String {
    "\(user ?? "-") \(number.map(String.init) ?? "-") error: \(reason)"
  }
}
