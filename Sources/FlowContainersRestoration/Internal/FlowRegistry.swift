import FlowContainersCore

/// Every flow type reachable from a root type through `subFlows` (and a tab bar's `tabFlows`, a
/// split's primary and detail flows), by
/// its ``NamedFlow/flowName``, with how to decode its routes.
///
/// Built on the main actor, used by the (nonisolated) snapshot decoder.
struct FlowRegistry: Sendable {
  package struct Entry: Sendable {
    package let type: DeclaredFlowType
    /// The names of its sub-flows' types; a tab bar's, of its tabs'.
    let subFlowNames: Set<FlowName>
    let decodeRoutes:
      @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey) throws -> [AnyRoute]
  }

  let rootName: FlowName
  package let entries: [FlowName: Entry]

  /// The registry of the snapshot being decoded in this task.
  @TaskLocal package static var current: FlowRegistry?

  @MainActor
  package init(root: any RestorableFlow.Type) {
    self.init(declared: .stack(FlowType(type: root)))
  }

  /// A registry of every flow reachable from `root`, a stack flow's, a tab bar's or a split's
  /// type.
  @MainActor
  init(declared root: DeclaredFlowType) {
    var entries: [FlowName: Entry] = [:]
    var queue: [DeclaredFlowType] = [root]
    var seen: Set<ObjectIdentifier> = []
    while let declared = queue.popLast() {
      let type = declared.type
      guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
      let subFlowTypes: [DeclaredFlowType]
      let decodeRoutes:
        @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey) throws -> [AnyRoute]
      switch declared {
      case .stack(let flow):
        subFlowTypes = flow.type.declaredTypes
        decodeRoutes = flow.type.routeDecoder
      case .tabs(let bar):
        subFlowTypes =
          bar.type.tabFlows.map { .stack(FlowType(type: $0)) }
          + bar.type.splitTabFlows.map { .split(SplitType(type: $0)) }
        // A tab bar's level holds its tabs' trees, not routes.
        decodeRoutes = { _, _ in [] }
      case .split(let split):
        subFlowTypes = ([split.type.primaryFlow] + split.type.detailFlowTypes).map {
          .stack(FlowType(type: $0))
        }
        // A split's level holds its columns' trees, not routes.
        decodeRoutes = { _, _ in [] }
      }
      let name = FlowName(type)
      // `seen` skips a type met before, so an entry under this name is another type's.
      if let existing = entries[name] {
        Self.reportClash(name, existing.type, declared)
        continue
      }
      entries[name] = Entry(
        type: declared, subFlowNames: Set(subFlowTypes.map { FlowName($0.type) }),
        decodeRoutes: decodeRoutes)
      queue += subFlowTypes
    }
    self.rootName = FlowName(root.type)
    self.entries = entries
  }

  /// A registry of every flow reachable from any of `roots`.
  ///
  /// For decoding the trees of a tab bar's tabs together. Its root is the first of `roots`.
  @MainActor
  package init(roots: [any RestorableFlow.Type]) {
    self.init(declared: roots.map { .stack(FlowType(type: $0)) })
  }

  /// A registry of every flow reachable from any of `roots`, stack flows', tab bars' or
  /// splits' types, such as a tab bar's tabs; its root is the first of `roots`.
  @MainActor
  init(declared roots: [DeclaredFlowType]) {
    var entries: [FlowName: Entry] = [:]
    for root in roots {
      for (name, entry) in FlowRegistry(declared: root).entries {
        guard let existing = entries[name] else {
          entries[name] = entry
          continue
        }
        // The same type reached from two tabs is one entry; another type is a clash.
        if existing.type != entry.type { Self.reportClash(name, existing.type, entry.type) }
      }
    }
    self.rootName = roots.first.map { FlowName($0.type) } ?? ""
    self.entries = entries
  }

  /// Reports that `first` and `second`, two flow types under one root, are both named `name`;
  /// the registry keeps `first`.
  @MainActor
  private static func reportClash(
    _ name: FlowName, _ first: DeclaredFlowType, _ second: DeclaredFlowType
  ) {
    MisuseReports.report(
      FlowDiagnostic(
        code: .inconsistentRoute,
        message: "two flow types are named \"\(name)\" (\(first.type) and \(second.type)); "
          + "snapshots cannot tell them apart. Give one a different `flowName`.",
        location: "FlowRegistry", fileID: #fileID, line: #line))
  }

  /// Checks that the levels form a chain this root can build: the root first, then each flow a
  /// sub-flow type of the one below, up to a tab bar's or a split's level, whose tabs or columns
  /// hold the rest (what is listed over it is dropped when restoring).
  func validate(_ names: [FlowName]) throws(RestorationError) {
    guard names.count <= FlowSnapshot.maximumLevels else {
      throw RestorationError.tooManyLevels(count: names.count, limit: FlowSnapshot.maximumLevels)
    }
    var below: (name: FlowName, entry: Entry)?
    for name in names {
      guard let entry = entries[name] else { throw RestorationError.unknownFlow(name) }
      if let below {
        guard below.entry.subFlowNames.contains(name) else {
          throw RestorationError.unexpectedFlow(name, after: below.name)
        }
      } else {
        guard name == rootName else { throw RestorationError.unexpectedFlow(name, after: nil) }
      }
      if entry.type.stack == nil { return }
      below = (name, entry)
    }
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

  package init(_ string: String) {
    stringValue = string
  }

  package init?(stringValue: String) {
    self.stringValue = stringValue
  }

  package init?(intValue: Int) {
    nil
  }
}
