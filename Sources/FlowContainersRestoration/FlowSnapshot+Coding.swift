import FlowContainersCore
public import Foundation

extension FlowSnapshot {
  /// Encodes the snapshot as JSON, with the current schema version and sorted keys.
  ///
  /// - Returns: The JSON bytes.
  /// - Throws: An error from a route's own `Encodable` conformance.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(
      Document(
        version: Self.currentVersion, levels: levels,
        transient: transient.isEmpty ? nil : transient))
  }

  /// Decodes a snapshot of a tree whose root has type `root`, migrating older schema versions.
  ///
  /// Every level must name a flow type reachable from `root` through ``RestorableFlow/subFlows``,
  /// presented over a type that declares it, and hold routes of that type.
  ///
  /// - Parameters:
  ///   - data: JSON from ``jsonData()`` (version 3), or an older version 1 or 2 file.
  ///   - root: The root flow type.
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError``: empty, too large, corrupt or truncated, of an unsupported
  ///   version, naming an unknown flow or route, or with levels out of place.
  @MainActor
  public static func decode(
    _ data: Data, root: any RestorableFlow.Type
  ) throws(RestorationError) -> FlowSnapshot {
    let registry = FlowRegistry(root: root)
    let snapshot = try decode(data, registry: registry, bar: nil)
    try registry.validate(snapshot.levels.map(\.flow))
    return snapshot
  }

  /// Decodes `data` once, with the routes of the flow types of `registry`, into the current
  /// schema; levels are checked against the root when they are restored.
  ///
  /// A tab's tree whose flow `registry` does not know comes back with only that flow's name, so
  /// that restoring reports the tab as gone rather than refusing the rest. Versions 1 and 2 saved
  /// a tab bar's selected tab as the levels and the other tabs apart; for a tab bar's root,
  /// `bar` (its name and selected tab) makes them the bar's level they are now.
  static func decode(
    _ data: Data, registry: FlowRegistry, bar: (name: FlowName, selected: Int?)?
  ) throws(RestorationError) -> FlowSnapshot {
    guard !data.isEmpty else { throw RestorationError.empty }
    guard data.count <= maximumSize else {
      throw RestorationError.tooLarge(bytes: data.count, limit: maximumSize)
    }
    // A version 1 document nests a level per presentation, deeper than `JSONDecoder` reads:
    // it is flattened to version 2 first, without recursion.
    let document: Document
    if let flattened = Version1Reader.flatten(data) {
      document = try decode(Document.self, from: flattened.json, registry: registry)
    } else {
      document = try decode(Document.self, from: data, registry: registry)
    }
    var snapshot = FlowSnapshot(levels: document.levels)
    snapshot.transient = document.transient ?? []
    if let bar, document.version < 3, snapshot.levels.first?.tabs == nil {
      snapshot.levels = [document.barLevel(named: bar.name, selected: bar.selected)]
    }
    return snapshot
  }

  private static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, registry: FlowRegistry?
  ) throws(RestorationError) -> Value {
    do {
      return try FlowRegistry.$current.withValue(registry) {
        try JSONDecoder().decode(type, from: data)
      }
    } catch let error as RestorationError {
      throw error
    } catch let error as DecodingError {
      throw RestorationError.corrupt(error.summary)
    } catch {
      throw RestorationError.corrupt(String(describing: error))
    }
  }
}

extension DecodingError {
  /// Where and what, in one line.
  fileprivate var summary: String {
    let context: Context
    switch self {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      return String(describing: self)
    }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    let location = path.isEmpty ? "" : " at " + path.joined(separator: ".")
    return context.debugDescription + location
  }
}

