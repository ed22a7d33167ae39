import FlowContainers
import Testing

extension FlowRequirement {
  fileprivate static let member: FlowRequirement = "member"
}

/// A stack root that presents an editor, a tab bar and a split.
@MainActor
private final class MapHome: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [
    .pattern("home") { _ in ["home"] },
    .pattern("item/:id<Int>") { _ in ["home", "item"] },
  ]
  static let subFlows: [SubFlow<MapHome>] = [
    .flow(MapEditor.self, style: .fullScreenCover) { _, _ in MapEditor() },
    .flow(MapTabs.self) { _, _ in MapTabs() },
    .flow(MapSplit.self) { _, _ in MapSplit() },
  ]
}

/// An editor for members that can present the home again: a cycle.
@MainActor
private final class MapEditor: LinkableFlow {
  let container = StackContainer<String>(root: "edit")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("edit") { _ in ["edit"] }]
  static let subFlows: [SubFlow<MapEditor>] = [.flow(MapHome.self) { _, _ in MapHome() }]
  static var requirement: FlowRequirement? { .member }
}

/// A declared tab bar: a help tab and the split.
@MainActor
private final class MapTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [MapHelp.self]
  static let splitTabFlows: [any SplitFlow.Type] = [MapSplit.self]
  init() { container.owner = self }
}

/// A list beside a detail for members.
@MainActor
private final class MapSplit: SplitFlow {
  let container = SplitContainer()
  let list = MapList()
  init() {
    container.owner = self
    container.setPrimary(list.container)
  }

  static let primaryFlow: any RestorableFlow.Type = MapList.self
  static let detailFlows: [DetailFlow<MapSplit>] = [.flow(MapDetail.self) { _, _ in MapDetail() }]
}

/// A restorable list that links do not reach.
@MainActor
private final class MapList: RestorableFlow {
  let container = StackContainer<String>(root: "list")
  init() { container.owner = self }
  static let subFlows: [SubFlow<MapList>] = []
}

/// A detail for members that presents the editor.
@MainActor
private final class MapDetail: LinkableFlow {
  let container = StackContainer<String>(root: "detail")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("detail/*") { _ in ["detail"] }]
  static let subFlows: [SubFlow<MapDetail>] = [.flow(MapEditor.self) { _, _ in MapEditor() }]
  static var requirement: FlowRequirement? { .member }
}

@MainActor
private final class MapHelp: LinkableFlow {
  let container = StackContainer<String>(root: "help")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("help") { _ in ["help"] }]
  static let subFlows: [SubFlow<MapHelp>] = []
}

/// A tab's flow that declares nothing.
@MainActor
private final class MapPlain {
  let container = StackContainer<String>(root: "plain")
  init() { container.owner = self }
}

/// A live tab bar whose tabs differ from its declaration: the home, a plain flow, the split.
@MainActor
private final class MapLiveTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [MapHelp.self]
  let home = MapHome()
  let plain = MapPlain()
  let split = MapSplit()

  init() {
    container.owner = self
    container.setTabs([home.container, plain.container, split.container])
  }
}

/// A flow that presents itself.
@MainActor
private final class MapLoop: RestorableFlow {
  let container = StackContainer<String>(root: "loop")
  init() { container.owner = self }
  static let subFlows: [SubFlow<MapLoop>] = [.flow(MapLoop.self) { _, _ in MapLoop() }]
}

/// A flow whose name and patterns hold what Mermaid and DOT would read.
@MainActor
private final class MapOddName: LinkableFlow {
  let container = StackContainer<String>(root: "odd")
  init() { container.owner = self }

  nonisolated static var flowName: FlowName { "Say \"hi\" <b> & #1 `x` | \\ \n end" }
  static let routes: RouteTable<String> = [.pattern("id/:id<Int>") { _ in ["odd"] }]
  static let subFlows: [SubFlow<MapOddName>] = []
}

/// Each edge of `map` as `from -> to label`.
private func edges(of map: RouteMap) -> [String] {
  map.edges.map { edge in
    let label =
      switch edge.kind {
      case .presents(let style): style.rawValue
      case .tab(let index?): "tab \(index)"
      case .tab(nil): "tab"
      case .primary: "primary"
      case .detail: "detail"
      }
    return "\(edge.from) -> \(edge.to) \(label)"
  }
}

