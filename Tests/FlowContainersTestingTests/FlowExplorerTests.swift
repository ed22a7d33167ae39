import FlowContainers
import FlowContainersTesting
import Synchronization
import Testing

@MainActor
struct FlowExplorerTests {
  @Test func aCleanAppExploresCleanReachingEveryStateAndFlow() async {
    let report = await FlowExplorer.shop().explore()
    #expect(report.isClean, "\(report)")
    #expect(report.isExhaustive)
    // home; item 1; item 2; and each of those under the cart and under the gift.
    #expect(report.statesVisited == 9)
    #expect(report.reachedFlows == ["CartFlow", "GiftFlow", "ShopFlow"])
    // Item 3 has no data: its links are refused, from every state.
    #expect(report.refusals > 0)
  }

  @Test func aStrongReferenceFromAScreenIsALeakWithItsShortestPath() async {
    let report = await FlowExplorer.shop(.strongScreen).explore()
    #expect(report.failures.map(\.kind) == [.leak, .notReleasedWhenDismissed])
    let leak = report.failures.first
    #expect(leak?.steps == [.open("shop://cart")])
    #expect(leak?.message.contains("CartFlow") == true)
    #expect(
      leak?.reproduction == #"let app = try await explorer.replay([.open("shop://cart")])"#)
  }

  @Test func aRouteThatDoesNotRoundTripFailsItsSnapshotAndItsLink() async {
    let report = await FlowExplorer.shop(.routeDoesNotRoundTrip).explore()
    #expect(report.failures.map(\.kind) == [.snapshotDoesNotRestore, .linkDoesNotReopen])
    for failure in report.failures {
      #expect(failure.steps == [.open("shop://item/1")])
    }
    #expect(report.failures.first?.message.contains("[home, item 2]") == true)
  }

  @Test func aDeclaredFlowThatIsNeverMadeIsUnreached() async {
    let report = await FlowExplorer.shop(.unreachableGift).explore()
    #expect(report.failures.map(\.kind) == [.unreachedFlow])
    #expect(report.failures.first?.message.hasPrefix("GiftFlow, declared by ShopFlow") == true)
    let allowed = FlowExplorer.shop(.unreachableGift)
    allowed.mayStayUnreached = ["GiftFlow"]
    #expect(await allowed.explore().isClean)
  }

  @Test func anActionThatMisusesTheAPIIsReportedWithTheStepsToIt() async {
    let explorer = FlowExplorer.shop()
    explorer.action("pop too far", on: ShopFlow.self) { _, shop in shop.container.pop() }
    let report = await explorer.explore()
    #expect(report.failures.map(\.kind) == [.misuse])
    #expect(report.failures.first?.steps == [.action("pop too far", on: "ShopFlow")])
    #expect(report.failures.first?.message.contains("popRoot") == true)
  }

  @Test func registeredActionsAndHostStepsAreTaken() async throws {
    let explorer = FlowExplorer.shop()
    let app = try await explorer.replay([
      .open("shop://item/2/cart"), .action("check out", on: "CartFlow"),
    ])
    #expect(app.shop.container.tree.levels.map(\.screens) == [["home", "item 2"]])
    let back = try await explorer.replay([.open("shop://item/2"), .back])
    #expect(back.shop.container.stack == [.home])
    let closed = try await explorer.replay([.open("shop://gift"), .close])
    #expect(closed.shop.container.presented == nil)
  }

  @Test func theStateBudgetStopsTheWalk() async {
    let explorer = FlowExplorer.shop()
    explorer.stateBudget = 4
    let report = await explorer.explore()
    #expect(report.statesVisited == 4)
    #expect(!report.isExhaustive)
  }

  @Test func theDepthBoundsThePaths() async {
    let explorer = FlowExplorer.shop()
    explorer.maxDepth = 1
    let report = await explorer.explore()
    #expect(report.deepestPath == 1)
    // The cart and the gift are each one link away; checking out is a second step.
    #expect(report.isClean, "\(report)")
    #expect(report.statesVisited == 9)
  }

