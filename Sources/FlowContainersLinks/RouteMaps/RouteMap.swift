public import FlowContainersCore
public import FlowContainersRestoration

/// A map of an app's flows: each flow type with its route patterns and requirement, and the
/// edges between them (the sub-flows each presents, a tab bar's tabs, a split's columns).
///
/// It is a value, made by one walk from a live root: a root tab bar's tabs exist only at run
/// time, so the map reads them from the live bar, and everything else from the flows' static
/// declarations (``RestorableFlow/subFlows``, ``TabbedFlow/tabFlows``,
/// ``TabbedFlow/splitTabFlows``, ``SplitFlow/primaryFlow``, ``SplitFlow/detailFlows``). Each
/// flow type appears once, however many declarations name it, so declarations that loop end.
/// The order is the walk's: the root first, then breadth first, each flow's edges in the order
/// they are declared. ``mermaid`` and ``dot`` draw it.
///
/// ```swift
/// let map = RouteMap(root: mainTabs)
/// print(map.mermaid, terminator: "")
/// ```
public struct RouteMap: Sendable, Hashable {
  /// One flow type on the map.
  public struct Flow: Sendable, Hashable {
    /// What kind of container a flow of this type owns.
    public enum Kind: Sendable, Hashable {
      /// A stack of screens: a ``RestorableFlow``.
      case stack
      /// A tab bar: a ``TabbedFlow``.
      case tabBar
      /// A list beside its detail: a ``SplitFlow``.
      case split
      /// A live tab's flow that declares nothing the map can follow (not restorable).
      case opaque
    }

    /// The flow's stable name, as trees and snapshots print it.
    public let name: FlowName
    /// The kind of container it owns.
    public let kind: Kind
    /// Its ``LinkableFlow/routes`` in declaration order; empty for a flow links do not reach.
    public let patterns: [RoutePattern]
    /// What must hold before a link or a restoration may show it (``RestorableFlow/requirement``).
    public let requirement: FlowRequirement?
  }

  /// How one flow leads to another.
  public struct Edge: Sendable, Hashable {
    /// What the edge is.
    public enum Kind: Sendable, Hashable {
      /// A declared sub-flow, presented in this style.
      case presents(PresentationStyle)
      /// A tab of a tab bar: its position in a live bar, `nil` for a declared bar's type.
      case tab(Int?)
      /// A split's primary column.
      case primary
      /// A detail type of a split.
      case detail
    }

    /// The position in ``RouteMap/flows`` of the flow the edge leaves.
    public let from: Int
    /// The position in ``RouteMap/flows`` of the flow it leads to.
    public let to: Int
    /// What it is.
    public let kind: Kind
  }

  /// The flow types, the root first, each once.
  public let flows: [Flow]
  /// The edges, in the order of the flows they leave.
  public let edges: [Edge]

  /// The map of `root`'s flows, a stack flow at the root.
  ///
  /// - Parameter root: The root flow, made as the app makes it.
  @MainActor
  public init(root: some RestorableFlow) {
    self.init(start: .stack(type(of: root)))
  }

  /// The map of `root`'s flows, a tab bar at the root: its live tabs, in order, and what each
  /// declares.
  ///
  /// - Parameter root: The tab bar's flow, made as the app makes it (its tabs as they are now).
  @MainActor
  public init(root: some TabbedFlow) {
    self.init(start: .tabBar(type(of: root), live: root.container))
  }

  /// The map of `root`'s flows, a split at the root.
  ///
  /// - Parameter root: The split's flow, made as the app makes it.
  @MainActor
  public init(root: some SplitFlow) {
    self.init(start: .split(type(of: root)))
  }
}

extension RouteMap {
  /// A flow to put on the map: its type, by kind, and for a live tab bar the bar.
  @MainActor
  private enum Visit {
    case stack(any RestorableFlow.Type)
    case tabBar(any TabbedFlow.Type, live: TabContainer?)
    case split(any SplitFlow.Type)
    case opaque(FlowName, key: ObjectIdentifier)

    /// The flow of a live tab, by the kind of its container.
    init(tab: ContainerNode) {
      switch (tab, tab.owner) {
      case (let bar as TabContainer, let flow as any TabbedFlow):
        self = .tabBar(type(of: flow), live: bar)
      case (is SplitContainer, let flow as any SplitFlow):
        self = .split(type(of: flow))
      case (_, let flow as any RestorableFlow):
        self = .stack(type(of: flow))
      case (_, let owner?):
        self = .opaque(tab.flowName, key: ObjectIdentifier(type(of: owner)))
      case (_, nil):
        self = .opaque(tab.flowName, key: ObjectIdentifier(tab))
      }
    }

