import FlowContainers

// A small linkable app: AppFlow (library, notes) presents EditorFlow (guarded by sign-in) or
// SettingsFlow, which presents AccountFlow. SignInFlow is the guard; AlertFlow is a modal that
// links know nothing about.

extension FlowRequirement {
  static let signedIn: FlowRequirement = "signed-in"
}

struct NoteMissing: Error, CustomStringConvertible {
  let id: Int
  var description: String { "note \(id) does not exist" }
}

enum AppRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case library
  case note(Int)

  var description: String {
    switch self {
    case .library: "library"
    case .note(let id): "note(\(id))"
    }
  }

  /// Reads `id` back from a stack ending in a note, for links.
  static let noteParameters: @Sendable ([AppRoute]) -> [String: String]? = { stack in
    guard case .note(let id)? = stack.last else { return nil }
    return ["id": "\(id)"]
  }
}

@MainActor
final class Session {
  var isSignedIn = false
}

/// What content exists: a flow's `makeScreen` throws for a route whose description is missing.
@MainActor
final class Catalog {
  var missing: Set<String> = []

  func check(_ route: some CustomStringConvertible) throws {
    if missing.contains(route.description) { throw ContentMissing(route: route.description) }
  }
}

struct ContentMissing: Error, CustomStringConvertible {
  let route: String
  var description: String { "\(route) no longer exists" }
}

@MainActor
final class AppFlow {
  let container = StackContainer<AppRoute>(root: .library)
  var notes: Set<Int> = [1, 2, 3]
  /// How the sub-flows links presented over this flow ended.
  var linkedEndings: [String] = []
  let session: Session
  let catalog: Catalog
  let journal: Journal?

  init(session: Session = Session(), catalog: Catalog = Catalog(), journal: Journal? = nil) {
    self.session = session
    self.catalog = catalog
    self.journal = journal
    container.owner = self
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
    .pattern("*") { _ in [.library] },
  ]

  static let subFlows: [SubFlow<AppFlow>] = [
    .flow(EditorFlow.self) { app, stack in
      // As the Notes sample's `makeEditor`: no editor for a note that is gone.
      guard case .note(let id)? = stack.last, app.notes.contains(id) else { return nil }
      return EditorFlow(noteID: id, catalog: app.catalog, journal: app.journal)
    } onEnd: { app, editor, ending in
      app.linkedEndings.append("\(type(of: editor).flowName) \(ending)")
    },
    .flow(SettingsFlow.self) { app, _ in
      SettingsFlow(catalog: app.catalog, journal: app.journal)
    } onEnd: { app, settings, ending in
      app.linkedEndings.append("\(type(of: settings).flowName) \(ending)")
    },
  ]

  func makeScreen(for route: AppRoute) throws -> AppRoute {
    if case .note(let id) = route, !notes.contains(id) { throw NoteMissing(id: id) }
    try catalog.check(route)
    return route
  }
}

enum EditorRoute: String, Hashable, Codable, Sendable, CustomStringConvertible {
  case edit
  case preview

  var description: String { rawValue }
}

@MainActor
final class EditorFlow {
  let container = StackContainer<EditorRoute>(root: .edit)
  let noteID: Int
  var hasUnsavedChanges = false
  /// What asked this editor whether it objects, in order.
  var objectedTo: [NavigationRequest] = []
  private let catalog: Catalog
  private let journal: Journal?

  init(noteID: Int, catalog: Catalog = Catalog(), journal: Journal? = nil) {
    self.noteID = noteID
    self.catalog = catalog
    self.journal = journal
    container.owner = self
  }

  isolated deinit { journal?.record("deinit EditorFlow(\(noteID))") }
}

extension EditorFlow: LinkableFlow, InterruptionAware {
  static let routes: RouteTable<EditorRoute> = [
    .pattern("edit") { _ in [.edit] },
    .pattern("edit/preview") { _ in [.edit, .preview] },
  ]

  static let subFlows: [SubFlow<EditorFlow>] = []

  static var requirement: FlowRequirement? { .signedIn }

  func makeScreen(for route: EditorRoute) throws -> EditorRoute {
    try catalog.check(route)
    return route
  }

  func objection(toInterruptionBy request: NavigationRequest) -> String? {
    objectedTo.append(request)
    return hasUnsavedChanges ? "note \(noteID) has unsaved changes" : nil
  }
}

enum SettingsRoute: String, Hashable, Codable, Sendable, CustomStringConvertible {
  case settings
  case account
  case devices

