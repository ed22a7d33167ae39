/// The text of tree dumps: ``FlowTree``'s, and a chain of levels printed through the seam
/// (``FlowTree/chainDescription(count:level:)``).
///
/// A dump stays readable, and its size linear, however deep the tree: indentation stops growing
/// at ``maximumIndent`` levels (deeper lines name their depth instead), and a chain longer than
/// `2 × ` ``keptAtEachEnd`` levels shows its first and last levels around one line that says how
/// many were left out.
enum TreeDump {
  /// How many levels of indentation a dump shows; deeper lines keep this indentation.
  static let maximumIndent = 16
  /// How many levels a long dump keeps at its start and at its end.
  static let keptAtEachEnd = 32

  /// One level: `├─ EditorFlow (sheet): [edit]`, with how it is shown (the style it is presented
  /// with, or which tab it is), drawn with a bar `│` under each ancestor whose `continuing` entry
  /// (by depth) says more hangs below it, and `└─` when it is the last of what hangs on its
  /// parent; past ``maximumIndent``, `└─ EditorFlow@40 (sheet): [edit]`.
  static func line(
    depth: Int, continuing: [Bool] = [], isLast: Bool = true, flow: String, note: String?,
    items: [String]
  ) -> String {
    let name = depth > maximumIndent ? "\(flow)@\(depth)" : flow
    let shown = note.map { "\(name) (\($0))" } ?? name
    return "\(prefix(depth, continuing: continuing, isLast: isLast))\(shown): "
      + "[\(items.joined(separator: ", "))]"
  }

  /// The line standing for `count` levels left out, above `depth`.
  static func elision(depth: Int, count: Int) -> String {
    "\(prefix(depth))… \(count) more levels …"
  }

  /// The levels of a chain of `count` a dump shows, in order: all of them, or the first and last
  /// ``keptAtEachEnd``, with `nil` where the others are left out.
  static func shownLevels(count: Int) -> [Int?] {
    guard count > 2 * keptAtEachEnd else { return Array(0..<count) }
    return Array(0..<keptAtEachEnd) + [nil] + Array((count - keptAtEachEnd)..<count)
  }

  /// The drawing before a level at `depth`: nothing for the first, otherwise a column per level
  /// below it, up to ``maximumIndent``, then `├─`, or `└─` for the last of its parent's.
  private static func prefix(_ depth: Int, continuing: [Bool] = [], isLast: Bool = true) -> String {
    guard depth > 0 else { return "" }
    var prefix = ""
    for column in 1..<min(depth, maximumIndent) {
      prefix += continuing.indices.contains(column) && continuing[column] ? "│  " : "   "
    }
    return prefix + (isLast ? "└─ " : "├─ ")
  }
}
