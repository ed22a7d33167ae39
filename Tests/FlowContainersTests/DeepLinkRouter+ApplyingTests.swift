import FlowContainers
import FlowContainersTesting
import Testing

@testable import FlowContainersRestoration

@MainActor
struct DeepLinkApplyingTests {
  @Test func applyingALinkBuildsTheTreeWithDeepLinkEvents() async throws {
    let linked = LinkedApp()
    let recorder = NavigationRecorder(linked.app.container)
    #expect(await linked.open("notes://note/2/edit/preview").summary == "applied")
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ EditorFlow (sheet): [edit, preview]
        """)
    #expect((linked.app.container.presentedFlow as? EditorFlow)?.noteID == 2)
    // One move: only the last step, which brings the editor on screen, is animated.
    recorder.expectDescriptions([
      "AppFlow@0 push +1 -0 (deepLink)",
      "AppFlow@0 present EditorFlow as sheet (deepLink, animated)",
    ])
  }

  @Test func aStalePlanIsNeverApplied() async throws {
    let linked = LinkedApp()
    let plan = try linked.plan("notes://note/2")
    linked.app.container.push(.note(1))
    #expect(linked.router.apply(plan) == .failed(LinkFailure.stalePlan))
    #expect(linked.app.container.stack == [.library, .note(1)])
  }

  @Test func aPlanThatCannotShowARouteChangesNothing() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://settings").summary == "applied")
    let before = linked.tree
    linked.app.notes.remove(2)
    let outcome = await linked.open("notes://note/2/edit")
    #expect(
      outcome
        == .failed(
          LinkFailure.cannotShow(
            flow: FlowName(AppFlow.self), route: AnyRoute(AppRoute.note(2)),
            .threw(ThrownError(NoteMissing(id: 2))))))
    #expect(linked.tree == before)
  }

  /// The note is gone, so the app makes no editor for it either: the link reports what
  /// `makeScreen` threw for the note, as the docs promise, not the editor that was not made.
  @Test func aLinkIntoADeletedNoteReportsWhatMakeScreenThrewNotTheMissingSubFlow() async throws {
    let linked = LinkedApp()
    linked.app.notes.remove(2)
    let before = linked.tree
    let outcome = await linked.open("notes://note/2/edit")
    #expect(
      outcome
        == .failed(
          LinkFailure.cannotShow(
            flow: FlowName(AppFlow.self), route: AnyRoute(AppRoute.note(2)),
            .threw(ThrownError(NoteMissing(id: 2))))))
    #expect(linked.tree == before)
    // The same through a destination, whose levels are typed.
    let destination = await linked.router.open(
      .root(AppFlow.self, showing: [AppRoute.library, .note(2)]).then(
        EditorFlow.self, showing: [EditorRoute.edit]))
    #expect(destination == outcome)
    #expect(linked.tree == before)
  }

  @Test func aParentThatDoesNotCreateTheSubFlowFailsTheLinkAndChangesNothing() async throws {
    let linked = LinkedApp()
    // The app makes editors only over a note; force a plan whose parent stack has none.
    linked.app.container.replace(with: [.library, .note(1)])
    let outcome = await linked.open("notes://edit")
    #expect(
      outcome
        == .failed(
          LinkFailure.cannotCreate(flow: FlowName(AppFlow.self), subFlow: FlowName(EditorFlow.self))
        ))
    #expect(linked.app.container.stack == [.library, .note(1)])
  }

  @Test func everyFlowDismissedByALinkIsReleased() async throws {
    let journal = Journal()
    let linked = LinkedApp(journal: journal)
    let leaks = LeakTracker()
    #expect(await linked.open("notes://settings/account").summary == "applied")
    do {
      let settings = try #require(linked.app.container.presentedFlow)
      let account = try #require(linked.app.container.presented?.presented?.owner)
      leaks.track(settings)
      leaks.track(account)
    }
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    leaks.expectAllReleased()
    #expect(journal.entries == ["deinit AccountFlow", "deinit SettingsFlow"])
    #expect(await linked.open("notes://library").summary == "applied")
    #expect(journal.entries.last == "deinit EditorFlow(1)")
    #expect(linked.tree == "AppFlow: [library]")
  }

  @Test func theParentLearnsOnceHowEachLinkedSubFlowEnded() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    linked.app.container.presented?.handle(.userDismissed)
    #expect(await linked.open("notes://settings").summary == "applied")
    #expect(await linked.open("notes://note/2").summary == "applied")
    #expect(
      linked.app.linkedEndings == [
        "EditorFlow dismissedByUser", "SettingsFlow dismissedByPresenter",
      ])
  }

  @Test func aLinkToWhatIsAlreadyShownChangesNothing() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/2/edit").summary == "applied")
    let editor = linked.app.container.presentedFlow
    let outcome = await linked.open("notes://note/2/edit")
    guard case .applied(let plan) = outcome else {
      Issue.record("expected applied, got \(outcome.summary)")
      return
    }
    #expect(plan.steps.isEmpty)
    #expect(plan.description.hasSuffix("(nothing to do)"))
    #expect(linked.app.container.presentedFlow === editor)
  }

  @Test func theRouterHoldsItsRootWeakly() async {
    var linked: LinkedApp? = LinkedApp()
    let router = linked?.router
    linked = nil
    #expect(router?.root == nil)
    #expect(await router?.open("notes://library") == .failed(LinkFailure.rootReleased))
  }

  @Test func webLinksToAcceptedHostsAreFollowed() async throws {
    let linked = LinkedApp()
    linked.router.webHosts = ["notes.example.com"]
    #expect(await linked.open("https://notes.example.com/note/3").summary == "applied")
    #expect(linked.app.container.stack == [.library, .note(3)])
    #expect(
      await linked.open("https://evil.example.com/note/1")
        == .failed(
          LinkFailure.unsupportedScheme(try DeepLink(parsing: "https://evil.example.com/note/1")))
    )
  }
}

/// A root whose sub-flow factory returns whatever flow it is told to: a fresh one, one that is a
/// tab elsewhere, or the root itself.
@MainActor
final class HandingRoot: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  var handOut: (@MainActor (HandingRoot) -> HandedFlow?)?
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("home") { _ in ["home"] },
    .pattern("*") { _ in ["home"] },
  ]
  static let subFlows: [SubFlow<HandingRoot>] = [
    .flow(HandedFlow.self) { root, _ in root.handOut?(root) }
  ]
}

@MainActor
final class HandedFlow: LinkableFlow {
  let container = StackContainer<String>(root: "handed")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("handed") { _ in ["handed"] },
    .pattern("handed/*") { _ in ["handed"] },
  ]
  /// A sub-flow of its own type whose factory hands back the parent itself.
  static let subFlows: [SubFlow<HandedFlow>] = [.flow(HandedFlow.self) { parent, _ in parent }]
}

@MainActor
struct DeepLinkFactoryMisuseTests {
  @Test func aFactoryReturningAFlowThatIsATabElsewhereFailsAndMovesNothing() async {
    let root = HandingRoot()
    let router = DeepLinkRouter(root: root, scheme: "h")
    let bar = TabsFlow()
    let tab = HandedFlow()
    bar.container.setTabs([tab.container])
    root.handOut = { _ in tab }
    let outcome = await router.open("h://handed")
    #expect(outcome.summary == "failed(HandingRoot did not create HandedFlow)")
    #expect(root.container.presented == nil)
    #expect(tab.container.tabContainer === bar.container)
  }

  @Test func aFactoryReturningAFlowThatIsPresentedElsewhereFailsAndMovesNothing() async {
    let root = HandingRoot()
    let router = DeepLinkRouter(root: root, scheme: "h")
    let other = TestFlow<Root>("other")
    let handed = HandedFlow()
    other.container.present(handed.container)
    root.handOut = { _ in handed }
    let outcome = await router.open("h://handed")
    #expect(outcome.summary == "failed(HandingRoot did not create HandedFlow)")
    #expect(root.container.presented == nil)
    #expect(other.container.presented === handed.container)
  }

  @Test func aFactoryReturningItsOwnParentFailsAndMovesNothing() async {
    let root = HandingRoot()
    let router = DeepLinkRouter(root: root, scheme: "h")
    root.handOut = { _ in HandedFlow() }
    let outcome = await router.open("h://handed/handed")
    #expect(outcome.summary == "failed(HandedFlow did not create HandedFlow)")
    #expect(root.container.presented == nil)
  }

}
