import FlowContainers
import FlowContainersTesting
import Observation
import Testing

/// Guarantees at scale: 100,000 layers deep, 100,000 requests long.
///
/// Nothing recurses per layer or per request, so none of this can overflow the stack.
@MainActor
struct DeepTreeTests {
  static let size = 100_000

  /// The ids of ended flows, in the order their endings arrived.
  private final class EndingOrder {
    var ids: [Int] = []
  }

  /// Presents `size` layers over `root`, each recording its ending in `counts` and `order`.
  private func presentChain(over root: ContainerNode, counts: LiveCounts, order: EndingOrder) {
    var top = root
    for _ in 0..<Self.size {
      let flow = ModelFlow(counts: counts)
      let id = flow.id
      top.present(flow.container, animated: false) {
        counts.endings[id, default: []].append($0)
        order.ids.append(id)
      }
      top = flow.container
    }
  }

  @Test func a100000LayerTreeReadsComparesAndPrintsAsAValueWithoutRecursion() {
    let counts = LiveCounts()
    let order = EndingOrder()
    let root = ModelFlow(counts: counts)
    presentChain(over: root.container, counts: counts, order: order)
    do {
      let tree = root.container.tree
      #expect(tree.levels.count == Self.size + 1)
      #expect(tree.shownLevels.last == Self.size)
      #expect(tree == root.container.tree)
      #expect(tree.description.split(separator: "\n").count == 65)
    }
    root.container.dismissPresented(animated: false)
    #expect(root.container.tree.levels.count == 1)
  }

  @Test func theTopmostOf100000NestedTabBarsIsReadOnceAndThenCostsNothingUntilTheTreeChanges() {
    let root = TabsFlow()
    var bars: [TabsFlow] = [root]
    for _ in 0..<Self.size {
      let next = TabsFlow()
      bars[bars.count - 1].container.setTabs([next.container])
      bars.append(next)
    }
    let deepest = bars[bars.count - 1].container
    // Each read walked the whole depth: 100,000 reads of a tree this deep took hours.
    var misses = 0
    for _ in 0..<Self.size where root.container.topmost !== deepest { misses += 1 }
    #expect(misses == 0)
    let modal = TestFlow<Top>("modal")
    deepest.present(modal.container)
    #expect(root.container.topmost === modal.container)
    let cover = TestFlow<Extra>("cover")
    bars[1].container.present(cover.container)
    #expect(root.container.topmost === cover.container)
    bars[1].container.dismissPresented()
    #expect(root.container.topmost === modal.container)
    // A tab that is not selected keeps a topmost of its own.
    let hidden = TestFlow<Middle>("hidden")
    bars[0].container.addTab(hidden.container)
    #expect(hidden.container.topmost === hidden.container)
    bars[0].container.select(1)
    #expect(root.container.topmost === hidden.container)
  }

  @Test func theTopmostReadFromACallbackMidChangeIsNotRememberedPastTheChange() {
    let root = TabsFlow()
    var bars: [TabsFlow] = [root]
    for _ in 0..<32 {
      let next = TabsFlow()
      bars[bars.count - 1].container.setTabs([next.container])
      bars.append(next)
    }
    let deepest = bars[bars.count - 1].container
    #expect(root.container.topmost === deepest)
    let modal = TestFlow<Top>("modal")
    var readMidChange: ContainerNode?
    // Observation's willSet runs before the presentation is made: a reading there is the old one.
    withObservationTracking {
      _ = deepest.presented
    } onChange: {
      MainActor.assumeIsolated { readMidChange = root.container.topmost }
    }
    deepest.present(modal.container)
    #expect(readMidChange === deepest)
    #expect(root.container.topmost === modal.container)
    modal.container.dismiss()
    #expect(root.container.topmost === deepest)
  }

  @Test func anObserverOnTheRootHearsEveryEndingOfA100000LayerDismissal() {
    let counts = LiveCounts()
    let order = EndingOrder()
    let root = ModelFlow(counts: counts)
    presentChain(over: root.container, counts: counts, order: order)
    var ended = 0
    var deepest = 0
    let token = root.container.observeEvents { event in
      guard case .detached(.presented, _, _) = event.action else { return }
      ended += 1
      deepest = max(deepest, event.depth)
    }
    // Each ending is delivered to the root's observer without walking the layers in between,
    // so this is linear in the depth, not quadratic (minutes at this depth).
    root.container.dismissPresented(animated: false)
    #expect(ended == Self.size)
    #expect(deepest == Self.size - 1)
    #expect(counts.flows == 1)
    token.cancel()
  }