  var description: String { rawValue }
}

@MainActor
final class SettingsFlow {
  let container = StackContainer<SettingsRoute>(root: .settings)
  private let catalog: Catalog
  private let journal: Journal?

  init(catalog: Catalog = Catalog(), journal: Journal? = nil) {
    self.catalog = catalog
    self.journal = journal
    container.owner = self
  }

  isolated deinit { journal?.record("deinit SettingsFlow") }
}

extension SettingsFlow: LinkableFlow {
  static let routes: RouteTable<SettingsRoute> = [
    .pattern("settings") { _ in [.settings] },
    .pattern("settings/*") { _ in [.settings] },
  ]

  static let subFlows: [SubFlow<SettingsFlow>] = [
    .flow(AccountFlow.self) { settings, _ in
      AccountFlow(catalog: settings.catalog, journal: settings.journal)
    }
  ]

  func makeScreen(for route: SettingsRoute) throws -> SettingsRoute {
    try catalog.check(route)
    return route
  }
}

@MainActor
final class AccountFlow {
  let container = StackContainer<SettingsRoute>(root: .account)
  private let catalog: Catalog
  private let journal: Journal?

  init(catalog: Catalog = Catalog(), journal: Journal? = nil) {
    self.catalog = catalog
    self.journal = journal
    container.owner = self
  }

  isolated deinit { journal?.record("deinit AccountFlow") }
}

extension AccountFlow: LinkableFlow {
  static let routes: RouteTable<SettingsRoute> = [
    .pattern("account") { _ in [.account] },
    .pattern("account/devices") { _ in [.account, .devices] },
  ]

  static let subFlows: [SubFlow<AccountFlow>] = []

  func makeScreen(for route: SettingsRoute) throws -> SettingsRoute {
    try catalog.check(route)
    return route
  }
}

/// The guard flow: signing in sets the session and dismisses; cancelling only dismisses.
@MainActor
final class SignInFlow: PresentableFlow {
  let container = StackContainer<String>(root: "sign-in")
  let session: Session

  init(session: Session) {
    self.session = session
    container.owner = self
  }

  func signIn() {
    session.isSignedIn = true
    container.dismiss()
  }

  func cancel() {
    container.dismiss()
  }
}

/// A modal links know nothing about.
@MainActor
final class AlertFlow {
  let container = StackContainer<String>(root: "alert")
  init() { container.owner = self }
}

/// Records how the router's held links end (`onHeldLinkEnd`).
@MainActor
final class RouterLog {
  var entries: [String] = []

  /// Records one held link's end: `dropped <request>: <reason>`, or `resumed <request>: <outcome>`.
  func heard(_ request: NavigationRequest, _ outcome: LinkOutcome) {
    if case .dropped(let reason) = outcome {
      entries.append("dropped \(request): \(reason)")
    } else {
      entries.append("resumed \(request): \(outcome.summary)")
    }
  }
}

extension LinkOutcome {
  /// A short form for assertions: `applied`, `held(…)`, `dropped(…)`, `failed(…)`.
  var summary: String {
    switch self {
    case .applied: "applied"
    case .interfered(_, let operation, _, _): "interfered(\(operation))"
    case .held(let reason): "held(\(reason))"
    case .dropped(let reason): "dropped(\(reason))"
    case .failed(let failure): "failed(\(failure))"
    }
  }
}

/// An app with its router, sign-in guard and held-link log wired up.
@MainActor
struct LinkedApp {
  let app: AppFlow
  let router: DeepLinkRouter
  let log = RouterLog()

  init(signedIn: Bool = true, catalog: Catalog = Catalog(), journal: Journal? = nil) {
    let session = Session()
    session.isSignedIn = signedIn
    app = AppFlow(session: session, catalog: catalog, journal: journal)
    router = DeepLinkRouter(root: app, scheme: "notes")
    router.onHeldLinkEnd = { [log] in log.heard($0, $1) }
    router.setGuard(
      for: .signedIn, isSatisfied: { session.isSignedIn },
      makeGuardFlow: { SignInFlow(session: session) })
  }

  var tree: String { app.container.tree.description }

  /// The sign-in flow, if it is the topmost layer.
  var signIn: SignInFlow? { app.container.topmost.owner as? SignInFlow }

  func open(_ text: String) async -> LinkOutcome {
    await router.open(text)
  }

  func plan(_ text: String) throws -> NavigationPlan {
    try router.plan(for: DeepLink(parsing: text)).get()
  }
}
