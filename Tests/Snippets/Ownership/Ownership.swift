import FlowContainers

// The Ownership and Lifecycle article's listing, compiled.

enum EditorScreen: Hashable {
  case edit
}

@MainActor
final class EditorFlow {
  let container = StackContainer<EditorScreen>(root: .edit)
  private var autosave: Task<Void, Never>?
  private(set) var isFinished = false

  init() { container.owner = self }

  isolated deinit { finish() }

  func finish() {
    guard !isFinished else { return }
    isFinished = true
    autosave?.cancel()
  }
}
