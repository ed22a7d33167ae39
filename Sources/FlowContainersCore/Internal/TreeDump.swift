/// The text of tree dumps, shared with the layers built on the core (a snapshot prints like the
/// live tree).
package enum TreeDump {
  /// One level: `└─ EditorFlow: [edit]`, indented under the level below it.
  package static func line(depth: Int, flow: String, items: [String]) -> String {
    let indent = depth == 0 ? "" : String(repeating: "   ", count: depth - 1) + "└─ "
    return "\(indent)\(flow): [\(items.joined(separator: ", "))]"
  }
}
