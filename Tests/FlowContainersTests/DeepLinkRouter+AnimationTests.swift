import FlowContainers
import FlowContainersTesting
import Testing

/// One change, one animation: a plan's steps before the last are not animated, and hosts hear
/// where the whole plan begins and ends.
@MainActor
struct DeepLinkAnimationTests {
  /// Settings and account up over `[library, note(1)]`: a link to note 2 dismisses two modals,
  /// pops and pushes.
  private func linkedWithTwoModals() async -> LinkedApp {
    let linked = LinkedApp()
    _ = await linked.open("notes://settings/account")
    linked.app.container.push(.note(1))
    return linked
  }

  @Test func onlyTheStepThatBringsTheDestinationOnScreenIsAnimated() async {
    let linked = await linkedWithTwoModals()
    let recorder = NavigationRecorder(linked.app.container)
    #expect(await linked.open("notes://note/2").summary == "applied")
    #expect(
      recorder.descriptions == [
        "SettingsFlow@1 end AccountFlow (tornDown) (deepLink)",
        "AppFlow@0 end SettingsFlow (dismissedByPresenter) (deepLink)",
        "AppFlow@0 popTo(0) +0 -1 (deepLink)",
        "AppFlow@0 push +1 -0 (deepLink, animated)",
      ])
  }

  @Test func aLinkWithOneStepAnimatesIt() async {
    let linked = LinkedApp()
    let recorder = NavigationRecorder(linked.app.container)
    #expect(await linked.open("notes://note/2").summary == "applied")
    #expect(recorder.descriptions == ["AppFlow@0 push +1 -0 (deepLink, animated)"])
  }

  @Test func hostsHearWhereThePlanBeginsAndEndsAroundAllItsEvents() async throws {
    let linked = await linkedWithTwoModals()
    var heard: [String] = []
    let recorder = linked.app.container.observeEvents { heard.append("event \($0.action)") }
    let token = linked.router.restorer.observePlans { event in
      switch event {
      case .willApply(let plan): heard.append("will \(plan.steps.count)")
      case .didApply(let plan): heard.append("did \(plan.steps.count)")
      }
    }
    #expect(await linked.open("notes://note/2").summary == "applied")
    #expect(heard.first == "will 3")
    #expect(heard.last == "did 3")
    #expect(heard.count == 6)
    _ = (recorder, token)
  }

  @Test func navigationAPlanObserverAsksForRunsAfterThePlan() async {
    let linked = LinkedApp()
    var order: [String] = []
    let token = linked.router.restorer.observePlans { [app = linked.app] event in
      if case .willApply = event {
        order.append("will")
        app.container.push(.note(3))  // queued: the plan's change is under way
      } else {
        order.append("did")
      }
    }
    let events = linked.app.container.observeEvents { order.append("\($0.action)") }
    let outcome = await linked.open("notes://note/2")
    guard case .interfered = outcome else {
      Issue.record("expected the push to interfere, got \(outcome)")
      return
    }
    #expect(
      order == [
        "will", "stack(push, added: 1, removed: 0)", "did", "stack(push, added: 1, removed: 0)",
      ])
    #expect(linked.app.container.stack == [.library, .note(2), .note(3)])
    _ = (token, events)
  }

  @Test func aRestorationIsOnePlanWithNoAnimationAtAll() async throws {
    let source = await linkedWithTwoModals()
    let snapshot = try source.router.restorer.snapshot()
    let linked = LinkedApp()
    let recorder = NavigationRecorder(linked.app.container)
    var phases: [String] = []
    let token = linked.router.restorer.observePlans { event in
      if case .willApply = event { phases.append("will") } else { phases.append("did") }
    }
    #expect(linked.router.restorer.restore(snapshot).isComplete)
    #expect(phases == ["will", "did"])
    #expect(!recorder.events.isEmpty)
    #expect(recorder.events.allSatisfy { !$0.animated })
    _ = token
  }

  @Test func aPlanObserverIsReleasedWithItsToken() async {
    let linked = LinkedApp()
    var count = 0
    var token: ObserverToken? = linked.router.restorer.observePlans { _ in count += 1 }
    _ = await linked.open("notes://note/2")
    #expect(count == 2)
    token = nil
    _ = await linked.open("notes://note/3")
    #expect(count == 2)
    _ = token
  }
}
