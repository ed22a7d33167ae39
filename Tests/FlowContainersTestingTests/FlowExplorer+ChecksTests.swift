import FlowContainers
import FlowContainersTesting
import Testing

/// The checks the explorer makes at each state and after each step.
@MainActor
struct FlowExplorerChecksTests {
  @Test func misuseRaisedWhileAnAppIsReleasedReachesTheReportWithItsPath() async {
    let report = await FlowExplorer.desk(.presentsDraftWhenLoginEnds).explore()
    let misuse = report.failures.filter { $0.kind == .misuse }
    #expect(misuse.count == 1, "\(report)")
    #expect(misuse.first?.steps == [.action("sign in", on: "DeskFlow")])
    #expect(misuse.first?.message.contains("finishedContainer") == true)
    #expect(misuse.first?.message.contains("while releasing the app") == true)
  }

  @Test func aFlowThatOutlivesItsDismissalWhileTheAppLivesIsCaught() async {
    let report = await FlowExplorer.shop(.keepsClosedCart).explore()
    #expect(report.failures.map(\.kind) == [.notReleasedWhenDismissed], "\(report)")
    let failure = report.failures.first
    #expect(failure?.steps == [.open("shop://cart"), .open("shop://")])
    #expect(
      failure?.message
        == "the last step ended CartFlow, but it is still alive while the app lives: "
        + "CartFlow.container, CartFlow, CartFlow screen 0 (cart)")
  }

  @Test func misuseWhileASnapshotIsRestoredIsReportedWithItsPath() async {
    let report = await FlowExplorer.shop(.misusesWhenRestored).explore()
    #expect(report.failures.map(\.kind) == [.misuse], "\(report)")
    let failure = report.failures.first
    #expect(failure?.steps == [])
    #expect(failure?.message.hasPrefix("reported misuse while restoring its snapshot: ") == true)
    #expect(failure?.message.contains("pop() on ShopFlow") == true)
  }

  @Test func aLeakNamesTheContainerTheFlowAndTheScreenStillAlive() async {
    let report = await FlowExplorer.shop(.strongScreen).explore()
    // The cart holds itself through its screen: it outlives the app, and its dismissal.
    #expect(
      report.failures.map(\.message) == [
        "still alive once the app was released: "
          + "CartFlow.container, CartFlow, CartFlow screen 0 (cart)",
        "the last step ended CartFlow, but it is still alive while the app lives: "
          + "CartFlow.container, CartFlow, CartFlow screen 0 (cart)",
      ])
  }

  @Test func aReverseMappingThatFailsForARoutePatternsBuildIsAFailure() async {
    let explorer = FlowExplorer { LedgerApp() }
    explorer.samples["id"] = ["1", "2"]
    let report = await explorer.explore()
    #expect(report.failures.map(\.kind) == [.linkNotShared], "\(report)")
    let failure = report.failures.first
    #expect(failure?.steps == [.open("ledger://entry/1")])
    #expect(
      failure?.message
        == "it cannot share a link (no pattern of LedgerFlow@0 builds its stack), although "
        + "entry/:id<Int> builds LedgerFlow's stack [home, item 1] from ledger://entry/1")
  }

  @Test func theStatesThatCannotShareALinkAreCountedAndListed() async {
    let report = await FlowExplorer.desk().explore()
    #expect(report.isClean, "\(report)")
    // The login is no linkable flow: neither the guard's nor the desk's own shares a link.
    #expect(report.unshareable.first?.steps == [.open("desk://desk/draft")])
    #expect(
      report.unshareable.allSatisfy { "\($0.reason)" == "LoginFlow@2 is not linkable" })
    #expect(
      report.description.contains(
        "\(report.unshareable.count) states cannot share a link: LoginFlow@2 is not linkable"))
  }

  @Test func aLinkNotSharedIsJudgedOnTheLevelThatFailsNotAnotherOfItsType() async {
    let explorer = FlowExplorer { TwinShelvesApp() }
    explorer.action("add", on: ShelfFlow.self, when: idle) { _, shelf in shelf.add() }
    explorer.maxDepth = 2
    let report = await explorer.explore()
    // The other shelf shows what `shelf` builds; the one with a box, which fails, does not.
    #expect(!report.failures.contains { $0.kind == .linkNotShared }, "\(report)")
    // A link to a shelf goes to the first: the second's cannot reopen.
    #expect(report.failures.map(\.kind) == [.linkDoesNotReopen])
    #expect(report.failures.first?.steps == [.selectTab(1, of: "TwinShelves")])
  }
}
