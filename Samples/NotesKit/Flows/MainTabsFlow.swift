package import FlowContainers

/// The app's root: a tab bar with the notes (tab 1) and help (tab 2).
///
/// Each tab is a flow of its own with its own screens. The tab container keeps both flows
/// alive; this flow stores neither.
@MainActor
package final class MainTabsFlow: TabbedFlow {
  package let container = TabContainer()
  package static let tabFlows: [any RestorableFlow.Type] = [AppFlow.self, HelpFlow.self]
  /// The notes tab of the wide layout.
  package static let splitTabFlows: [any SplitFlow.Type] = [NotesSplitFlow.self]
  /// Links go through the tabs: to the first whose flow can show them, the selected one first.
  package private(set) lazy var router = makeRouter()
  private let session: Session
  let console: Console

  package init(store: NotesStore, session: Session, console: Console, isWide: Bool = false) {
    self.session = session
    self.console = console
    let help = HelpFlow(console: console)
    container.owner = self
    if isWide {
      let split = NotesSplitFlow(store: store, session: session, console: console)
      container.setTabs([split.container, help.container])
    } else {
      let notes = AppFlow(store: store, session: session, console: console)
      container.setTabs([notes.container, help.container])
    }
    notes?.router = router
  }

  isolated deinit { console.trace("deinit MainTabsFlow") }

  /// The notes tab's flow: the library, which is the split's list in the wide layout.
  var notes: AppFlow? {
    let owner = container.tabs.first?.owner
    return owner as? AppFlow ?? (owner as? NotesSplitFlow)?.library
  }

  /// The notes tab's split, in the wide layout.
  var notesSplit: NotesSplitFlow? { container.tabs.first?.owner as? NotesSplitFlow }

  private func makeRouter() -> DeepLinkRouter {
    let router = DeepLinkRouter(root: self, scheme: "notes")
    router.onHeldLinkEnd = { [weak notes] request, outcome in
      notes?.heldLinkEnded(request, outcome)
    }
    // Signing in covers the whole screen: nothing behind it can be used until it is done.
    router.setGuard(
      for: .signedIn, style: .fullScreenCover, isSatisfied: { [session] in session.isSignedIn },
      makeGuardFlow: { [session, console] in SignInFlow(session: session, console: console) })
    return router
  }
}
