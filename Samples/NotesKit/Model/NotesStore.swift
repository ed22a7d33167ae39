/// One note.
package struct Note: Equatable, Sendable {
  package let id: Int
  package var title: String
  package var body: String

  package init(id: Int, title: String, body: String) {
    self.id = id
    self.title = title
    self.body = body
  }
}

/// The notes, seeded in memory for the run: edits last until the program exits.
@MainActor
package final class NotesStore {
  /// The notes every user starts with.
  package static let seeded = [
    Note(id: 1, title: "Groceries", body: "Milk, eggs, coffee."),
    Note(id: 2, title: "Ideas", body: "A navigation library where flows own their screens."),
    Note(id: 3, title: "Todo", body: "Write the tests first."),
  ]

  package private(set) var notes: [Note]

  /// A store of `notes`; the seeded ones by default.
  package init(notes: [Note] = NotesStore.seeded) {
    self.notes = notes
  }

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
package final class Session {
  /// Who is signed in, if anyone.
  package var userName: String?
  /// The defects a test made the app with; none in the app itself.
  let defects: SeededDefects

  /// A session in which `userName` is signed in, or nobody.
  package init(userName: String? = nil) {
    self.userName = userName
    defects = []
  }

  /// A session of an app made with `defects`, for the explorer's tests.
  init(defects: SeededDefects) {
    self.defects = defects
  }

  var isSignedIn: Bool { userName != nil }
}

/// Thrown when a link or a saved state names a note that does not exist.
struct NoSuchNote: Error, CustomStringConvertible {
  let id: Int
  var description: String { "there is no note \(id)" }
}
