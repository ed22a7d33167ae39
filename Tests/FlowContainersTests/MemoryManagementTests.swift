import FlowContainers
import FlowContainersTesting
import Testing

/// Every dismissal path releases the sub-flow, its container, its screens and everything it
/// presented; a whole tree torn down leaves nothing alive.
@MainActor
struct MemoryManagementTests {
  enum DismissalPath: CaseIterable {
    case presenterDismisses
    case flowDismissesItself
    case flowFinishes
    case userCloses
    case ancestorDismissed
    case rootReleased
  }

  @Test(arguments: DismissalPath.allCases)
  func everyDismissalPathReleasesTheSubFlowItsContainerScreensAndDescendants(
    path: DismissalPath
  ) {
    let leaks = LeakTracker()
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    var base: TestFlow<Extra>? = TestFlow<Extra>("base")
    do {
      let middle = TestFlow<Middle>("middle", screens: ["m1", "m2"])
      let top = TestFlow<Top>("top", screens: ["t1", "t2", "t3"])
      leaks.track(flow: middle, container: middle.container)
      leaks.track(flow: top, container: top.container)
      if let base, let root {
        root.container.present(base.container)
        base.container.present(middle.container)
      }
      middle.container.present(top.container)
    }
    #expect(leaks.liveCount == 9)
    weak let middle = base?.container.presented
    switch path {
    case .presenterDismisses: base?.container.dismissPresented()
    case .flowDismissesItself: middle?.dismiss()
    case .flowFinishes: middle?.finish()
    case .userCloses: middle?.handle(.userDismissed)
    case .ancestorDismissed:
      base = nil
      root?.container.dismissPresented()
    case .rootReleased:
      base = nil
      root = nil
    }
    leaks.expectAllReleased()
  }

  @Test func aThreeLevelTreeBuiltAndTornDownLeavesZeroLiveInstances() {
    let leaks = LeakTracker()
    do {
      let root = makeThreeLevelTree()
      leaks.track(flow: root, container: root.container)
      var node: ContainerNode? = root.container.presented
      while let current = node {
        if let owner = current.owner { leaks.track(owner) }
        leaks.track(current)
        node = current.presented
      }
      #expect(leaks.liveCount == 8)
    }
    #expect(leaks.liveCount == 0)
    leaks.expectAllReleased()
  }

  @Test func flowsDelegatesAndScreensFormNoCycles() {
    @MainActor final class Parent: ChildDelegate {
      let container = StackContainer<TestScreen>(root: TestScreen("parent"))
      var results: [String] = []
      init() { container.owner = self }
      func childDidFinish(_ child: Child, result: String) { results.append(result) }
    }
    let leaks = LeakTracker()
    do {
      let parent = Parent()
      let child = Child()
      child.delegate = parent
      leaks.track(parent)
      leaks.track(child)
      parent.container.present(child.container)
      child.complete("done")
      #expect(parent.results == ["done"])
    }
    leaks.expectAllReleased()
  }

  @Test func aClosureCapturingThePresenterStronglyIsReleasedWhenThePresentationEnds() {
    let leaks = LeakTracker()
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    do {
      let middle = TestFlow<Middle>("middle")
      leaks.track(middle)
      if let root {
        root.container.present(middle.container) { _ in _ = root.name }
      }
    }
    root?.container.dismissPresented()
    if let root { leaks.track(root) }
    root = nil
    leaks.expectAllReleased()
  }
}

@MainActor
protocol ChildDelegate: AnyObject {
  func childDidFinish(_ child: Child, result: String)
}

@MainActor
final class Child {
  let container = StackContainer<TestScreen>(root: TestScreen("child"))
  weak var delegate: (any ChildDelegate)?

  init() { container.owner = self }

  func complete(_ result: String) {
    delegate?.childDidFinish(self, result: result)
    container.dismiss()
  }
}
