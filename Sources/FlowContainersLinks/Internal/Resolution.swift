import FlowContainersCore
import FlowContainersRestoration

/// One link's resolution: the route graph it descends, how deep it is, and what the default
/// ``LinkableFlow/canHandle(_:)`` has answered during it.
///
/// A router resolves through the route map it keeps for its root (built once); a
/// `canHandle(_:)` asked outside any resolution makes a map of its own type for the time it
/// takes. While a resolution is under way, the default `canHandle` of every type it asks finds
/// it here (``current``), so that the answers are shared: each type is asked about each
/// remainder at each depth at most once, and declarations that loop end at ``limit``. Nothing
/// outlives the resolution.
@MainActor
final class Resolution {
  /// How many levels a link may resolve into, and how deep `canHandle` asks.
  static let limit = 32
  /// How many calls a resolution makes before it remembers answers: an ordinary link asks a
  /// few types once each, and remembering costs more than asking; declarations that would make
  /// it exponential ask many more, and from then on every answer is remembered.
  static let callsBeforeRemembering = 8

  /// The resolution under way, if any.
  private(set) static var current: Resolution?

  /// The route graph it descends.
  private(set) var map: RouteMap
  private var depth = 0
  private var calls = 0
  private var answers: [Key: Answer] = [:]

  private init(map: RouteMap) {
    self.map = map
  }

  /// Runs `body` as one resolution through `map`, which it may extend with flow types it
  /// meets; the extended map is written back.
  static func run<Result>(through map: inout RouteMap, _ body: (Resolution) -> Result) -> Result {
    if let current { return body(current) }
    let resolution = Resolution(map: map)
    current = resolution
    defer {
      current = nil
      map = resolution.map
    }
    return body(resolution)
  }

  /// Runs `body` in the resolution under way, or in one of its own through a map of `type`.
  static func within<Result>(
    _ type: any ContainerFlow.Type, _ body: (Resolution) -> Result
  ) -> Result {
    if let current { return body(current) }
    var map = RouteMap(type: type)
    return run(through: &map, body)
  }

  /// Runs `body` with the depth at `level`: what the types it asks answer counts from there.
  func at<Result>(_ level: Int, _ body: () -> Result) -> Result {
    let saved = depth
    depth = level
    defer { depth = saved }
    return body()
  }

  /// The position on the map of flows of type `type`, put there if it is new.
  func node(_ type: any ContainerFlow.Type) -> Int { map.index(of: type) }

  /// Whether the default `canHandle` of `type` accepts `link`: its patterns match, and a flow
  /// it leads to takes the rest, if any: a sub-flow's type by its own `canHandle`, then a
  /// declared bar's tab, then a declared split's column.
  func handles<Flow: LinkableFlow>(_ type: Flow.Type, _ link: DeepLink) -> Bool {
    guard depth < Self.limit else { return false }
    calls += 1
    var key: Key?
    if calls > Self.callsBeforeRemembering {
      let found = Key(type: ObjectIdentifier(type), remaining: link.remaining.count, depth: depth)
      if let known = answers[found], known.link == link { return known.canHandle }
      key = found
    }
    depth += 1
    let answer = accepts(type, link)
    depth -= 1
    if let key { answers[key] = Answer(link: link, canHandle: answer) }
    return answer
  }

  private func accepts<Flow: LinkableFlow>(_ type: Flow.Type, _ link: DeepLink) -> Bool {
    var remainder: DeepLink?
    Flow.routes.firstResolution(of: link) { _, _, rest in remainder = rest }
    guard let rest = remainder else { return false }
    if rest.remaining.isEmpty { return true }
    let node = self.node(type)
    return subFlow(of: node, handling: rest) != nil
      || bars(of: node).contains { tab(of: $0.node, handling: rest) != nil }
      || splits(of: node).contains { column(of: $0.node, handling: rest, liveDetail: nil) != nil }
  }

  /// The first stack sub-flow type of the flow at `node` whose `canHandle` accepts `link`, and
  /// the style it is declared with.
  func subFlow(
    of node: Int, handling link: DeepLink
  ) -> (type: any LinkableFlow.Type, style: PresentationStyle)? {
    subFlows(of: node).first { $0.type.canHandle(link) }
  }

