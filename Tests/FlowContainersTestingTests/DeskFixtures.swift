import FlowContainers
import FlowContainersTesting

/// Defects a test switches on in the desk, each for the explorer to catch.
struct DeskDefects: OptionSet {
  let rawValue: Int
  /// The desk presents the draft whenever its login sheet ends, even when the app is released
  /// with the sheet up: misuse of a finished container.
  static let presentsDraftWhenLoginEnds = DeskDefects(rawValue: 1)
  /// Discarding a draft with lines dismisses it twice: misuse, only after the alert's answer.
  static let discardsTwice = DeskDefects(rawValue: 2)
  /// A draft with lines written holds itself: a leak only a written draft has.
  static let writtenDraftHoldsItself = DeskDefects(rawValue: 4)
}

extension FlowRequirement {
  static let signedIn: FlowRequirement = "signed-in"
}

/// Whether the user has signed in.
@MainActor
final class DeskSession {
  var isSignedIn = false
}

/// The desk's tab bar: the desk, and a shelf.
@MainActor
final class DeskTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [DeskFlow.self, ShelfFlow.self]

  init(session: DeskSession, defects: DeskDefects) {
    let desk = DeskFlow(session: session, defects: defects)
    let shelf = ShelfFlow()
    container.owner = self
    container.setTabs([desk.container, shelf.container])
  }

  /// The desk tab's flow.
  var desk: DeskFlow? { container.tabs.first?.owner as? DeskFlow }
}

/// The desk: a draft over it, which needs sign-in, and a login it presents itself.
@MainActor
final class DeskFlow: LinkableFlow {
  let container = StackContainer<String>(root: "desk")
  let session: DeskSession
  let defects: DeskDefects

  init(session: DeskSession, defects: DeskDefects) {
    self.session = session
    self.defects = defects
    container.owner = self
  }

  static let routes: RouteTable<String> = [
    .pattern("desk") { _ in ["desk"] },
    .pattern("desk/*") { _ in ["desk"] },
  ]
  static let subFlows: [SubFlow<DeskFlow>] = [
    .flow(DraftFlow.self) { desk, _ in DraftFlow(defects: desk.defects) }
  ]

  /// Presents the login; once it ends signed in (or always, with the defect), the draft.
  func signIn() {
    let login = LoginFlow(session: session)
    container.present(login.container) { [weak self] _ in
      guard let self, session.isSignedIn || defects.contains(.presentsDraftWhenLoginEnds)
      else { return }
      let draft = DraftFlow(defects: defects)
      container.present(draft.container)
    }
  }
}

/// The shelf, the second tab.
@MainActor
final class ShelfFlow: LinkableFlow {
  let container = StackContainer<String>(root: "shelf")

  init() {
    container.owner = self
  }

  /// Puts a box on the shelf: a screen no pattern builds.
  func add() {
    container.push("box")
  }

  static let routes: RouteTable<String> = [.pattern("shelf") { _ in ["shelf"] }]
  static let subFlows: [SubFlow<ShelfFlow>] = []
}

/// A draft, for signed-in users: lines written are unsaved, and leaving with them asks first.
@MainActor
final class DraftFlow: LinkableFlow, InterruptionAware {
  let container = StackContainer<String>(root: "draft")
  let defects: DeskDefects
  /// Lines written and not saved.
  private(set) var lines = 0
  /// The draft itself, held only with the defect.
  private var held: DraftFlow?

  init(defects: DeskDefects) {
    self.defects = defects
    container.owner = self
  }

  static let routes: RouteTable<String> = [.pattern("draft") { _ in ["draft"] }]
  static let subFlows: [SubFlow<DraftFlow>] = []
  static var requirement: FlowRequirement? { .signedIn }

  func write() {
    lines += 1
    if defects.contains(.writtenDraftHoldsItself) { held = self }
  }

  /// Leaves the draft; with lines written, once the user says to discard them.
  func discard() {
    guard lines > 0 else { return container.dismiss() }
    let question = Alert(
      title: "Discard the draft?",
      actions: [
        AlertAction("Discard", value: true, role: .destructive),
        AlertAction("Keep", value: false, role: .cancel),
      ])
    container.present(question) { [weak self] result in
      guard let self, case .finished(with: true) = result else { return }
      container.dismiss()
      if defects.contains(.discardsTwice) { container.dismiss() }
    }
  }

  func objection(toInterruptionBy request: NavigationRequest) -> String? {
    lines > 0 ? "the draft has \(lines) unsaved lines" : nil
  }
}

/// Signing in, presented by the router as the guard of `signed-in`, or by the desk.
@MainActor
final class LoginFlow: PresentableFlow {
  let container = StackContainer<String>(root: "login")
  let session: DeskSession

  init(session: DeskSession) {
    self.session = session
    container.owner = self
  }

  func signIn() {
    session.isSignedIn = true
    container.dismiss()
  }
}

/// The desk, its session and its router, made afresh for every path.
@MainActor
final class DeskApp: ExplorableApp {
  let session = DeskSession()
  let tabs: DeskTabs
  let router: DeepLinkRouter?
  var root: DeskTabs { tabs }
  /// The draft the desk presents, if it presents one.
  var draft: DraftFlow? { tabs.desk?.container.presentedFlow as? DraftFlow }

  init(defects: DeskDefects = []) {
    tabs = DeskTabs(session: session, defects: defects)
    let router = DeepLinkRouter(root: tabs, scheme: "desk")
    self.router = router
    router.setGuard(
      for: .signedIn, isSatisfied: { [session] in session.isSignedIn },
      makeGuardFlow: { [session] in LoginFlow(session: session) })
  }
}

extension FlowExplorer where App == DeskApp {
  /// An explorer of the desk with `defects`: signing in from the desk or the login, writing a
  /// line, and discarding the draft.
  static func desk(_ defects: DeskDefects = []) -> FlowExplorer {
    let explorer = FlowExplorer { DeskApp(defects: defects) }
    explorer.action("sign in", on: DeskFlow.self, when: idle) { _, desk in desk.signIn() }
    explorer.action("sign in", on: LoginFlow.self) { _, login in login.signIn() }
    explorer.action("write", on: DraftFlow.self, when: idle) { _, draft in draft.write() }
    explorer.action("discard", on: DraftFlow.self, when: idle) { _, draft in draft.discard() }
    return explorer
  }
}

/// Whether `flow` presents nothing: its screen's buttons can be used.
@MainActor
func idle<Flow: PresentableFlow>(_ flow: Flow) -> Bool {
  flow.container.presented == nil
}

/// Two shelves in tabs, of one type: a link to a shelf goes to the first.
@MainActor
final class TwinShelves: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [ShelfFlow.self]

  init() {
    let left = ShelfFlow()
    let right = ShelfFlow()
    container.owner = self
    container.setTabs([left.container, right.container])
  }
}

/// The twin shelves and their router.
@MainActor
final class TwinShelvesApp: ExplorableApp {
  let root = TwinShelves()
  let router: DeepLinkRouter?

  init() {
    router = DeepLinkRouter(root: root, scheme: "shelves")
  }
}
