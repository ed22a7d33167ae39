extension ContainerNode {
  /// A text dump of this container and everything that hangs on it: ``tree``'s description.
  ///
  /// Each container is on its own line, drawn under the container it hangs on (its presenter,
  /// or its tab container, with `├─` for every tab but the last), with its owner's type name
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
  public var treeDescription: String { tree.description }
}

extension ContainerNode: @MainActor CustomDebugStringConvertible {
  /// A one-line summary: its kind, owner and depth, stack (a tab container's tabs, a split's
  /// columns), what it presents, and whether it finished.
  public var debugDescription: String {
    let stack = screenDescriptions.joined(separator: ", ")
    let kindName =
      switch kind {
      case .stack: "StackContainer"
      case .tabs: "TabContainer"
      case .split: "SplitContainer"
      }
    var text = "\(kindName)(\(locationDescription): [\(stack)]"
    if let presented = presentedNode { text += ", presenting \(presented.ownerName)" }
    if finished { text += ", finished" }
    return text + ")"
  }
}
