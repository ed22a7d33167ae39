@MainActor
protocol NoteScreenDelegate: AnyObject {
  func noteScreenDidSelectEdit(_ screen: NoteScreen)
  func noteScreenDidSelectShare(_ screen: NoteScreen)
  func noteScreenDidSelectDelete(_ screen: NoteScreen)
}

/// Shows one note.
@MainActor
final class NoteScreen: NotesScreen {
  let noteID: Int
  private let store: NotesStore
  weak var delegate: (any NoteScreenDelegate)?

  init(noteID: Int, store: NotesStore, delegate: any NoteScreenDelegate) {
    self.noteID = noteID
    self.store = store
    self.delegate = delegate
  }

  nonisolated var description: String { "note \(noteID)" }
  var title: String { store.note(noteID)?.title ?? "Note \(noteID)" }
  var text: [String] { [store.note(noteID)?.body ?? ""] }
  var actions: [String] { ["Edit", "Share a link", "Delete"] }
  var hint: String { "Editing needs you to be signed in." }

  func perform(_ action: Int) {
    switch action {
    case 0: delegate?.noteScreenDidSelectEdit(self)
    case 1: delegate?.noteScreenDidSelectShare(self)
    default: delegate?.noteScreenDidSelectDelete(self)
    }
  }
}
