import FlowContainersCore
import FlowContainersRestoration

/// One link's resolution: the route graph it descends, how deep it is, and what the default
/// ``LinkableFlow/canHandle(_:)`` has answered during it (``current``), so each type is asked
/// about each remainder at each depth at most once and looping declarations end at ``limit``.
@MainActor
final class Resolution {
  /// How many levels a link may resolve into, and how deep `canHandle` asks.
  static let limit = 32
  /// How many calls a resolution makes before it remembers answers, which costs more than a few.
  static let callsBeforeRemembering = 8

  /// The resolution under way, if any.
  private(set) static var current: Resolution?

  /// The route graph it descends.
  private(set) var map: RouteMap
  private var depth = 0
  private var calls = 0
  private var answers: [Key: Answer] = [:]
  /// The last match ``handles(_:_:)`` made, which resolving that type for that link takes.
  private var lastMatch: Match?
  /// An empty list for a match's parameter values, kept from one match to the next.
  var values: [String] = []

  /// A resolution through `map`, which keeps the flow types it meets for the next.
  init(map: RouteMap) { self.map = map }

  /// Runs `body` as one resolution (or in the one under way, if any): a router keeps one, so
  /// its map, and runs each link in it.
  func run<Result>(_ body: (Resolution) -> Result) -> Result {
    if let current = Self.current { return body(current) }
    Self.current = self
    defer {
      Self.current = nil
      // Kept for the next link without this one's answers (only made after that many calls)
      // and match (its depth is back to 0).
      if calls > Self.callsBeforeRemembering { answers.removeAll(keepingCapacity: true) }
      (calls, lastMatch) = (0, nil)
    }
    return body(self)
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
  /// it leads to takes the rest, if any: a sub-flow, a declared bar's tab or a split's column.
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
    // The kept list, taken while this match runs: a match inside it makes its own.
    var values: [String] = []
    swap(&values, &self.values)
    defer { swap(&values, &self.values) }
    Flow.routes.firstResolution(of: link, values: &values) { stack, _, rest in
      remainder = rest
      lastMatch = Match(type: ObjectIdentifier(type), link: link, rest: rest) {
        $0.add(Flow.self, showing: stack, at: $1, under: $2)
      }
    }
    guard let rest = remainder else { return false }
    if rest.remaining.isEmpty { return true }
    let node = self.node(type)
    let handles = handling(rest)
    return firstBranch(of: node, .stack, where: handles) != nil
      || firstBranch(of: node, .tabs, where: { tab(of: $0, where: handles) != nil }) != nil
      || firstBranch(of: node, .split) { column(of: $0, where: handles, liveDetail: nil) != nil }
        != nil
  }

  /// The last match, its stack a `[Route]` of `type`'s, when it was of `type` for `link`; it is
  /// taken either way.
  func takeMatch(of type: ObjectIdentifier, for link: DeepLink) -> Match? {
    guard let match = lastMatch.take(), match.type == type, match.link == link else { return nil }
    return match
  }

  /// Whether the linkable flow at a node's `canHandle(_:)` accepts `link`.
  func handling(_ link: DeepLink) -> (Int) -> Bool {
    // The resolution, not a copy of its map, so nodes put on it later are found.
    { [self] node in map.linkable(node)?.canHandle(link) ?? false }
  }

  /// The first sub-flow of kind `kind` the flow at `node` declares, in order, that `accepts`,
  /// with its style.
  func firstBranch(
    of node: Int, _ kind: FlowTree.Level.Kind, where accepts: (Int) -> Bool
  ) -> (node: Int, style: PresentationStyle)? {
    for edge in map.next(node) {
      guard case .presents(let style) = edge.kind, map.flows[edge.to].kind == kind,
        accepts(edge.to)
      else { continue }
      return (edge.to, style)
    }
    return nil
  }

  /// The first tab of a new bar at `bar`, in declared order, whose flow (or column) `accepts`.
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

  /// Where a tab whose flow is at `node` goes: itself when it `accepts`, or a split's column.
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

  /// The column of the split at `split` whose flow `accepts`: a detail (the shown type,
  /// `liveDetail`, first), otherwise the primary.
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

  /// A type, at a depth, asked about a remainder of the resolution's link; the answer keeps the
  /// link, and is used only for an equal one.
  private struct Key: Hashable {
    let type: ObjectIdentifier
    let remaining: Int
    let depth: Int
  }

  struct Match {
    let type: ObjectIdentifier
    let link: DeepLink
    let rest: DeepLink
    /// Adds the matched stack's level to a target: a closure, so the stack needs no cast.
    let add: (inout TargetTree, FlowTree.Level.Place, Int?) -> Int
  }