/// A snapshot document of any version this library reads, decoded in one pass.
///
/// Version 3: `{"version": 3, "levels": [{"flow": …, "routes": […], "style": …}, …]}`, where
/// `style` is left out for a sheet, a tab bar's level has `tabs`
/// (`{"selected": 1, "trees": [{"levels": […]}, …]}`) instead of routes, and a split's level
/// `columns` (`{"primary": {"levels": […]}, "detail": {"levels": […]}}`; readers older than
/// splits refuse it as corrupt). Version 2 had no tab bar level: a tab bar's router saved its
/// selected tab's tree as the levels, the selected position as `tab`, and the other tabs as
/// `tabs` (`[{"index": 0, "levels": […]}, …]`).
private struct Document: Codable {
  let version: Int
  let levels: [FlowSnapshot.Level]
  /// Alerts that were up and are not saved; left out when there were none.
  var transient: [TransientLayer]? = nil
  /// Version 2's selected tab.
  private var tab: Int? = nil
  /// Version 2's other tabs, at their positions.
  private var tabs: [(index: Int, tree: FlowSnapshot)] = []

  private enum CodingKeys: String, CodingKey {
    case version, levels, transient, tab, tabs
  }

  init(version: Int, levels: [FlowSnapshot.Level], transient: [TransientLayer]?) {
    self.version = version
    self.levels = levels
    self.transient = transient
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decodeIfPresent(Int.self, forKey: .version)
    guard let version,
      (FlowSnapshot.oldestReadableVersion...FlowSnapshot.currentVersion).contains(version)
    else { throw RestorationError.unsupportedVersion(version) }
    self.version = version
    if version < 3 {
      tab = try container.decodeIfPresent(Int.self, forKey: .tab)
      tabs =
        try container.decodeIfPresent([Version2Tab].self, forKey: .tabs)?.map {
          ($0.index, $0.tree.snapshot)
        } ?? []
    }
    if version == 1 {
      // Not a shape the flattener walks: the nested decoder says what is wrong.
      levels = try Version1(from: decoder).levels
    } else if version == 2 {
      // A version 2 document's levels may be a tab bar's selected tab's tree, read as leniently
      // as a tab's (a stack root's are checked against its types when they are restored).
      levels = try Tree(from: decoder).snapshot.levels
    } else {
      levels = try container.decode([FlowSnapshot.Level].self, forKey: .levels)
    }
    // A layer that is not text is not worth refusing the snapshot for: it is only reported.
    transient = (try? container.decodeIfPresent([String].self, forKey: .transient))
      .flatMap { $0 }.map { $0.prefix(16).map { TransientLayer(parsing: String($0.prefix(200))) } }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(levels, forKey: .levels)
    try container.encodeIfPresent(transient, forKey: .transient)
  }

  /// A version 1 or 2 document's tree as the level of the tab bar `name` it was saved from: its
  /// levels the tree of tab `tab` (or `selected`, the bar's selection now, when it names none),
  /// the other tabs' trees at their positions, and empty trees between.
  func barLevel(named name: FlowName, selected: Int?) -> FlowSnapshot.Level {
    let shown = tab ?? selected ?? 0
    var placed = [(index: shown, tree: FlowSnapshot(levels: levels))] + tabs
    placed.removeAll { $0.index < 0 || $0.index >= FlowSnapshot.maximumLevels }
    var trees = [FlowSnapshot](
      repeating: FlowSnapshot(levels: []), count: (placed.map(\.index).max() ?? -1) + 1)
    var duplicates: [FlowSnapshot] = []
    for (index, tree) in placed {
      if trees[index].levels.isEmpty { trees[index] = tree } else { duplicates.append(tree) }
    }
    return FlowSnapshot.Level(
      flow: name, routes: [], tabs: FlowSnapshot.Tabs(trees: trees + duplicates, selected: shown))
  }
}

/// One tab's tree, decoded on its own: when its first flow is not one the registry knows (the
/// tab's flow type is gone), only that flow's name, so that restoring reports the tab as gone.
struct Tree: Codable {
  let snapshot: FlowSnapshot

  private enum CodingKeys: String, CodingKey {
    case levels
  }

  /// A level read for its flow's name alone.
  private struct FlowOnly: Decodable {
    let flow: FlowName
  }

