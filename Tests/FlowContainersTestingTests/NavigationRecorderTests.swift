import FlowContainers
import FlowContainersTesting
import Testing

@MainActor
private final class RecordedFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }
}

@MainActor
struct NavigationRecorderTests {
  @Test func checkingTheDescriptionsKeepsTheEventsRecorded() {
    let flow = RecordedFlow()
    let recorder = NavigationRecorder(flow.container)
    flow.container.push("a")
    recorder.expectDescriptions(["RecordedFlow@0 push +1 -0 (program, animated)"])
    #expect(recorder.events.count == 1)
    flow.container.push("b")
    recorder.expectDescriptions([
      "RecordedFlow@0 push +1 -0 (program, animated)",
      "RecordedFlow@0 push +1 -0 (program, animated)",
    ])
  }

  @Test func clearingForgetsTheEventsSoTheNextCheckStartsFresh() {
    let flow = RecordedFlow()
    let recorder = NavigationRecorder(flow.container)
    flow.container.push("a")
    recorder.clear()
    flow.container.pop()
    recorder.expectDescriptions(["RecordedFlow@0 pop +0 -1 (program, animated)"])
  }
}
