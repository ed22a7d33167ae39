import FlowContainers

// The Getting Started article's listings, compiled with what they need around them.

enum Route: Hashable {
  case library
  case note(Int)
}

@MainActor
final class AppFlow {
  let container = StackContainer<Route>(root: .library)

  init() { container.owner = self }

  func noteSelected(_ id: Int) {
    container.push(.note(id))
  }
}

extension AppFlow {
  func editSelected() {
    let editor = EditorFlow(note: currentNote)
    editor.delegate = self
    container.present(editor.container) { [weak self] ending in
      self?.log("editor ended: \(ending)")
    }
  }
}

// What the article's `editSelected()` takes as given.

extension AppFlow: EditorFlowDelegate {
  /// The note on top of the stack.
  var currentNote: Int {
    guard case .note(let id)? = container.stack.last else { return 0 }
    return id
  }

  func log(_ message: String) { print(message) }

  func editorFlowDidSave(_ flow: EditorFlow) {}
}

@MainActor
protocol EditorFlowDelegate: AnyObject {
  func editorFlowDidSave(_ flow: EditorFlow)
}

@MainActor
final class EditorFlow {
  enum Screen: Hashable {
    case edit
    case preview
  }

  let container = StackContainer<Screen>(root: .edit)
  let note: Int
  weak var delegate: (any EditorFlowDelegate)?

  init(note: Int) {
    self.note = note
    container.owner = self
  }
}
