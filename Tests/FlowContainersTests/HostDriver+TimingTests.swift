import FlowContainers
@_spi(Testing) import FlowContainersCore
import FlowContainersTesting
import Testing

/// A host written by hand for the timing tests: it finishes each transition inside `play`
/// (as the Writing a Host Adapter listing does), or holds it until ``finish()``; it keeps
/// nothing but a count, and records how deep the stack is each time it is asked to play.
@MainActor
final class HandHost {
  private(set) var driver: HostDriver?
  /// The transitions the driver asked for, as text.
  private(set) var transitions: [String] = []
  /// How many transitions the driver asked for.
  var played: Int { transitions.count }
  /// Whether a transition is playing, held until ``finish()``.
  private(set) var isHolding = false
  /// The stack's address at each `play`.
  private(set) var stackAddresses: [UInt] = []
  /// Whether the host finishes each transition from inside `play`.
  var finishesInsidePlay: Bool

  init(root: ContainerNode, finishesInsidePlay: Bool) {
    self.finishesInsidePlay = finishesInsidePlay
    driver = HostDriver(root: root) { [weak self] transition in self?.play(transition) }
  }

  private func play(_ transition: HostTransition) {
    transitions.append(transition.description)
    stackAddresses.append(stackAddress())
    if finishesInsidePlay {
      driver?.transitionFinished()
    } else {
      isHolding = true
    }
  }

  /// Finishes the transition held, if one is.
  func finish() {
    guard isHolding else { return }
    isHolding = false
    driver?.transitionFinished()
  }

  /// Finishes transitions until the driver asks for none.
  func drain() {
    while isHolding { finish() }
  }

  /// How far apart the stack's deepest and shallowest `play` were, in bytes.
  var stackGrowth: UInt {
    guard let low = stackAddresses.min(), let high = stackAddresses.max() else { return 0 }
    return high - low
  }
}

/// The host driver under every host's timing: a host that finishes each transition inside
/// `play`, at once, or later, plays any number of transitions at a constant stack depth, and a
/// backlog costs in proportion to its length.
@MainActor
struct HostDriverTimingTests {
  @Test func aHostThatFinishesInsidePlayRestoresAChainAtAConstantStackDepth() throws {
    let saved = Link.chain(300)
    let snapshot = try FlowRestorer(root: saved).snapshot()
    let fresh = Link()
    let host = HandHost(root: fresh.container, finishesInsidePlay: true)
    let report = FlowRestorer(root: fresh).restore(snapshot)
    #expect(report.error == nil)
    // One presentation per new layer, each asked for once the one before has finished.
    #expect(host.played == 300)
    // Each transition was asked for from the same depth: no `play` ran inside another.
    #expect(host.stackGrowth < 4096, "the stack grew \(host.stackGrowth) bytes")
    #expect(host.driver?.isIdle == true)
    #expect(host.driver?.shown == fresh.container.hostScene)
  }

  @Test(arguments: [1, 2] as [UInt64])
  func randomChangesOnTreesOfUpTo10000LevelsUnderEveryTimingPlayAtAConstantStackDepth(
    seed: UInt64
  ) {
    var generator = SplitMix64(seed: seed)
    func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    let root = Link()
    let host = HandHost(root: root.container, finishesInsidePlay: false)
    var deepest = 0
    for _ in 0..<60 {
      // How the host finishes what the next change asks for: inside `play`, at once after the
      // change, or later (changes pile up behind the transition it holds).
      let timing = random(3)
      host.finishesInsidePlay = timing == 0
      let top = root.container.topmost
      switch random(5) {
      case 0, 1:
        // A chain of layers in one change, as a restoration or a link makes them.
        let count = 1 + random(3_000)
        if top.depth + count < 10_000 {
          let chain = Link.chain(count)
          top.present(chain.container)
        }
      case 2:
        // Layers go from a level not far below the top.
        var node: ContainerNode = root.container
        for _ in 0..<max(0, top.depth - 1 - random(1_500)) {
          guard let next = node.presented else { break }
          node = next
        }
        node.dismissPresented()
      case 3:
        (top as? StackContainer<Int>)?.push(1)
      default:
        _ = (top as? StackContainer<Int>)?.pop()
      }
      deepest = max(deepest, root.container.topmost.depth)
      if timing == 1 { host.drain() }
    }
    host.finishesInsidePlay = false
    host.drain()
    #expect(host.driver?.isIdle == true)
    #expect(host.driver?.shown == root.container.hostScene)
    #expect(deepest > 5_000, "the deepest tree had \(deepest) levels")
    // Thousands of transitions, each asked for from about the same depth, whoever finished the
    // one before: a frame for each would be hundreds of kilobytes.
    #expect(host.played > 5_000, "\(host.played) transitions")
    #expect(host.stackGrowth < 65_536, "the stack grew \(host.stackGrowth) bytes")
  }

  @Test func aBacklogOfChangedTabStacksCostsInProportionToItsLength() {
    let ratio = growth(from: 400, to: 1600) { count in
      let bar = TabsFlow()
      let tabs = (0..<count).map { TestFlow<Middle>("tab \($0)") }
      bar.container.setTabs(tabs.map(\.container))
      let host = HandHost(root: bar.container, finishesInsidePlay: false)
      // A transition holds the host while every tab's stack changes.
      tabs[0].container.push(TestScreen("first"))
      for tab in tabs { tab.container.push(TestScreen("next")) }
      host.drain()
      #expect(host.driver?.shown == bar.container.hostScene)
    }
    // Four times the changes: about four times the work, where the quadratic scan was 16.
    #expect(ratio < 8, "4 times the backlog cost \(ratio) times as much")
  }

  @Test func aBacklogOfNewLayersCostsInProportionToItsLength() {
    let ratio = growth(from: 500, to: 2000) { count in
      let root = Link()
      let host = HandHost(root: root.container, finishesInsidePlay: false)
      root.container.push(1)
      // A chain of layers comes in one change while the push plays.
      let chain = Link.chain(count)
      root.container.present(chain.container)
      host.drain()
      #expect(host.played == count + 1)
    }
    #expect(ratio < 8, "4 times the layers cost \(ratio) times as much")
  }
}
