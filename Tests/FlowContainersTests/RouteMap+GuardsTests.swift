import FlowContainers
import Testing

extension FlowRequirement {
  fileprivate static let member: FlowRequirement = "member"
  fileprivate static let adult: FlowRequirement = "adult"
}

/// A home that presents an editor for members.
@MainActor
private final class GuardedHome: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("home") { _ in ["home"] }]
  static let subFlows: [SubFlow<GuardedHome>] = [
    .flow(GuardedEditor.self) { _, _ in GuardedEditor() }
  ]
}

/// An editor for members.
@MainActor
private final class GuardedEditor: LinkableFlow {
  let container = StackContainer<String>(root: "edit")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("edit") { _ in ["edit"] }]
  static let subFlows: [SubFlow<GuardedEditor>] = []
  static var requirement: FlowRequirement? { .member }
}

/// Joining, the guard of `member`: a flow that declares nothing.
@MainActor
private final class JoinFlow: PresentableFlow {
  let container = StackContainer<String>(root: "join")
  init() { container.owner = self }
}

/// Proving one's age, the guard of `adult`, which no flow needs: a restorable flow that declares
/// a sub-flow of its own.
@MainActor
private final class AgeCheckFlow: RestorableFlow {
  let container = StackContainer<String>(root: "age")
  init() { container.owner = self }

  static let subFlows: [SubFlow<AgeCheckFlow>] = [.flow(IDScanFlow.self) { _, _ in IDScanFlow() }]
}

/// Scanning an identity card, which the age check presents.
@MainActor
private final class IDScanFlow: RestorableFlow {
  let container = StackContainer<String>(root: "scan")
  init() { container.owner = self }

  static let subFlows: [SubFlow<IDScanFlow>] = []
}

/// The guards a router sets, on its route map.
@MainActor
struct RouteMapGuardsTests {
  @Test func aRoutersMapDrawsTheFlowThatSatisfiesARequirement() {
    let home = GuardedHome()
    let router = DeepLinkRouter(root: home, scheme: "g")
    router.setGuard(for: .member, isSatisfied: { false }, makeGuardFlow: { JoinFlow() })
    let map = router.routeMap
    #expect(map.flows.map(\.name) == ["GuardedHome", "GuardedEditor", "JoinFlow"])
    #expect(map.flows.map(\.isOpaque) == [false, false, true])
    #expect(map.guards == [.member: 2])
    #expect(
      map.mermaid == """
        flowchart TD
          n0["GuardedHome<br>home"]
          n1["GuardedEditor<br>edit"]
          n2("JoinFlow")
          q0{{"member"}}
          n0 -->|"sheet"| n1
          n1 -.->|"requires"| q0
          n2 -.->|"satisfies"| q0

        """)
    #expect(
      map.dot == """
        digraph RouteMap {
          node [shape=box];
          n0 [label="GuardedHome\\nhome"];
          n1 [label="GuardedEditor\\nedit"];
          n2 [label="JoinFlow", shape=ellipse];
          q0 [label="member", shape=hexagon];
          n0 -> n1 [label="sheet"];
          n1 -> q0 [label="requires", style=dashed];
          n2 -> q0 [label="satisfies", style=dashed];
        }

        """)
  }

  @Test func aGuardFlowThatDeclaresSubFlowsIsWalkedAndItsRequirementDrawn() {
    let home = GuardedHome()
    let router = DeepLinkRouter(root: home, scheme: "g")
    router.setGuard(for: .member, isSatisfied: { false }, makeGuardFlow: { JoinFlow() })
    router.setGuard(for: .adult, isSatisfied: { false }, makeGuardFlow: { AgeCheckFlow() })
    let map = router.routeMap
    // Guards in the order of their requirements' names: adult, then member.
    #expect(
      map.flows.map(\.name) == [
        "GuardedHome", "GuardedEditor", "AgeCheckFlow", "IDScanFlow", "JoinFlow",
      ])
    #expect(map.guards == [.adult: 2, .member: 4])
    #expect(map.mermaid.contains(#"  q0{{"member"}}"# + "\n" + #"  q1{{"adult"}}"#))
    #expect(map.mermaid.contains(#"  n2 -->|"sheet"| n3"#))
    #expect(map.mermaid.hasSuffix("  n2 -.->|\"satisfies\"| q1\n  n4 -.->|\"satisfies\"| q0\n"))
  }

  @Test func aGuardSetAgainReplacesTheFlowItDraws() {
    let home = GuardedHome()
    let router = DeepLinkRouter(root: home, scheme: "g")
    router.setGuard(for: .member, isSatisfied: { false }, makeGuardFlow: { JoinFlow() })
    router.setGuard(for: .member, isSatisfied: { false }, makeGuardFlow: { AgeCheckFlow() })
    #expect(Array(router.routeMap.guards.keys) == [.member])
    #expect(router.routeMap.flows.map(\.name).contains("JoinFlow") == false)
  }

  @Test func aMapMadeFromARootAloneHasNoGuards() {
    let home = GuardedHome()
    let router = DeepLinkRouter(root: home, scheme: "g")
    router.setGuard(for: .member, isSatisfied: { false }, makeGuardFlow: { JoinFlow() })
    #expect(RouteMap(root: home).guards.isEmpty)
    #expect(RouteMap(root: home) != router.routeMap)
  }
}
