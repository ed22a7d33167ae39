import FlowContainers

/// One note, in the detail column of the wide layout: its reading screen, and the editor and
/// the confirmation it presents (over the whole split).
@MainActor
final class NoteFlow {
  let container = StackContainer<any NotesScreen>()
  let noteID: Int
  let store: NotesStore
  let console: Console
  /// The split that shows this note; links and the Edit button go through its library's router.
  weak var split: NotesSplitFlow?

  init(noteID: Int, store: NotesStore, console: Console) {
    self.noteID = noteID
    self.store = store
    self.console = console
    container.owner = self
    container.push(NoteScreen(noteID: noteID, store: store, delegate: self), animated: false)
  }

  isolated deinit { console.trace("deinit NoteFlow") }
}

extension NoteFlow: NoteScreenDelegate {
  func noteScreenDidSelectEdit(_ screen: NoteScreen) {
    // Editing goes through the router, so the sign-in guard applies as in the narrow layout.
    split?.library?.follow("notes://note/\(noteID)/edit")
  }

  func noteScreenDidSelectShare(_ screen: NoteScreen) {
    split?.library?.noteScreenDidSelectShare(screen)
  }

  func noteScreenDidSelectDelete(_ screen: NoteScreen) {
    guard let note = store.note(noteID) else { return }
    let confirmation = Alert(
      title: "Delete “\(note.title)”?", message: "This cannot be undone.",
      actions: [
        AlertAction("Delete", value: true, role: .destructive),
        AlertAction("Cancel", value: false, role: .cancel),
      ],
      style: .confirmationDialog)
    container.present(confirmation) { [weak self, console, store] result in
      guard case .finished(with: true) = result else {
        return console.say("Kept “\(note.title)”.")
      }
      store.delete(note.id)
      console.say("Deleted “\(note.title)”.")
      // The note has nothing left to show: it closes, and the list shows beside a placeholder.
      self?.container.finish()
    }
  }
}

extension NoteFlow: EditorFlowDelegate {
  func editorFlow(_ flow: EditorFlow, didSave note: Note) {
    store.save(note)
    console.say("Saved “\(note.title)”.")
  }

  func editorFlowDidCancel(_ flow: EditorFlow) {
    console.say("Edit cancelled.")
  }
}

extension NoteFlow: LinkableFlow {
  static let routes: RouteTable<AppRoute> = [
    .pattern("note/:id<Int>", parameters: AppRoute.noteParameters) { match in
      [.note(try match.int("id"))]
    },
    .pattern("note/:id<Int>/*", parameters: AppRoute.noteParameters) { match in
      [.note(try match.int("id"))]
    },
  ]

  static let subFlows: [SubFlow<NoteFlow>] = [
    .flow(EditorFlow.self, style: .fullScreenCover) { note, _ in
      guard let saved = note.store.note(note.noteID) else { return nil }
      let editor = EditorFlow(note: saved, console: note.console)
      editor.delegate = note
      return editor
    } onEnd: { note, _, ending in
      if ending == .dismissedByUser {
        note.console.say("Closed the editor; the draft was discarded.")
      }
    },
    // The library beside the note presents settings over the whole split, so a snapshot saves
    // it over the note, the column shown: the note declares it, or restoring drops both.
    .flow(SettingsFlow.self) { note, _ in
      note.split.map { SettingsFlow(session: $0.session, console: note.console) }
    },
  ]

  func route(for screen: any NotesScreen) -> AppRoute? {
    (screen as? NoteScreen).map { .note($0.noteID) }
  }

  func makeScreen(for route: AppRoute) throws -> any NotesScreen {
    guard case .note(let id) = route else { throw NoSuchNote(id: noteID) }
    guard store.note(id) != nil else { throw NoSuchNote(id: id) }
    return NoteScreen(noteID: id, store: store, delegate: self)
  }
}
