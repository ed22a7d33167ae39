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

  /// Decodes a snapshot of a tree whose root has type `root`.
  ///
  /// Every level must name a flow type reachable from `root` through ``RestorableFlow/subFlows``,
  /// presented over a type that declares it, and hold routes of that type.
  ///
  /// - Parameters:
  ///   - data: JSON from ``jsonData()``, of version 3.
  ///   - root: The root flow type.
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError``: empty, too large, corrupt or truncated, of another version
  ///   than 3, naming an unknown flow or route, or with levels out of place.
  @MainActor
  public static func decode(
    _ data: Data, root: any ContainerFlow.Type
  ) throws(RestorationError) -> FlowSnapshot {
    let registry = FlowRegistry(roots: [root])
    let snapshot = try decode(data, registry: registry)
    try registry.validate(snapshot.levels)
    return snapshot
  }

  /// Decodes `data` once, with the routes of the flow types of `registry`; levels are checked
  /// against the root when they are restored.
  ///
  /// A tab's tree whose flow `registry` does not know comes back with only that flow's name, so
  /// that restoring reports the tab as gone rather than refusing the rest.
  static func decode(
    _ data: Data, registry: FlowRegistry
  ) throws(RestorationError) -> FlowSnapshot {
    guard !data.isEmpty else { throw RestorationError.corrupt("the data is empty") }
    guard data.count <= maximumSize else {
      throw RestorationError.tooLarge(bytes: data.count, limit: maximumSize)
    }
    let document: Document
    do {
      document = try FlowRegistry.$current.withValue(registry) {
        try JSONDecoder().decode(Document.self, from: data)
      }
    } catch let error as RestorationError {
      throw error
    } catch let error as DecodingError {
      throw RestorationError.corrupt(error.summary)
    } catch {
      throw RestorationError.corrupt(String(describing: error))
    }
    var snapshot = FlowSnapshot(levels: document.levels)
    snapshot.transient = document.transient ?? []
    return snapshot
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

/// A snapshot document, decoded in one pass.
///
/// `{"version": 3, "levels": [{"flow": …, "routes": […], "style": …}, …]}`, where `style` is left
/// out for a sheet, a tab bar's level has `tabs` (`{"selected": 1, "trees": [{"levels": […]},
/// …]}`) instead of routes, and a split's level `columns` (`{"primary": {"levels": […]},
/// "detail": {"levels": […]}}`). A document of any other version is refused before its levels
/// are read.
private struct Document: Codable {
  let version: Int
  let levels: [FlowSnapshot.Level]
  /// Alerts that were up and are not saved; left out when there were none.
  var transient: [TransientLayer]? = nil

  private enum CodingKeys: String, CodingKey {
    case version, levels, transient
  }

  init(version: Int, levels: [FlowSnapshot.Level], transient: [TransientLayer]?) {
    self.version = version
    self.levels = levels
    self.transient = transient
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decodeIfPresent(Int.self, forKey: .version)
    guard version == FlowSnapshot.currentVersion, let version else {
      throw RestorationError.unsupportedVersion(version)
    }
    self.version = version
    levels = try container.decode([FlowSnapshot.Level].self, forKey: .levels)
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
    let names = try container.decode([FlowOnly].self, forKey: .levels)
    if let first = names.first, FlowRegistry.current?.entries[first.flow] == nil {
      snapshot = FlowSnapshot(levels: [FlowSnapshot.Level(flow: first.flow, routes: [])])
    } else {
      snapshot = FlowSnapshot(
        levels: try container.decode([FlowSnapshot.Level].self, forKey: .levels))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(snapshot.levels, forKey: .levels)
  }
}

/// A split's columns as a snapshot saves them: `{"primary": {"levels": […]}, "detail": …}`.
extension FlowSnapshot.Columns: Codable {
  private enum CodingKeys: String, CodingKey {
    case primary, detail
  }

  /// Decodes the columns; each tree is read as a tab's tree is.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      primary: try container.decode(Tree.self, forKey: .primary).snapshot,
      detail: try container.decodeIfPresent(Tree.self, forKey: .detail)?.snapshot)
  }

  /// Encodes the primary's tree, and the detail's when there is one.
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
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      trees: try container.decode([Tree].self, forKey: .trees).map(\.snapshot),
      selected: try container.decodeIfPresent(Int.self, forKey: .selected))
  }

  /// Encodes the trees, and the selection when there is one.
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
      flow: flow, routes: try Self.decodeRoutes(of: flow, in: container),
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
  private static func decodeStyle(
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

  /// The level's routes, as `flow`'s routes.
  private static func decodeRoutes(
    of flow: FlowName, in container: KeyedDecodingContainer<AnyCodingKey>
  ) throws -> [AnyRoute] {
    guard let registry = FlowRegistry.current else {
      throw RestorationError.corrupt("decode snapshots with FlowSnapshot.decode(_:root:)")
    }
    guard let entry = registry.entries[flow] else { throw RestorationError.unknownFlow(flow) }
    guard let decodeRoutes = entry.decodeRoutes else { return [] }
    do {
      return try decodeRoutes(container, AnyCodingKey("routes"))
    } catch let error as DecodingError {
      throw RestorationError.unknownRoute(flow: flow, detail: error.summary)
    }
  }
}
