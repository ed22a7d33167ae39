import FlowContainersCore

/// Every flow type reachable from the root types through what they declare (sub-flows, a tab
/// bar's tabs, a split's columns), by its ``NamedFlow/flowName``, with how to decode its routes.
///
/// Built on the main actor, used by the (nonisolated) snapshot decoder.
struct FlowRegistry: Sendable {
  struct Entry: Sendable {
    let type: FlowType
    let kind: FlowTree.Level.Kind
    /// The names of the flows it leads to: a stack flow's sub-flows, a bar's tabs, a split's
    /// columns.
    let next: Set<FlowName>
    /// Decodes a stack flow's routes; `nil` for a tab bar or a split, which have none.
    let decodeRoutes:
      (@Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey) throws -> [AnyRoute])?
  }

  /// The names a snapshot's root may have.
  let roots: Set<FlowName>
  let entries: [FlowName: Entry]

  /// The registry of the snapshot being decoded in this task.
  @TaskLocal static var current: FlowRegistry?

  /// A registry of every flow reachable from `roots`, a breadth-first walk without recursion
  /// that visits each type once, so declarations that loop end; two types of one name are
  /// reported when `reporting`.
  @MainActor
  init(roots: [any ContainerFlow.Type], reporting: Bool = true) {
    var entries: [FlowName: Entry] = [:]
    var queue = roots
    var seen: Set<ObjectIdentifier> = []
    var next = 0
    while next < queue.count {
      let type = queue[next]
      next += 1
      guard seen.insert(ObjectIdentifier(type)).inserted, let kind = type.declaredKind else {
        continue
      }
      let branches = type.declaredBranches.map(\.type)
      let name = FlowName(type)
      // `seen` skips a type met before, so an entry under this name is another type's.
      if let existing = entries[name] {
        if reporting { Self.reportClash(name, existing.type.type, type) }
        continue
      }
      entries[name] = Entry(
        type: FlowType(type), kind: kind, next: Set(branches.map { FlowName($0) }),
        decodeRoutes: (type as? any RestorableFlow.Type)?.routeDecoder)
      queue += branches
    }
    self.roots = Set(roots.map { FlowName($0) })
    self.entries = entries
  }

  /// Checks that `levels` form a chain the roots can build: a root first, then each flow one
  /// the one below leads to, up to a tab bar's or a split's level, whose tabs or columns hold
  /// the rest (what is listed over it is dropped when restoring).
  func validate(_ levels: [FlowSnapshot.Level]) throws(RestorationError) {
    var below: (name: FlowName, entry: Entry)?
    for level in levels {
      guard let entry = entries[level.flow] else { throw .unknownFlow(level.flow) }
      if let below {
        guard below.entry.next.contains(level.flow) else {
          throw .unexpectedFlow(level.flow, after: below.name)
        }
      } else {
        guard roots.contains(level.flow) else { throw .unexpectedFlow(level.flow, after: nil) }
      }
      if entry.kind != .stack { return }
      below = (level.flow, entry)
    }
  }

  /// Reports that `first` and `second`, two flow types under one root, are both named `name`;
  /// the registry keeps `first`.
  @MainActor
  private static func reportClash(
    _ name: FlowName, _ first: any ContainerFlow.Type, _ second: any ContainerFlow.Type
  ) {
    MisuseReports.report(
      FlowDiagnostic(
        code: .inconsistentRoute,
        message: "two flow types are named \"\(name)\" (\(first) and \(second)); "
          + "snapshots cannot tell them apart. Give one a different `flowName`.",
        location: "FlowRegistry", fileID: #fileID, line: #line))
  }
}

extension RestorableFlow {
  /// Decodes this flow type's routes from a keyed container.
  static var routeDecoder:
    @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey) throws -> [AnyRoute]
  {
    { container, key in try container.decode([Route].self, forKey: key).map(AnyRoute.init) }
  }
}

/// A coding key for any string.
struct AnyCodingKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ string: String) {
    stringValue = string
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}
