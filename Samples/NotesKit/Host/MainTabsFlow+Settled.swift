import FlowContainers

extension MainTabsFlow {
  /// Whether a snapshot of the tree restores it as it is: no alert or sign-in is up, no link is
  /// held, and no editor has unsaved changes.
  ///
  /// A snapshot saves restorable flows and their routes; an alert, a sign-in, a held link and an
  /// editor's draft live only in the live tree.
  package var isSettled: Bool {
    guard router.heldLink == nil else { return false }
    var left: [ContainerNode] = [container]
    while let node = left.popLast() {
      if let bar = node as? TabContainer { left += bar.tabs }
      if let split = node as? SplitContainer {
        left += [split.primary, split.detail].compactMap(\.self)
      }
      guard let presented = node.presented else { continue }
      let flow = presented.owner
      guard flow is any RestorableFlow, (flow as? EditorFlow)?.hasUnsavedChanges != true else {
        return false
      }
      left.append(presented)
    }
    return true
  }
}