    /// A type a declaration names.
    init(declared: DeclaredFlowType) {
      switch declared {
      case .stack(let flow): self = .stack(flow.type)
      case .tabs(let bar): self = .tabBar(bar.type, live: nil)
      case .split(let split): self = .split(split.type)
      }
    }

    /// What identifies the flow type: a map has one flow per key.
    var key: ObjectIdentifier {
      switch self {
      case .stack(let type): ObjectIdentifier(type)
      case .tabBar(let type, _): ObjectIdentifier(type)
      case .split(let type): ObjectIdentifier(type)
      case .opaque(_, let key): key
      }
    }

    /// The flow as the map shows it.
    var flow: Flow {
      switch self {
      case .stack(let type):
        Flow(
          name: type.flowName, kind: .stack,
          patterns: (type as? any LinkableFlow.Type)?.declaredPatterns ?? [],
          requirement: type.requirement)
      case .tabBar(let type, _):
        Flow(name: type.flowName, kind: .tabBar, patterns: [], requirement: nil)
      case .split(let type):
        Flow(name: type.flowName, kind: .split, patterns: [], requirement: nil)
      case .opaque(let name, _):
        Flow(name: name, kind: .opaque, patterns: [], requirement: nil)
      }
    }

    /// The flows this one leads to, in declaration order.
    var next: [(visit: Visit, edge: Edge.Kind)] {
      switch self {
      case .stack(let type):
        type.declaredSubFlows.map { (Visit(declared: $0.type), .presents($0.style)) }
      case .tabBar(_, let live?):
        live.tabs.enumerated().map { (Visit(tab: $1), .tab($0)) }
      case .tabBar(let type, nil):
        type.tabFlows.map { (.stack($0), .tab(nil)) }
          + type.splitTabFlows.map { (.split($0), .tab(nil)) }
      case .split(let type):
        [(.stack(type.primaryFlow), .primary)]
          + type.detailFlowTypes.map { (.stack($0), .detail) }
      case .opaque:
        []
      }
    }
  }

  /// Walks from `start`, breadth first without recursion, putting each flow type on the map
  /// once and every edge to it.
  @MainActor
  private init(start: Visit) {
    var flows = [start.flow]
    var edges: [Edge] = []
    var visits = [start]
    var positions = [start.key: 0]
    var index = 0
    while index < visits.count {
      for (next, kind) in visits[index].next {
        let position: Int
        if let known = positions[next.key] {
          position = known
        } else {
          position = flows.count
          positions[next.key] = position
          flows.append(next.flow)
          visits.append(next)
        }
        edges.append(Edge(from: index, to: position, kind: kind))
      }
      index += 1
    }
    self.flows = flows
    self.edges = edges
  }
}

extension RestorableFlow {
  /// The types ``subFlows`` declares, each with its style, in order.
  fileprivate static var declaredSubFlows: [(type: DeclaredFlowType, style: PresentationStyle)] {
    subFlows.map { ($0.flowType, $0.style) }
  }
}

extension LinkableFlow {
  /// The patterns of ``routes``, in declaration order.
  fileprivate static var declaredPatterns: [RoutePattern] { routes.patterns }
}

// What both drawings say, so that they say the same.
extension RouteMap {
  /// The lines of a flow's label: its name, its kind unless a stack, then its patterns.
  func label(of flow: Flow) -> [String] {
    let kind: [String] =
      switch flow.kind {
      case .stack, .opaque: []
      case .tabBar: ["tab bar"]
      case .split: ["split"]
      }
    return [flow.name.rawValue] + kind + flow.patterns.map(\.text)
  }

  /// The requirements the flows declare, each once, in the order of the first flow that needs
  /// it, and an edge from each flow that needs one to its position.
  var requirements: (names: [FlowRequirement], edges: [(flow: Int, requirement: Int)]) {
    var names: [FlowRequirement] = []
    var edges: [(flow: Int, requirement: Int)] = []
    for (index, flow) in flows.enumerated() {
      guard let requirement = flow.requirement else { continue }
      if let known = names.firstIndex(of: requirement) {
        edges.append((index, known))
      } else {
        edges.append((index, names.count))
        names.append(requirement)
      }
    }
    return (names, edges)
  }
}

extension RouteMap.Edge.Kind {
  /// The edge's label: the style, the tab's position as tree dumps print it (`tab 0`), or the
  /// column.
  var label: String {
    switch self {
    case .presents(let style): style.rawValue
    case .tab(let index?): "tab \(index)"
    case .tab(nil): "tab"
    case .primary: "primary"
    case .detail: "detail"
    }
  }
}
