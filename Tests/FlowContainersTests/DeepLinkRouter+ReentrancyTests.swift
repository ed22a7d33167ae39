import FlowContainers
import FlowContainersTesting
import Testing

/// A link's plan is one change: `.applied` means the tree shows the plan when `open` returns,
/// whatever callbacks ask for while it is applied, and the library never reports misuse from
/// its own code.
@MainActor
struct DeepLinkReentrancyTests {
  /// Checks that `outcome` says `.applied` only when the tree shows its plan, and that no
  /// diagnostic came from the library's own files.
  private func expectTruthful(
    _ outcome: LinkOutcome, _ linked: LinkedApp, diagnostics: [FlowDiagnostic],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if case .applied(let plan) = outcome {
      #expect(
        (try? linked.router.restorer.snapshot())?.levels.map(\.routes) == plan.levels.map(\.routes),
        "applied, but the tree is\n\(linked.tree)", sourceLocation: sourceLocation)
    }
    for diagnostic in diagnostics {
      #expect(
        !diagnostic.fileID.hasPrefix("FlowContainers/"),
        "the library reported misuse from its own code: \(diagnostic)",
        sourceLocation: sourceLocation)
    }
  }

  @Test func anOnEndThatPresentsAFollowUpWhenALinkDismissesItsFlowIsNotReportedAsApplied()
    async
  {
    let linked = LinkedApp()
    let app = linked.app
    do {
      let alert = AlertFlow()
      app.container.present(alert.container) { _ in
        let followUp = AlertFlow()
        app.container.present(followUp.container)
      }
    }
    var outcome: LinkOutcome?
    let diagnostics = await withRecordedDiagnostics {
      outcome = await linked.open("notes://library")
    }
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ AlertFlow (sheet): [alert]
        """)
    guard let outcome else { return }
    expectTruthful(outcome, linked, diagnostics: diagnostics)
    guard case .interfered(_, let operation, let fileID, _) = outcome else {
      Issue.record("expected interfered, got \(outcome.summary)")
      return
    }
    #expect(operation == "present(_:)")
    #expect(fileID.hasPrefix("FlowContainersTests/"))
  }

  @Test func anObserverPresentingWhenAModalClosesNeverMakesTheLibraryReportMisuse() async {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let app = linked.app
    let token = app.container.observeEvents { event in
      if case .detached(.presented, _, _) = event.action, event.depth == 0 {
        let alert = AlertFlow()
        app.container.present(alert.container)
      }
    }
    var outcome: LinkOutcome?
    let diagnostics = await withRecordedDiagnostics {
      outcome = await linked.open("notes://settings")
    }
    if let outcome { expectTruthful(outcome, linked, diagnostics: diagnostics) }
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
        """)
    #expect(diagnostics.map(\.code) == [.alreadyPresenting])
    token.cancel()
  }

  @Test func aLinkAppliedFromAnObserverDuringAnotherLinkIsRefusedNotInterleaved() async throws {
    let linked = LinkedApp()
    let router = linked.router
    let second = try linked.plan("notes://settings")
    var nested: LinkOutcome?
    let token = linked.app.container.observeEvents { _ in
      if nested == nil { nested = router.apply(second) }
    }
    var outcome: LinkOutcome?
    let diagnostics = await withRecordedDiagnostics {
      outcome = await linked.open("notes://note/2/edit")
    }
    if let outcome { expectTruthful(outcome, linked, diagnostics: diagnostics) }
    #expect(outcome?.summary == "applied")
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ EditorFlow (sheet): [edit]
        """)
    #expect(nested == .failed(LinkFailure.treeChanging))
    token.cancel()
  }

  @Test func aMakeSubFlowThatPushesOnItsParentIsNotReportedAsApplied() async {
    let parent = PushingParent()
    let router = DeepLinkRouter(root: parent, scheme: "notes")
    var outcome: LinkOutcome?
    let diagnostics = await withRecordedDiagnostics {
      outcome = await router.open("notes://settings")
    }
    #expect(
      parent.container.tree.description == """
        PushingParent: [library, note(9)]
        └─ SettingsFlow (sheet): [settings]
        """)
    #expect(diagnostics.isEmpty)
    guard case .interfered(_, let operation, _, _) = outcome else {
      Issue.record("expected interfered, got \(outcome?.summary ?? "nil")")
      return
    }
    #expect(operation == "push(_:)")
  }

  // MARK: Held links and newer requests

  @Test func aNewerLinkOpenedBeforeAHeldLinkResumesWins() async {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/2/edit")
    linked.signIn?.signIn()
    #expect(await linked.open("notes://settings").summary == "applied")
    await linked.router.waitForPendingWork()
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
        """)
    #expect(linked.log.entries == ["dropped notes://note/2/edit: superseded"])
  }

  @Test func aNewerLinkOpenedBeforeALinkHeldOnAnObjectionResumesWins() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let editor = try #require(linked.app.container.presentedFlow as? EditorFlow)
    editor.hasUnsavedChanges = true
    _ = await linked.open("notes://settings")
    editor.hasUnsavedChanges = false
    editor.container.dismiss()
    #expect(await linked.open("notes://note/3").summary == "applied")
    await linked.router.waitForPendingWork()
    #expect(linked.tree == "AppFlow: [library, note(3)]")
    #expect(linked.log.entries == ["dropped notes://settings: superseded"])
  }

  @Test func aRestoreWhileALinkIsHeldSupersedesIt() async throws {
    let linked = LinkedApp(signedIn: false)
    #expect(await linked.open("notes://note/1").summary == "applied")
    let snapshot = try linked.router.restorer.snapshot()
    linked.app.container.popToRoot()
    _ = await linked.open("notes://note/2/edit")
    linked.signIn?.signIn()
    #expect(linked.router.restorer.restore(snapshot).isComplete)
    await linked.router.waitForPendingWork()
    #expect(linked.tree == "AppFlow: [library, note(1)]")
    #expect(linked.log.entries == ["dropped notes://note/2/edit: superseded"])
  }

  @Test func aRestoreSupersedesALinkStillWaitingForItsGuard() async {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/2/edit")
    let snapshot = FlowSnapshot(levels: [
      .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library), AnyRoute(AppRoute.note(3))])
    ])
    #expect(linked.router.restorer.restore(snapshot).isComplete)
    #expect(linked.router.heldLink == nil)
    #expect(linked.log.entries == ["dropped notes://note/2/edit: superseded"])
    #expect(linked.tree == "AppFlow: [library, note(3)]")
  }

  @Test func aPopRefusedAsMisuseLeavesAPlanFresh() throws {
    let linked = LinkedApp()
    let plan = try linked.plan("notes://note/1")
    let diagnostics = withRecordedDiagnostics { linked.app.container.pop() }
    #expect(diagnostics.map(\.code) == [.popRoot])
    #expect(linked.router.apply(plan).summary == "applied")
  }

  // MARK: Finished roots

  @Test func linksAndRestorationNeverChangeAFinishedRoot() async {
    let linked = LinkedApp()
    linked.app.container.finish()
    let before = linked.tree
    #expect(await linked.open("notes://note/1") == .failed(LinkFailure.rootFinished))
    #expect(await linked.open("notes://settings") == .failed(LinkFailure.rootFinished))
    let snapshot = FlowSnapshot(levels: [
      .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library), AnyRoute(AppRoute.note(3))])
    ])
    #expect(linked.router.restorer.restore(snapshot).error == RestorationError.rootFinished)
    #expect(linked.tree == before)
  }

  // MARK: Several routers

  @Test func twoRoutersOnOneTreeShareOneGuardFlow() async {
    let linked = LinkedApp(signedIn: false)
    let session = linked.app.session
    let other = DeepLinkRouter(root: linked.app, scheme: "notes")
    let otherLog = RouterLog()
    other.onHeldLinkEnd = { [otherLog] in otherLog.heard($0, $1) }
    other.setGuard(
      for: .signedIn, isSatisfied: { session.isSignedIn },
      makeGuardFlow: { SignInFlow(session: session) })
    _ = await linked.open("notes://note/1/edit")
    #expect(await other.open("notes://note/2/edit").summary == "held(guardRequired(signed-in))")
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SignInFlow (sheet): [sign-in]
        """)
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    await other.waitForPendingWork()
    #expect(linked.log.entries == ["resumed notes://note/1/edit: applied"])
    #expect(otherLog.entries == ["resumed notes://note/2/edit: applied"])
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ EditorFlow (sheet): [edit]
        """)
  }
}