  @Test func everyContainerOfADeepTreeNamesTheTopmostLayerAsTheTreeChanges() {
    let counts = LiveCounts()
    let root = ModelFlow(counts: counts)
    var generator = SystemRandomNumberGenerator()
    var chain: [ModelFlow] = [root]
    var dismissed: [ModelFlow] = []
    func expectConsistent(_ step: String) {
      let top = chain[chain.count - 1].container
      for (depth, flow) in chain.enumerated() where flow.container.topmost !== top {
        Issue.record("after \(step), level \(depth) does not name the top")
        return
      }
    }
    // Deep enough that `topmost` keeps the top instead of walking; then present and dismiss at
    // random levels, reading `topmost` from every level after each change.
    for step in 0..<400 {
      if chain.count < 40 || Bool.random(using: &generator) {
        let flow = ModelFlow(counts: counts)
        chain[chain.count - 1].container.present(flow.container, animated: false)
        chain.append(flow)
      } else {
        let level = Int.random(in: 0..<(chain.count - 1), using: &generator)
        chain[level].container.dismissPresented(animated: false)
        // Kept alive, as a host's view of a dismissed screen may keep its flow for a moment:
        // a stale top would still be there to be returned.
        dismissed += chain[(level + 1)...]
        chain.removeSubrange((level + 1)...)
      }
      expectConsistent("step \(step)")
    }
    root.container.dismissPresented(animated: false)
    #expect(root.container.topmost === root.container)
    #expect(dismissed.allSatisfy { $0.container.isFinished })
  }

  @Test func theDumpOfA100000DeepTreeStaysShortAndReadable() {
    let counts = LiveCounts()
    let root = ModelFlow(counts: counts)
    presentChain(over: root.container, counts: counts, order: EndingOrder())
    let dump = root.container.tree.description
    let lines = dump.split(separator: "\n")
    // 32 levels, one elision line, 32 levels: its size does not grow with the depth.
    #expect(lines.count == 65)
    #expect(dump.utf8.count < 8_000)
    #expect(lines[0].hasPrefix("ModelFlow: ["))
    #expect(lines[32].hasSuffix("… \(Self.size + 1 - 64) more levels …"))
    #expect(lines[64].contains("ModelFlow@\(Self.size) (sheet): ["))
    // Indentation stops growing: no line is indented deeper than 16 levels.
    #expect(lines.allSatisfy { $0.prefix { $0 == " " }.count <= 15 * 3 })
    root.container.dismissPresented(animated: false)
  }

  @Test func dismissingAChainOf100000LayersEndsEachOnceTopDownAndReleasesThemAll() {
    let counts = LiveCounts()
    let order = EndingOrder()
    let root = ModelFlow(counts: counts)
    presentChain(over: root.container, counts: counts, order: order)
    #expect(root.container.topmost.depth == Self.size)
    #expect(counts.flows == Self.size + 1)
    root.container.dismissPresented(animated: false)
    #expect(counts.flows == 1)
    #expect(counts.screens == 1)
    let firstID = root.id + 1
    #expect(order.ids == Array((firstID..<(firstID + Self.size)).reversed()))
    #expect(counts.endings[firstID] == [.dismissedByPresenter])
    #expect(counts.endings.values.allSatisfy { $0.count == 1 })
  }

  @Test func releasingTheRootOfA100000LayerChainTearsItAllDown() {
    let counts = LiveCounts()
    let order = EndingOrder()
    do {
      let root = ModelFlow(counts: counts)
      presentChain(over: root.container, counts: counts, order: order)
    }
    #expect(order.ids.first == order.ids.max())
    #expect(counts.flows == 0)
    #expect(counts.screens == 0)
    #expect(counts.endings.values.allSatisfy { $0 == [.tornDown] })
    #expect(counts.endings.count == Self.size)
  }

  /// A flow whose tab container has at most one tab; counted in `counts.flows` while alive.
  @MainActor
  private final class NestedTabs {
    let container = TabContainer()
    let counts: LiveCounts

    init(counts: LiveCounts) {
      self.counts = counts
      counts.flows += 1
      container.owner = self
    }

    isolated deinit { counts.flows -= 1 }
  }

  /// Nests `size` tab containers around `innermost`, and returns the outermost.
  ///
  /// Each is the only tab of the one before, and `innermost` the only tab of the last. Only the
  /// nesting holds the inner ones.
  ///
  /// Built from the outside in, as an app builds its tree: each new tab is a single container,
  /// so attaching it costs one step. (Nesting a finished tree inside a new one re-attaches the
  /// whole tree, which costs its size.)
  private func nest(_ innermost: ContainerNode, counts: LiveCounts) -> NestedTabs {
    let outermost = NestedTabs(counts: counts)
    var current = outermost
    for _ in 1..<Self.size {
      let next = NestedTabs(counts: counts)
      current.container.setTabs([next.container])
      current = next
    }
    current.container.setTabs([innermost])
    return outermost
  }

  @Test func releasingTheOutermostOf100000NestedTabContainersEndsWhatTheInnermostTabPresents() {
    let counts = LiveCounts()
    do {
      let innermost = ModelFlow(counts: counts)
      let modal = ModelFlow(counts: counts)
      let id = modal.id
      innermost.container.present(modal.container, animated: false) {
        counts.endings[id, default: []].append($0)
      }
      let outermost = nest(innermost.container, counts: counts)
      #expect(counts.flows == Self.size + 2)
      // What the user sees is found through every level of tabs.
      #expect(outermost.container.topmost === modal.container)
    }
    #expect(counts.flows == 0)
    #expect(counts.screens == 0)
    #expect(counts.endings.values.map { $0 } == [[.tornDown]])
  }

