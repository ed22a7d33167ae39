import FlowContainers
import FlowContainersTesting
import Testing

/// The walk: where it starts, how deep it goes, and what it takes at each state.
@MainActor
struct FlowExplorerRunTests {
  @Test func theCleanDeskExploresCleanThroughItsGuard() async {
    let report = await FlowExplorer.desk().explore()
    #expect(report.isClean, "\(report)")
    #expect(report.isExhaustive)
    #expect(report.reachedFlows == ["DeskFlow", "DeskTabs", "DraftFlow", "LoginFlow", "ShelfFlow"])
  }

  @Test func anAppWhoseRouterHasLostItsRootIsAFailureNotACleanRun() async {
    let report = await FlowExplorer { OrphanApp() }.explore()
    #expect(report.statesVisited == 0)
    #expect(report.failures.map(\.kind) == [.nothingToExplore], "\(report)")
    #expect(
      report.failures.first?.message.contains("the root flow has been released") == true)
  }

  @Test func theDepthLimitHoldsForALinkThatGoesOnThroughItsGuard() async {
    let explorer = FlowExplorer.desk()
    explorer.maxDepth = 1
    // The draft is two steps away: its link, held by the guard, then signing in.
    explorer.mayStayUnreached = ["DraftFlow"]
    let report = await explorer.explore()
    #expect(report.deepestPath == 1, "\(report)")
    #expect(report.isClean, "\(report)")
  }

  @Test func theAppsOwnStateMakesAWrittenDraftAStateOfItsOwn() async {
    let explorer = FlowExplorer.desk(.writtenDraftHoldsItself)
    // Without it, a written draft is the draft it was: its leak is never seen.
    #expect(await explorer.explore().isClean)
    explorer.appState = { app in app.draft?.lines }
    let report = await explorer.explore()
    // It outlives the app, and its dismissal.
    #expect(report.failures.map(\.kind) == [.leak, .notReleasedWhenDismissed], "\(report)")
    let written: [ExplorationStep] = [
      .open("desk://desk/draft"), .action("sign in", on: "LoginFlow"),
      .action("write", on: "DraftFlow"),
    ]
    #expect(report.failures.map(\.steps) == [written, written + [.close]])
  }

  @Test func eachActionOfAnAlertIsAStepNamedInTheReproduction() async {
    let explorer = FlowExplorer.desk(.discardsTwice)
    explorer.appState = { app in app.draft?.lines }
    explorer.maxDepth = 5
    let report = await explorer.explore()
    #expect(report.failures.map(\.kind) == [.misuse], "\(report)")
    #expect(
      report.failures.first?.steps == [
        .open("desk://desk/draft"), .action("sign in", on: "LoginFlow"),
        .action("write", on: "DraftFlow"), .action("discard", on: "DraftFlow"),
        .choose("Discard"),
      ])
    #expect(report.failures.first?.message.contains("finishedContainer") == true)
  }
}
