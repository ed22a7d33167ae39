extension ContainerNode {
  /// What a container can become on this one besides a presentation: a tab container's tab or a
  /// split's column.
  enum BranchRole {
    case tab
    case column

    /// `tab` or `column`, for messages.
    var noun: String { self == .tab ? "tab" : "column" }
    /// A call that would release the flow before it runs, for messages.
    var releasingCall: String {
      self == .tab ? "`setTabs([Flow().container])`" : "`showDetail(Flow().container)`"
    }
  }

  /// Why `child` cannot become a branch (a tab or a column) of this container, if it cannot.
  func branchProblem(_ child: ContainerNode, as role: BranchRole) -> String? {
    let noun = role.noun
    if child === self {
      return role == .tab
        ? "a tab container cannot be its own tab." : "a split cannot be its own column."
    }
    if child.owner == nil {
      // A container remembers its owner's type: an owner that is gone was released, not unset.
      guard child.ownerType != nil else {
        return "the container has no owner, so nothing would keep its flow alive. Set "
          + "`container.owner = self` in the flow's initialiser."
      }
      return "\(child.ownerName) was released before the call: \(role.releasingCall) "
        + "releases the flow before the call. Keep the flow in a local until the call returns."
    }
    if child.finished {
      return "\(child.ownerName)'s container has finished; create a new flow for the \(noun)."
    }
    if child.attachment.isPresented {
      return "\(child.ownerName)'s container is presented; dismiss it first."
    }
    if child.attachment == .tab {
      guard let host = child.tabContainer else {
        return "\(child.ownerName)'s container is still a tab of a tab container that is being "
          + "released; its tab ends on the main actor."
      }
      return host === self
        ? "\(child.ownerName)'s container is already a tab here."
        : "\(child.ownerName)'s container is a tab of \(host.locationDescription); remove it "
          + "there first."
    }
    if case .column = child.attachment {
      guard let split = child.splitContainer else {
        return "\(child.ownerName)'s container is still a column of a split that is being "
          + "released; its column ends on the main actor."
      }
      return split === self
        ? "\(child.ownerName)'s container is already a column here."
        : "\(child.ownerName)'s container is a column of \(split.locationDescription); close "
          + "it there first."
    }
    if child.subtreeContains(self) {
      return "\(child.ownerName)'s container is below this one in the tree; making it a \(noun) "
        + "would make a cycle."
    }
    if let node = ownerCycle(of: child) {
      return "the container's owner is \(node.locationDescription)'s flow, which the \(noun) "
        + "would keep alive while that flow keeps this container alive: a cycle."
    }
    return nil
  }
}
