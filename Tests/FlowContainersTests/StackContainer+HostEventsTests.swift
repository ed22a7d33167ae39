import FlowContainers
import FlowContainersTesting
import Testing

@MainActor
struct HostEventTests {
  @Test func aHostReportedPopReleasesExactlyThePoppedScreens() {
    let journal = Journal()
    let flow = TestFlow<Root>("flow", screens: ["a", "b", "c", "d"], journal: journal)
    flow.container.handle(.userPopped(toIndex: 1))
    #expect(flow.container.names == ["flow.a", "flow.b"])
    #expect(Set(journal.entries) == ["deinit screen flow.c", "deinit screen flow.d"])
  }

  @Test func aHostReportedPopNamingAScreenThatIsNotThereIsReported() {
    let flow = TestFlow<Root>("flow", screens: ["a", "b"])
    expectMisuse(.screenNotFound, leavesUnchanged: flow.container) {
      flow.container.handle(.userPopped(toIndex: 2))
    }
    expectMisuse(.screenNotFound, leavesUnchanged: flow.container) {
      flow.container.handle(.userPopped(toIndex: -1))
    }
  }

  @Test func aCommittedInteractivePopRemovesTheTopScreen() {
    let journal = Journal()
    let flow = TestFlow<Root>("flow", screens: ["a", "b"], journal: journal)
    let recorder = NavigationRecorder(flow.container)
    flow.container.handle(.interactivePopBegan)
    #expect(flow.container.count == 2)
    flow.container.handle(.interactivePopCommitted)
    #expect(flow.container.names == ["flow.a"])
    #expect(journal.entries == ["deinit screen flow.b"])
    recorder.expectDescriptions([
      "TestFlow<Root>@0 interactivePopBegan (user, animated)",
      "TestFlow<Root>@0 pop +0 -1 (user)",
    ])
  }

  @Test func aCancelledInteractivePopChangesNothing() {
    let journal = Journal()
    let flow = TestFlow<Root>("flow", screens: ["a", "b"], journal: journal)
    var changes: [StackChange<TestScreen>] = []
    let token = flow.container.observeChanges { changes.append($0) }
    let recorder = NavigationRecorder(flow.container)
    flow.container.handle(.interactivePopBegan)
    flow.container.handle(.interactivePopCancelled)
    #expect(flow.container.names == ["flow.a", "flow.b"])
    #expect(changes.isEmpty)
    #expect(journal.entries.isEmpty)
    // Observers hear the gesture end, so a host mirror can settle its drag state.
    recorder.expectDescriptions([
      "TestFlow<Root>@0 interactivePopBegan (user, animated)",
      "TestFlow<Root>@0 interactivePopCancelled (user, animated)",
    ])
    token.cancel()
  }

  @Test func interactivePopEventsOutOfOrderAreReported() {
    let flow = TestFlow<Root>("flow", screens: ["a", "b"])
    expectMisuse(.interactivePop, leavesUnchanged: flow.container) {
      flow.container.handle(.interactivePopCommitted)
    }
    expectMisuse(.interactivePop, leavesUnchanged: flow.container) {
      flow.container.handle(.interactivePopCancelled)
    }
    flow.container.handle(.interactivePopBegan)
    expectMisuse(.interactivePop, leavesUnchanged: flow.container) {
      flow.container.handle(.interactivePopBegan)
    }
    let rootOnly = TestFlow<Root>("rootOnly")
    expectMisuse(.interactivePop, leavesUnchanged: rootOnly.container) {
      rootOnly.container.handle(.interactivePopBegan)
    }
  }

  @Test func aCommitAfterTheProgramChangedTheStackMidGestureIsIgnoredAndReported() {
    let flow = TestFlow<Root>("flow", screens: ["a", "b"])
    flow.container.handle(.interactivePopBegan)
    flow.container.push(TestScreen("flow.c"))
    expectMisuse(.interactivePop, leavesUnchanged: flow.container) {
      flow.container.handle(.interactivePopCommitted)
    }
    #expect(flow.container.names == ["flow.a", "flow.b", "flow.c"])
  }

  @Test func aCommitAfterTheProgramChangedTheStackMidGestureNamesTheProgram() {
    let flow = TestFlow<Root>("flow", screens: ["a", "b"])
    flow.container.handle(.interactivePopBegan)
    flow.container.push(TestScreen("flow.c"))
    let reported = withRecordedDiagnostics { flow.container.handle(.interactivePopCommitted) }
    #expect(reported.map(\.code) == [.interactivePop])
    #expect(reported.first?.message.contains("the program changed") == true)
  }

  @Test func aCommitAfterTheHostPoppedMidGestureNamesTheHostNotTheProgram() {
    let flow = TestFlow<Root>("flow", screens: ["a", "b", "c"])
    flow.container.handle(.interactivePopBegan)
    flow.container.handle(.userPopped(toIndex: 1))
    let reported = withRecordedDiagnostics { flow.container.handle(.interactivePopCommitted) }
    #expect(reported.map(\.code) == [.interactivePop])
    let message = reported.first?.message ?? ""
    #expect(message.contains("the host reported userPopped"), "\(message)")
    #expect(!message.contains("the program"), "\(message)")
    #expect(flow.container.names == ["flow.a", "flow.b"])
  }

  @Test func theUserClosingTheMiddleOfThreeLayersReleasesItAndTheTop() {
    let leaks = LeakTracker()
    let root = TestFlow<Root>("root")
    do {
      let middle = TestFlow<Middle>("middle")
      let top = TestFlow<Top>("top")
      leaks.track(flow: middle, container: middle.container)
      leaks.track(flow: top, container: top.container)
      root.container.present(middle.container)
      middle.container.present(top.container)
    }
    root.container.presented?.handle(.userDismissed)
    leaks.expectAllReleased()
    #expect(leaks.liveCount == 0)
  }
}