/// A parent whose sub-flow factory pushes a screen on its own container: user code changing the
/// tree while a link is applied.
@MainActor
private final class PushingParent: LinkableFlow {
  let container = StackContainer<AppRoute>(root: .library)

  init() { container.owner = self }

  static let routes: RouteTable<AppRoute> = [
    .pattern("library") { _ in [.library] },
    .pattern("*") { _ in [.library] },
  ]

  static let subFlows: [SubFlow<PushingParent>] = [
    .flow(SettingsFlow.self) { parent, _ in
      parent.container.push(.note(9))
      return SettingsFlow()
    }
  ]
}

extension DeepLinkReentrancyTests {
  @Test func aPlanAppliedInsideAChangeIsRefusedAndKeepsTheLinkHeldOnAnObjection() async throws {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/1")
    let note = try #require(split.container.detail?.owner as? NoteDetailFlow)
    note.objection = "note 1 has unsaved changes"
    #expect(
      await router.open("notes://note/2")
        == .held(.objection(flow: "NoteDetailFlow", reason: "note 1 has unsaved changes")))
    // A callback of another change applies a plan: refused, so it changes nothing.
    let plan = try router.plan(for: DeepLink(parsing: "notes://folder/a")).get()
    var inside: LinkOutcome?
    let token = split.list.container.observeEvents { _ in inside = router.apply(plan) }
    split.list.container.push("folder b")
    token.cancel()
    #expect(inside == .failed(.treeChanging))
    #expect(router.heldLink?.request.link == (try DeepLink(parsing: "notes://note/2")))
    // The held link resumes once the objecting note ends.
    split.container.closeDetail()
    await router.waitForPendingWork()
    #expect((split.container.detail?.owner as? NoteDetailFlow)?.id == 2)
  }
}
