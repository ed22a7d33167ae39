import FlowContainers
import FlowContainersTesting

/// A page of the notebook.
enum NotebookPage: Hashable, Codable, Sendable {
  case cover
  case page(Int)
}

/// A notebook without links: its pages are turned; it saves and restores what it shows.
@MainActor
final class NotebookFlow: RestorableFlow {
  let container = StackContainer<NotebookPage>(root: .cover)

  init() {
    container.owner = self
  }

  static let subFlows: [SubFlow<NotebookFlow>] = []

  /// Turns to the next page; the notebook has two.
  func turn() {
    guard container.stack.count < 3 else { return }
    container.push(.page(container.stack.count))
  }
}

/// The notebook, made afresh: a root flow and no router; and the article's explorer of it.
@MainActor
final class NotebookApp: ExplorableApp {
  let root = NotebookFlow()
  var router: DeepLinkRouter? { nil }
}

@MainActor
func makeNotebookExplorer() -> FlowExplorer<NotebookApp> {
  let explorer = FlowExplorer { NotebookApp() }
  explorer.action("turn", on: NotebookFlow.self) { _, notebook in notebook.turn() }
  return explorer
}
