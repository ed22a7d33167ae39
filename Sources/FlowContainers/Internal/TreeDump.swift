/// The text of tree dumps, shared by the live tree and snapshots so that both read alike.
enum TreeDump {
  /// One level: `└─ EditorFlow: [edit]`, indented under the level below it.
  static func line(depth: Int, flow: String, items: [String]) -> String {
    let indent = depth == 0 ? "" : String(repeating: "   ", count: depth - 1) + "└─ "
    return "\(indent)\(flow): [\(items.joined(separator: ", "))]"
  }
}
