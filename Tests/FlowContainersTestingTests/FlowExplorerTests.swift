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
      leak?.reproduction == #"let app = await explorer.replay([.open("shop://cart")])"#)
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

  @Test func registeredActionsAndHostStepsAreTaken() async {
    let explorer = FlowExplorer.shop()
    let app = await explorer.replay([
      .open("shop://item/2/cart"), .action("check out", on: "CartFlow"),
    ])
    #expect(app.shop.container.tree.levels.map(\.screens) == [["home", "item 2"]])
    let back = await explorer.replay([.open("shop://item/2"), .back])
    #expect(back.shop.container.stack == [.home])
    let closed = await explorer.replay([.open("shop://gift"), .close])
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
      .action("save", on: "EditorFlow"),
    ]
    #expect(
      steps.map(\.description) == [
        #".open("a://b")"#, ".back", ".close", #".selectTab(1, of: "Tabs")"#,
        #".width(.compact, of: "Split")"#, #".action("save", on: "EditorFlow")"#,
      ])
  }
}
