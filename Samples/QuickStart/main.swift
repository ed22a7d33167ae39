import FlowContainers

@MainActor
protocol EditorFlowDelegate: AnyObject {
  func editorFlowDidSave(_ flow: EditorFlow)
}

/// A sub-flow: it owns its stack, reports its result to a delegate, and dismisses itself.
@MainActor
final class EditorFlow {
  let container = StackContainer<String>(root: "edit")
  weak var delegate: (any EditorFlowDelegate)?

  init() { container.owner = self }
  deinit { print("EditorFlow deinit") }

  func saveTapped() {
    delegate?.editorFlowDidSave(self)
    container.dismiss()
  }
}

/// The root flow: it pushes screens and presents the editor, without storing it anywhere.
@MainActor
final class AppFlow: EditorFlowDelegate {
  let container = StackContainer<String>(root: "library")

  init() { container.owner = self }

  func noteTapped(_ id: Int) { container.push("note \(id)") }

  func editTapped() {
    let editor = EditorFlow()
    editor.delegate = self
    container.present(editor.container) { ending in print("editor ended: \(ending)") }
  }

  func editorFlowDidSave(_ flow: EditorFlow) { print("saved") }
}

let app = AppFlow()
app.noteTapped(2)
app.editTapped()
print(app.container.tree.description)
(app.container.presentedFlow as? EditorFlow)?.saveTapped()
print(app.container.tree.description)