  init(snapshot: FlowSnapshot) {
    self.snapshot = snapshot
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(levelsOf: container, key: .levels)
  }

  /// Reads the levels of `container` under `key` as a tab's tree.
  private init(levelsOf container: KeyedDecodingContainer<CodingKeys>, key: CodingKeys) throws {
    let names = try container.decode([FlowOnly].self, forKey: key)
    if let first = names.first, FlowRegistry.current?.entries[first.flow] == nil {
      snapshot = FlowSnapshot(levels: [FlowSnapshot.Level(flow: first.flow, routes: [])])
    } else {
      snapshot = FlowSnapshot(levels: try container.decode([FlowSnapshot.Level].self, forKey: key))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(snapshot.levels, forKey: .levels)
  }
}

/// One other tab of a version 2 tab bar's snapshot.
private struct Version2Tab: Decodable {
  let index: Int
  let tree: Tree

  private enum CodingKeys: String, CodingKey {
    case index
  }

  init(from decoder: any Decoder) throws {
    index = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .index)
    tree = try Tree(from: decoder)
  }
}

/// A split's columns as a snapshot saves them: `{"primary": {"levels": […]}, "detail": …}`.
extension FlowSnapshot.Columns: Codable {
  private enum CodingKeys: String, CodingKey {
    case primary, detail
  }

  /// Decodes the columns; each tree is read as a tab's tree is.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      primary: try container.decode(Tree.self, forKey: .primary).snapshot,
      detail: try container.decodeIfPresent(Tree.self, forKey: .detail)?.snapshot)
  }

  /// Encodes the primary's tree, and the detail's when there is one.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: An error from a route's own encoding.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Tree(snapshot: primary), forKey: .primary)
    try container.encodeIfPresent(detail.map(Tree.init(snapshot:)), forKey: .detail)
  }
}

/// A tab bar's tabs as a snapshot saves them.
extension FlowSnapshot.Tabs: Codable {
  private enum CodingKeys: String, CodingKey {
    case selected, trees
  }

  /// Decodes the tabs; each tree is read as ``Tree`` reads one.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      trees: try container.decode([Tree].self, forKey: .trees).map(\.snapshot),
      selected: try container.decodeIfPresent(Int.self, forKey: .selected))
  }

  /// Encodes the trees, and the selection when there is one.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: An error from a route's own encoding.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(trees.map(Tree.init(snapshot:)), forKey: .trees)
    try container.encodeIfPresent(selected, forKey: .selected)
  }
}

extension FlowSnapshot.Level: Codable {
  private enum CodingKeys: String, CodingKey {
    case flow
    case routes
    case style
    case tabs
    case columns
  }

  /// The longest style name a snapshot may hold.
  static let maximumStyleLength = 100

