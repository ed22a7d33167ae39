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
