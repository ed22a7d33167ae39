import FlowContainers

// A linkable split: NotesSplit's primary is a NoteListFlow (list, folders); its details are
// NoteDetailFlows (a note, its history), made on demand.

enum NoteRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case note(Int)
  case history

  var description: String {
    switch self {
    case .note(let id): "note(\(id))"
    case .history: "history"
    }
  }
}

@MainActor
final class NoteListFlow: LinkableFlow {
  let container = StackContainer<String>(root: "list")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [
    .pattern("list") { _ in ["list"] },
    .pattern("folder/:name", parameters: folderParameters) { match in
      ["list", "folder \(try match.string("name"))"]
    },
  ]
  static let subFlows: [SubFlow<NoteListFlow>] = []

  /// The `name` of a stack that is a folder in the list.
  static let folderParameters: @Sendable ([String]) -> [String: String]? = { stack in
    guard stack.count == 2 else { return nil }
    return ["name": String(stack[1].dropFirst("folder ".count))]
  }
}

@MainActor
final class NoteDetailFlow: LinkableFlow, InterruptionAware {
  let container: StackContainer<NoteRoute>
  let id: Int
  /// Why the note objects to being replaced or closed, if it does.
  var objection: String?
  private let journal: Journal?

  init(id: Int, journal: Journal? = nil) {
    self.id = id
    self.journal = journal
    container = StackContainer(root: .note(id))
    container.owner = self
  }

  isolated deinit { journal?.record("deinit note \(id)") }

  func objection(toInterruptionBy request: NavigationRequest) -> String? { objection }

  static let routes: RouteTable<NoteRoute> = [
    .pattern("note/:id<Int>", parameters: noteParameters) { match in
      [.note(try match.int("id"))]
    },
    .pattern("note/:id<Int>/history", parameters: historyParameters) { match in
      [.note(try match.int("id")), .history]
    },
  ]
  static let subFlows: [SubFlow<NoteDetailFlow>] = []

  /// The `id` of a stack that is a note alone.
  static let noteParameters: @Sendable ([NoteRoute]) -> [String: String]? = { stack in
    guard stack.count == 1, case .note(let id)? = stack.first else { return nil }
    return ["id": "\(id)"]
  }

  /// The `id` of a stack that is a note, then its history.
  static let historyParameters: @Sendable ([NoteRoute]) -> [String: String]? = { stack in
    guard stack.count == 2, case .note(let id)? = stack.first, stack.last == .history else {
      return nil
    }
    return ["id": "\(id)"]
  }
}

@MainActor
final class NotesSplit: SplitFlow {
  let container = SplitContainer()
  let list = NoteListFlow()
  let journal: Journal?
  /// Called when a detail this flow's declaration made ends, after the journal heard it.
  var onDetailEnd: ((NotesSplit) -> Void)?

  init(journal: Journal? = nil) {
    self.journal = journal
    container.owner = self
    container.setPrimary(list.container)
  }

  static let primaryFlow: any RestorableFlow.Type = NoteListFlow.self
  static let detailFlows: [DetailFlow<NotesSplit>] = [
    .flow(NoteDetailFlow.self) { split, routes in
      guard case .note(let id)? = routes.first else { return nil }
      return NoteDetailFlow(id: id, journal: split.journal)
    } onEnd: { split, note, ending in
      split.journal?.record("note \(note.id) ended: \(ending)")
      split.onDetailEnd?(split)
    }
  ]
}

/// A stack root that presents a NotesSplit as a sub-flow.
@MainActor
final class NotesHome: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  let journal: Journal?

  init(journal: Journal? = nil) {
    self.journal = journal
    container.owner = self
  }

  static let routes: RouteTable<String> = [
    .pattern("home") { _ in ["home"] },
    .pattern("*") { _ in ["home"] },
  ]
  static let subFlows: [SubFlow<NotesHome>] = [
    .flow(NotesSplit.self, style: .fullScreenCover) { home, _ in
      NotesSplit(journal: home.journal)
    } onEnd: { home, _, ending in
      home.journal?.record("split ended: \(ending)")
    }
  ]
}

// A tab bar whose first tab is a split, as the Notes sample's wide mode has it: WideTabs has
// WideNotes (NoteListFlow beside an EditableNoteFlow, which presents the guarded EditorFlow)
// and a help tab.

/// A note detail that presents an editor at `note/:id/edit`.
@MainActor
final class EditableNoteFlow: LinkableFlow {
  let container: StackContainer<NoteRoute>
  let id: Int
  let journal: Journal?

  init(id: Int, journal: Journal? = nil) {
    self.id = id
    self.journal = journal
    container = StackContainer(root: .note(id))
    container.owner = self
  }

  isolated deinit { journal?.record("deinit note \(id)") }

  static let routes: RouteTable<NoteRoute> = [
    .pattern("note/:id<Int>", parameters: NoteDetailFlow.noteParameters) { match in
      [.note(try match.int("id"))]
    },
    .pattern("note/:id<Int>/*", parameters: NoteDetailFlow.noteParameters) { match in
      [.note(try match.int("id"))]
    },
  ]
  static let subFlows: [SubFlow<EditableNoteFlow>] = [
    .flow(EditorFlow.self) { note, _ in EditorFlow(noteID: note.id, journal: note.journal) }
  ]
}

/// The notes tab of a wide layout: the list beside the open note.
@MainActor
final class WideNotes: SplitFlow {
  let container = SplitContainer()
  let list = NoteListFlow()
  let journal: Journal?
  /// Called when a detail this flow's declaration made ends, after the journal heard it.
  var onDetailEnd: ((WideNotes) -> Void)?

  init(journal: Journal? = nil) {
    self.journal = journal
    container.owner = self
    container.setPrimary(list.container)
  }

  static let primaryFlow: any RestorableFlow.Type = NoteListFlow.self
  static let detailFlows: [DetailFlow<WideNotes>] = [
    .flow(EditableNoteFlow.self) { split, routes in
      guard case .note(let id)? = routes.first, id < 90 else { return nil }
      return EditableNoteFlow(id: id, journal: split.journal)
    } onEnd: { split, note, ending in
      split.journal?.record("note \(note.id) ended: \(ending)")
      split.onDetailEnd?(split)
    }
  ]
}

/// A help tab beside the notes.
@MainActor
final class HelpTab: LinkableFlow {
  let container = StackContainer<String>(root: "help")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [
    .pattern("help") { _ in ["help"] },
    .pattern("help/about") { _ in ["help", "about"] },
  ]
  static let subFlows: [SubFlow<HelpTab>] = []
}

/// A tab bar whose first tab is a split: the notes list beside the open note, then help.
@MainActor
final class WideTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [HelpTab.self]
  static let splitTabFlows: [any SplitFlow.Type] = [WideNotes.self]
  let notes: WideNotes
  let help = HelpTab()

  init(journal: Journal? = nil) {
    notes = WideNotes(journal: journal)
    container.owner = self
    container.setTabs([notes.container, help.container])
  }

  /// The open note, if one is.
  var note: EditableNoteFlow? { notes.container.detail?.owner as? EditableNoteFlow }
}

/// A stack root that presents WideTabs as a sub-flow.
@MainActor
final class WideHome: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [
    .pattern("home") { _ in ["home"] },
    .pattern("*") { _ in ["home"] },
  ]
  static let subFlows: [SubFlow<WideHome>] = [
    .flow(WideTabs.self, style: .fullScreenCover) { _, _ in WideTabs() }
  ]
}
