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
  /// The last match ``handles(_:_:)`` made, of a flow type's patterns for a link.
  ///
  /// Resolving that type for that link next takes it rather than matching again: patterns and
  /// their builders are pure.
  private var lastMatch: Match?

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
    Flow.routes.firstResolution(of: link) { stack, _, rest in
      remainder = rest
      lastMatch = Match(type: ObjectIdentifier(type), link: link, stack: stack, rest: rest)
    }
    guard let rest = remainder else { return false }
    if rest.remaining.isEmpty { return true }
    let node = self.node(type)
    let handles = handling(rest)
    return subFlows(of: node).contains { handles($0.node) }
      || branches(of: node, .tabs).contains { tab(of: $0.node, where: handles) != nil }
      || branches(of: node, .split).contains {
        column(of: $0.node, where: handles, liveDetail: nil) != nil
      }
  }

  /// The stack (a `[Route]` of `type`'s) and the rest of the last match, when it was of `type`
  /// for `link`; it is taken either way.
  func takeMatch(of type: ObjectIdentifier, for link: DeepLink) -> (stack: Any, rest: DeepLink)? {
    guard let match = lastMatch.take(), match.type == type, match.link == link else { return nil }
    return (match.stack, match.rest)
  }

  /// Whether the linkable flow at a node's `canHandle(_:)` accepts `link`.
  func handling(_ link: DeepLink) -> (Int) -> Bool {
    // The resolution, not a copy of its map: no copy per closure, and nodes put on the map later
    // are found.
    { [self] node in map.linkable(node)?.canHandle(link) ?? false }
  }

  /// The stack flows the flow at `node` declares as sub-flows, in order, with their styles.
  func subFlows(of node: Int) -> [(node: Int, style: PresentationStyle)] {
    branches(of: node, .stack)
  }

  /// The sub-flows of kind `kind` the flow at `node` declares, in order, with their styles.
  func branches(
    of node: Int, _ kind: FlowTree.Level.Kind
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

  /// The first tab, in its declared order, of a new bar of the flow at `bar` whose flow
  /// `accepts` (a split tab's by one of its columns, as ``column(of:where:liveDetail:)`` picks):
  /// its place, the flow it goes to there, and for a split tab the split and its column.
  func tab(
    of bar: Int, where accepts: (Int) -> Bool
  ) -> (place: Int, node: Int, split: (node: Int, column: SplitColumn)?)? {
    for (place, edge) in map.next(bar).enumerated() {
      if let choice = choice(in: edge.to, where: accepts, liveDetail: nil) {
        return (place, choice.node, choice.split)
      }
    }
    return nil
  }

  /// Where a tab whose flow is at `node` goes: the flow itself when it `accepts`, or, for a
  /// split, the column the split's rule picks.
  func choice(
    in node: Int, where accepts: (Int) -> Bool, liveDetail: ObjectIdentifier?
  ) -> (node: Int, split: (node: Int, column: SplitColumn)?)? {
    if map.flows[node].kind == .split {
      guard let found = column(of: node, where: accepts, liveDetail: liveDetail) else {
        return nil
      }
      return (found.node, (node, found.column))
    }
    return accepts(node) ? (node, nil) : nil
  }

  /// The column of a split of the flow at `split` that takes what `accepts` accepts, and the
  /// flow it goes to there: the detail when a detail type does (the type `liveDetail` names,
  /// the detail shown, first), otherwise the primary when its type does.
  func column(
    of split: Int, where accepts: (Int) -> Bool, liveDetail: ObjectIdentifier?
  ) -> (column: SplitColumn, node: Int)? {
    var primary: Int?
    var details: [Int] = []
    for edge in map.next(split) {
      if edge.kind == .primary { primary = edge.to } else { details.append(edge.to) }
    }
    if let shown = details.first(where: { map.type($0).map(ObjectIdentifier.init) == liveDetail }),
      accepts(shown)
    {
      return (.detail, shown)
    }
    if let detail = details.first(where: accepts) { return (.detail, detail) }
    if let primary, accepts(primary) { return (.primary, primary) }
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

  private struct Match {
    let type: ObjectIdentifier
    let link: DeepLink
    let stack: Any
    let rest: DeepLink
  }

  private struct Answer {
    let link: DeepLink
    let canHandle: Bool
  }
}
