import FlowContainers

// The Presenting Sub-flows article's listing, compiled with what it needs around it.

@MainActor
protocol EditorFlowDelegate: AnyObject {
  func editorFlow(_ flow: EditorFlow, didSave note: Note)
  func editorFlowDidCancel(_ flow: EditorFlow)
}

extension AppFlow: EditorFlowDelegate {
  func editNote(_ note: Note) {
    let editor = EditorFlow(note: note)
    editor.delegate = self
    container.present(editor.container) { [weak self] ending in
      if ending == .dismissedByUser { self?.status = "Closed the editor; the draft was discarded." }
    }
  }

  func editorFlow(_ flow: EditorFlow, didSave note: Note) { store.save(note) }
  func editorFlowDidCancel(_ flow: EditorFlow) {}
}

// What the listing takes as given.

struct Note {
  let id: Int
  var text: String
}

@MainActor
final class NoteStore {
  private(set) var notes: [Int: Note] = [:]
  func save(_ note: Note) { notes[note.id] = note }
}

@MainActor
final class AppFlow {
  let container = StackContainer<String>(root: "library")
  let store = NoteStore()
  var status: String?

  init() { container.owner = self }
}

@MainActor
final class EditorFlow {
  let container = StackContainer<String>(root: "edit")
  let note: Note
  weak var delegate: (any EditorFlowDelegate)?

  init(note: Note) {
    self.note = note
    container.owner = self
  }
}
