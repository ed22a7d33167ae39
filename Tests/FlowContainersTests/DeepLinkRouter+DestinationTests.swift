import FlowContainers
import FlowContainersTesting
import Testing

/// Program code goes somewhere by typed routes through the router's machinery: the same plan as
/// the equivalent link, and guards, objections and reuse apply.
@MainActor
struct DeepLinkDestinationTests {
  private let editNote2 =
    LinkDestination
    .root(AppFlow.self, showing: [.library, .note(2)])
    .then(EditorFlow.self, showing: [.edit])

  @Test func aDestinationPlansTheSameStepsAsTheEquivalentLink() throws {
    let linked = LinkedApp()
    let byRoute = try linked.router.plan(for: editNote2).get()
    let byLink = try linked.plan("notes://note/2/edit")
    #expect(byRoute.steps == byLink.steps)
    #expect(byRoute.levels == byLink.levels)
    #expect(byRoute.request.destination == editNote2)
    #expect(
      byRoute.description == """
        plan for AppFlow [library, note(2)] › EditorFlow [edit]
          1. AppFlow@0: push [note(2)]
          2. present EditorFlow@1 as sheet with [edit]
        """)
  }

  @Test func openingADestinationShowsIt() async {
    let linked = LinkedApp()
    #expect(await linked.router.open(editNote2).summary == "applied")
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ EditorFlow (sheet): [edit]
        """)
  }

  @Test func aPresentedFlowThatMatchesIsReused() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/2/edit").summary == "applied")
    let editor = linked.app.container.presentedFlow
    let preview = LinkDestination.root(AppFlow.self, showing: [.library, .note(2)])
      .then(EditorFlow.self, showing: [.edit, .preview])
    let plan = try linked.router.plan(for: preview).get()
    #expect(plan.levels.map(\.isReused) == [true, true])
    #expect(linked.router.apply(plan).summary == "applied")
    #expect(linked.app.container.presentedFlow === editor)
  }

  @Test func aGuardHoldsADestinationAndTheRouterSaysItResumed() async {
    let linked = LinkedApp(signedIn: false)
    #expect(await linked.router.open(editNote2).summary == "held(guardRequired(signed-in))")
    #expect(linked.router.heldLink?.request.destination == editNote2)
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    #expect(
      linked.log.entries == ["resumed AppFlow [library, note(2)] › EditorFlow [edit]: applied"])
    #expect((linked.app.container.presentedFlow as? EditorFlow)?.noteID == 2)
  }

  @Test func anObjectingFlowIsAskedWithTheDestination() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let editor = try #require(linked.app.container.presentedFlow as? EditorFlow)
    editor.hasUnsavedChanges = true
    #expect(await linked.router.open(editNote2).summary.hasPrefix("held(objection("))
    #expect(editor.objectedTo.map(\.destination) == [editNote2])
  }

  @Test func aRestorationAsksObjectingFlowsWithTheRestorationRequest() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let editor = try #require(linked.app.container.presentedFlow as? EditorFlow)
    editor.hasUnsavedChanges = true
    _ = linked.router.restorer.restore(
      FlowSnapshot(levels: [.init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library)])]))
    #expect(editor.objectedTo == [.restoration])
  }

  @Test func aDestinationThatNoFlowCouldBuildFailsAndNothingMoves() {
    let linked = LinkedApp()
    let before = linked.tree
    let account = LinkDestination.root(AppFlow.self, showing: [.library])
      .then(AccountFlow.self, showing: [.account])
    #expect(
      linked.router.plan(for: account).failure
        == .notASubFlow(FlowName(AccountFlow.self), of: FlowName(AppFlow.self)))
    let wrongRoot = LinkDestination.root(SettingsFlow.self, showing: [.settings])
    #expect(
      linked.router.plan(for: wrongRoot).failure
        == .notTheRoot(FlowName(SettingsFlow.self), root: FlowName(AppFlow.self)))
    let empty = LinkDestination.root(AppFlow.self, showing: [])
    #expect(
      linked.router.plan(for: empty).failure
        == .cannotShow(flow: FlowName(AppFlow.self), route: nil, .emptyStack))
    #expect(linked.tree == before)
  }
}
