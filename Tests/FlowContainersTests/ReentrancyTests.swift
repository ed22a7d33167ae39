import FlowContainers
import FlowContainersTesting
import Foundation
import Observation
import Testing

@testable import FlowContainersCore

/// Navigating from inside a callback (Observation's `onChange`, observers, `onEnd`, a flow's
/// `deinit`) never interleaves with the change under way: the request waits until that change has
/// been applied and announced, then runs, in request order.
@MainActor
struct ReentrancyTests {
  /// Calls `body` once, from Observation's `onChange`, the next time `container.stack` changes.
  private func onNextStackChange(
    of container: StackContainer<TestScreen>, _ body: @escaping @MainActor () -> Void
  ) {
    withObservationTracking {
      _ = container.stack
    } onChange: {
      MainActor.assumeIsolated { body() }
    }
  }

  private func onNextPresentedChange(
    of container: ContainerNode, _ body: @escaping @MainActor () -> Void
  ) {
    withObservationTracking {
      _ = container.presented
    } onChange: {
      MainActor.assumeIsolated { body() }
    }
  }

  // MARK: Observation's onChange

  @Test func replacingTheStackFromOnChangeDuringAPopRunsAfterThePop() {
    let flow = TestFlow<Root>("f", screens: ["a", "b"])
    onNextStackChange(of: flow.container) { flow.container.replace(with: []) }
    let popped = flow.container.pop()
    #expect(popped?.name == "f.b")
    #expect(flow.container.names == [])
  }

  @Test func poppingToRootFromOnChangeDuringAPopToIndexRunsAfterIt() {
    let flow = TestFlow<Root>("f", screens: ["a", "b", "c", "d"])
    onNextStackChange(of: flow.container) { flow.container.popToRoot() }
    let removed = flow.container.pop(toIndex: 1)
    #expect(removed.map(\.name) == ["f.c", "f.d"])
    #expect(flow.container.names == ["f.a"])
  }

  @Test func poppingFromOnChangeDuringAPopNeverRemovesTheRoot() {
    let flow = TestFlow<Root>("f", screens: ["a", "b"])
    onNextStackChange(of: flow.container) { flow.container.pop() }
    let diagnostics = withRecordedDiagnostics { flow.container.pop() }
    #expect(flow.container.names == ["f.a"])
    #expect(diagnostics.map(\.code) == [.popRoot])
    #expect(diagnostics.first?.fileID.hasPrefix("FlowContainersTests/") == true)
  }

  @Test func misuseQueuedInARecordingThatEndedBeforeItRanGoesToTheScopeInForceThen() {
    let flow = TestFlow<Root>("f", screens: ["a", "b"])
    var inner: [FlowDiagnostic] = []
    onNextStackChange(of: flow.container) {
      // Both pops wait for the pop under way, and run after this recording has ended.
      inner = withRecordedDiagnostics {
        flow.container.pop()
        flow.container.pop()
      }
    }
    let outer = withRecordedDiagnostics { flow.container.pop() }
    #expect(flow.container.names == ["f.a"])
    #expect(inner.isEmpty)
    #expect(outer.map(\.code) == [.popRoot, .popRoot])
  }

  @Test func presentingFromACallbackOfTheChildsOwnTreeWaitsForThatChange() {
    let root = TestFlow<Root>("root")
    let child = TestFlow<Middle>("child")
    var presentedInCallback: ContainerNode?
    let token = child.container.observeEvents { _ in
      root.container.present(child.container)
      presentedInCallback = root.container.presented
    }
    child.container.push(TestScreen("next"))
    token.cancel()
    // Presenting the child mid-change would move its tree while its change is announced.
    #expect(presentedInCallback == nil)
    #expect(root.container.presented === child.container)
    #expect(child.container.depth == 1)
  }

  @Test func presentingFromOnChangeDuringAPresentationIsRefusedAfterIt() {
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    let first = TestFlow<Middle>("first")
    let second = TestFlow<Top>("second")
    weak let weakRoot = root
    do {
      guard let root else { return }
      onNextPresentedChange(of: root.container) { root.container.present(second.container) }
      let diagnostics = withRecordedDiagnostics { root.container.present(first.container) }
      #expect(diagnostics.map(\.code) == [.alreadyPresenting])
      #expect(root.container.presented === first.container)
    }
    #expect(second.container.presenter == nil)
    #expect(second.container.presentationStyle == nil)
    let dismissal = withRecordedDiagnostics { second.container.dismiss() }
    #expect(dismissal.map(\.code) == [.notPresented])
    #expect(first.container.presentationStyle != nil)
    root = nil
    #expect(weakRoot == nil)
    #expect(first.container.isFinished)
    let late = withRecordedDiagnostics { second.container.dismiss() }
    #expect(late.map(\.code) == [.notPresented])
  }

