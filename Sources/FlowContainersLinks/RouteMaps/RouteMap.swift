public import FlowContainersCore
public import FlowContainersRestoration

/// A map of an app's flows: each flow type with its route patterns and requirement, and the
/// edges between them (the sub-flows each presents, a tab bar's tabs, a split's columns).
///
/// It is the route graph links resolve through: at each level, which flow types to ask whether
/// they handle the rest of a link (``LinkableFlow/canHandle(_:)`` decides). One walk from a live
/// root makes it: a root tab bar's tabs from the live bar, everything else from the flows'
/// static declarations (``RestorableFlow/subFlows``, ``TabbedFlow/tabFlows``,
/// ``TabbedFlow/splitTabFlows``, ``SplitFlow/primaryFlow``, ``SplitFlow/detailFlows``). Each
/// flow type appears once, so declarations that loop end; the root first, then breadth first,
/// edges in declaration order. ``mermaid`` and ``dot`` draw it.
///
/// A router's map (``DeepLinkRouter/routeMap``) also has its ``guards``: the flow that
/// satisfies each requirement, which no flow declares, and what that flow declares in turn.
///
/// ```swift
/// let map = mainTabs.router.routeMap
/// print(map.mermaid, terminator: "")
/// ```
public struct RouteMap: Sendable {
  /// One flow type on the map.
  public struct Flow: Sendable, Hashable {
    /// The flow's stable name, as trees and snapshots print it.
    public let name: FlowName
    /// The kind of container a flow of this type owns.
    public let kind: FlowTree.Level.Kind
    /// Whether the map cannot see past it: a live tab's flow or a guard flow that declares
    /// nothing (it is not a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``).
    public let isOpaque: Bool
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
  public private(set) var flows: [Flow] = []
  /// The edges, in the order of the flows they leave.
  public private(set) var edges: [Edge] = []
  /// The guard flows of the router the map was made for (``DeepLinkRouter/routeMap``).
  ///
  /// For each requirement, the position in ``flows`` of the flow the router presents to satisfy
  /// it while a link waits. Empty for a map made from a root alone.
  public private(set) var guards: [FlowRequirement: Int] = [:]
  /// A flow's type, and the same type as a ``LinkableFlow`` if it is one.
  private typealias Types = (container: any ContainerFlow.Type, linkable: (any LinkableFlow.Type)?)
  /// Each flow's types; `nil` for an opaque flow.
  private var types: [Metatype<Types?>] = []
  /// Each flow's edges, by position in ``edges``.
  private var leaving: [Range<Int>] = []
  /// Each flow's position, by its type's identity (an opaque flow's, by its owner's type).
  private var positions: [ObjectIdentifier: Int] = [:]

  /// The map of `root`'s flows: a stack flow's, a tab bar's (its live tabs, in order, and what
  /// each declares) or a split's.
  ///
  /// - Parameter root: The root flow, made as the app makes it.
  @MainActor
  public init(root: some ContainerFlow) {
    let type = Swift.type(of: root)
    guard type.declared?.kind == .tabs else {
      _ = index(of: type)
      return
    }
    // A root bar: its live tabs, in order, and what each declares.
    let reading = root.container.read(describingScreens: false)
    let bar = add(type)
    for (place, tab) in reading.tree.levels[0].tabs.enumerated() {
      let node = reading.containers[tab].node
      let position: Int
      if let flow = node.owner as? any ContainerFlow {
        position = positions[ObjectIdentifier(Swift.type(of: flow))] ?? add(Swift.type(of: flow))
      } else {
        // A tab whose flow declares nothing: on the map, but opaque.
        let key = node.owner.map { ObjectIdentifier(Swift.type(of: $0)) } ?? ObjectIdentifier(node)
        let level = reading.tree.levels[tab]
        position = positions[key] ?? opaque(level.flow, kind: level.kind, key: key)
      }
      edges.append(Edge(from: bar, to: position, kind: .tab(place)))
    }
    leaving[bar] = 0..<edges.count
    walk(from: bar + 1)
  }

  /// The map of what flows of type `type` lead to.
  @MainActor
  init(type: any ContainerFlow.Type) {
    _ = index(of: type)
  }
}

extension RouteMap {
  /// The position of flows of type `type`, put on the map, with every flow it leads to, the
  /// first time it is asked: a breadth-first walk without recursion.
  @MainActor
  mutating func index(of type: any ContainerFlow.Type) -> Int {
    let key = ObjectIdentifier(type)
    // The first few by their types, which costs less than hashing: the root and its sub-flows.
    if let known = types.prefix(4).firstIndex(where: {
      $0.type.map { ObjectIdentifier($0.container) } == key
    }) ?? positions[key] {
      return known
    }
    let first = add(type)
    walk(from: first)
    return first
  }

  /// Puts on the map what the flows from position `first` on lead to, and what those lead to,
  /// breadth first.
  @MainActor
  private mutating func walk(from first: Int) {
    for next in first... {
      guard next < flows.count else { return }
      let start = edges.count
      for (branch, place) in types[next].type?.container.declared?.branches ?? [] {
        let position = positions[ObjectIdentifier(branch)] ?? add(branch)
        edges.append(Edge(from: next, to: position, kind: Edge.Kind(place)))
      }
      leaving[next] = start..<edges.count
    }
  }