  /// The linkable stack flow types the flow at `node` declares as sub-flows, in order.
  func subFlows(of node: Int) -> [(type: any LinkableFlow.Type, style: PresentationStyle)] {
    var found: [(type: any LinkableFlow.Type, style: PresentationStyle)] = []
    for edge in map.next(node) {
      guard case .presents(let style) = edge.kind, map.flows[edge.to].kind == .stack,
        let type = map.linkable(edge.to)
      else { continue }
      found.append((type, style))
    }
    return found
  }

  /// The tab bars the flow at `node` declares as sub-flows, in order.
  func bars(of node: Int) -> [(node: Int, style: PresentationStyle)] {
    declared(.tabs, by: node)
  }

  /// The splits the flow at `node` declares as sub-flows, in order.
  func splits(of node: Int) -> [(node: Int, style: PresentationStyle)] {
    declared(.split, by: node)
  }

  private func declared(
    _ kind: FlowTree.Level.Kind, by node: Int
  ) -> [(node: Int, style: PresentationStyle)] {
    var found: [(node: Int, style: PresentationStyle)] = []
    for edge in map.next(node) {
      guard case .presents(let style) = edge.kind, map.flows[edge.to].kind == kind else {
        continue
      }
      found.append((edge.to, style))
    }
    return found
  }

  /// The first tab, in its declared order, of a new bar of the flow at `bar` that takes `link`:
  /// its place, the flow type that resolves the link there, and for a split tab the split and
  /// its column.
  func tab(
    of bar: Int, handling link: DeepLink
  ) -> (place: Int, type: any LinkableFlow.Type, split: (node: Int, column: SplitColumn)?)? {
    for (place, edge) in map.next(bar).enumerated() {
      if let choice = choice(in: edge.to, handling: link, liveDetail: nil) {
        return (place, choice.type, choice.split)
      }
    }
    return nil
  }

  /// Where `link` goes in a tab whose flow is at `node`: its stack flow's type, or, for a split,
  /// the column the split's rule picks (``column(of:handling:liveDetail:)``).
  func choice(
    in node: Int, handling link: DeepLink, liveDetail: ObjectIdentifier?
  ) -> (type: any LinkableFlow.Type, split: (node: Int, column: SplitColumn)?)? {
    if map.flows[node].kind == .split {
      guard let found = column(of: node, handling: link, liveDetail: liveDetail) else {
        return nil
      }
      return (found.type, (node, found.column))
    }
    guard let type = map.linkable(node), type.canHandle(link) else { return nil }
    return (type, nil)
  }

  /// The column a link goes to in a split of the flow at `split`, and the linkable flow type
  /// that resolves it there: the detail when a detail type's `canHandle(_:)` accepts it (the
  /// type `liveDetail` names, the detail shown, first), otherwise the primary when its type's
  /// does.
  func column(
    of split: Int, handling link: DeepLink, liveDetail: ObjectIdentifier?
  ) -> (column: SplitColumn, type: any LinkableFlow.Type)? {
    var primary: (any LinkableFlow.Type)?
    var details: [any LinkableFlow.Type] = []
    for edge in map.next(split) {
      guard let type = map.linkable(edge.to) else { continue }
      if edge.kind == .primary { primary = type } else { details.append(type) }
    }
    if let shown = details.first(where: { ObjectIdentifier($0) == liveDetail }),
      shown.canHandle(link)
    {
      return (.detail, shown)
    }
    if let detail = details.first(where: { $0.canHandle(link) }) { return (.detail, detail) }
    if let primary, primary.canHandle(link) { return (.primary, primary) }
    return nil
  }

  /// A type, at a depth, asked about a link with so many components left.
  ///
  /// Within one resolution every link asked about is a remainder of the same link, so this
  /// names it; the answer keeps the link too, and is used only for an equal one.
  private struct Key: Hashable {
    let type: ObjectIdentifier
    let remaining: Int
    let depth: Int
  }

  private struct Answer {
    let link: DeepLink
    let canHandle: Bool
  }
}
