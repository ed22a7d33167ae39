import FlowContainers

@MainActor
protocol EditorFlowDelegate: AnyObject {
  func editorFlow(_ flow: EditorFlow, didSave note: Note)
  func editorFlowDidCancel(_ flow: EditorFlow)
}

/// Edits one note: the edit screen, then a preview before saving.
///
/// Presented modally.
@MainActor
final class EditorFlow {
  let container = StackContainer<any NotesScreen>()
  weak var delegate: (any EditorFlowDelegate)?
  private let original: Note
  private var draft: Note
  private let console: Console

  init(note: Note, console: Console) {
    self.original = note
    self.draft = note
    self.console = console
    container.owner = self
    container.push(makeEditScreen(), animated: false)
  }

  isolated deinit { console.trace("deinit EditorFlow") }

  var hasUnsavedChanges: Bool { draft != original }

  /// The note it edits.
  var noteID: Int { original.id }

  private func makeEditScreen() -> EditScreen {
    EditScreen(
      noteTitle: original.title, draft: { [weak self] in self?.draft.body ?? "" }, delegate: self)
  }

  private func makePreviewScreen() -> PreviewScreen {
    PreviewScreen(draft: { [weak self] in self?.draft.body ?? "" }, delegate: self)
  }
}

extension EditorFlow: EditScreenDelegate {
  func editScreenDidAddLine(_ screen: EditScreen) {
    draft.body += "\nEdited in the terminal."
  }

  func editScreenDidSelectPreview(_ screen: EditScreen) {
    container.push(makePreviewScreen())
  }

  func editScreenDidCancel(_ screen: EditScreen) {
    delegate?.editorFlowDidCancel(self)
    container.dismiss()
  }
}

extension EditorFlow: PreviewScreenDelegate {
  func previewScreenDidSelectSave(_ screen: PreviewScreen) {
    delegate?.editorFlow(self, didSave: draft)
    container.dismiss()
  }

  func previewScreenDidSelectKeepEditing(_ screen: PreviewScreen) {
    container.pop()
  }
}

enum EditorRoute: String, Hashable, Codable, Sendable {
  case edit
  case preview
}

extension FlowRequirement {
  static let signedIn: FlowRequirement = "signed-in"
}

extension EditorFlow: LinkableFlow {
  static let routes: RouteTable<EditorRoute> = [
    .pattern("edit") { _ in [.edit] },
    .pattern("edit/preview") { _ in [.edit, .preview] },
  ]

  static let subFlows: [SubFlow<EditorFlow>] = []

  static var requirement: FlowRequirement? { .signedIn }

  func route(for screen: any NotesScreen) -> EditorRoute? {
    switch screen {
    case is EditScreen: .edit
    case is PreviewScreen: .preview
    default: nil
    }
  }

  func makeScreen(for route: EditorRoute) -> any NotesScreen {
    switch route {
    case .edit: makeEditScreen()
    case .preview: makePreviewScreen()
    }
  }
}

extension EditorFlow: InterruptionAware {
  func objection(toInterruptionBy request: NavigationRequest) -> String? {
    hasUnsavedChanges ? "“\(original.title)” has unsaved changes" : nil
  }
}
