@MainActor
protocol EditScreenDelegate: AnyObject {
  func editScreenDidAddLine(_ screen: EditScreen)
  func editScreenDidSelectPreview(_ screen: EditScreen)
  func editScreenDidCancel(_ screen: EditScreen)
}

/// The editor's first screen: changes the draft.
@MainActor
final class EditScreen: NotesScreen {
  private let draft: () -> String
  private let noteTitle: String
  weak var delegate: (any EditScreenDelegate)?

  init(noteTitle: String, draft: @escaping () -> String, delegate: any EditScreenDelegate) {
    self.noteTitle = noteTitle
    self.draft = draft
    self.delegate = delegate
  }

  nonisolated var description: String { "edit" }
  var title: String { "Editing “\(noteTitle)”" }
  var text: [String] { draft().split(separator: "\n").map { "| \($0)" } }
  var actions: [String] { ["Add a line", "Preview", "Cancel"] }
  var hint: String { "Preview before saving; close discards the draft." }

  func perform(_ action: Int) {
    switch action {
    case 0: delegate?.editScreenDidAddLine(self)
    case 1: delegate?.editScreenDidSelectPreview(self)
    default: delegate?.editScreenDidCancel(self)
    }
  }
}
