import FlowContainers
import FlowContainersTesting

enum NotebookPage: Hashable, Codable, Sendable, CustomStringConvertible {
  case cover
  case page(Int)

  var description: String {
    switch self {
    case .cover: "cover"
    case .page(let number): "page \(number)"
    }
  }
}

/// A notebook without links: its pages are turned, and a note is written on a sheet over them;
/// it saves and restores what it shows.
@MainActor
final class NotebookFlow: RestorableFlow {
  let container = StackContainer<NotebookPage>(root: .cover)

  init() {
    container.owner = self
  }

  static let subFlows: [SubFlow<NotebookFlow>] = [
    .flow(NoteSheetFlow.self) { _, _ in NoteSheetFlow() }
  ]

  /// Turns to the next page; the notebook has two.
  func turn() {
    guard container.stack.count < 3 else { return }
    container.push(.page(container.stack.count))
  }

  /// Writes a note on a sheet over the page.
  func annotate() {
    let sheet = NoteSheetFlow()
    container.present(sheet.container)
  }
}

/// A note, on a sheet over the notebook.
@MainActor
final class NoteSheetFlow: RestorableFlow {
  let container = StackContainer<String>(root: "note")

  init() {
    container.owner = self
  }

  static let subFlows: [SubFlow<NoteSheetFlow>] = []
}

/// The notebook, with no router: restoration and actions only.
@MainActor
final class NotebookApp: ExplorableApp {
  let root = NotebookFlow()
  var router: DeepLinkRouter? { nil }
}

/// An app whose router follows links into another tree than its root's.
@MainActor
final class TwoRootsApp: ExplorableApp {
  let root = LedgerFlow()
  let other = LedgerFlow()
  let router: DeepLinkRouter?

  init() {
    router = DeepLinkRouter(root: other, scheme: "ledger")
  }
}
