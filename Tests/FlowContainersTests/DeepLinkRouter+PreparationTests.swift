import FlowContainers
import Testing

/// A plan whose sub-flow factory hands back a flow that is already live (the plan's own root, or
/// a flow of another tree) fails as a factory that made nothing fails, before any container is
/// touched: every tree stays as it was.
@MainActor
struct DeepLinkPreparationTests {
  /// What a failed `Letters` sub-flow reports.
  static let cannotCreate = LinkFailure.cannotCreate(
    flow: FlowName(Letters.self), subFlow: FlowName(Letters.self))

  /// The trees of `root` and `others`, to compare before and after.
  static func trees(_ root: Letters, _ others: [ContainerNode]) -> [FlowTree] {
    [root.container.tree] + others.map(\.tree)
  }

  @Test(arguments: LiveHandout.allCases)
  func aLinkWhoseFactoryReturnsALiveFlowFailsAndChangesNoTree(_ handout: LiveHandout) async {
    let root = Letters(["a", "b"])
    let router = DeepLinkRouter(root: root, scheme: "x")
    let others = handout.arrange(on: root)
    let before = Self.trees(root, others)
    let outcome = await router.open("x://a/b/a")
    #expect(outcome == .failed(Self.cannotCreate))
    #expect(root.container.stack == ["a", "b"])
    #expect(Self.trees(root, others) == before)
  }

  @Test(arguments: LiveHandout.allCases)
  func aDestinationWhoseFactoryReturnsALiveFlowFailsAndChangesNoTree(
    _ handout: LiveHandout
  ) async {
    let root = Letters(["a", "b"])
    let router = DeepLinkRouter(root: root, scheme: "x")
    let others = handout.arrange(on: root)
    let before = Self.trees(root, others)
    let destination = LinkDestination.root(Letters.self, showing: ["a", "b"])
      .then(Letters.self, showing: ["a"])
    let outcome = await router.open(destination)
    #expect(outcome == .failed(Self.cannotCreate))
    #expect(root.container.stack == ["a", "b"])
    #expect(Self.trees(root, others) == before)
  }

  @Test(arguments: LiveHandout.allCases)
  func aRestorationWhoseFactoryReturnsALiveFlowDropsTheLevelAndChangesNoTree(
    _ handout: LiveHandout
  ) {
    let root = Letters(["a", "b"])
    let others = handout.arrange(on: root)
    let before = Self.trees(root, others)
    let snapshot = FlowSnapshot(levels: [
      FlowSnapshot.Level(flow: FlowName(Letters.self), routes: [AnyRoute("a"), AnyRoute("b")]),
      FlowSnapshot.Level(flow: FlowName(Letters.self), routes: [AnyRoute("a")]),
    ])
    let report = FlowRestorer(root: root).restore(snapshot)
    #expect(report.error == nil)
    #expect(
      report.dropped.map { "\($0.level) \($0.flow) \($0.routes): \($0.reason)" } == [
        "1 Letters [a]: Letters did not create Letters"
      ])
    #expect(root.container.stack == ["a", "b"])
    #expect(Self.trees(root, others) == before)
  }
}
