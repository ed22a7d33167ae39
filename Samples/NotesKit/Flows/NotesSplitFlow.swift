import FlowContainers

/// The notes tab in a wide window (`notes --wide`): the library beside the open note.
///
/// The primary column is the library (``AppFlow``, which asks this flow to open a note rather
/// than pushing it); the detail is the note (``NoteFlow``). The split keeps both flows alive.
@MainActor
final class NotesSplitFlow: SplitFlow {
  let container = SplitContainer()
  let store: NotesStore
  let session: Session
  let console: Console

  init(store: NotesStore, session: Session, console: Console) {
    self.store = store
    self.session = session
    self.console = console
    container.owner = self
    let library = AppFlow(store: store, session: session, console: console)
    library.noteOpener = self
    container.setPrimary(library.container)
  }

  isolated deinit { console.trace("deinit NotesSplitFlow") }

  /// The library: the primary column's flow.
  var library: AppFlow? { container.primary?.owner as? AppFlow }

  static let primaryFlow: any RestorableFlow.Type = AppFlow.self
  static let detailFlows: [DetailFlow<NotesSplitFlow>] = [
    .flow(NoteFlow.self) { split, routes in
      guard case .note(let id)? = routes.first, split.store.note(id) != nil else { return nil }
      return split.makeNote(id)
    }
  ]

  /// A note flow for note `id`, reporting to this split.
  func makeNote(_ id: Int) -> NoteFlow {
    let note = NoteFlow(noteID: id, store: store, console: console)
    note.split = self
    return note
  }
}

extension NotesSplitFlow: AppFlowNoteOpener {
  func appFlow(_ flow: AppFlow, didSelectNote id: Int) {
    // A local: a flow made inside the call would be released before the split could hold it.
    let note = makeNote(id)
    container.showDetail(note.container) { [console] ending in
      console.trace("note \(id) ended: \(ending)")
    }
  }
}