@MainActor
struct RouteMapTests {
  @Test func aStackRootLeadsBreadthFirstToEveryDeclaredFlowOnce() {
    let map = RouteMap(root: MapHome())
    #expect(
      map.flows.map(\.name) == [
        "MapHome", "MapEditor", "MapTabs", "MapSplit", "MapHelp", "MapList", "MapDetail",
      ])
    #expect(map.flows.map(\.kind) == [.stack, .stack, .tabs, .split, .stack, .stack, .stack])
    #expect(map.flows[0].patterns.map(\.text) == ["home", "item/:id<Int>"])
    #expect(map.flows[5].patterns.isEmpty)
    #expect(map.flows.map(\.requirement) == [nil, .member, nil, nil, nil, nil, .member])
    #expect(
      edges(of: map) == [
        "0 -> 1 fullScreenCover",
        "0 -> 2 sheet",
        "0 -> 3 sheet",
        "1 -> 0 sheet",
        "2 -> 3 tab",
        "2 -> 4 tab",
        "3 -> 5 primary",
        "3 -> 6 detail",
        "6 -> 1 sheet",
      ])
  }

  @Test func aLiveTabBarIsMappedByItsLiveTabsNotItsDeclaration() {
    let tabs = MapLiveTabs()
    let map = RouteMap(root: tabs)
    #expect(map.flows.prefix(4).map(\.name) == ["MapLiveTabs", "MapHome", "MapPlain", "MapSplit"])
    #expect(map.flows.prefix(4).map(\.kind) == [.tabs, .stack, .stack, .split])
    #expect(map.flows.prefix(4).map(\.isOpaque) == [false, false, true, false])
    #expect(
      edges(of: map).prefix(3) == [
        "0 -> 1 tab 0",
        "0 -> 2 tab 1",
        "0 -> 3 tab 2",
      ])
    // MapHelp is only declared by the live bar; it is on the map as a tab of MapTabs.
    let help = map.flows.firstIndex { $0.name == "MapHelp" }
    #expect(map.edges.filter { $0.to == help }.map(\.kind) == [.tab(nil)])
    #expect(!map.edges.contains { $0.from == 2 })
  }

  @Test func aSplitRootLeadsToItsPrimaryAndDetails() {
    let map = RouteMap(root: MapSplit())
    #expect(
      map.flows.map(\.name) == [
        "MapSplit", "MapList", "MapDetail", "MapEditor", "MapHome", "MapTabs", "MapHelp",
      ])
    #expect(map.edges.prefix(2).map(\.kind) == [.primary, .detail])
  }

  @Test func aFlowThatPresentsItselfIsOneFlowWithAnEdgeToItself() {
    let map = RouteMap(root: MapLoop())
    #expect(map.flows.map(\.name) == ["MapLoop"])
    #expect(edges(of: map) == ["0 -> 0 sheet"])
  }

  @Test func theMermaidTextNamesEachFlowOnceAndEachRequirementOnce() {
    let map = RouteMap(root: MapSplit())
    #expect(
      map.mermaid == """
        flowchart TD
          n0[/"MapSplit<br>split"\\]
          n1["MapList"]
          n2["MapDetail<br>detail/*"]
          n3["MapEditor<br>edit"]
          n4["MapHome<br>home<br>item/:id#60;Int#62;"]
          n5[["MapTabs<br>tab bar"]]
          n6["MapHelp<br>help"]
          q0{{"member"}}
          n0 -->|"primary"| n1
          n0 -->|"detail"| n2
          n2 -->|"sheet"| n3
          n3 -->|"sheet"| n4
          n4 -->|"fullScreenCover"| n3
          n4 -->|"sheet"| n5
          n4 -->|"sheet"| n0
          n5 -->|"tab"| n0
          n5 -->|"tab"| n6
          n2 -.->|"requires"| q0
          n3 -.->|"requires"| q0

        """)
  }

  @Test func theDOTTextDrawsTheSameGraph() {
    let map = RouteMap(root: MapSplit())
    #expect(
      map.dot == """
        digraph RouteMap {
          node [shape=box];
          n0 [label="MapSplit\\nsplit", shape=component];
          n1 [label="MapList"];
          n2 [label="MapDetail\\ndetail/*"];
          n3 [label="MapEditor\\nedit"];
          n4 [label="MapHome\\nhome\\nitem/:id&lt;Int&gt;"];
          n5 [label="MapTabs\\ntab bar", shape=tab];
          n6 [label="MapHelp\\nhelp"];
          q0 [label="member", shape=hexagon];
          n0 -> n1 [label="primary"];
          n0 -> n2 [label="detail"];
          n2 -> n3 [label="sheet"];
          n3 -> n4 [label="sheet"];
          n4 -> n3 [label="fullScreenCover"];
          n4 -> n5 [label="sheet"];
          n4 -> n0 [label="sheet"];
          n5 -> n0 [label="tab"];
          n5 -> n6 [label="tab"];
          n2 -> q0 [label="requires", style=dashed];
          n3 -> q0 [label="requires", style=dashed];
        }

        """)
  }

  @Test func namesAreEscapedForMermaidAndDOT() {
    let map = RouteMap(root: MapOddName())
    #expect(
      map.mermaid == """
        flowchart TD
          n0["Say #34;hi#34; #60;b#62; #38; #35;1 #96;x#96; #124; \\   end<br>id/:id#60;Int#62;"]

        """)
    #expect(
      map.dot == """
        digraph RouteMap {
          node [shape=box];
          n0 [label="Say &quot;hi&quot; &lt;b&gt; &amp; #1 `x` | \\\\   end\\nid/:id&lt;Int&gt;"];
        }

        """)
  }

  @Test func anOpaqueTabIsARoundedBoxAndAnEllipse() {
    let tabs = MapLiveTabs()
    let map = RouteMap(root: tabs)
    #expect(map.mermaid.contains(#"  n2("MapPlain")"#))
    #expect(map.dot.contains(#"  n2 [label="MapPlain", shape=ellipse];"#))
    #expect(map.mermaid.contains(#"  n0[["MapLiveTabs<br>tab bar"]]"#))
    #expect(map.mermaid.contains(#"  n0 -->|"tab 1"| n2"#))
  }
}
