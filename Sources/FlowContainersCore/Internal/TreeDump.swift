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

  /// One level: `└─ EditorFlow (sheet): [edit]`, indented under the level below it, with how
  /// it is shown (the style it is presented with, or which tab it is); past ``maximumIndent``,
  /// `└─ EditorFlow@40 (sheet): [edit]`.
  static func line(
    depth: Int, flow: String, note: String?, items: [String]
  ) -> String {
    let name = depth > maximumIndent ? "\(flow)@\(depth)" : flow
    let shown = note.map { "\(name) (\($0))" } ?? name
    return "\(indent(depth))\(shown): [\(items.joined(separator: ", "))]"
  }

  /// One level of a tree that branches: `├─ EditorFlow (sheet): [edit]`, drawn with a bar `│`
  /// under each ancestor whose `continuing` entry (by depth) says more hangs below it, and `└─`
  /// when it is the last of what hangs on its parent.
  static func line(
    depth: Int, continuing: [Bool], isLast: Bool, flow: String, note: String?, items: [String]
  ) -> String {
    let name = depth > maximumIndent ? "\(flow)@\(depth)" : flow
    let shown = note.map { "\(name) (\($0))" } ?? name
    var prefix = ""
    if depth > 0 {
      for column in 1..<min(depth, maximumIndent) {
        prefix += continuing.indices.contains(column) && continuing[column] ? "│  " : "   "
      }
      prefix += isLast ? "└─ " : "├─ "
    }
    return "\(prefix)\(shown): [\(items.joined(separator: ", "))]"
  }

  /// The line standing for `count` levels left out, above `depth`.
  static func elision(depth: Int, count: Int) -> String {
    "\(indent(depth))… \(count) more levels …"
  }

  /// The levels of a chain of `count` a dump shows, in order: all of them, or the first and last
  /// ``keptAtEachEnd``, with `nil` where the others are left out.
  static func shownLevels(count: Int) -> [Int?] {
    guard count > 2 * keptAtEachEnd else { return Array(0..<count) }
    return Array(0..<keptAtEachEnd) + [nil] + Array((count - keptAtEachEnd)..<count)
  }

  private static func indent(_ depth: Int) -> String {
    depth == 0 ? "" : String(repeating: "   ", count: min(depth, maximumIndent) - 1) + "└─ "
  }
}
