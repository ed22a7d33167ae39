import FlowContainers
import FlowContainersTesting
import Foundation
import Observation
import Testing

/// User code that runs inside a tab change (Observation's `willSet`, a released flow's `deinit`,
/// an `onEnd`) cannot slip a change between the tab operation's check and its mutation: a
/// container is never a tab of two bars, nor a tab and presented at once.
@MainActor
struct TabContainerReentrancyTests {
  private func onNextTabsChange(of bar: TabContainer, _ body: @escaping @MainActor () -> Void) {
    withObservationTracking {
      _ = bar.tabs
    } onChange: {
      MainActor.assumeIsolated { body() }
    }
  }

  /// Whether `node` appears among the tabs of exactly the bar its ``ContainerNode/tabContainer``
  /// names, and of no other bar in `bars`.
  private func isTabOfOneBarOnly(_ node: ContainerNode, among bars: [TabContainer]) -> Bool {
    let holding = bars.filter { bar in bar.tabs.contains { $0 === node } }
    return holding.count == 1 && holding.first === node.tabContainer
      && node.presentationStyle == nil
  }

  @Test func anObservationCallbackCannotMakeATabBeingAddedATabOfAnotherBar() {
    let first = TabsFlow()
    let second = TabsFlow()
    let tab = TestFlow<Root>("tab")
    let diagnostics = withRecordedDiagnostics {
      onNextTabsChange(of: first.container) { second.container.addTab(tab.container) }
      first.container.addTab(tab.container)
    }
    #expect(isTabOfOneBarOnly(tab.container, among: [first.container, second.container]))
    #expect(tab.container.tabContainer === first.container)
    #expect(second.container.tabs.isEmpty)
    #expect(diagnostics.map(\.code) == [.invalidTab])
  }

  @Test func anObservationCallbackCannotPresentATabBeingAdded() {
    let bar = TabsFlow()
    let other = TestFlow<Middle>("other")
    let tab = TestFlow<Root>("tab")
    let diagnostics = withRecordedDiagnostics {
      onNextTabsChange(of: bar.container) { other.container.present(tab.container) }
      bar.container.setTabs([tab.container])
    }
    #expect(isTabOfOneBarOnly(tab.container, among: [bar.container]))
    #expect(other.container.presented == nil)
    #expect(diagnostics.map(\.code) == [.invalidPresentation])
  }

  @Test func aDeinitDuringSetTabsCannotTakeANewTabElsewhere() {
    let first = TabsFlow()
    let second = TabsFlow()
    let incoming = TestFlow<Middle>("incoming")
    do {
      let old = DeinitFlow()
      first.container.setTabs([old.container])
      old.onDeinit = { second.container.addTab(incoming.container) }
    }
    let diagnostics = withRecordedDiagnostics {
      first.container.setTabs([incoming.container])
    }
    #expect(isTabOfOneBarOnly(incoming.container, among: [first.container, second.container]))
    #expect(first.container.tabs.count == 1)
    #expect(second.container.tabs.isEmpty)
    #expect(diagnostics.map(\.code) == [.invalidTab])
  }

  @Test func theTabsOfABarReleasedOffTheMainActorCannotBeTakenBeforeItsTeardown() async {
    var bar: PlainTabs? = PlainTabs()
    let tabNode: ContainerNode
    let tabFlow: TestFlow<Middle>
    do {
      let tab = TestFlow<Middle>("tab")
      bar?.container.setTabs([tab.container])
      tabNode = tab.container
      tabFlow = tab
    }
    let holder = bar.map { Holder($0) }
    bar = nil
    let released = SendableCounter()
    Task.detached {
      holder?.drop()
      released.increment()
    }
    while released.value == 0 { usleep(1000) }
    let other = TabsFlow()
    let diagnostics = withRecordedDiagnostics { other.container.addTab(tabNode) }
    for _ in 0..<100 where !tabNode.isFinished { await Task.yield() }
    #expect(diagnostics.map(\.code) == [.invalidTab])
    #expect(other.container.tabs.isEmpty)
    #expect(tabNode.isFinished)
    #expect(tabNode.tabContainer == nil)
    extendLifetime(tabFlow)
  }
}

/// A tab flow that runs a closure from its `deinit`.
@MainActor
private final class DeinitFlow {
  let container = StackContainer<String>(root: "old")
  var onDeinit: (() -> Void)?
  init() { container.owner = self }
  isolated deinit { onDeinit?() }
}
