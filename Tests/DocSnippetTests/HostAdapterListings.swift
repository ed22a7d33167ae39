import FlowContainers
import FlowContainersTesting
import Testing

@testable import HostAdapterSnippets

/// The Writing a Host Adapter article's listings, run, and the logs it shows checked.
@MainActor
struct HostAdapterListings {
  @Test func theAdapterPlaysEachChangeAndOnlyTheLastOfABurstIsAnimated() {
    let inbox = InboxFlow()
    let adapter = LoggingAdapter(root: inbox.container)
    inbox.container.push(.message(1))
    let compose = ComposeFlow()
    inbox.container.present(compose.container)
    compose.container.dismiss()
    #expect(
      adapter.log == [
        "InboxFlow: inbox > message 1 ~",
        "show ComposeFlow as sheet ~",
        "back to InboxFlow ~",
      ])
  }

  @Test func theBackButtonReachesTheTreeThroughTheDriver() {
    let inbox = InboxFlow()
    let adapter = LoggingAdapter(root: inbox.container)
    inbox.container.push(.message(1))
    adapter.backTapped(on: inbox.container, showing: 2)
    #expect(inbox.container.stack == [.inbox])
    // The host showed the pop itself: nothing more to play.
    #expect(adapter.log == ["InboxFlow: inbox > message 1 ~"])
  }

  @Test func aBackSwipeCommittedPopsTheTreeAndOneCancelledLeavesIt() {
    let inbox = InboxFlow()
    let adapter = LoggingAdapter(root: inbox.container)
    inbox.container.push(.message(1))
    inbox.container.push(.message(2))
    adapter.backSwipeBegan(on: inbox.container)
    adapter.backSwipeEnded(on: inbox.container, cancelled: true)
    #expect(inbox.container.stack == [.inbox, .message(1), .message(2)])
    adapter.backSwipeBegan(on: inbox.container)
    adapter.backSwipeEnded(on: inbox.container, cancelled: false)
    #expect(inbox.container.stack == [.inbox, .message(1)])
    // The host showed the pop itself: nothing more to play.
    #expect(adapter.log.count == 2)
  }

  @Test func theAdapterThatFinishesInsidePlayPlaysTheDeepestRestoreOneTransitionAtATime() {
    let inbox = InboxFlow()
    let adapter = LoggingAdapter(root: inbox.container)
    // As many layers as the deepest snapshot holds (the root's and 4,095), in one change, as a
    // restoration makes them: each transition is asked for when the one before has finished.
    let first = ComposeFlow()
    var top = first.container
    for _ in 1..<4095 {
      let next = ComposeFlow()
      top.present(next.container, animated: false)
      top = next.container
    }
    inbox.container.present(first.container)
    #expect(adapter.log.count == 4095)
    #expect(adapter.log.last == "show ComposeFlow as sheet ~")
    #expect(adapter.log.dropLast().allSatisfy { $0 == "show ComposeFlow as sheet" })
  }

  @Test func aSimulatedHostChecksUIKitsRules() {
    let inbox = InboxFlow()
    let host = SimulatedHost(root: inbox.container, ticksPerTransition: 3)
    inbox.container.push(.message(1))
    let compose = ComposeFlow()
    inbox.container.present(compose.container)
    host.tickUntilIdle()
    #expect(host.violations.isEmpty)
    #expect(host.scene == inbox.container.hostScene)
  }
}
