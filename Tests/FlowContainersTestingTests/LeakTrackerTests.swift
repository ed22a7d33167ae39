import FlowContainers
import FlowContainersTesting
import Testing

@MainActor
private final class Flow {
  let container = StackContainer<Screen>(root: Screen())
  var strongDelegate: AnyObject?
  init() { container.owner = self }
}

@MainActor
private final class Screen {}

@MainActor
private final class Bar {
  let container = TabContainer()
  init() { container.owner = self }
}

@MainActor
private final class Split {
  let container = SplitContainer()
  var strongDelegate: AnyObject?
  init() { container.owner = self }
}

@MainActor
struct LeakTrackerTests {
  @Test func aSplitAndBothItsColumnsAreTrackedAndReleasedWithIt() {
    let leaks = LeakTracker()
    do {
      let split = Split()
      let list = Flow()
      let note = Flow()
      split.container.setPrimary(list.container)
      split.container.showDetail(note.container)
      leaks.track(flow: split, container: split.container)
    }
    #expect(leaks.liveCount == 0)
    leaks.expectAllReleased()
  }

  @Test func aSplitKeptAliveByItsDetailsStrongDelegateNamesTheDetailColumn() {
    let leaks = LeakTracker()
    weak let detail: Flow?
    do {
      let split = Split()
      let list = Flow()
      let note = Flow()
      detail = note
      split.container.setPrimary(list.container)
      split.container.showDetail(note.container)
      note.strongDelegate = split  // the detail holds its split's flow: a cycle
      leaks.track(flow: split, container: split.container)
    }
    #expect(leaks.liveCount == 6)
    #expect(
      leaks.leaks.contains { $0.contains("is still the detail column of Split@0") })
    withKnownIssue {
      leaks.expectAllReleased()
    }
    detail?.strongDelegate = nil
    #expect(leaks.liveCount == 0)
  }

  @Test func aReleasedObjectPassesTheCheck() {
    let leaks = LeakTracker()
    do { leaks.track(Flow()) }
    #expect(leaks.liveCount == 0)
    #expect(leaks.leaks.isEmpty)
    leaks.expectAllReleased()
  }

  @Test func aLeakedFlowFailsTheCheckAndNamesWhatHoldsIt() {
    let leaks = LeakTracker()
    let parent = Flow()
    do {
      let child = Flow()
      child.strongDelegate = parent
      parent.strongDelegate = child  // a cycle the test forgets to break
      leaks.track(child, name: "ChildFlow")
    }
    #expect(leaks.liveCount == 1)
    #expect(
      leaks.leaks.first?.hasPrefix("ChildFlow leaked: its container is not presented (a root)")
        == true)
    withKnownIssue {
      leaks.expectAllReleased()
    }
    parent.strongDelegate = nil
  }

  @Test func aRootHeldByItsOwnOnEndClosureIsReportedWithThatEdge() {
    let leaks = LeakTracker()
    weak let leaked: Flow?
    do {
      let root = Flow()
      let child = Flow()
      leaks.track(root, name: "RootFlow")
      leaked = root
      // A strong `root` in onEnd: root → container → presentation's onEnd → root.
      root.container.present(child.container) { _ in root.strongDelegate = nil }
    }
    let message = leaks.leaks.first ?? ""
    #expect(message.hasPrefix("RootFlow leaked: its container is not presented (a root)"))
    #expect(message.contains("the onEnd closure of its presentation of Flow@1"))
    #expect(message.contains("capture [weak self]"))
    withKnownIssue { leaks.expectAllReleased() }
    // Ending the presentation drops the closure, and with it the cycle.
    leaked?.container.dismissPresented()
    #expect(leaks.liveCount == 0)
  }

  @Test func aFlowHeldByItsOwnObserverIsReportedWithThatEdge() {
    let leaks = LeakTracker()
    weak let leaked: Flow?
    do {
      let flow = Flow()
      leaks.track(flow)
      leaked = flow
      // The observer captures its own flow, which keeps the token: never released.
      flow.strongDelegate = flow.container.observeEvents { _ in _ = flow }
    }
    let message = leaks.leaks.first ?? ""
    #expect(message.contains("its container keeps 1 observer closure until the token"))
    #expect(!message.contains("onEnd"))
    withKnownIssue { leaks.expectAllReleased() }
    // Cancelling the token drops the closure, and with it the cycle.
    (leaked?.strongDelegate as? ObserverToken)?.cancel()
    #expect(leaks.liveCount == 0)
  }

  @Test func aLeakWithoutClosuresNamesNoClosureEdge() {
    let leaks = LeakTracker()
    let holder = Flow()
    do {
      let flow = Flow()
      holder.strongDelegate = flow
      leaks.track(flow)
    }
    let message = leaks.leaks.first ?? ""
    #expect(!message.contains("onEnd") && !message.contains("observer"))
    withKnownIssue { leaks.expectAllReleased() }
    holder.strongDelegate = nil
    #expect(leaks.liveCount == 0)
  }

  @Test func aFlowStillPresentedIsReportedWithThePresenterAndTheTree() {
    let leaks = LeakTracker()
    let root = Flow()
    do {
      let child = Flow()
      leaks.track(child)
      root.container.present(child.container)
    }
    let message = leaks.leaks.first ?? ""
    #expect(message.contains("its container is still presented by Flow@0"))
    #expect(message.contains("└─ Flow (sheet): ["))
    withKnownIssue { leaks.expectAllReleased() }
    root.container.dismissPresented()
    #expect(leaks.liveCount == 0)
  }

  @Test func aScreenStillOnALiveStackIsReportedWithItsIndex() {
    let leaks = LeakTracker()
    let flow = Flow()
    leaks.track(flow.container)
    let screen = Screen()
    flow.container.push(screen)
    leaks.track(screen, name: "Detail")
    #expect(
      leaks.leaks.contains {
        $0.hasPrefix("Detail leaked: it is still screen 1 on the stack of Flow@0")
      })
  }

  @Test func aDismissedFlowHeldFromOutsideIsReportedAsSuch() {
    let leaks = LeakTracker()
    let root = Flow()
    let child = Flow()
    leaks.track(child)
    root.container.present(child.container)
    root.container.dismissPresented()
    #expect(leaks.leaks.first?.contains("was dismissed, but something outside the tree") == true)
  }

  @Test func trackingAFlowTracksItsContainerAndScreenObjects() {
    let leaks = LeakTracker()
    do {
      let flow = Flow()
      flow.container.push(Screen())
      leaks.track(flow: flow, container: flow.container)
      #expect(leaks.liveCount == 4)
    }
    #expect(leaks.liveCount == 0)
  }
}

