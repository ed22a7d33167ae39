import FlowContainers
@_spi(Testing) import FlowContainersCore
import FlowContainersTesting
import Testing

/// Reading where a container stands: `root`, `topmost`, `presenter`, the tree value, and events
/// leading to their container.
@MainActor
struct ContainerNodeTests {
  @Test func theTreeValueListsEveryLayerFromTheContainerUp() {
    let root = makeThreeLevelTree()
    #expect(root.container.tree.levels.map(\.depth) == [0, 1, 2])
    let layers = root.container.layersToTop
    #expect(layers.map(\.depth) == [0, 1, 2])
    #expect(layers.first === root.container)
    #expect(layers.last === root.container.topmost)
    #expect(
      layers[1].tree.levels.map(\.flow) == [
        FlowName(TestFlow<Middle>.self), FlowName(TestFlow<Top>.self),
      ])
    #expect(layers[1].topmost === layers.last)
  }

  @Test func presentersLeadFromAnyLayerToTheRoot() {
    let root = makeThreeLevelTree()
    let top = root.container.topmost
    #expect(top.presenter?.depth == 1)
    #expect(top.presenter?.presenter === root.container)
    #expect(top.root === root.container)
    #expect(root.container.root === root.container)
    #expect(root.container.presenter == nil)
  }

  @Test func aDismissedLayerIsItsOwnRootAndItsTreeEndsWithWhatItStillPresents() {
    let root = makeThreeLevelTree()
    let middle = root.container.presented!
    root.container.dismissPresented(animated: false)
    #expect(middle.root === middle)
    #expect(root.container.tree.levels.count == 1)
    #expect(root.container.topmost === root.container)
  }

  @Test func rootTopmostAndTheTreeValueFollowTheSelectedTab() {
    let bar = TabsFlow()
    let first = TestFlow<Root>("a")
    let second = TestFlow<Middle>("b")
    bar.container.setTabs([first.container, second.container])
    let modal = TestFlow<Top>("modal")
    second.container.present(modal.container, animated: false)
    #expect(bar.container.topmost === first.container)
    bar.container.select(1)
    #expect(bar.container.topmost === modal.container)
    #expect(bar.container.layersToTop.map(\.depth) == [0, 1, 2])
    #expect(modal.container.root === bar.container)
    #expect(second.container.tabContainer === bar.container)
    #expect(modal.container.tabContainer == nil)
    let tree = bar.container.tree
    #expect(tree.shownLevels.last.map { tree.levels[$0].flow } == FlowName(TestFlow<Top>.self))
  }

  @Test func aChainOf100000LayersIsReadWithoutRecursionFromEitherEnd() {
    let counts = LiveCounts()
    let root = ModelFlow(counts: counts)
    var top: ContainerNode = root.container
    for _ in 0..<100_000 {
      let flow = ModelFlow(counts: counts)
      top.present(flow.container, animated: false)
      top = flow.container
    }
    #expect(root.container.tree.levels.count == 100_001)
    #expect(root.container.topmost === top)
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
