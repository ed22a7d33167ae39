import FlowContainers

// The Split Views article's listings, compiled.

enum LibraryScreen: Hashable {
  case list
  case folder(String)
}

enum NoteScreen: Hashable {
  case reading(Int)
  case history(Int)
}

@MainActor
protocol LibraryFlowDelegate: AnyObject {
  func libraryFlow(_ flow: LibraryFlow, didSelectNote id: Int)
}

/// The list: the split's primary column.
@MainActor
final class LibraryFlow {
  let container = StackContainer<LibraryScreen>(root: .list)
  weak var delegate: (any LibraryFlowDelegate)?

  init() { container.owner = self }

  func noteTapped(_ id: Int) {
    delegate?.libraryFlow(self, didSelectNote: id)
  }
}

/// A note: the split's detail column.
@MainActor
final class NoteFlow {
  let container: StackContainer<NoteScreen>
  let id: Int

  init(id: Int) {
    self.id = id
    container = StackContainer(root: .reading(id))
    container.owner = self
  }
}

/// The list beside the open note.
@MainActor
final class NotesSplitFlow: LibraryFlowDelegate {
  let container = SplitContainer()
  private(set) var log: [String] = []

  init() {
    container.owner = self
    let library = LibraryFlow()
    library.delegate = self
    container.setPrimary(library.container)
  }

  func libraryFlow(_ flow: LibraryFlow, didSelectNote id: Int) {
    let note = NoteFlow(id: id)
    container.showDetail(note.container) { [weak self] ending in
      self?.log.append("note \(id) ended: \(ending)")
    }
  }
}
