import FlowContainers

/// What the root flow shows, as links and saved state name it.
enum AppRoute: Hashable, Codable, Sendable {
  case library
  case note(Int)

  static let noteParameters: @Sendable ([AppRoute]) -> [String: String]? = { stack in
    guard case .note(let id)? = stack.last else { return nil }
    return ["id": "\(id)"]
  }
}

extension LinkRequirement {
  static let signedIn: LinkRequirement = "signed-in"
}

extension AppFlow: LinkableFlow {
  static let routes: RouteTable<AppRoute> = [
    .pattern("library") { _ in [.library] },
    .pattern("note/:id<Int>", parameters: AppRoute.noteParameters) { match in
      [.library, .note(try match.int("id"))]
    },
    .pattern("note/:id<Int>/*", parameters: AppRoute.noteParameters) { match in
      [.library, .note(try match.int("id"))]
    },
    // Anything else is for a sub-flow, shown over the library.
    .pattern("*") { _ in [.library] },
  ]

  static var subFlowTypes: [any LinkableFlow.Type] { [EditorFlow.self, SettingsFlow.self] }

  func route(for screen: any NotesScreen) -> AppRoute? {
    switch screen {
    case is LibraryScreen: .library
    case let note as NoteScreen: .note(note.noteID)
    default: nil
    }
  }

  func makeScreen(for route: AppRoute) throws -> any NotesScreen {
    switch route {
    case .library:
      return LibraryScreen(store: store, delegate: self)
    case .note(let id):
      guard store.note(id) != nil else { throw NoSuchNote(id: id) }
      return NoteScreen(noteID: id, store: store, delegate: self)
    }
  }

  func makeSubFlow(_ type: any LinkableFlow.Type, over stack: [AppRoute]) -> (any LinkableFlow)? {
    if type == EditorFlow.self, case .note(let id)? = stack.last, let note = store.note(id) {
      let editor = EditorFlow(note: note, console: console)
      editor.delegate = self
      return editor
    }
    if type == SettingsFlow.self {
      return SettingsFlow(session: session, console: console)
    }
    return nil
  }

  func linkedSubFlow(_ subFlow: any LinkableFlow, didEndWith ending: PresentationEnding) {
    if subFlow is EditorFlow, ending == .dismissedByUser {
      console.say("Closed the editor; the draft was discarded.")
    }
  }
}
