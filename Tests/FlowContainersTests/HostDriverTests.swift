import FlowContainers
@_spi(Testing) import FlowContainersCore
@_spi(Testing) import FlowContainersTesting
import Testing

/// The host driver against a simulated host with UIKit's rules: one transition at a time, the
/// fewest transitions for a change, coalescing what the tree left before its turn, modals of
/// hidden tabs held back, user actions in the host's positions, and flows released while the
/// host still animates their layer away.
@MainActor
struct HostDriverTests {
  @Test func aPushIsOneAnimatedTransitionAndTheHostEndsWhereTheTreeIs() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    root.container.push(TestScreen("next"))
    host.tickUntilIdle()
    #expect(host.played == ["setStack TestFlow<Root> [root.root, next] (animated)"])
    #expect(host.violations.isEmpty)
    #expect(host.scene == root.container.hostScene)
  }

  @Test func aSubFlowPresentedAndDismissedBeforeItsTurnIsNeverShown() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 3)
    root.container.push(TestScreen("a"))
    #expect(host.isBusy)
    do {
      let sheet = TestFlow<Middle>("sheet")
      root.container.present(sheet.container)
    }
    root.container.dismissPresented()
    root.container.push(TestScreen("b"))
    host.tickUntilIdle()
    #expect(host.played.count == 2)
    #expect(!host.played.contains { $0.contains("present") })
    #expect(host.played.last == "setStack TestFlow<Root> [root.root, a, b] (animated)")
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func changesDuringADismissalAreTheStacksThenOnePresentationEachOnlyTheLastAnimated() {
    let root = makeThreeLevelTree()
    let host = SimulatedHost(root: root.container, ticksPerTransition: 1)
    // Two layers go, the root's stack changes, two layers come, while the host is busy.
    let first = TestFlow<Extra>("first")
    let second = TestFlow<Top>("second")
    root.container.dismissPresented(animated: false)
    root.container.push(TestScreen("c"), animated: false)
    root.container.present(first.container, animated: false)
    first.container.present(second.container)
    host.tickUntilIdle()
    #expect(
      host.played == [
        // The dismissal was the whole change when it began; what came during it is coalesced.
        "dismiss above TestFlow<Root> (animated)",
        "setStack TestFlow<Root> [root.a, root.b, c]",
        "present TestFlow<Extra> as sheet over TestFlow<Root>",
        "present TestFlow<Top> as sheet over TestFlow<Extra> (animated)",
      ])
    #expect(host.violations.isEmpty)
    #expect(host.scene == root.container.hostScene)
  }

  @Test func aModalOfAHiddenTabWaitsUntilItsTabIsSelected() {
    let tabs = TabsFlow()
    let first = TestFlow<Root>("first")
    let second = TestFlow<Middle>("second")
    tabs.container.setTabs([first.container, second.container])
    let host = SimulatedHost(root: tabs.container, ticksPerTransition: 1)
    let modal = TestFlow<Top>("modal")
    second.container.present(modal.container)
    host.tickUntilIdle()
    #expect(host.played.isEmpty)
    tabs.container.select(1)
    host.tickUntilIdle()
    #expect(
      host.played == [
        "setTabs TabsFlow [TestFlow<Root>, TestFlow<Middle>] selected 1",
        "present TestFlow<Top> as sheet over TestFlow<Middle> (animated)",
      ])
    #expect(host.violations.isEmpty)
    #expect(host.scene == tabs.container.hostScene)
  }

  @Test func aBackSwipeDuringATransitionReachesTheTreeAndAStaleOneIsDroppedQuietly() {
    let root = TestFlow<Root>("root", screens: ["a", "b", "c"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    let sheet = TestFlow<Middle>("sheet")
    root.container.present(sheet.container)
    #expect(host.isBusy)
    // The user pops the root's stack, which the host shows, while the sheet slides in.
    host.userPops(root.container, toIndex: 1)
    #expect(root.container.stackDescription == ["root.a", "root.b"])
    // A pop of a stack the tree has since popped is stale.
    let diagnostics = withRecordedDiagnostics {
      host.userPops(root.container, toIndex: 2)
    }
    #expect(diagnostics.isEmpty)
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aUserPopOfTheStackATransitionIsPushingIsStillShownWhenTheTransitionEnds() {
    let root = TestFlow<Root>("root", screens: ["a"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    root.container.push(contentsOf: [TestScreen("b"), TestScreen("c")])
    #expect(host.isBusy)
    // The user pops the stack the host is pushing: the push ends showing the pop.
    host.userPops(root.container, toIndex: 0)
    #expect(root.container.names == ["root.a"])
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.scene == host.driver.shown)
    #expect(host.violations.isEmpty)
  }

  @Test func aUserCloseOfTheLayerAPresentationGoesOverTakesThatPresentationAwayToo() {
    let root = TestFlow<Root>("root")
    let sheet = TestFlow<Middle>("sheet")
    let top = TestFlow<Top>("top")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    root.container.present(sheet.container)
    host.tickUntilIdle()
    sheet.container.present(top.container)
    #expect(host.isBusy)
    // The user pulls the sheet down while the top slides in over it.
    host.userDismisses(sheet.container)
    #expect(root.container.presented == nil)
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.scene == host.driver.shown)
    #expect(host.violations.isEmpty)
  }

  @Test func aUserTabSelectionWhileATabsModalSlidesInTakesThatModalAwayToo() {
    let tabs = TabsFlow()
    let first = TestFlow<Root>("first")
    let second = TestFlow<Middle>("second")
    tabs.container.setTabs([first.container, second.container])
    let host = SimulatedHost(root: tabs.container, ticksPerTransition: 2)
    let modal = TestFlow<Top>("modal")
    first.container.present(modal.container)
    #expect(host.isBusy)
    // The user selects the other tab while the first tab's modal slides in over the bar.
    host.userSelectsTab(tabs.container, index: 1)
    #expect(host.scene == host.driver.shown)
    host.tickUntilIdle()
    #expect(host.scene == host.driver.shown)
    #expect(host.scene == tabs.container.hostScene)
    #expect(host.scene.layers.count == 1)
    #expect(host.violations.isEmpty)
  }

  @Test func aStalePopLeavesTheHostShowingItsOwnStackUntilTheDriverSetsTheTrees() {
    let root = TestFlow<Root>("root", screens: ["a", "b", "c"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    _ = root.container.pop()
    #expect(host.isBusy)
    // The user pops the host's stack to where the tree already is: the tree hears nothing, and
    // the host shows its own two screens, not the tree's, until the transition sets them.
    host.userPops(root.container, toIndex: 1)
    #expect(host.scene == host.driver.shown)
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aFlowIsReleasedWhenItsLayerGoesWhileTheHostStillAnimatesIt() {
    let root = TestFlow<Root>("root")
    weak let released: TestFlow<Middle>?
    do {
      let sheet = TestFlow<Middle>("sheet")
      released = sheet
      root.container.present(sheet.container)
    }
    let host = SimulatedHost(root: root.container, ticksPerTransition: 5)
    root.container.dismissPresented()
    #expect(host.isBusy)
    #expect(released == nil)
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
  }

  @Test func aSplitsColumnsAreReleasedWithItsLayerWhileTheHostStillPresentsTheSplit() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 5)
    weak let split: ListDetailFlow?
    weak let list: TestFlow<Middle>?
    weak let note: TestFlow<Top>?
    do {
      let made = ListDetailFlow()
      let primary = TestFlow<Middle>("list")
      let detail = TestFlow<Top>("note")
      made.container.setPrimary(primary.container)
      made.container.showDetail(detail.container)
      root.container.present(made.container)
      (split, list, note) = (made, primary, detail)
    }
    // The host holds the split's container while it plays its presentation.
    #expect(host.driver.transitionInProgress != nil)
    root.container.dismissPresented()
    #expect(split == nil)
    #expect(list == nil)
    #expect(note == nil)
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aPresentationShowsTheLayerAsItWasWhenItBeganAsTheDriverThinksItDoes() {
    let root = TestFlow<Root>("root")
    let split = ListDetailFlow()
    let list = TestFlow<Middle>("list")
    split.container.setPrimary(list.container)
    let host = SimulatedHost(root: root.container, ticksPerTransition: 1)
    root.container.present(split.container)
    // The detail comes while the split slides in: the presentation ends without it.
    let note = TestFlow<Top>("note")
    split.container.showDetail(note.container)
    host.tick()
    #expect(host.scene == host.driver.shown)
    #expect(
      host.played.last == "setColumns ListDetailFlow [TestFlow<Middle>, TestFlow<Top>] (animated)")
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aTabBarThatLeftItsTreeReleasesItsTabsAndCanStillBeRead() {
    let root = TestFlow<Root>("root")
    let bar = TabsFlow()
    weak let first: TestFlow<Middle>?
    do {
      let tab = TestFlow<Middle>("first")
      let second = TestFlow<Top>("second")
      first = tab
      bar.container.setTabs([tab.container, second.container])
    }
    #expect(first != nil)
    root.container.present(bar.container)
    // The host, like the bar's flow here, may hold the bar after it leaves the tree.
    root.container.dismissPresented()
    #expect(first == nil)
    #expect(bar.container.tabs.isEmpty)
    #expect(bar.container.selectedIndex == nil)
    #expect(bar.container.hostScene.layers.count == 1)
  }

  @Test func theHostKeepsAContainerAliveWhileItShowsItButNotItsFlow() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    weak let sheet: TestFlow<Middle>?
    weak let container: ContainerNode?
    do {
      let made = TestFlow<Middle>("sheet")
      (sheet, container) = (made, made.container)
      root.container.present(made.container)
    }
    host.tickUntilIdle()
    root.container.push(TestScreen("next"))
    // The sheet goes while the host pushes on the root: it still shows the sheet's container.
    root.container.dismissPresented()
    #expect(sheet == nil)
    #expect(container != nil)
    host.tickUntilIdle()
    #expect(container == nil)
    #expect(host.scene == root.container.hostScene)
  }

  @Test func aSplitsDetailIsOneColumnsTransitionAndItsWidthIsTheHosts() {
    let split = ListDetailFlow()
    let list = TestFlow<Root>("list")
    split.container.setPrimary(list.container)
    let host = SimulatedHost(root: split.container, ticksPerTransition: 1)
    let note = TestFlow<Middle>("note")
    split.container.showDetail(note.container)
    host.tickUntilIdle()
    #expect(
      host.played == ["setColumns ListDetailFlow [TestFlow<Root>, TestFlow<Middle>] (animated)"])
    host.widthChanges(split.container, to: .compact)
    #expect(split.container.width == .compact)
    host.tickUntilIdle()
    // The host collapsed the columns itself: nothing more to play.
    #expect(host.played.count == 1)
    #expect(host.scene == split.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aUserPopOfACollapsedSplitPopsItsColumnsAsTheHostShowsThem() {
    let (split, list, note, host) = makeCollapsedSplit()
    // Above the seam: the detail pops.
    host.userPops(split.container, toIndex: 3)
    #expect(note.container.stackDescription == ["note.n1"])
    #expect(host.scene == host.driver.shown)
    #expect(host.scene == split.container.hostScene)
    // Below the seam: the detail closes, and the primary pops.
    host.userPops(split.container, toIndex: 1)
    #expect(split.container.detail == nil)
    #expect(list.container.stackDescription == ["list.l1", "list.l2"])
    #expect(host.scene == host.driver.shown)
    #expect(host.scene == split.container.hostScene)
    host.tickUntilIdle()
    #expect(host.played.isEmpty)
    #expect(host.violations.isEmpty)
  }

  @Test func aUserPopOfACollapsedSplitDuringAColumnsPushIsStillShownWhenThePushEnds() {
    let (split, list, note, host) = makeCollapsedSplit()
    // Above the seam, while the detail's push plays.
    note.container.push(TestScreen("n3"))
    #expect(host.isBusy)
    host.userPops(split.container, toIndex: 3)
    #expect(note.container.stackDescription == ["note.n1"])
    #expect(host.scene == host.driver.shown)
    host.tickUntilIdle()
    #expect(host.scene == host.driver.shown)
    #expect(host.scene == split.container.hostScene)
    // Below the seam, while the primary's push plays.
    list.container.push(TestScreen("l4"))
    #expect(host.isBusy)
    host.userPops(split.container, toIndex: 1)
    #expect(split.container.detail == nil)
    #expect(list.container.stackDescription == ["list.l1", "list.l2"])
    #expect(host.scene == host.driver.shown)
    host.tickUntilIdle()
    #expect(host.scene == host.driver.shown)
    #expect(host.scene == split.container.hostScene)
    #expect(host.driver.isIdle)
    #expect(host.violations.isEmpty)
  }

  /// A compact split, idle in its host: the primary `list` (`l1` to `l3`), then the detail
  /// `note` (`n1`, `n2`), one collapsed stack of five screens.
  private func makeCollapsedSplit() -> (
    ListDetailFlow, TestFlow<Root>, TestFlow<Middle>, SimulatedHost
  ) {
    let split = ListDetailFlow()
    let list = TestFlow<Root>("list", screens: ["l1", "l2", "l3"])
    let note = TestFlow<Middle>("note", screens: ["n1", "n2"])
    split.container.setPrimary(list.container)
    split.container.showDetail(note.container)
    let host = SimulatedHost(root: split.container, ticksPerTransition: 2)
    host.widthChanges(split.container, to: .compact)
    host.tickUntilIdle()
    #expect(split.container.collapsedCount == 5)
    #expect(host.scene == split.container.hostScene)
    return (split, list, note, host)
  }

  @Test func anInteractivePopBegunAndCommittedPopsTheTreeAndPlaysNothing() {
    let root = TestFlow<Root>("root", screens: ["a", "b", "c"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    let recorder = NavigationRecorder(root.container)
    host.userBeginsInteractivePop(root.container)
    #expect(host.isDragging)
    host.userCommitsInteractivePop()
    #expect(root.container.stackDescription == ["root.a", "root.b"])
    #expect(
      recorder.descriptions == [
        "TestFlow<Root>@0 interactivePopBegan (user, animated)",
        "TestFlow<Root>@0 pop +0 -1 (user)",
      ])
    host.tickUntilIdle()
    #expect(host.played.isEmpty)
    #expect(host.scene == root.container.hostScene)
    #expect(host.driver.isIdle)
    #expect(host.violations.isEmpty)
  }

  @Test func anInteractivePopBegunAndCancelledChangesNothing() {
    let root = TestFlow<Root>("root", screens: ["a", "b", "c"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    let before = root.container.hostScene
    host.userBeginsInteractivePop(root.container)
    #expect(!host.driver.isIdle)
    host.userCancelsInteractivePop()
    #expect(root.container.stackDescription == ["root.a", "root.b", "root.c"])
    #expect(root.container.hostScene == before)
    host.tickUntilIdle()
    #expect(host.played.isEmpty)
    #expect(host.scene == before)
    #expect(host.driver.isIdle)
    #expect(host.violations.isEmpty)
  }

  @Test func aCommitAfterTheTreePoppedDuringTheGestureIsDroppedQuietly() {
    let root = TestFlow<Root>("root", screens: ["a", "b", "c"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    host.userBeginsInteractivePop(root.container)
    // The program pops while the user drags: the host plays nothing during the gesture.
    root.container.pop()
    #expect(!host.isBusy)
    let diagnostics = withRecordedDiagnostics {
      host.userCommitsInteractivePop()
    }
    #expect(diagnostics.isEmpty)
    // The tree popped once, by the program; the stale commit popped nothing more.
    #expect(root.container.stackDescription == ["root.a", "root.b"])
    // The host shows its own two screens, not the tree's, as the driver thinks it does.
    #expect(host.scene == host.driver.shown)
    #expect(host.scene != root.container.hostScene)
    host.tickUntilIdle()
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aTreeChangeDuringTheGestureWaitsForItsEndAndMakesTheCommitStale() {
    let root = TestFlow<Root>("root", screens: ["a", "b"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    let recorder = NavigationRecorder(root.container)
    host.userBeginsInteractivePop(root.container)
    root.container.push(TestScreen("c"))
    let sheet = TestFlow<Middle>("sheet")
    root.container.present(sheet.container)
    host.tick()
    #expect(host.played.isEmpty)
    let diagnostics = withRecordedDiagnostics {
      host.userCommitsInteractivePop()
    }
    #expect(diagnostics.isEmpty)
    // The push stays: the user dragged away a screen the tree no longer had on top.
    #expect(root.container.stackDescription == ["root.a", "root.b", "c"])
    #expect(
      recorder.descriptions.last == "TestFlow<Root>@0 interactivePopCancelled (user, animated)")
    host.tickUntilIdle()
    #expect(
      host.played == [
        "setStack TestFlow<Root> [root.a, root.b, c]",
        "present TestFlow<Middle> as sheet over TestFlow<Root> (animated)",
      ])
    #expect(host.scene == root.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aGestureDuringATransitionElsewhereReachesTheTreeAndHoldsTheNextTransition() {
    let tabs = TabsFlow()
    let first = TestFlow<Root>("first", screens: ["a", "b"])
    let second = TestFlow<Middle>("second")
    tabs.container.setTabs([first.container, second.container])
    let host = SimulatedHost(root: tabs.container, ticksPerTransition: 2)
    // The hidden tab's stack changes: a transition the user does not see.
    second.container.push(TestScreen("hidden"))
    #expect(host.isBusy)
    // Not on the stack that transition changes, nor on a hidden one.
    #expect(!host.canBeginInteractivePop(second.container))
    host.userBeginsInteractivePop(first.container)
    #expect(host.isDragging)
    #expect(first.container.stackDescription == ["first.a", "first.b"])
    first.container.push(TestScreen("c"))
    host.tickUntilIdle()
    // The transition under way ended; the push waits for the gesture's end.
    #expect(host.played.count == 1)
    host.userCancelsInteractivePop()
    host.tickUntilIdle()
    #expect(host.played.last == "setStack TestFlow<Root> [first.a, first.b, c] (animated)")
    #expect(host.scene == tabs.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aGestureBegunWhileTheHostLagsBehindTheTreeIsNotHeardAndItsCommitIsDropped() {
    let tabs = TabsFlow()
    let first = TestFlow<Root>("first", screens: ["a", "b"])
    let second = TestFlow<Middle>("second")
    tabs.container.setTabs([first.container, second.container])
    let host = SimulatedHost(root: tabs.container, ticksPerTransition: 2)
    second.container.push(TestScreen("hidden"))
    // The host has not shown this push yet when the user begins to drag.
    first.container.push(TestScreen("c"))
    let recorder = NavigationRecorder(tabs.container)
    host.userBeginsInteractivePop(first.container)
    let diagnostics = withRecordedDiagnostics {
      host.userCommitsInteractivePop()
    }
    #expect(diagnostics.isEmpty)
    #expect(recorder.events.isEmpty)
    #expect(first.container.stackDescription == ["first.a", "first.b", "c"])
    host.tickUntilIdle()
    #expect(host.scene == tabs.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aGestureUIKitWouldNotBeginIsAViolationOfTheSimulatedHost() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    host.userBeginsInteractivePop(root.container)
    host.userCommitsInteractivePop()
    #expect(
      host.violations == [
        "userBeginsInteractivePop(TestFlow<Root>): its stack has no screen to pop",
        "userCommitsInteractivePop(): no interactive pop is under way",
      ])
    #expect(root.container.stackDescription == ["root.root"])
  }

  @Test func aPresentationOverALayerBelowTheTopmostIsAViolationOfTheSimulatedHost() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 0)
    let sheet = TestFlow<Middle>("sheet")
    root.container.present(sheet.container)
    #expect(host.scene.layers.count == 2)
    // The root presents already: UIKit presents only from the topmost layer.
    let other = TestFlow<Top>("other")
    let transition = HostTransition.present(
      other.container, style: .sheet, over: root.container, animated: true)
    host.begin(transition)
    #expect(host.violations == ["\(transition): the presenter is not in the topmost layer"])
  }

  @Test func aDismissalAboveTheTopmostLayerIsAViolationOfTheSimulatedHost() {
    let root = TestFlow<Root>("root")
    let host = SimulatedHost(root: root.container, ticksPerTransition: 0)
    let sheet = TestFlow<Middle>("sheet")
    root.container.present(sheet.container)
    #expect(host.violations.isEmpty)
    // The sheet presents nothing: there is nothing above it to dismiss.
    let transition = HostTransition.dismiss(above: sheet.container, animated: true)
    host.begin(transition)
    #expect(host.violations == ["\(transition): nothing is presented above it"])
    #expect(host.scene.layers.count == 2)
  }

  @Test func userActionsOnContainersOfAnotherTreeAreDropped() {
    let root = TestFlow<Root>("root", screens: ["a", "b"])
    let host = SimulatedHost(root: root.container, ticksPerTransition: 2)
    let stranger = TestFlow<Middle>("stranger", screens: ["a", "b", "c"])
    let sheet = TestFlow<Top>("sheet")
    stranger.container.present(sheet.container)
    let split = ListDetailFlow()
    let bar = TabsFlow()
    let tabs = [TestFlow<Extra>("first"), TestFlow<Extra>("second")]
    bar.container.setTabs(tabs.map(\.container))
    let diagnostics = withRecordedDiagnostics {
      host.driver.handle(.userPopped(toIndex: 0), on: stranger.container)
      host.driver.handle(.userDismissed, on: sheet.container)
      host.driver.handle(.widthChanged(.compact), on: split.container)
      host.driver.handle(.userSelectedTab(index: 1), on: bar.container)
      host.driver.handle(.interactivePopBegan, on: stranger.container)
      host.driver.handle(.interactivePopCommitted, on: stranger.container)
    }
    #expect(diagnostics.isEmpty)
    #expect(stranger.container.names == ["stranger.a", "stranger.b", "stranger.c"])
    #expect(stranger.container.presented === sheet.container)
    #expect(split.container.width == .regular)
    #expect(bar.container.selectedIndex == 0)
    #expect(host.driver.shown == root.container.hostScene)
    #expect(host.driver.isIdle)
  }

  @Test func aTransitionThatPlaysDoesNotKeepAReleasedAppAlive() {
    weak let app: TestFlow<Root>?
    weak let sheet: TestFlow<Middle>?
    let host: HandHost
    do {
      let root = TestFlow<Root>("root")
      host = HandHost(root: root.container, finishesInsidePlay: false)
      let made = TestFlow<Middle>("sheet")
      root.container.present(made.container)
      (app, sheet) = (root, made)
    }
    // The host plays the presentation still; the app let its root go.
    #expect(host.isHolding)
    #expect(app == nil)
    #expect(sheet == nil)
    host.finish()
    #expect(host.driver?.isIdle == true)
  }

  @Test func aContainerAUserActionChangedIsComparedAgainThoughTheTreeSaidNothingOfIt() {
    let (split, list, _, host) = makeCollapsedSplit()
    let next = TestFlow<Extra>("next")
    split.container.showDetail(next.container)
    // The columns' transition plays; the list pops to its root meanwhile.
    #expect(host.isBusy)
    list.container.pop(toIndex: 0)
    // The user pops the collapsed stack as the host shows it, below the seam: the host closes
    // the detail it shows, but the tree's collapsed stack has no screen above that position,
    // so the tree hears nothing.
    host.userPops(split.container, toIndex: 1)
    #expect(split.container.detail === next.container)
    #expect(host.scene == host.driver.shown)
    host.tickUntilIdle()
    // The driver shows the detail again: the split the user changed was compared again.
    #expect(host.scene == split.container.hostScene)
    #expect(host.driver.isIdle)
    #expect(host.violations.isEmpty)
  }

  @Test func aTabReleasedWhileItsChangeWaitsGoesWithItsBarsTransition() {
    let bar = TabsFlow()
    let first = TestFlow<Root>("first")
    weak let second: TestFlow<Middle>?
    let host: HandHost
    do {
      let made = TestFlow<Middle>("second")
      second = made
      bar.container.setTabs([first.container, made.container])
      host = HandHost(root: bar.container, finishesInsidePlay: false)
      // A push holds the host; the second tab's push waits behind it.
      first.container.push(TestScreen("a"))
      made.container.push(TestScreen("b"))
    }
    // The second tab goes, and nothing keeps it: the host, which holds nothing, still shows it.
    // The change that released it named the bar, so the bar is compared in the same look as
    // the released tab, whatever their order: the tab's push is never played.
    bar.container.setTabs([first.container])
    #expect(second == nil)
    host.drain()
    #expect(
      host.transitions == [
        "setStack TestFlow<Root> [first.root, a] (animated)",
        "setTabs TabsFlow [TestFlow<Root>] selected 0 (animated)",
      ])
    #expect(host.driver?.shown == bar.container.hostScene)
  }

  @Test func aSceneStackPoppedToItsCountOrBeyondStaysAsItIs() {
    var content = HostScene.Content.stack(count: 3, revision: 7)
    content.pop(toIndex: 3)
    #expect(content == .stack(count: 3, revision: 7))
    content.pop(toIndex: -1)
    #expect(content == .stack(count: 3, revision: 7))
    content.pop(toIndex: 2)
    #expect(content == .stack(count: 3, revision: 7))
    content.pop(toIndex: 0)
    #expect(content == .stack(count: 1, revision: 7))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomChangesAndUserActionsLeaveTheHostWhereTheTreeIsWithNoRuleBroken(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let counts = LiveCounts()
    let tabs = TabsFlow()
    let first = ModelFlow(counts: counts)
    let second = ModelFlow(counts: counts)
    tabs.container.setTabs([first.container, second.container])
    let host = SimulatedHost(root: tabs.container, ticksPerTransition: 2)
    for step in 0..<100_000 {
      let top = tabs.container.topmost
      switch generator.next() % 12 {
      case 0:
        if top.count < 6 {
          (top as? StackContainer<ModelScreen>)?.push(ModelScreen(step, counts: counts))
        }
      case 1, 2:
        if top.count > 1 { (top as? StackContainer<ModelScreen>)?.pop() }
      case 3:
        if top.depth < 6 {
          let flow = ModelFlow(counts: counts)
          top.present(flow.container)
        }
      case 4:
        if top.presenter != nil { top.dismiss() }
      case 5:
        tabs.container.select(Int(generator.next() % 2))
      case 6:
        // The user pops what the host shows on top.
        if !host.isDragging, let layer = host.scene.layers.last, let pane = layer.panes.last,
          case .stack(let count, _) = pane.content, count > 1,
          let node = nodeOnScreen(pane.container, from: tabs.container)
        {
          host.userPops(node, toIndex: count - 2)
        }
      case 7:
        if !host.isDragging, host.scene.layers.count > 1, let layer = host.scene.layers.last,
          let node = nodeOnScreen(layer.container, from: tabs.container)
        {
          host.userDismisses(node)
        }
      case 8:
        // The user begins to drag a stack of the top layer, if UIKit would let them.
        if let layer = host.scene.layers.last,
          let pane = layer.panes.randomElement(using: &generator),
          let node = nodeOnScreen(pane.container, from: tabs.container),
          host.canBeginInteractivePop(node)
        {
          host.userBeginsInteractivePop(node)
        }
      case 9:
        if host.isDragging {
          if generator.next() % 2 == 0 {
            host.userCommitsInteractivePop()
          } else {
            host.userCancelsInteractivePop()
          }
        }
      default:
        host.tick()
      }
      if host.scene != host.driver.shown {
        Issue.record("step \(step): the host does not show what the driver thinks")
        break
      }
      // Whenever the driver has nothing to ask, the host shows the tree.
      if !host.isBusy, !host.isDragging, host.driver.isIdle,
        host.scene != tabs.container.hostScene
      {
        Issue.record("step \(step): the driver is idle, but the host does not show the tree")
        break
      }
    }
    if host.isDragging { host.userCancelsInteractivePop() }
    host.tickUntilIdle()
    #expect(host.violations.isEmpty, "\(host.violations.prefix(3))")
    let showsTheTree = host.scene == tabs.container.hostScene
    #expect(showsTheTree, "the host does not show the tree")
    #expect(host.driver.isIdle)
    // Every flow that left the tree was released: the tabs, and the chain each shows.
    let chains = tabs.container.tabs.map { $0.layersToTop.count }.reduce(0, +)
    #expect(counts.flows == chains)
  }

  /// The container of `id` in `root`'s tree, if it is still there.
  private func nodeOnScreen(_ id: ObjectIdentifier, from root: ContainerNode) -> ContainerNode? {
    var left = [root]
    while let node = left.popLast() {
      if ObjectIdentifier(node) == id { return node }
      if let presented = node.presented { left.append(presented) }
      if let bar = node as? TabContainer { left += bar.tabs }
    }
    return nil
  }
}

/// The driver under links: a link's plan is one change, played as the fewest transitions.
@MainActor
struct HostDriverLinkTests {
  @Test func aLinkAcrossLayersIsOneDismissalOneStackChangeAndOneAnimatedTransition() async {
    let linked = LinkedApp()
    _ = await linked.open("notes://settings/account")
    linked.app.container.push(.note(1))
    let host = SimulatedHost(root: linked.app.container, ticksPerTransition: 2)
    host.tickUntilIdle()
    #expect(await linked.open("notes://note/2").summary == "applied")
    host.tickUntilIdle()
    #expect(
      host.played == [
        "dismiss above AppFlow",
        "setStack AppFlow [library, note(2)] (animated)",
      ])
    #expect(host.violations.isEmpty)
    #expect(host.scene == linked.app.container.hostScene)
  }

  @Test func aLinkResumedAfterSignInIsAppliedNotInterferedWithByTheDriver() async {
    let linked = LinkedApp(signedIn: false)
    let host = SimulatedHost(root: linked.app.container, ticksPerTransition: 0)
    #expect(await linked.open("notes://note/2/edit").summary == "held(guardRequired(signed-in))")
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    // The driver looks at the tree after the plan's change; that changes nothing of the tree.
    #expect(linked.log.entries == ["resumed notes://note/2/edit: applied"])
    #expect(host.scene == linked.app.container.hostScene)
    #expect(host.violations.isEmpty)
  }

  @Test func aLinkAppliedWhileATransitionPlaysIsCoalescedWithIt() async {
    let linked = LinkedApp()
    let host = SimulatedHost(root: linked.app.container, ticksPerTransition: 3)
    linked.app.container.push(.note(1))
    #expect(host.isBusy)
    #expect(await linked.open("notes://note/2/edit").summary != "")
    host.tickUntilIdle()
    #expect(host.violations.isEmpty)
    #expect(host.scene == linked.app.container.hostScene)
    #expect(host.played.filter { $0.hasSuffix(" (animated)") }.count <= 2)
  }
}