  @Test func dismissing100000NestedTabContainersEndsTheInnermostModalFirstAndReleasesAll() {
    let counts = LiveCounts()
    let root = ModelFlow(counts: counts)
    var order: [String] = []
    do {
      let innermost = ModelFlow(counts: counts)
      let modal = ModelFlow(counts: counts)
      innermost.container.present(modal.container, animated: false) {
        order.append("modal \($0)")
      }
      let outermost = nest(innermost.container, counts: counts)
      root.container.present(outermost.container, animated: false) {
        order.append("nest \($0)")
      }
    }
    #expect(counts.flows == Self.size + 3)
    root.container.dismissPresented(animated: false)
    #expect(order == ["modal tornDown", "nest dismissedByPresenter"])
    #expect(counts.flows == 1)
    #expect(counts.screens == 1)
  }

  @Test func releasingATreeThatAlternates100000TabsAndPresentationsEndsEachPresentationOnce() {
    let counts = LiveCounts()
    do {
      let outermost = NestedTabs(counts: counts)
      var current = outermost
      for _ in 0..<(Self.size / 2) {
        let tab = ModelFlow(counts: counts)
        current.container.setTabs([tab.container])
        let next = NestedTabs(counts: counts)
        tab.container.present(next.container, animated: false) {
          counts.endings[-1, default: []].append($0)
        }
        current = next
      }
      #expect(counts.flows == Self.size + 1)
      #expect(outermost.container.topmost === current.container)
    }
    #expect(counts.flows == 0)
    #expect(counts.screens == 0)
    #expect(counts.endings[-1]?.count == Self.size / 2)
    #expect(counts.endings[-1]?.allSatisfy { $0 == .tornDown } == true)
  }

  /// A flow whose split's primary is the next split in; counted in `counts.flows` while alive.
  @MainActor
  private final class NestedSplit {
    let container = SplitContainer()
    let counts: LiveCounts

    init(counts: LiveCounts) {
      self.counts = counts
      counts.flows += 1
      container.owner = self
    }

    isolated deinit { counts.flows -= 1 }
  }

  @Test func releasingTheOutermostOf100000NestedSplitsReleasesThemAllWithoutRecursion() {
    let counts = LiveCounts()
    do {
      let outermost = NestedSplit(counts: counts)
      var current = outermost
      for _ in 1..<Self.size {
        let next = NestedSplit(counts: counts)
        current.container.setPrimary(next.container)
        current = next
      }
      let innermost = ModelFlow(counts: counts)
      current.container.setPrimary(innermost.container)
      #expect(counts.flows == Self.size + 1)
      #expect(outermost.container.topmost === innermost.container)
    }
    #expect(counts.flows == 0)
    #expect(counts.screens == 0)
  }

  @Test func readingTopmostAfterEachPresentationInATabCostsInProportionToThePresentations() {
    let ratio = growth(from: 1_000, to: 10_000) { count in
      let bar = TabsFlow()
      let tab = TestFlow<Root>("tab")
      bar.container.setTabs([tab.container])
      var flows: [TestFlow<Middle>] = []
      for _ in 0..<count {
        let flow = TestFlow<Middle>("layer")
        bar.container.topmost.present(flow.container, animated: false)
        flows.append(flow)
      }
      #expect(bar.container.topmost === flows.last?.container)
    }
    // Ten times the presentations: about ten times the work, where walking from the root
    // after each was a hundred.
    #expect(ratio < 25, "10 times the presentations cost \(ratio) times as much")
  }

  @Test func anObserverThatPushesOnEveryPushRuns100000RequestsWithoutNesting() {
    let flow = TestFlow<Root>("f", screens: ["root"])
    var heard = 0
    let token = flow.container.observeChanges { change in
      heard += 1
      if flow.container.count < Self.size { flow.container.push(TestScreen("s")) }
    }
    flow.container.push(TestScreen("first"))
    #expect(flow.container.count == Self.size)
    #expect(heard == Self.size - 1)
    token.cancel()
  }

  @Test func onEndClosuresThatPresentTheNextFlowChain100000PresentationsInOrder() {
    let counts = LiveCounts()
    let order = EndingOrder()
    let root = ModelFlow(counts: counts)
    var presented = 0
    func presentNext() {
      guard presented < Self.size else { return }
      presented += 1
      let flow = ModelFlow(counts: counts)
      let id = flow.id
      root.container.present(flow.container, animated: false) { ending in
        counts.endings[id, default: []].append(ending)
        order.ids.append(id)
        presentNext()
      }
    }
    // Each flow is dismissed as soon as an observer sees it presented; its onEnd presents the
    // next one. Every request is made from inside a change, so each waits for the one before.
    let token = root.container.observeEvents { event in
      if case .attached(.presented, _) = event.action { root.container.presented?.dismiss() }
    }
    presentNext()
    #expect(presented == Self.size)
    #expect(counts.flows == 1)
    #expect(order.ids == Array((root.id + 1)...(root.id + Self.size)))
    #expect(counts.endings.values.allSatisfy { $0 == [.finished] })
    #expect(root.container.presented == nil)
    token.cancel()
  }
}
