@MainActor
protocol LibraryScreenDelegate: AnyObject {
  func libraryScreen(_ screen: LibraryScreen, didSelectNote id: Int)
  func libraryScreenDidSelectSettings(_ screen: LibraryScreen)
}

/// Lists the notes.
@MainActor
final class LibraryScreen: NotesScreen {
  private let store: NotesStore
  weak var delegate: (any LibraryScreenDelegate)?

  init(store: NotesStore, delegate: any LibraryScreenDelegate) {
    self.store = store
    self.delegate = delegate
  }

  nonisolated var description: String { "library" }
  var title: String { "Library" }
  var text: [String] { ["\(store.notes.count) notes:"] }
  var actions: [String] { store.notes.map { "Open “\($0.title)”" } + ["Settings"] }
  var hint: String { "Pick a note to read it." }

  func perform(_ action: Int) {
    if action < store.notes.count {
      delegate?.libraryScreen(self, didSelectNote: store.notes[action].id)
    } else {
      delegate?.libraryScreenDidSelectSettings(self)
    }
  }
}