  private struct Answer {
    let link: DeepLink
    let canHandle: Bool
  }
}

// MARK: - The way down the route map

extension Resolution {
  /// How the next flow, at `node` on the map, hangs below a level.
  enum Way {
    /// A sub-flow, presented in this style.
    case presented(Int, PresentationStyle)
    /// A tab (at `tab`) of the bar at `bar`, presented in `style`; for a split tab, the split and
    /// the column.
    case tab(
      Int, bar: Int, style: PresentationStyle, tab: Int, split: (node: Int, column: SplitColumn)?)
    /// A column of the split at `split`, presented in `style`.
    case column(Int, split: Int, style: PresentationStyle, column: SplitColumn)
  }

  /// The way into a root bar's tab (selected first) or a root split's column whose flow
  /// `accepts`; `nil` for a stack root, or when none does.
  func entry(_ node: Int, in target: TargetTree, where accepts: (Int) -> Bool) -> Way? {
    switch map.flows[node].kind {
    case .stack: return nil
    case .tabs: return liveTab(of: 0, bar: node, style: .sheet, in: target, where: accepts)
    case .split:
      return column(of: node, where: accepts, liveDetail: liveDetail(of: 0, in: target)).map {
        .column($0.node, split: node, style: .sheet, column: $0.column)
      }
    }
  }

  /// Where the next flow hangs below the flow at `node` (the target's level `level`) when
  /// `accepts` takes it: the first stack sub-flow that does; else a tab of a declared bar (the
  /// kept presented bar's, selected first, else a new bar's in order); else a column of a
  /// declared split.
  func way(
    from node: Int, over level: Int, in target: TargetTree, where accepts: (Int) -> Bool
  ) -> Way? {
    if let sub = firstBranch(of: node, .stack, where: accepts) {
      return .presented(sub.node, sub.style)
    }
    let presented = target.kept(presentedOver: level)
    let live = presented.flatMap { target.live($0)?.flow }.map { self.node(type(of: $0)) }
    if let presented, let bar = firstBranch(of: node, .tabs, where: { $0 == live }),
      let way = liveTab(of: presented, bar: bar.node, style: bar.style, in: target, where: accepts)
    {
      return way
    }
    for edge in map.next(node) {
      guard case .presents(let style) = edge.kind, map.flows[edge.to].kind == .tabs,
        let tab = tab(of: edge.to, where: accepts)
      else { continue }
      return .tab(tab.node, bar: edge.to, style: style, tab: tab.place, split: tab.split)
    }
    for edge in map.next(node) {
      guard case .presents(let style) = edge.kind, map.flows[edge.to].kind == .split,
        let found = column(
          of: edge.to, where: accepts,
          liveDetail: edge.to == live ? liveDetail(of: presented, in: target) : nil)
      else { continue }
      return .column(found.node, split: edge.to, style: style, column: found.column)
    }
    return nil
  }

  /// The way into the live bar at `position`'s first tab (selected first) whose flow `accepts`.
  private func liveTab(
    of position: Int, bar: Int, style: PresentationStyle, in target: TargetTree,
    where accepts: (Int) -> Bool
  ) -> Way? {
    let tabs = liveTabs(of: position, in: target)
    for tab in tabs.ordered {
      guard
        let choice = choice(
          in: node(type(of: tab.flow)), where: accepts,
          liveDetail: liveDetail(of: tabs.positions[tab.place], in: target))
      else { continue }
      return .tab(choice.node, bar: bar, style: style, tab: tab.place, split: choice.split)
    }
    return nil
  }

  /// The live bar at `position`'s tabs with known flows, selected first; and their positions.
  func liveTabs(
    of position: Int, in target: TargetTree
  ) -> (ordered: [(place: Int, flow: any ContainerFlow)], positions: [Int: Int]) {
    var ordered: [(place: Int, flow: any ContainerFlow)] = []
    var positions: [Int: Int] = [:]
    for branch in target.live(position)?.branches ?? [] {
      guard case .tab(let place, let selected) = branch.place,
        let flow = target.live(branch.position)?.flow
      else { continue }
      positions[place] = branch.position
      if selected { ordered.insert((place, flow), at: 0) } else { ordered.append((place, flow)) }
    }
    return (ordered, positions)
  }

  /// The type of the detail of the live split at `position`, if it is one and shows a detail.
  private func liveDetail(of position: Int?, in target: TargetTree) -> ObjectIdentifier? {
    guard let position, let live = target.live(position) else { return nil }
    for branch in live.branches where branch.place == .column(.detail) {
      return target.live(branch.position)?.flow.map { ObjectIdentifier(type(of: $0)) }
    }
    return nil
  }
}
