import FlowContainers

extension MainTabsFlow {
  /// Whether a snapshot of the tree restores it as it is: no alert or sign-in is up, no link is
  /// held, and every editor is over its note, with no unsaved changes.
  ///
  /// A snapshot saves restorable flows and their routes; an alert, a sign-in, a held link and an
  /// editor's draft live only in the live tree, and restoring makes an editor only over its
  /// note (one stays up when the user reselects its tab, which pops the note under it).
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
      guard flow is any RestorableFlow else { return false }
      if let editor = flow as? EditorFlow {
        let note = ((node as? StackContainer<any NotesScreen>)?.top as? NoteScreen)?.noteID
        guard note == editor.noteID, !editor.hasUnsavedChanges else { return false }
      }
      left.append(presented)
    }
    return true
  }
}