  @Test func dismissingFromOnChangeDuringADismissalEndsThePresentationOnce() {
    let root = TestFlow<Root>("root")
    let child = TestFlow<Middle>("child")
    root.container.present(child.container)
    let recorder = NavigationRecorder(root.container)
    onNextPresentedChange(of: root.container) { root.container.dismissPresented() }
    let diagnostics = withRecordedDiagnostics { root.container.dismissPresented() }
    #expect(
      recorder.descriptions == [
        "TestFlow<Root>@0 end TestFlow<Middle> (dismissedByPresenter) (program, animated)"
      ])
    #expect(diagnostics.map(\.code) == [.notPresented])
  }

  // MARK: onEnd and observers

  @Test func endingsArriveTopDownWhileTheirPresentersAreAliveWhenAnObserverDismissesBelow() {
    let journal = Journal()
    let root = TestFlow<Root>("root")
    do {
      let a = TestFlow<Middle>("a")
      let b = TestFlow<Top>("b")
      let c = TestFlow<Extra>("c")
      root.container.present(a.container) { journal.record("a \($0)") }
      a.container.present(b.container) { [weak a] in
        journal.record("b \($0), a alive: \(a != nil)")
      }
      b.container.present(c.container) { [weak b] in
        journal.record("c \($0), b alive: \(b != nil)")
      }
    }
    let token = root.container.observeEvents { event in
      if case .detached(.presented, let flow, _) = event.action,
        flow == FlowName(TestFlow<Extra>.self)
      {
        root.container.dismissPresented()
      }
    }
    (root.container.topmost).dismiss()
    #expect(
      journal.entries == [
        "c finished, b alive: true",
        "b tornDown, a alive: true",
        "a dismissedByPresenter",
      ])
    #expect(root.container.presented == nil)
    token.cancel()
  }

  @Test func laterObserversHearANestedChangeAfterTheOneUnderWay() {
    let flow = TestFlow<Root>("f", screens: ["a", "b"])
    let first = flow.container.observeChanges { change in
      if change.operation == .pop { flow.container.push(TestScreen("x")) }
    }
    var mirror = flow.container.names
    var heard: [String] = []
    let second = flow.container.observeChanges { change in
      heard.append("\(change.operation)")
      mirror.removeLast(change.removed.count)
      mirror.append(contentsOf: change.added.map(\.name))
    }
    flow.container.pop()
    #expect(heard == ["pop", "push"])
    #expect(mirror == flow.container.names)
    #expect(flow.container.names == ["f.a", "x"])
    first.cancel()
    second.cancel()
  }

  @Test func laterTreeObserversHearANestedPresentationAfterTheOneUnderWay() {
    let root = TestFlow<Root>("root")
    let first = root.container.observeEvents { event in
      if case .attached(.presented, _) = event.action { root.container.dismissPresented() }
    }
    let recorder = NavigationRecorder(root.container)
    let child = TestFlow<Middle>("child")
    root.container.present(child.container, animated: false)
    recorder.expectDescriptions([
      "TestFlow<Root>@0 present TestFlow<Middle> as sheet (program)",
      "TestFlow<Root>@0 end TestFlow<Middle> (dismissedByPresenter) (program, animated)",
    ])
    first.cancel()
  }

  @Test func anObserverCancelledByAnEarlierOneDoesNotHearTheEventBeingDelivered() {
    let flow = TestFlow<Root>("f", screens: ["a"])
    var heard = 0
    var second: ObserverToken?
    let first = flow.container.observeChanges { _ in second?.cancel() }
    second = flow.container.observeChanges { _ in heard += 1 }
    flow.container.push(TestScreen("b"))
    #expect(heard == 0)
    first.cancel()
  }

  @Test func anOnEndPresentingAFollowUpRunsAfterTheDismissalCompletes() {
    let root = TestFlow<Root>("root")
    let journal = Journal()
    do {
      let signIn = TestFlow<Middle>("sign-in", journal: journal)
      root.container.present(signIn.container) { _ in
        journal.record("sign-in ended")
        let editor = TestFlow<Top>("editor", journal: journal)
        root.container.present(editor.container)
      }
      signIn.container.dismiss()
    }
    #expect(journal.entries == ["sign-in ended", "deinit sign-in", "deinit screen sign-in.root"])
    #expect(root.container.presented.map { "\($0.depth)" } == "1")
    #expect(
      root.container.tree.description == """
        TestFlow<Root>: [root.root]
        └─ TestFlow<Top> (sheet): [editor.root]
        """)
  }

  // MARK: Diagnostics from deinit

  @Test func misuseInAnIsolatedDeinitIsRecordedByTheSurroundingScope() {
    let diagnostics = withRecordedDiagnostics {
      _ = PoppingFlow()
    }
    #expect(diagnostics.map(\.code) == [.popRoot])
  }

  @Test func expectMisuseSeesMisuseInAnIsolatedDeinit() {
    let root = TestFlow<Root>("root")
    expectMisuse(.popRoot, leavesUnchanged: root.container) {
      _ = PoppingFlow()
    }
  }

  // MARK: Releasing off the main actor

  @Test func aFlowWhosePresenterIsReleasedOffTheMainActorEndsOnceAndCannotBePresentedElsewhere()
    async
  {
    let journal = Journal()
    var root: PlainRoot? = PlainRoot()
    var flow: TestFlow<Middle>? = TestFlow<Middle>("child")
    weak let weakChild = flow
    let child: ContainerNode
    do {
      guard let flow else { return }
      root?.container.present(flow.container) { journal.record("child \($0)") }
      child = flow.container
    }
    flow = nil
    let holder = root.map(Holder.init)
    root = nil
    // The main actor stays busy until the root has been released on another thread, so any
    // work the release hands to the main actor is still waiting when the checks below run.
    let released = SendableCounter()
    Task.detached {
      holder?.drop()
      released.increment()
    }
    while released.value == 0 { usleep(1000) }
    // Whether or not the teardown has run yet, the child is never free to be presented again.
    #expect(child.presentationStyle != nil || child.isFinished)
    let other = TestFlow<Extra>("other")
    let diagnostics = withRecordedDiagnostics {
      other.container.present(child) { journal.record("other \($0)") }
    }
    #expect(diagnostics.map(\.code) == [.invalidPresentation])
    for _ in 0..<100 where !child.isFinished { await Task.yield() }
    #expect(child.isFinished)
    #expect(child.presentationStyle == nil)
    #expect(journal.entries == ["child tornDown"])
    #expect(weakChild == nil)
  }

  @Test func aTabBarReleasedOffTheMainActorEndsWhatItsTabsPresentOnceAndReleasesThem() async {
    let journal = Journal()
    var tabs: PlainTabs? = PlainTabs()
    weak var weakTab: TestFlow<Middle>?
    weak var weakModal: TestFlow<Top>?
    let tabNode: ContainerNode
    do {
      let tab = TestFlow<Middle>("tab")
      let modal = TestFlow<Top>("modal")
      tabs?.container.setTabs([tab.container])
      tab.container.present(modal.container) { journal.record("modal \($0)") }
      weakTab = tab
      weakModal = modal
      tabNode = tab.container
    }
    let holder = tabs.map { Holder($0) }
    tabs = nil
    let released = SendableCounter()
    Task.detached {
      holder?.drop()
      released.increment()
    }
    while released.value == 0 { usleep(1000) }
    // The teardown runs on the main actor: the tab flow lives until its tab has finished.
    for _ in 0..<100 where weakTab != nil { await Task.yield() }
    #expect(tabNode.isFinished)
    #expect(tabNode.tabContainer == nil)
    #expect(journal.entries == ["modal tornDown"])
    #expect(weakTab == nil)
    #expect(weakModal == nil)
  }

  // MARK: Held after the tree is gone

  @Test func containersAndTokensHeldAfterTheirTreeIsGoneAnswerSafely() throws {
    var root: TestFlow<Root>? = makeThreeLevelTree()
    let middle = try #require(root?.container.presented)
    let top = try #require(middle.presented)
    let token = try #require(root?.container.observeEvents { _ in })
    root = nil
    #expect(middle.presenter == nil)
    #expect(top.presenter == nil)
    #expect(middle.isFinished && top.isFinished)
    #expect(middle.topmost === middle)
    #expect(top.topmost === top)
    #expect(middle.tree.description == "TestFlow<Middle>: [middle.root]")
    token.cancel()
    #expect(token.isCancelled)
    token.cancel()
  }
}

/// A flow whose `deinit` misuses its container (pops its root).
@MainActor
private final class PoppingFlow {
  let container = StackContainer<String>(root: "only")
  init() { container.owner = self }
  isolated deinit { container.pop() }
}

/// A root flow without an isolated `deinit`, so its container can be released off the main
/// actor.
@MainActor
private final class PlainRoot {
  let container = StackContainer<String>(root: "root")
  init() { container.owner = self }
}

/// A tab bar without an isolated `deinit`, so its container can be released off the main actor.
@MainActor
final class PlainTabs {
  let container = TabContainer()
  init() { container.owner = self }
}

/// Holds a root so the last reference can be dropped from another thread.
final class Holder: @unchecked Sendable {
  private var root: AnyObject?
  init(_ root: AnyObject) { self.root = root }
  func drop() { root = nil }
}