  /// Decodes a level; needs the flow registry that ``FlowSnapshot/decode(_:root:)`` provides.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let flow = try container.decode(FlowName.self, forKey: AnyCodingKey("flow"))
    // A tab bar's level has its tabs' trees, and no routes.
    if let tabs = try container.decodeIfPresent(
      FlowSnapshot.Tabs.self, forKey: AnyCodingKey("tabs"))
    {
      self.init(flow: flow, routes: [], style: try Self.decodeStyle(in: container), tabs: tabs)
      return
    }
    // A split's level has its columns' trees, and no routes.
    if let columns = try container.decodeIfPresent(
      FlowSnapshot.Columns.self, forKey: AnyCodingKey("columns"))
    {
      self.init(
        flow: flow, routes: [], style: try Self.decodeStyle(in: container), columns: columns)
      return
    }
    self.init(
      flow: flow, routes: try Self.decodeRoutes(of: flow, in: container, key: "routes"),
      style: try Self.decodeStyle(in: container))
  }

  /// Whether a snapshot may hold `name` as a style: 1 to ``maximumStyleLength`` characters,
  /// none of them a control character or an invisible one: a format character (bidi marks,
  /// embeddings, overrides and isolates, zero-width spaces and joiners, the byte order mark) or
  /// a line or paragraph separator.
  static func isValidStyleName(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.count <= maximumStyleLength
      && !name.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
      }
  }

  /// The saved style, a ``PresentationStyle/sheet`` when none was saved.
  fileprivate static func decodeStyle(
    in container: KeyedDecodingContainer<AnyCodingKey>
  ) throws -> PresentationStyle {
    guard let name = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("style"))
    else { return .sheet }
    guard isValidStyleName(name) else {
      throw RestorationError.corrupt(
        "a presentation style must be a name of 1 to \(maximumStyleLength) characters "
          + "without control or invisible characters (bidi marks, zero-width spaces)")
    }
    return PresentationStyle(rawValue: name)
  }

  /// Encodes the flow's name, its routes (a tab bar's tabs or a split's columns instead) and its
  /// style, unless that is a sheet.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: An error from a route's own encoding, or `EncodingError` for a style name that
  ///   restoring would reject (empty, longer than 100 characters, or with control or invisible
  ///   characters): a snapshot is never saved in a form that cannot be read back.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(flow, forKey: .flow)
    if style != .sheet {
      guard Self.isValidStyleName(style.rawValue) else {
        throw EncodingError.invalidValue(
          style.rawValue,
          EncodingError.Context(
            codingPath: container.codingPath + [CodingKeys.style],
            debugDescription:
              "a presentation style must be a name of 1 to \(Self.maximumStyleLength) "
              + "characters without control or invisible characters (bidi marks, zero-width "
              + "spaces)"))
      }
      try container.encode(style.rawValue, forKey: .style)
    }
    if let tabs {
      try container.encode(tabs, forKey: .tabs)
      return
    }
    if let columns {
      try container.encode(columns, forKey: .columns)
      return
    }
    var routesContainer = container.nestedUnkeyedContainer(forKey: .routes)
    for route in routes {
      try routesContainer.encode(route.base)
    }
  }

  fileprivate static func decodeRoutes(
    of flow: FlowName, in container: KeyedDecodingContainer<AnyCodingKey>, key: String
  ) throws -> [AnyRoute] {
    guard let registry = FlowRegistry.current else {
      throw RestorationError.corrupt("decode snapshots with FlowSnapshot.decode(_:root:)")
    }
    guard let entry = registry.entries[flow] else { throw RestorationError.unknownFlow(flow) }
    do {
      return try entry.decodeRoutes(container, AnyCodingKey(key))
    } catch let error as DecodingError {
      throw RestorationError.unknownRoute(flow: flow, detail: error.summary)
    }
  }
}

/// Schema version 1, which decoding migrates to a flat list of levels.
///
/// Version 1 nested each presented level inside its presenter and called the routes `stack`:
/// `{"version": 1, "root": {"flow": …, "stack": […], "presented": {…}}}`.
private struct Version1: Decodable {
  let levels: [FlowSnapshot.Level]

  private struct Node: Decodable {
    let level: FlowSnapshot.Level
    let presented: Box?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyCodingKey.self)
      let flow = try container.decode(FlowName.self, forKey: AnyCodingKey("flow"))
      level = FlowSnapshot.Level(
        flow: flow,
        routes: try FlowSnapshot.Level.decodeRoutes(
          of: flow, in: container, key: "stack"),
        style: try FlowSnapshot.Level.decodeStyle(in: container))
      presented = try container.decodeIfPresent(Box.self, forKey: AnyCodingKey("presented"))
    }
  }

  /// Breaks the recursion of `Node` for the compiler.
  private final class Box: Decodable {
    let node: Node

    init(from decoder: any Decoder) throws {
      node = try Node(from: decoder)
    }
  }

  private enum CodingKeys: String, CodingKey {
    case root
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var node: Node? = try container.decode(Node.self, forKey: .root)
    var levels: [FlowSnapshot.Level] = []
    while let current = node {
      levels.append(current.level)
      node = current.presented?.node
    }
    self.levels = levels
  }
}