  @Test func expectNoFailuresRecordsAnIssueForEachFailure() async {
    let report = await FlowExplorer.shop([.strongScreen, .unreachableGift]).explore()
    #expect(report.failures.map(\.kind) == [.leak, .notReleasedWhenDismissed, .unreachedFlow])
    let recorded = Mutex(0)
    withKnownIssue {
      report.expectNoFailures()
    } matching: { issue in
      recorded.withLock { $0 += 1 }
      return issue.comments.contains {
        ["leak:", "not released when dismissed:", "unreached flow:"].contains(
          where: $0.rawValue.hasPrefix)
      }
    }
    #expect(recorded.withLock { $0 } == 3)
    await FlowExplorer.shop().explore().expectNoFailures()
  }

  @Test func stepsPrintAsTheSwiftThatMakesThem() {
    let steps: [ExplorationStep] = [
      .open("a://b"), .back, .close, .selectTab(1, of: "Tabs"), .width(.compact, of: "Split"),
      .action("save", on: "EditorFlow"), .choose("Delete"),
    ]
    #expect(
      steps.map(\.description) == [
        #".open("a://b")"#, ".back", ".close", #".selectTab(1, of: "Tabs")"#,
        #".width(.compact, of: "Split")"#, #".action("save", on: "EditorFlow")"#,
        #".choose("Delete")"#,
      ])
  }

  @Test func anAppWithoutLinksIsExploredByWhatTheUserDoes() async {
    let explorer = FlowExplorer { NotebookApp() }
    explorer.action("turn", on: NotebookFlow.self, when: idle) { _, notebook in notebook.turn() }
    explorer.action("annotate", on: NotebookFlow.self, when: idle) { _, notebook in
      notebook.annotate()
    }
    let report = await explorer.explore()
    #expect(report.isClean, "\(report)")
    // The cover and two pages, each with and without the note's sheet.
    #expect(report.statesVisited == 6)
    #expect(report.reachedFlows == ["NoteSheetFlow", "NotebookFlow"])
    #expect(report.refusals == 0)
  }

  @Test func aRouterForAnotherTreeThanTheRootsIsNothingToExplore() async {
    let report = await FlowExplorer { TwoRootsApp() }.explore()
    #expect(report.failures.map(\.kind) == [.nothingToExplore], "\(report)")
    #expect(report.failures.first?.message.contains("another tree") == true)
  }

  @Test func replayRefusesAnActionItDoesNotKnow() async {
    let explorer = FlowExplorer.shop()
    await #expect(
      throws: ReplayError.unknownAction(
        "chek out", on: "CartFlow", known: [.action("check out", on: "CartFlow")])
    ) {
      _ = try await explorer.replay([.open("shop://cart"), .action("chek out", on: "CartFlow")])
    }
    await #expect(throws: ReplayError.self) {
      _ = try await explorer.replay([.action("check out", on: "ShopFlow")])
    }
  }

  @Test func replayRefusesAnAlertActionTheAlertOnTopDoesNotHave() async throws {
    let explorer = FlowExplorer.desk()
    let steps: [ExplorationStep] = [
      .open("desk://desk/draft"), .action("sign in", on: "LoginFlow"),
      .action("write", on: "DraftFlow"), .action("discard", on: "DraftFlow"),
    ]
    await #expect(throws: ReplayError.unknownAlertAction("Dicsard", known: ["Discard", "Keep"])) {
      _ = try await explorer.replay(steps + [.choose("Dicsard")])
    }
    let app = try await explorer.replay(steps + [.choose("Discard")])
    #expect(app.draft == nil)
  }

  @Test func unknownStepsPrintWhatIsKnown() {
    #expect(
      ReplayError.unknownAction(
        "chek out", on: "CartFlow", known: [.action("check out", on: "CartFlow")]
      ).description
        == #"no action "chek out" is registered on CartFlow; registered: "#
        + #".action("check out", on: "CartFlow")"#)
    #expect(
      ReplayError.unknownAlertAction("Dicsard", known: ["Discard", "Keep"]).description
        == #"the alert on top has no action "Dicsard"; its actions: "Discard", "Keep""#)
  }
}
