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
    } catch {
      throw error as? RestorationError
        ?? .corrupt((error as? DecodingError)?.summary ?? String(describing: error))
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
    return context.debugDescription + (path.isEmpty ? "" : " at " + path.joined(separator: "."))
  }
}

/// A snapshot document: `{"version": 3, "levels": […], "transient": […]}`; any other version is
/// refused before its levels are read.
private struct Document: Encodable {
  let version: Int
  let levels: [FlowSnapshot.Level]
  /// Alerts that were up and are not saved; left out when there were none.
  var transient: [TransientLayer]?
}

extension Document: Decodable {
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
}

/// One tab's or column's tree, `{"levels": […]}`: when its first flow is not one the registry
/// knows (the tab's flow type is gone), only that flow's name, so that restoring reports it gone.
struct Tree: Encodable {
  let levels: [FlowSnapshot.Level]

  var snapshot: FlowSnapshot { FlowSnapshot(levels: levels) }
}

extension Tree: Decodable {
  /// A level read for its flow's name alone.
  private struct FlowOnly: Decodable {
    let flow: FlowName
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let names = try container.decode([FlowOnly].self, forKey: .levels)
    if let first = names.first, FlowRegistry.current?.entries[first.flow] == nil {
      levels = [FlowSnapshot.Level(flow: first.flow, routes: [])]
    } else {
      levels = try container.decode([FlowSnapshot.Level].self, forKey: .levels)
    }
  }
}

/// A split's columns as a snapshot saves them: `{"primary": {"levels": […]}, "detail": …}`.
extension FlowSnapshot.Columns: Codable {
  private struct Saved: Codable {
    let primary: Tree
    let detail: Tree?
  }

  /// Decodes the columns; each tree is read as a tab's tree is.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let saved = try Saved(from: decoder)
    self.init(primary: saved.primary.snapshot, detail: saved.detail?.snapshot)
  }

  /// Encodes the primary's tree, and the detail's when there is one.
  /// - Throws: An error from a route's own encoding.
  public func encode(to encoder: any Encoder) throws {
    try Saved(primary: Tree(levels: primary.levels), detail: detail.map { Tree(levels: $0.levels) })
      .encode(to: encoder)
  }
}

/// A tab bar's tabs as a snapshot saves them: `{"selected": 1, "trees": [{"levels": […]}, …]}`.
extension FlowSnapshot.Tabs: Codable {
  private struct Saved: Codable {
    let trees: [Tree]
    let selected: Int?
  }

  /// Decodes the tabs; each tree is read as ``Tree`` reads one.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let saved = try Saved(from: decoder)
    self.init(trees: saved.trees.map(\.snapshot), selected: saved.selected)
  }

  /// Encodes the trees, and the selection when there is one.
  /// - Throws: An error from a route's own encoding.
  public func encode(to encoder: any Encoder) throws {
    try Saved(trees: trees.map { Tree(levels: $0.levels) }, selected: selected).encode(to: encoder)
  }
}

extension FlowSnapshot.Level: Codable {
  enum CodingKeys: String, CodingKey {
    case flow, routes, style, tabs, columns
  }

  /// The longest style name a snapshot may hold.
  static let maximumStyleLength = 100
  /// What a style name may be, as errors say.
  private static let styleRule =
    "a presentation style must be a name of 1 to \(maximumStyleLength) characters without "
    + "control or invisible characters (bidi marks, zero-width spaces)"

  /// Decodes a level; needs the flow registry that ``FlowSnapshot/decode(_:root:)`` provides.
  /// - Throws: ``RestorationError`` or `DecodingError`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let flow = try container.decode(FlowName.self, forKey: .flow)
    // A tab bar's level has its tabs' trees, a split's its columns', and neither routes.
    let tabs = try container.decodeIfPresent(FlowSnapshot.Tabs.self, forKey: .tabs)
    let columns =
      try tabs == nil ? container.decodeIfPresent(FlowSnapshot.Columns.self, forKey: .columns) : nil
    var routes: [AnyRoute] = []
    if tabs == nil, columns == nil {
      guard let registry = FlowRegistry.current else {
        throw RestorationError.corrupt("decode snapshots with FlowSnapshot.decode(_:root:)")
      }
      guard let entry = registry.entries[flow] else { throw RestorationError.unknownFlow(flow) }
      do {
        routes = try entry.decodeRoutes?(container) ?? []
      } catch let error as DecodingError {
        throw RestorationError.unknownRoute(flow: flow, detail: error.summary)
      }
    }
    var style = PresentationStyle.sheet
    if let name = try container.decodeIfPresent(String.self, forKey: .style) {
      guard Self.isValidStyleName(name) else { throw RestorationError.corrupt(Self.styleRule) }
      style = PresentationStyle(rawValue: name)
    }
    self.init(flow: flow, routes: routes, style: style, tabs: tabs, columns: columns)
  }

  /// Whether a snapshot may hold `name` as a style: 1 to ``maximumStyleLength`` characters,
  /// none of them a control character or an invisible one (a format character, a line or
  /// paragraph separator).
  static func isValidStyleName(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.count <= maximumStyleLength
      && !name.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
      }
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
            codingPath: container.codingPath + [CodingKeys.style], debugDescription: Self.styleRule
          ))
      }
      try container.encode(style.rawValue, forKey: .style)
    }
    if let tabs {
      try container.encode(tabs, forKey: .tabs)
    } else if let columns {
      try container.encode(columns, forKey: .columns)
    } else {
      var routesContainer = container.nestedUnkeyedContainer(forKey: .routes)
      for route in routes { try routesContainer.encode(route.base) }
    }
  }
}
