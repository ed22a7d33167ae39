import FlowContainersCore

/// Every flow type reachable from the root types through what they declare, by its
/// ``NamedFlow/flowName``, with how to decode its routes: built on the main actor, used by the
/// (nonisolated) snapshot decoder.
struct FlowRegistry: Sendable {
  struct Entry: Sendable {
    let type: FlowType
    let kind: FlowTree.Level.Kind
    /// The names of the flows it leads to.
    let next: Set<FlowName>
    /// Decodes a stack flow's routes; `nil` for a tab bar or a split, which have none.
    let decodeRoutes:
      (@Sendable (KeyedDecodingContainer<FlowSnapshot.Level.CodingKeys>) throws -> [AnyRoute])?
  }

  /// The names a snapshot's root may have.
  let roots: Set<FlowName>
  let entries: [FlowName: Entry]

  /// The registry of the snapshot being decoded in this task.
  @TaskLocal static var current: FlowRegistry?

  /// A registry of every flow reachable from `roots`, by a breadth-first walk that visits each
  /// type once; two types of one name are reported when `reporting`.
  @MainActor
  init(roots: [any ContainerFlow.Type], reporting: Bool = true) {
    var entries: [FlowName: Entry] = [:]
    var queue = roots
    var seen: Set<ObjectIdentifier> = []
    var next = 0
    while next < queue.count {
      let type = queue[next]
      next += 1
      guard seen.insert(ObjectIdentifier(type)).inserted, let declared = type.declared else {
        continue
      }
      let branches = declared.branches.map(\.type)
      let name = FlowName(type)
      // `seen` skips a type met before, so an entry under this name is another type's.
      if let existing = entries[name] {
        if reporting {
          MisuseReports.report(
            FlowDiagnostic(
              code: .inconsistentRoute,
              message: "two flow types are named \"\(name)\" (\(existing.type.type) and \(type)); "
                + "snapshots cannot tell them apart. Give one a different `flowName`.",
              location: "FlowRegistry", fileID: #fileID, line: #line))
        }
        continue
      }
      entries[name] = Entry(
        type: FlowType(type), kind: declared.kind, next: Set(branches.map { FlowName($0) }),
        decodeRoutes: (type as? any RestorableFlow.Type)?.routeDecoder)
      queue += branches
    }
    self.roots = Set(roots.map { FlowName($0) })
    self.entries = entries
  }

  /// Checks that `levels` form a chain the roots can build: a root first, then each flow one
  /// the one below leads to, up to a tab bar's or a split's level.
  func validate(_ levels: [FlowSnapshot.Level]) throws(RestorationError) {
    var below: (name: FlowName, entry: Entry)?
    for level in levels {
      guard let entry = entries[level.flow] else { throw .unknownFlow(level.flow) }
      guard below?.entry.next.contains(level.flow) ?? roots.contains(level.flow) else {
        throw .unexpectedFlow(level.flow, after: below?.name)
      }
      if entry.kind != .stack { return }
      below = (level.flow, entry)
    }
  }
}

extension RestorableFlow {
  /// Decodes this flow type's routes from a level's container.
  static var routeDecoder:
    @Sendable (KeyedDecodingContainer<FlowSnapshot.Level.CodingKeys>) throws -> [AnyRoute]
  {
    { try $0.decode([Route].self, forKey: .routes).map(AnyRoute.init) }
  }
}
