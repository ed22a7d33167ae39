extension ContainerNode {
  /// A text dump of this container and everything presented above it.
  ///
  /// Each container is on its own line, indented under its presenter, with its owner's type name
  /// and its stack (screens as `String(describing:)` renders them), bottom first:
  ///
  /// ```
  /// AppFlow: [library]
  /// └─ SettingsFlow: [settings]
  ///    └─ AccountFlow: [account]
  /// ```
  public var treeDescription: String {
    var lines: [String] = []
    var node: ContainerNode? = self
    var level = 0
    while let current = node {
      lines.append(
        TreeDump.line(depth: level, flow: current.ownerName, items: current.screenDescriptions))
      node = current.presentedNode
      level += 1
    }
    return lines.joined(separator: "\n")
  }
}

extension ContainerNode: @MainActor CustomDebugStringConvertible {
  /// A one-line summary: owner and depth, stack, what it presents, and whether it finished.
  public var debugDescription: String {
    let stack = screenDescriptions.joined(separator: ", ")
    var text = "StackContainer(\(locationDescription): [\(stack)]"
    if let presented = presentedNode { text += ", presenting \(presented.ownerName)" }
    if finished { text += ", finished" }
    return text + ")"
  }
}
