import FlowContainers

/// The app's root: a tab bar with the notes (tab 1) and help (tab 2).
///
/// Each tab is a flow of its own with its own screens. The tab container keeps both flows
/// alive; this flow stores neither.
@MainActor
final class MainTabsFlow: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [AppFlow.self, HelpFlow.self]
  /// Links go through the tabs: to the first whose flow can show them, the selected one first.
  private(set) lazy var router = makeRouter()
  private let session: Session
  private let console: Console

  init(store: NotesStore, session: Session, console: Console) {
    self.session = session
    self.console = console
    let notes = AppFlow(store: store, session: session, console: console)
    let help = HelpFlow(console: console)
    container.owner = self
    container.setTabs([notes.container, help.container])
    notes.router = router
  }

  isolated deinit { console.trace("deinit MainTabsFlow") }

  /// The notes tab's flow.
  var notes: AppFlow? { container.tabs.first?.owner as? AppFlow }

  private func makeRouter() -> DeepLinkRouter {
    let router = DeepLinkRouter(root: self, scheme: "notes")
    router.delegate = notes
    router.setGuard(
      for: .signedIn, isSatisfied: { [session] in session.isSignedIn },
      makeGuardFlow: { [session, console] in SignInFlow(session: session, console: console) })
    return router
  }
}
