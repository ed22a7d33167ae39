import FlowContainers

/// The links an app's declarations name, and the flow types they declare.
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
    let type: ObjectIdentifier
    let levels: Int
  }

  init(samples: [String: [String]]) {
    self.samples = samples
  }

  /// Every link the root's types' patterns make, with sample parameters: each pattern alone,
  /// and each with a trailing `*` followed by what its sub-flows take; the shortest first, in
  /// declaration order, so that a failure's reproduction names the simplest link.
  mutating func links(root: AnyObject, scheme: String) -> [String] {
    var found: [[String]] = []
    var seen: Set<[String]> = []
    for type in Self.entryTypes(of: Swift.type(of: root)) {
      for components in suffixes(of: type, levels: Self.levels)
      where seen.insert(components).inserted && found.count < Self.maximumLinks {
        found.append(components)
      }
    }
    return found.enumerated()
      .sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
      .map { "\(scheme)://" + $0.element.joined(separator: "/") }
  }

  /// The components lists a flow of `type` takes, going through at most `levels` levels.
  private mutating func suffixes(of type: any LinkableFlow.Type, levels: Int) -> [[String]] {
    let key = Key(type: ObjectIdentifier(type), levels: levels)
    if let known = known[key] { return known }
    // A type that presents itself again ends the walk here on the way down.
    known[key] = []
    var result: [[String]] = []
    for pattern in Self.patterns(of: type) {
      let segments = pattern.split(separator: "/").map(String.init)
      let wildcard = segments.last == "*"
      for filled in fill(wildcard ? Array(segments.dropLast()) : segments) {
        result.append(filled)
        guard wildcard, levels > 1 else { continue }
        for next in Self.nextTypes(after: type) {
          for rest in suffixes(of: next, levels: levels - 1) where !rest.isEmpty {
            result.append(filled + rest)
          }
        }
      }
    }
    known[key] = result
    return result
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

  private static func patterns<Flow: LinkableFlow>(of type: Flow.Type) -> [String] {
    Flow.routes.patterns.map(\.text)
  }

  /// The linkable types a link can start in from a root of type `type`: its own, a tab bar's
  /// tabs', a split's columns'.
  static func entryTypes(of type: Any.Type) -> [any LinkableFlow.Type] {
    if let bar = type as? any TabbedFlow.Type { return tabTypes(of: bar) }
    if let split = type as? any SplitFlow.Type { return columnTypes(of: split) }
    if let flow = type as? any LinkableFlow.Type { return [flow] }
    return []
  }

  private static func tabTypes(of bar: any TabbedFlow.Type) -> [any LinkableFlow.Type] {
    bar.tabFlows.compactMap { $0 as? any LinkableFlow.Type }
      + bar.splitTabFlows.flatMap { columnTypes(of: $0) }
  }

  private static func columnTypes(of split: any SplitFlow.Type) -> [any LinkableFlow.Type] {
    ([split.primaryFlow] + split.detailFlowTypes).compactMap { $0 as? any LinkableFlow.Type }
  }

  /// The linkable types the rest of a link can go to from a flow of `type`: its sub-flows', and
  /// the tabs' and columns' of the bars and splits it declares.
  private static func nextTypes(after type: any LinkableFlow.Type) -> [any LinkableFlow.Type] {
    type.declaredSubFlowTypes.compactMap { $0 as? any LinkableFlow.Type }
      + type.declaredBarTypes.flatMap { tabTypes(of: $0) }
      + type.declaredSplitTypes.flatMap { columnTypes(of: $0) }
  }

  /// Every flow type the declarations name from a root of type `root`, each with the type that
  /// names it (`nil` for the root), in the order a walk from the root meets them.
  static func declaredFlows(root: Any.Type) -> [(flow: FlowName, declaredBy: FlowName?)] {
    var result: [(FlowName, FlowName?)] = []
    var seen: Set<ObjectIdentifier> = []
    var left: [(Any.Type, FlowName?)] = [(root, nil)]
    var index = 0
    while index < left.count {
      let (type, parent) = left[index]
      index += 1
      guard let object = type as? AnyObject.Type, seen.insert(ObjectIdentifier(type)).inserted
      else { continue }
      let name = FlowName(object)
      result.append((name, parent))
      left += children(of: type).map { ($0, name) }
    }
    return result
  }

  private static func children(of type: Any.Type) -> [Any.Type] {
    if let bar = type as? any TabbedFlow.Type { return bar.tabFlows + bar.splitTabFlows }
    if let split = type as? any SplitFlow.Type {
      return [split.primaryFlow] + split.detailFlowTypes
    }
    if let flow = type as? any RestorableFlow.Type {
      return flow.declaredSubFlowTypes + flow.declaredBarTypes + flow.declaredSplitTypes
    }
    return []
  }
}