@MainActor
struct RecorderAndMisuseHelperTests {
  @Test func theRecorderFailsWhenEventsDiffer() {
    let flow = Flow()
    let recorder = NavigationRecorder(flow.container)
    flow.container.push(Screen())
    withKnownIssue {
      recorder.expectDescriptions(["something else"])
    }
    #expect(recorder.events.count == 1)
  }

  @Test func expectMisuseFailsWhenNothingIsReported() {
    let flow = Flow()
    withKnownIssue {
      expectMisuse(.popRoot, leavesUnchanged: flow.container) {}
    }
  }

  @Test func expectMisuseFailsWhenTheTreeChanges() {
    let flow = Flow()
    withKnownIssue {
      expectMisuse(.popRoot, leavesUnchanged: flow.container) {
        flow.container.push(Screen())
        flow.container.pop(toIndex: 5)
      }
    }
  }

  @Test func expectMisuseFailsWhenATabTheUserIsNotLookingAtChanges() {
    let bar = Bar()
    let first = Flow()
    let second = Flow()
    bar.container.setTabs([first.container, second.container])
    withKnownIssue {
      expectMisuse(.popRoot, leavesUnchanged: bar.container) {
        second.container.push(Screen())
        first.container.pop()
      }
    }
  }

  @Test func recordedDiagnosticsStayInTheirOwnTask() async {
    let container = StackContainer(root: 0)
    let outer = await withRecordedDiagnostics {
      await Task.yield()
      let inner = withRecordedDiagnostics { container.pop() }
      #expect(inner.map(\.code) == [.popRoot])
      container.pop(toIndex: 9)
    }
    #expect(outer.map(\.code) == [.screenNotFound])
  }
}
