import FlowContainers
import FlowContainersTesting
import Observation
import Testing

@_spi(Testing) @testable import FlowContainersCore

@MainActor
struct ObservingTests {
  @Test func aRootObserverSeesEveryEventInTheTreeWithWhereAndWhy() {
    let root = TestFlow<Root>("root")
    let recorder = NavigationRecorder(root.container)
    let middle = TestFlow<Middle>("middle")
    root.container.present(middle.container, animated: false)
    middle.container.push(TestScreen("m2"))
    middle.container.handle(.userPopped(toIndex: 0))
    middle.container.handle(.userDismissed)
    recorder.expectDescriptions([
      "TestFlow<Root>@0 present TestFlow<Middle> as sheet (program)",
      "TestFlow<Middle>@1 push +1 -0 (program, animated)",
      "TestFlow<Middle>@1 popTo(0) +0 -1 (user)",
      "TestFlow<Root>@0 end TestFlow<Middle> (dismissedByUser) (user)",
    ])
  }

  @Test func anObserverOnAPresentedContainerSeesOnlyItAndWhatIsAboveIt() {
    let root = makeThreeLevelTree()
    guard let middle = root.container.presented else {
      Issue.record("no middle layer")
      return
    }
    let recorder = NavigationRecorder(middle)
    (root.container as StackContainer<TestScreen>).push(TestScreen("root.c"))
    (middle.presented as? StackContainer<TestScreen>)?.pop()
    recorder.expectDescriptions(["TestFlow<Top>@2 pop +0 -1 (program, animated)"])
  }

  @Test func anObserverAddedBelowAnExistingChainSeesEventsFromAbove() {
    let root = makeThreeLevelTree()
    let top = root.container.topmost as? StackContainer<TestScreen>
    let recorder = NavigationRecorder(root.container)
    top?.pop()
    #expect(recorder.descriptions == ["TestFlow<Top>@2 pop +0 -1 (program, animated)"])
    recorder.stop()
    top?.pop()
    #expect(recorder.descriptions.count == 1)
  }

