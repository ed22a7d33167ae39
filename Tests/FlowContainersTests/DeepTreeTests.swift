import FlowContainers
import FlowContainersTesting
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

  @Test func anObserverOnTheRootHearsEveryEndingOfA100000LayerDismissal() {
    let counts = LiveCounts()
    let order = EndingOrder()
    let root = ModelFlow(counts: counts)
    presentChain(over: root.container, counts: counts, order: order)
    var ended = 0
    var deepest = 0
    let token = root.container.observeEvents { event in
      guard case .presentationEnded = event.action else { return }
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
    let dump = root.container.treeDescription
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
      if case .presented = event.action { root.container.presented?.dismiss() }
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
