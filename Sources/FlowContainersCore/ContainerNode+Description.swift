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
    // Each container, then its tabs' subtrees in order, then what it presents: a walk with a
    // list of what is left rather than recursion, so no depth overflows the stack.
    var levels: [(node: ContainerNode, depth: Int, note: String?)] = []
    var left: [(node: ContainerNode, depth: Int, note: String?)] = [(self, 0, dumpNote)]
    while let next = left.popLast() {
      levels.append(next)
      if let presented = next.node.presentedNode {
        left.append((presented, next.depth + 1, presented.attachment.style?.rawValue))
      }
      if let tabs = next.node as? TabContainer {
        for (index, tab) in tabs.tabNodes.enumerated().reversed() {
          left.append((tab, next.depth + 1, tabs.tabNote(index)))
        }
      }
    }
    var lines: [String] = []
    for shown in TreeDump.shownLevels(count: levels.count) {
      guard let shown else {
        lines.append(
          TreeDump.elision(
            depth: TreeDump.keptAtEachEnd,
            count: levels.count - 2 * TreeDump.keptAtEachEnd))
        continue
      }
      let level = levels[shown]
      lines.append(
        TreeDump.line(
          depth: level.depth, flow: level.node.ownerName, note: level.note,
          items: level.node.content.screenDescriptions))
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

extension ContainerNode {
  /// How the first line of a dump that starts here says this container is shown: its style
  /// when it is presented, which tab when it is a tab, nothing for a root.
  var dumpNote: String? {
    if let style = presentationStyle { return style.rawValue }
    if let host = attachment.tabs, let index = host.tabNodes.firstIndex(where: { $0 === self }) {
      return host.tabNote(index)
    }
    return nil
  }
}

extension TabContainer {
  /// How a dump names the tab at `index`: `tab 1`, or `tab 1, selected`.
  func tabNote(_ index: Int) -> String {
    index == selectedPosition ? "tab \(index), selected" : "tab \(index)"
  }
}