  @Test func aDismissedContainerNoLongerReportsToItsFormerPresentersObservers() {
    let root = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle")
    root.container.present(middle.container)
    let recorder = NavigationRecorder(root.container)
    let diagnostics = withRecordedDiagnostics {
      middle.container.dismiss()
      middle.container.push(TestScreen("late"))
    }
    #expect(diagnostics.map(\.code) == [.finishedContainer])
    #expect(
      recorder.descriptions == [
        "TestFlow<Root>@0 end TestFlow<Middle> (finished) (program, animated)"
      ])
  }

  @Test func cancellingOrReleasingATokenStopsDelivery() {
    let container = StackContainer(root: 0)
    var seen: [Int] = []
    var token: ObserverToken? = container.observeChanges { seen.append(contentsOf: $0.added) }
    container.push(1)
    token?.cancel()
    #expect(token?.isCancelled == true)
    container.push(2)
    token = container.observeChanges { seen.append(contentsOf: $0.added) }
    container.push(3)
    token = nil
    container.push(4)
    #expect(seen == [1, 3])
  }

  @Test func everyListenerHearsAChangeWhateverListenedBeforeIt() {
    let container = StackContainer(root: 0)
    var events = 0
    var changes: [Int] = []
    let eventToken = container.observeEvents { _ in events += 1 }
    let changeToken = container.observeChanges { changes.append(contentsOf: $0.added) }
    container.push(1)
    eventToken.cancel()
    changeToken.cancel()
    // Nobody listens now.
    container.push(2)
    let observed = SendableCounter()
    withObservationTracking {
      _ = container.stack
    } onChange: {
      observed.increment()
    }
    // Observation hears it, though every observer came and went.
    container.push(3)
    let late = container.observeChanges { changes.append(contentsOf: $0.added) }
    container.push(4)
    late.cancel()
    #expect(events == 1)
    #expect(changes == [1, 4])
    #expect(observed.value == 1)
    #expect(container.stack == [0, 1, 2, 3, 4])
  }

  @Test func aContainerPresentedUnderAnObserverIsHeardUntilTheObserverGoes() {
    let root = TestFlow<Root>("root")
    let child = TestFlow<Middle>("child")
    var events: [String] = []
    let token = root.container.observeEvents { events.append("\($0)") }
    root.container.present(child.container, animated: false)
    child.container.push(TestScreen("c2"), animated: false)
    token.cancel()
    child.container.push(TestScreen("c3"), animated: false)
    #expect(
      events == [
        "TestFlow<Root>@0 present TestFlow<Middle> as sheet (program)",
        "TestFlow<Middle>@1 push +1 -0 (program)",
      ])
    #expect(child.container.stack.count == 3)
  }

  @Test func aHandlerThatCapturesItsOwnFlowIsReleasedWithItsToken() {
    weak var weakFlow: TestFlow<Root>?
    var token: ObserverToken?
    do {
      let flow = TestFlow<Root>("root")
      weakFlow = flow
      token = flow.container.observeEvents { _ in _ = flow.name }  // a cycle through the token
    }
    #expect(weakFlow != nil)
    token?.cancel()  // removing the handler releases the flow and its container mid-call
    #expect(weakFlow == nil)
    #expect(token?.isCancelled == true)
  }

  @Test func cancellingATokenAfterItsContainerIsGoneDoesNothing() {
    var token: ObserverToken?
    var changes: ObserverToken?
    do {
      let flow = TestFlow<Root>("root")
      token = flow.container.observeEvents { _ in }
      changes = flow.container.observeChanges { _ in }
    }
    token?.cancel()
    changes?.cancel()
    #expect(token?.isCancelled == true && changes?.isCancelled == true)
  }

  @Test func observersMayChangeTheTreeFromInsideACallback() {
    let container = StackContainer(root: 0)
    var seen: [StackOperation] = []
    let token = container.observeChanges { change in
      seen.append(change.operation)
      if change.operation == .push, container.count > 2 { container.pop() }
    }
    container.push(1)
    container.push(2)
    #expect(container.stack == [0, 1])
    #expect(seen == [.push, .push, .pop])
    token.cancel()
  }

  @Test func theStackIsObservableWithTheObservationFramework() {
    let container = StackContainer(root: "root")
    let changes = SendableCounter()
    func track() {
      withObservationTracking {
        _ = container.stack
      } onChange: {
        changes.increment()
      }
    }
    track()
    container.push("a")
    #expect(changes.value == 1)
    container.push("b")
    #expect(changes.value == 1)
    track()
    container.pop()
    #expect(changes.value == 2)
  }

  @Test func thePresentedContainerIsObservableWithTheObservationFramework() {
    let root = TestFlow<Root>("root")
    let changes = SendableCounter()
    withObservationTracking {
      _ = root.container.presented
    } onChange: {
      changes.increment()
    }
    let middle = TestFlow<Middle>("middle")
    root.container.present(middle.container)
    #expect(changes.value == 1)
  }

  @Test func eventsDescribeThemselvesForTraces() {
    let event = NavigationEvent(
      .detached(.presented(.sheet), flow: FlowName(TestFlow<Top>.self), ending: .finished),
      flow: FlowName(TestFlow<Root>.self), depth: 0, cause: .deepLink, animated: true)
    #expect(
      event.description
        == "TestFlow<Root>@0 end TestFlow<Top> (finished) (deepLink, animated)")
    #expect(event.flow == FlowName(TestFlow<Root>.self))
    #expect(event.flow != FlowName(TestFlow<Top>.self))
    #expect(FlowName.noOwner.description == "(no owner)")
    #expect(StackContainer(root: 1).tree.levels.map(\.flow) == [.noOwner])
  }
}
