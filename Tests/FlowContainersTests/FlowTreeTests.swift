import FlowContainers
import FlowContainersTesting
import Testing

/// The live tree read as one value: levels with their kind, place and screens, the topmost
/// level, the dump drawn from it, and trees of any depth compared and printed without recursion.
@MainActor
struct FlowTreeTests {
  /// A tab bar whose first tab presents a modal, and a second tab.
  private func makeTabsWithAModal() -> (TabsFlow, [AnyObject]) {
    let tabs = TabsFlow()
    let first = TestFlow<Root>("a", screens: ["a1", "a2"])
    let second = TestFlow<Middle>("b")
    let modal = TestFlow<Top>("m")
    tabs.container.setTabs([first.container, second.container])
    first.container.present(modal.container, style: .fullScreenCover)
    return (tabs, [first, second, modal])
  }

  @Test func aTabBarReadsAsLevelsWithTheirKindPlaceAndScreens() {
    let (tabs, flows) = makeTabsWithAModal()
    let tree = tabs.container.tree
    #expect(
      tree.levels.map(\.flow.description) == [
        "TabsFlow", "TestFlow<Root>", "TestFlow<Top>", "TestFlow<Middle>",
      ])
    #expect(tree.levels.map(\.kind) == [.tabs, .stack, .stack, .stack])
    #expect(
      tree.levels.map(\.place) == [
        .root, .tab(0, selected: true), .presented(.fullScreenCover), .tab(1, selected: false),
      ])
    #expect(tree.levels.map(\.parent) == [nil, 0, 1, 0])
    #expect(tree.levels.map(\.depth) == [0, 1, 2, 1])
    #expect(tree.levels[0].tabs == [1, 3])
    #expect(tree.levels[1].presented == 2)
    #expect(tree.levels[1].screens == ["a.a1", "a.a2"])
    #expect(tree.shownLevels.last == 2)
    extendLifetime(flows)
  }

  @Test func theTopmostLevelFollowsTheSelectedTabAndWhatItPresents() {
    let (tabs, flows) = makeTabsWithAModal()
    #expect(tabs.container.tree.shownLevels == [0, 1, 2])
    tabs.container.select(1)
    #expect(tabs.container.tree.shownLevels.last == 3)
    #expect(tabs.container.tree.shownLevels == [0, 3])
    #expect(tabs.container.tree.levels[0].kind == .tabs)
    #expect(
      tabs.container.tree.levels[0].tabs.map { tabs.container.tree.levels[$0].place }.last
        == .tab(1, selected: true))
    let empty = TabsFlow()
    #expect(empty.container.tree.shownLevels.last == 0)
    #expect(empty.container.tree.shownLevels == [0])
    extendLifetime(flows)
  }

  @Test func twoReadingsAreEqualExactlyWhenTheTreeIsTheSame() {
    let (tabs, flows) = makeTabsWithAModal()
    let before = tabs.container.tree
    #expect(tabs.container.tree == before)
    tabs.container.select(1)
    #expect(tabs.container.tree != before)
    tabs.container.select(0)
    #expect(tabs.container.tree == before)
    (flows[0] as? TestFlow<Root>)?.container.push(TestScreen("a3"))
    #expect(tabs.container.tree != before)
    extendLifetime(flows)
  }

  @Test func aReadingFromInsideTheTreeStartsThereAndSaysHowItHangs() {
    let (tabs, flows) = makeTabsWithAModal()
    let tab = tabs.container.tabs[0].tree
    #expect(tab.levels.first?.place == .tab(0, selected: true))
    #expect(tab.levels.first?.parent == nil)
    #expect(tab.levels.count == 2)
    extendLifetime(flows)
  }

  @Test func theDumpDrawsABranchForEveryTabButTheLast() {
    let (tabs, flows) = makeTabsWithAModal()
    #expect(
      tabs.container.tree.description == """
        TabsFlow: [TestFlow<Root>*, TestFlow<Middle>]
        ├─ TestFlow<Root> (tab 0, selected): [a.a1, a.a2]
        │  └─ TestFlow<Top> (fullScreenCover): [m.root]
        └─ TestFlow<Middle> (tab 1): [b.root]
        """)
    #expect(tabs.container.tree.description == tabs.container.tree.description)
    extendLifetime(flows)
  }
}
