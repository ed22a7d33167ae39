/// One note.
struct Note: Equatable {
  let id: Int
  var title: String
  var body: String
}

/// The notes, seeded in memory for the run: edits last until the program exits.
@MainActor
final class NotesStore {
  private(set) var notes: [Note] = [
    Note(id: 1, title: "Groceries", body: "Milk, eggs, coffee."),
    Note(id: 2, title: "Ideas", body: "A navigation library where flows own their screens."),
    Note(id: 3, title: "Todo", body: "Write the tests first."),
  ]

  func note(_ id: Int) -> Note? {
    notes.first { $0.id == id }
  }

  func save(_ note: Note) {
    guard let index = notes.firstIndex(where: { $0.id == note.id }) else { return }
    notes[index] = note
  }

  func delete(_ id: Int) {
    notes.removeAll { $0.id == id }
  }
}

/// Whether the user is signed in; it lasts for the run.
@MainActor
final class Session {
  var userName: String?
  /// The defects a test made the app with; none in the app itself.
  let defects: SeededDefects

  init(defects: SeededDefects = []) {
    self.defects = defects
  }

  var isSignedIn: Bool { userName != nil }
}

/// Thrown when a link or a saved state names a note that does not exist.
struct NoSuchNote: Error, CustomStringConvertible {
  let id: Int
  var description: String { "there is no note \(id)" }
}
