/// An alert that was up when a snapshot was taken: snapshots do not save alerts.
///
/// A snapshot lists them in ``FlowSnapshot/transient`` so that restoring can say what it did not
/// bring back (``RestorationReport/droppedAlerts``). They are not flows: they have no
/// ``FlowName`` and no routes.
///
/// ```swift
/// print(try router.restorer.snapshot().transient)  // [alert: Delete the note?]
/// ```
///
/// In JSON each is one string, `"alert: Delete the note?"`, with ` (tab 1)` after it for an
/// alert up in a tab the user was not looking at.
public struct TransientLayer: Sendable, Hashable {
  /// Its title, such as `Delete the note?`.
  public var title: String
  /// For a tab bar's snapshot, the tab it was up in when that was not the selected tab; `nil`
  /// for a layer over the selected tab's tree or over the tab bar.
  public var tab: Int?

  /// Creates an alert's layer: its title, and the tab it was up in if not the selected one.
  public init(title: String, tab: Int? = nil) {
    self.title = title
    self.tab = tab
  }
}

extension TransientLayer: CustomStringConvertible {
  /// What a snapshot saves: `alert: Delete the note?`, then ` (tab 1)` for an alert in a tab the
  /// user was not looking at.
  public var description: String {
    "alert: \(title)" + (tab.map { " (tab \($0))" } ?? "")
  }
}

extension TransientLayer: Codable {
  /// Reads the string a snapshot saved, such as `alert: Delete?` or `alert: Delete? (tab 1)`.
  ///
  /// Text that names no known kind is read as an alert with that whole text as its title: a
  /// layer is only ever reported, never restored, so it is not worth refusing a snapshot for.
  /// - Throws: `DecodingError` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.init(parsing: try decoder.singleValueContainer().decode(String.self))
  }

  /// Reads `text`, as ``init(from:)`` does.
  init(parsing text: String) {
    var title = Substring(text)
    var tab: Int?
    // ` (tab 1)` at the end: the tab it was up in.
    if title.hasSuffix(")"), let open = title.lastIndex(of: "("), title[..<open].hasSuffix(" "),
      title[open...].hasPrefix("(tab "),
      let index = Int(title[title.index(open, offsetBy: 5)..<title.index(before: title.endIndex)]),
      index >= 0
    {
      tab = index
      title = title[..<title.index(before: open)]
    }
    let prefix = "alert: "
    if title.hasPrefix(prefix) { title = title.dropFirst(prefix.count) }
    self.init(title: String(title), tab: tab)
  }

  /// Writes the layer as one string, ``description``.
  /// - Throws: An encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
