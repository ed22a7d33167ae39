/// The patterns of a route table, as a tree keyed by segment, so that matching costs the depth of
/// the link, not the number of patterns.
struct RouteTrie: Sendable {
  struct Node: Sendable {
    var literals: [String: Int] = [:]
    /// Children for parameter segments, in matching order (typed first).
    var parameters: [(type: RoutePattern.ParameterType, node: Int)] = []
    /// The entry whose pattern ends here.
    var terminal: Int?
    /// The entry whose pattern ends here with a wildcard.
    var wildcard: Int?
  }

  private(set) var nodes: [Node] = [Node()]

  /// Adds `pattern` as entry `entry`, or returns the entry that already has the same shape.
  mutating func insert(_ pattern: RoutePattern, entry: Int) -> Int? {
    var node = 0
    for segment in pattern.segments {
      let child: Int?
      switch segment {
      case .literal(let text):
        child = nodes[node].literals[text]
        if child == nil { nodes[node].literals[text] = nodes.count }
      case .parameter(_, let type):
        child = nodes[node].parameters.first(where: { $0.type == type })?.node
        if child == nil {
          nodes[node].parameters.append((type, nodes.count))
          // Typed parameters first: the cases are declared in that order.
          let order = RoutePattern.ParameterType.allCases
          nodes[node].parameters.sort {
            order.firstIndex(of: $0.type) ?? 0 < order.firstIndex(of: $1.type) ?? 0
          }
        }
      case .wildcard:
        if let existing = nodes[node].wildcard { return existing }
        nodes[node].wildcard = entry
        return nil
      }
      if child == nil { nodes.append(Node()) }
      node = child ?? nodes.count - 1
    }
    if let existing = nodes[node].terminal { return existing }
    nodes[node].terminal = entry
    return nil
  }

  /// Calls `accept` with each entry matching `components`, most specific first, until it accepts.
  ///
  /// With the entry come its parameter values, collected in `values` (empty, and left empty: a
  /// caller may keep it for the next search), and how many components it consumed.
  func firstMatch(
    _ components: ArraySlice<String>, values: inout [String],
    _ accept: (_ entry: Int, _ values: [String], _ consumed: Int) -> Bool
  ) {
    _ = search(0, components.startIndex, components, &values, accept)
  }

  private func search(
    _ node: Int, _ index: Int, _ components: ArraySlice<String>, _ values: inout [String],
    _ accept: (Int, [String], Int) -> Bool
  ) -> Bool {
    let consumed = index - components.startIndex
    guard index < components.endIndex else {
      if let entry = nodes[node].terminal, accept(entry, values, consumed) { return true }
      if let entry = nodes[node].wildcard { return accept(entry, values, consumed) }
      return false
    }
    let component = components[index]
    if !nodes[node].literals.isEmpty, let child = nodes[node].literals[component.asciiLowercased()],
      search(child, index + 1, components, &values, accept)
    {
      return true
    }
    for parameter in nodes[node].parameters where parameter.type.accepts(component) {
      values.append(component)
      let found = search(parameter.node, index + 1, components, &values, accept)
      values.removeLast()
      if found { return true }
    }
    if let entry = nodes[node].wildcard { return accept(entry, values, consumed) }
    return false
  }
}
