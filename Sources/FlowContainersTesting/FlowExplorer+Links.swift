import FlowContainers

/// The links an app's route map names, and the flow types on it.
@MainActor
struct Declarations {
  /// How many links the catalogue holds at most: every state tries each.
  static let maximumLinks = 10_000
  /// How many sample combinations one pattern gives at most.
  static let maximumCombinations = 10_000

  /// How many levels a link goes through at most: sub-flows that present each other end there.
  static let levels = 8

  let samples: [String: [String]]
  private var known: [Key: [[String]]] = [:]

  private struct Key: Hashable {
    let flow: Int
    let levels: Int
  }

  init(samples: [String: [String]]) {
    self.samples = samples
  }

  /// Every link the patterns on `map` make, with sample parameters: each pattern alone, and
  /// each with a trailing `*` followed by what its sub-flows take; the shortest first, in
  /// declaration order, so that a failure's reproduction names the simplest link.
  mutating func links(of map: RouteMap, scheme: String) -> [String] {
    var found: [[String]] = []
    var seen: Set<[String]> = []
    for entry in Self.entries(of: 0, in: map) {
      for components in suffixes(of: entry, in: map, levels: Self.levels)
      where seen.insert(components).inserted && found.count < Self.maximumLinks {
        found.append(components)
      }
    }
    return found.enumerated()
      .sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
      .map { "\(scheme)://" + $0.element.joined(separator: "/") }
  }

  /// The components lists the flow at `flow` on `map` takes, going through at most `levels`
  /// levels.
  private mutating func suffixes(of flow: Int, in map: RouteMap, levels: Int) -> [[String]] {
    let key = Key(flow: flow, levels: levels)
    if let known = known[key] { return known }
    // A type that presents itself again ends the walk here on the way down.
    known[key] = []
    var result: [[String]] = []
    for pattern in map.flows[flow].patterns.map(\.text) {
      let segments = pattern.split(separator: "/").map(String.init)
      let wildcard = segments.last == "*"
      for filled in fill(wildcard ? Array(segments.dropLast()) : segments) {
        result.append(filled)
        guard wildcard, levels > 1 else { continue }
        for next in Self.next(after: flow, in: map) {
          for rest in suffixes(of: next, in: map, levels: levels - 1) where !rest.isEmpty {
            result.append(filled + rest)
          }
        }
      }
    }
    known[key] = result
    return result
  }

  /// A pattern of `flow`'s type that builds the stack of routes `flow` shows, from samples:
  /// the pattern, the link it builds the stack from, and the stack.
  func pattern<Flow: LinkableFlow>(
    building flow: Flow, scheme: String
  ) -> (pattern: String, link: String, stack: String)? {
    var stack: [Flow.Route] = []
    for screen in flow.container.stack {
      guard let route = flow.route(for: screen) else { return nil }
      stack.append(route)
    }
    for pattern in Flow.routes.patterns.map(\.text) {
      let segments = pattern.split(separator: "/").map(String.init)
      for components in fill(segments.last == "*" ? Array(segments.dropLast()) : segments) {
        guard Flow.routes.resolve(DeepLink(scheme: scheme, components: components))?.stack == stack
        else { continue }
        let routes = stack.map { String(describing: $0) }.joined(separator: ", ")
        return (pattern, "\(scheme)://" + components.joined(separator: "/"), "[\(routes)]")
      }
    }
    return nil
  }

  /// The pattern's segments with each parameter replaced by each of its samples, in turn.
  private func fill(_ segments: [String]) -> [[String]] {
    var filled: [[String]] = [[]]
    for segment in segments {
      guard segment.hasPrefix(":") else {
        filled = filled.map { $0 + [segment] }
        continue
      }
      let values = values(of: segment)
      filled = Array(filled.lazy.flatMap { prefix in values.map { prefix + [$0] } })
      if filled.count > Self.maximumCombinations {
        filled.removeLast(filled.count - Self.maximumCombinations)
      }
    }
    return filled
  }

  /// The samples of a parameter segment such as `:id<Int>`: the user's, or one of its type.
  private func values(of segment: String) -> [String] {
    let body = segment.dropFirst()
    let name = String(body.prefix { $0 != "<" })
    if let given = samples[name], !given.isEmpty { return given }
    switch body.drop(while: { $0 != "<" }) {
    case "<Int>": return ["1"]
    case "<UUID>": return ["00000000-0000-0000-0000-000000000001"]
    default: return ["sample"]
    }
  }

  /// The flows on `map` a link can start in from the flow at `flow`: its own, a tab bar's tabs',
  /// a split's columns' (a split tab's too).
  private static func entries(of flow: Int, in map: RouteMap) -> [Int] {
    switch map.flows[flow].kind {
    case .stack: return map.flows[flow].patterns.isEmpty ? [] : [flow]
    case .tabs, .split:
      return map.edges.filter { $0.from == flow }.flatMap { entries(of: $0.to, in: map) }
    }
  }

  /// The flows on `map` the rest of a link can go to from the flow at `flow`: its sub-flows,
  /// and the tabs and columns of the bars and splits it declares.
  private static func next(after flow: Int, in map: RouteMap) -> [Int] {
    map.edges.filter { $0.from == flow }.flatMap { entries(of: $0.to, in: map) }
  }

  /// Every flow type on `map`, each with the type that leads to it (`nil` for the root), in
  /// the map's order.
  static func declaredFlows(of map: RouteMap) -> [(flow: FlowName, declaredBy: FlowName?)] {
    map.flows.enumerated().map { index, flow in
      (
        flow.name,
        map.edges.first { $0.to == index && $0.from != index }.map { map.flows[$0.from].name }
      )
    }
  }
}
