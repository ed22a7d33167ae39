import FlowContainers
import FlowContainersTesting
import Testing

/// The one way to walk a tree: `chain(_:)` toward the top or the root, and `root`.
@MainActor
struct ContainerChainTests {
  @Test func aChainTowardTheTopVisitsEveryLayerFromTheContainerUp() {
    let root = makeThreeLevelTree()
    let layers = Array(root.container.chain(.towardTop))
    #expect(layers.map(\.depth) == [0, 1, 2])
    #expect(layers.first === root.container)
    #expect(layers.last === root.container.topmost)
    let fromMiddle = Array(layers[1].chain(.towardTop))
    #expect(fromMiddle.map(\.depth) == [1, 2])
  }

  @Test func aChainTowardTheRootVisitsEveryPresenterNearestFirst() {
    let root = makeThreeLevelTree()
    let top = root.container.topmost
    #expect(Array(top.chain(.towardRoot)).map(\.depth) == [2, 1, 0])
    #expect(top.root === root.container)
    #expect(root.container.root === root.container)
    #expect(Array(root.container.chain(.towardRoot)).count == 1)
  }

  @Test func aDismissedLayerIsItsOwnRootAndItsChainEndsWithWhatItStillPresents() {
    let root = makeThreeLevelTree()
    let middle = root.container.presented!
    root.container.dismissPresented(animated: false)
    #expect(middle.root === middle)
    #expect(Array(root.container.chain(.towardTop)).count == 1)
  }

  @Test func aWalkKeepsTheNextContainerAliveWhenAStepDismissesIt() {
    let root = makeThreeLevelTree()
    weak let middle = root.container.presented
    var visited: [(depth: Int, finished: Bool)] = []
    for node in root.container.chain(.towardTop) {
      visited.append((node.depth, node.isFinished))
      // Dismissing releases the middle and top flows; the walk still reaches the middle one,
      // which it holds, and stops there: the middle no longer presents anything.
      if node === root.container { root.container.dismissPresented(animated: false) }
    }
    #expect(visited.map(\.depth) == [0, 0])
    #expect(visited.map(\.finished) == [false, true])
    #expect(middle == nil)
  }

  @Test func aChainOf100000LayersIsWalkedWithoutRecursionInBothDirections() {
    let counts = LiveCounts()
    let root = ModelFlow(counts: counts)
    var top: ContainerNode = root.container
    for _ in 0..<100_000 {
      let flow = ModelFlow(counts: counts)
      top.present(flow.container, animated: false)
      top = flow.container
    }
    var upward = 0
    for _ in root.container.chain(.towardTop) { upward += 1 }
    var downward = 0
    for _ in top.chain(.towardRoot) { downward += 1 }
    #expect(upward == 100_001)
    #expect(downward == 100_001)
    #expect(top.root === root.container)
    root.container.dismissPresented(animated: false)
    #expect(counts.flows == 1)
  }

  @Test func anEventLeadsItsObserverToTheContainerItCameFrom() {
    let root = makeThreeLevelTree()
    let top = root.container.topmost as! StackContainer<TestScreen>
    var sources: [ContainerNode?] = []
    var stacks: [[String]] = []
    let token = root.container.observeEvents { event in
      sources.append(event.container)
      stacks.append(event.container?.stackDescription ?? [])
    }
    top.pop(animated: false)
    root.container.dismissPresented(animated: false)
    token.cancel()
    #expect(sources.first! === top)
    #expect(stacks.first == ["top.x", "top.y"])
    // The dismissal's events come from the layers whose presentations ended.
    #expect(sources.count == 3)
    #expect(sources.last! === root.container)
  }

  @Test func anEventKeptInALogDoesNotKeepItsContainerAlive() {
    let root = TestFlow<Root>("root")
    var kept: [NavigationEvent] = []
    weak var presented: ContainerNode?
    do {
      let flow = TestFlow<Middle>("middle", screens: ["a", "b"])
      presented = flow.container
      root.container.present(flow.container, animated: false)
    }
    let token = root.container.observeEvents { kept.append($0) }
    (root.container.presented as? StackContainer<TestScreen>)?.pop(animated: false)
    #expect(kept.first?.container === presented)
    root.container.dismissPresented(animated: false)
    token.cancel()
    #expect(presented == nil)
    #expect(kept.first?.container == nil)
    // Equality ignores the container: the event still says what happened where.
    #expect(
      kept.first
        == NavigationEvent(
          .stack(.pop, added: 0, removed: 1), flow: FlowName(TestFlow<Middle>.self), depth: 1,
          cause: .program, animated: false))
  }
}
