extension ContainerNode {
  /// A text dump of this container and everything presented above it.
  ///
  /// Each container is on its own line, indented under its presenter, with its owner's type name
  /// and its stack (screens as `String(describing:)` renders them), bottom first:
  ///
  /// ```
  /// AppFlow: [library]
  /// └─ SettingsFlow (sheet): [settings]
  ///    └─ AccountFlow (sheet): [account]
  /// ```
  ///
  /// However deep the tree, the dump stays readable and its size linear: indentation stops
  /// growing after 16 levels (deeper lines name their depth, `EditorFlow@40`), and a chain of more
  /// than 64 containers shows its first and last 32 around a line saying how many were left out.
  public var treeDescription: String {
    let levels = Array(chain(.towardTop))
    var lines: [String] = []
    for level in TreeDump.shownLevels(count: levels.count) {
      guard let level else {
        lines.append(
          TreeDump.elision(
            depth: TreeDump.keptAtEachEnd,
            count: levels.count - 2 * TreeDump.keptAtEachEnd))
        continue
      }
      let node = levels[level]
      lines.append(
        TreeDump.line(
          depth: level, flow: node.ownerName, style: level == 0 ? nil : node.style,
          items: node.content.screenDescriptions))
    }
    return lines.joined(separator: "\n")
  }
}

extension ContainerNode: @MainActor CustomDebugStringConvertible {
  /// A one-line summary: owner and depth, stack, what it presents, and whether it finished.
  public var debugDescription: String {
    let stack = content.screenDescriptions.joined(separator: ", ")
    var text = "StackContainer(\(locationDescription): [\(stack)]"
    if let presented = presentedNode { text += ", presenting \(presented.ownerName)" }
    if finished { text += ", finished" }
    return text + ")"
  }
}