  /// Makes the flows of type `type` the guard flow of `requirement`, putting them on the map
  /// with what they lead to, if they are not on it yet, and opaque if they declare nothing.
  @MainActor
  mutating func setGuard(_ requirement: FlowRequirement, flow type: any PresentableFlow.Type) {
    let key = ObjectIdentifier(type)
    guards[requirement] =
      if let declaring = type as? any ContainerFlow.Type {
        index(of: declaring)
      } else {
        positions[key] ?? opaque(FlowName(type), kind: .stack, key: key)
      }
  }

  /// The flow at `position`'s type, as a ``LinkableFlow``, if it is one.
  func linkable(_ position: Int) -> (any LinkableFlow.Type)? { types[position].type?.linkable }

  /// The flow at `position`'s type; `nil` for an opaque flow.
  func type(_ position: Int) -> (any ContainerFlow.Type)? { types[position].type?.container }

  /// The edges that leave the flow at `position`, in the order it declares them.
  func next(_ position: Int) -> ArraySlice<Edge> { edges[leaving[position]] }

  /// Adds the flow type `type` with no edges yet; returns its position.
  @MainActor
  private mutating func add(_ type: any ContainerFlow.Type) -> Int {
    let linkable = type as? any LinkableFlow.Type
    let flow = Flow(
      name: FlowName(type), kind: type.declared?.kind ?? .stack, isOpaque: false,
      patterns: linkable?.declaredPatterns ?? [],
      requirement: (type as? any RestorableFlow.Type)?.requirement)
    return append(flow, (type, linkable), key: ObjectIdentifier(type))
  }

  /// Adds a flow that declares nothing: a live tab's, as its level reads, or a guard's.
  private mutating func opaque(
    _ name: FlowName, kind: FlowTree.Level.Kind, key: ObjectIdentifier
  ) -> Int {
    append(
      Flow(name: name, kind: kind, isOpaque: true, patterns: [], requirement: nil), nil, key: key)
  }

  private mutating func append(_ flow: Flow, _ type: Types?, key: ObjectIdentifier) -> Int {
    flows.append(flow)
    types.append(Metatype(type: type))
    leaving.append(edges.count..<edges.count)
    positions[key] = flows.count - 1
    return flows.count - 1
  }
}

extension RouteMap: Hashable {
  /// Whether both maps have the same flows, edges and guards.
  public static func == (lhs: RouteMap, rhs: RouteMap) -> Bool {
    lhs.flows == rhs.flows && lhs.edges == rhs.edges && lhs.guards == rhs.guards
  }

  /// Hashes the flows, edges and guards.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(flows)
    hasher.combine(edges)
    hasher.combine(guards)
  }
}

extension RouteMap.Edge.Kind {
  /// The edge a declaration's place makes.
  fileprivate init(_ place: FlowTree.Level.Place) {
    switch place {
    case .presented(let style): self = .presents(style)
    case .tab: self = .tab(nil)
    case .column(.primary): self = .primary
    case .column(.detail), .root: self = .detail
    }
  }
}

extension LinkableFlow {
  /// The patterns of ``routes``, in declaration order.
  fileprivate static var declaredPatterns: [RoutePattern] { routes.patterns }
}

// What both drawings say, so that they say the same.
extension RouteMap {
  /// What a drawing writes for `flow`'s shape: `opaque` for an opaque flow, else its kind's.
  static func shape<Shape>(
    of flow: Flow, opaque: Shape, stack: Shape, tabs: Shape, split: Shape
  ) -> Shape {
    guard !flow.isOpaque else { return opaque }
    switch flow.kind {
    case .stack: return stack
    case .tabs: return tabs
    case .split: return split
    }
  }

  /// The lines of a flow's label: its name, its kind unless a stack, then its patterns.
  func label(of flow: Flow) -> [String] {
    let kind: [String] =
      switch flow.kind {
      case .stack: []
      case .tabs: ["tab bar"]
      case .split: ["split"]
      }
    return [flow.name.rawValue] + kind + flow.patterns.map(\.text)
  }

  /// The requirements on the map, each once: those the flows declare, in the order of the
  /// first flow that needs it, then those only a guard satisfies; an edge from each flow that
  /// needs one to its position (`requires`), then from each guard flow to the one it satisfies.
  var requirements:
    (names: [FlowRequirement], edges: [(flow: Int, requirement: Int, label: String)])
  {
    var names: [FlowRequirement] = []
    func position(of requirement: FlowRequirement) -> Int {
      if let known = names.firstIndex(of: requirement) { return known }
      names.append(requirement)
      return names.count - 1
    }
    var edges: [(flow: Int, requirement: Int, label: String)] = []
    for (index, flow) in flows.enumerated() {
      guard let requirement = flow.requirement else { continue }
      edges.append((index, position(of: requirement), "requires"))
    }
    for (requirement, flow) in guards.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      edges.append((flow, position(of: requirement), "satisfies"))
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
