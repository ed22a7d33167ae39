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
