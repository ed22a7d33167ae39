extension StackContainer: ContainerNode {
  /// The stack's screens, bottom first, as `String(describing:)` renders them.
  public var stackDescription: [String] { storage.map { String(describing: $0) } }
}

extension StackContainer: TreeNode {
  var presentedNode: (any TreeNode)? { presentation?.container }

  var ownerName: String {
    guard let ownerType else { return "(no owner)" }
    return String(describing: ownerType)
  }
}
