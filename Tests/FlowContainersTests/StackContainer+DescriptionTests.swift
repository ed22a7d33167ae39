import FlowContainers
import Testing

@MainActor
struct DescriptionTests {
  @Test func theTreeDumpIndentsEachContainerUnderItsPresenter() {
    let root = makeThreeLevelTree()
    #expect(
      root.container.tree.description == """
        TestFlow<Root>: [root.a, root.b]
        └─ TestFlow<Middle> (sheet): [middle.root]
           └─ TestFlow<Top> (sheet): [top.x, top.y, top.z]
        """)
  }

  @Test func aDumpStartsAtTheContainerItIsAskedOfAndSaysHowThatOneIsShown() {
    let root = makeThreeLevelTree()
    #expect(
      root.container.presented?.tree.description == """
        TestFlow<Middle> (sheet): [middle.root]
        └─ TestFlow<Top> (sheet): [top.x, top.y, top.z]
        """)
  }

  @Test func aContainerWithoutAnOwnerSaysSo() {
    let container = StackContainer<String>()
    #expect(container.tree.description == "(no owner): []")
    #expect(container.debugDescription == "StackContainer((no owner)@0: [])")
  }

  @Test func theDebugDescriptionSummarisesOneContainer() {
    let root = makeThreeLevelTree()
    #expect(
      root.container.debugDescription
        == "StackContainer(TestFlow<Root>@0: [root.a, root.b], presenting TestFlow<Middle>)")
    root.container.finish()
    #expect(
      root.container.debugDescription
        == "StackContainer(TestFlow<Root>@0: [root.a, root.b], finished)")
  }
}
