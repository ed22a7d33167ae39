import FlowContainers

/// What the root flow shows, as links and saved state name it.
enum AppRoute: Hashable, Codable, Sendable {
  case library
  case note(Int)

  /// The reverse mapping: the parameters of a stack that ends on a note.
  static let noteParameters: @Sendable ([AppRoute]) -> [String: String]? = { stack in
    guard case .note(let id)? = stack.last else { return nil }
    return ["id": "\(id)"]
  }
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

  /// The sub-flows links and restoration can create, each with the code that creates it.
  static let subFlows: [SubFlow<AppFlow>] = [
    // The editor covers the screen, as editors do; settings is a sheet over the library.
    .flow(EditorFlow.self, style: .fullScreenCover) { app, stack in
      guard case .note(let id)? = stack.last else { return nil }
      return app.makeEditor(for: id)
    } onEnd: { app, _, ending in
      if ending == .dismissedByUser {
        app.console.say("Closed the editor; the draft was discarded.")
      }
    },
    .flow(SettingsFlow.self) { app, _ in SettingsFlow(session: app.session, console: app.console) },
  ]

  func route(for screen: any NotesScreen) -> AppRoute? {
    switch screen {
    case is LibraryScreen: .library
    case let note as NoteScreen:
      .note(session.defects.contains(.routeDoesNotRoundTrip) ? note.noteID + 1 : note.noteID)
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

  /// An editor for note `id`, or `nil` if there is no such note.
  func makeEditor(for id: Int) -> EditorFlow? {
    guard let note = store.note(id) else { return nil }
    let editor = EditorFlow(note: note, console: console)
    editor.delegate = self
    return editor
  }
}
