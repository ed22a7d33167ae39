@MainActor
protocol PreviewScreenDelegate: AnyObject {
  func previewScreenDidSelectSave(_ screen: PreviewScreen)
  func previewScreenDidSelectKeepEditing(_ screen: PreviewScreen)
}

/// The editor's second screen: the draft as it will be saved.
@MainActor
final class PreviewScreen: NotesScreen {
  private let draft: () -> String
  weak var delegate: (any PreviewScreenDelegate)?

  init(draft: @escaping () -> String, delegate: any PreviewScreenDelegate) {
    self.draft = draft
    self.delegate = delegate
  }

  nonisolated var description: String { "preview" }
  var title: String { "Preview" }
  var text: [String] { draft().split(separator: "\n").map(String.init) }
  var actions: [String] { ["Save", "Keep editing"] }
  var hint: String { "Saving closes the editor." }

  func perform(_ action: Int) {
    switch action {
    case 0: delegate?.previewScreenDidSelectSave(self)
    default: delegate?.previewScreenDidSelectKeepEditing(self)
    }
  }
}
