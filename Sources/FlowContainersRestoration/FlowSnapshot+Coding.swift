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
        version: Self.currentVersion, levels: levels, tab: selectedTab,
        tabs: otherTabs.isEmpty
          ? nil : otherTabs.map { TabEntry(index: $0.index, levels: $0.levels) },
        transient: transient.isEmpty ? nil : transient))
  }

  /// Decodes a snapshot of a tree whose root has type `root`, migrating older schema versions.
  ///
  /// Every level must name a flow type reachable from `root` through ``RestorableFlow/subFlows``,
  /// presented over a type that declares it, and hold routes of that type.
  ///
  /// - Parameters:
  ///   - data: JSON from ``jsonData()`` (version 2) or an older version 1 file.
  ///   - root: The root flow type.
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError``: empty, too large, corrupt or truncated, of an unsupported
  ///   version, naming an unknown flow or route, or with levels out of place.
  @MainActor
  public static func decode(
    _ data: Data, root: any RestorableFlow.Type
  ) throws(RestorationError) -> FlowSnapshot {
    try decode(data, registry: FlowRegistry(root: root))
  }

  /// Decodes and validates `data` against the flow types of `registry`.
  @MainActor
  package static func decode(
    _ data: Data, registry: FlowRegistry, validating: Bool = true
  ) throws(RestorationError) -> FlowSnapshot {
    guard !data.isEmpty else { throw RestorationError(.empty) }
    guard data.count <= maximumSize else {
      throw RestorationError(.tooLarge(bytes: data.count, limit: maximumSize))
    }
    // A version 1 document nests a level per presentation, deeper than `JSONDecoder` reads:
    // it is flattened to version 2 first, without recursion.
    let flattened = Version1Reader.flatten(data)
    let version: Int?
    if flattened != nil {
      version = 1
    } else {
      version = try decode(Header.self, from: data, registry: nil).version
    }
    guard let version, (oldestReadableVersion...currentVersion).contains(version) else {
      throw RestorationError(.unsupportedVersion(version))
    }
    let levels: [Level]
    var tab: Int?
    var transient: [TransientLayer] = []
    switch (version, flattened) {
    case (1, let flattened?):
      levels = try decode(Document.self, from: flattened.json, registry: registry).levels
    case (1, nil):
      // Not a shape the flattener walks: the nested decoder says what is wrong.
      levels = try decode(Version1.self, from: data, registry: registry).levels
    default:
      let document = try decode(Document.self, from: data, registry: registry)
      levels = document.levels
      tab = document.tab
      transient = document.transient ?? []
    }
    if validating { try registry.validate(levels.map(\.flow)) }
    var snapshot = FlowSnapshot(levels: levels, selectedTab: tab)
    snapshot.transient = transient
    return snapshot
  }

  /// The other tabs' trees of a tab bar's snapshot, decoded with `registry` (which knows every
  /// tab's flows); each tree is validated against its own tab when it is restored.
  ///
  /// A tab whose flows the registry does not know comes back with only its flow's name, so
  /// that the router reports it as gone.
  package static func otherTabs(
    in data: Data, registry: FlowRegistry
  ) throws(RestorationError) -> [TabTree] {
    let document = try decode(TabsDocument.self, from: data, registry: registry)
    return (document.tabs ?? []).map { entry in
      TabTree(
        index: entry.index,
        levels: entry.levels ?? [Level(flow: entry.flow ?? "", routes: [])])
    }
  }

  /// A tab bar's snapshot, read whole before anything moves: the selected tab's tree, the other
  /// tabs' trees, and the selection; each tree is validated against its own tab when restored.
  ///
  /// A tree whose flows the tab bar no longer has comes back with only its flow's name, so that
  /// the router reports that tab as gone and restores the others.
  @MainActor
  package static func tabBarSnapshot(
    in data: Data, registry: FlowRegistry
  ) throws(RestorationError) -> FlowSnapshot {
    var snapshot: FlowSnapshot
    do {
      snapshot = try decode(data, registry: registry, validating: false)
    } catch let error {
      guard case .unknownFlow = error.reason else { throw error }
      let main = try decode(LenientTabEntry.Selected.self, from: data, registry: registry)
      snapshot = FlowSnapshot(
        levels: main.entry.levels ?? [Level(flow: main.entry.flow ?? "", routes: [])],
        selectedTab: main.tab)
    }
    snapshot.otherTabs = try otherTabs(in: data, registry: registry)
    return snapshot
  }

  /// The selected tab a snapshot names, read before the rest.
  ///
  /// A tab bar's router selects that tab, then decodes the levels for its flow. `nil` when the
  /// snapshot names none or is not readable.
  package static func selectedTab(in data: Data) -> Int? {
    guard data.count <= maximumSize else { return nil }
    return (try? JSONDecoder().decode(TabHeader.self, from: data))?.tab
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
      throw RestorationError(.corrupt(error.summary))
    } catch {
      throw RestorationError(.corrupt(String(describing: error)))
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

/// Just the version, read first so that the rest is decoded by the right schema.
private struct Header: Decodable {
  let version: Int?
}

/// The selected tab of a snapshot a tab bar's router saved.
private struct TabHeader: Decodable {
  let tab: Int?
}

/// Schema version 2: `{"version": 2, "levels": [{"flow": …, "routes": […], "style": …}, …]}`,
/// where `style` is left out for a sheet.
private struct Document: Codable {
  let version: Int
  let levels: [FlowSnapshot.Level]
  /// The selected tab, for a tab bar's router; left out otherwise.
  var tab: Int? = nil
  /// The other tabs' trees, for a tab bar's router; left out otherwise.
  ///
  /// Not read here: their flows are not the selected tab's, and the router decodes them for
  /// each tab's flow.
  var tabs: [TabEntry]? = nil
  /// Alerts that were up and are not saved; left out when there were none.
  var transient: [TransientLayer]? = nil

  private enum CodingKeys: String, CodingKey {
    case version, levels, tab, tabs, transient
  }

  init(
    version: Int, levels: [FlowSnapshot.Level], tab: Int? = nil, tabs: [TabEntry]? = nil,
    transient: [TransientLayer]? = nil
  ) {
    self.version = version
    self.levels = levels
    self.tab = tab
    self.tabs = tabs
    self.transient = transient
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    levels = try container.decode([FlowSnapshot.Level].self, forKey: .levels)
    tab = try container.decodeIfPresent(Int.self, forKey: .tab)
    // A layer that is not text is not worth refusing the snapshot for: it is only reported.
    transient = (try? container.decodeIfPresent([String].self, forKey: .transient))
      .flatMap { $0 }.map { $0.prefix(16).map { TransientLayer(parsing: String($0.prefix(200))) } }
  }
}

/// One other tab's tree in a tab bar's snapshot.
struct TabEntry: Codable {
  let index: Int
  let levels: [FlowSnapshot.Level]
}

/// The other tabs of a tab bar's snapshot, decoded on their own.
struct TabsDocument: Decodable {
  let tabs: [LenientTabEntry]?
}

/// One other tab's tree, or, when its flows are not the tab bar's any more, the name of its
/// flow: a tab that is gone is reported, not a reason to restore nothing.
struct LenientTabEntry: Decodable {
  let index: Int
  let levels: [FlowSnapshot.Level]?
  let flow: FlowName?

  private enum CodingKeys: String, CodingKey {
    case index, levels
  }

  /// A level read for its flow's name alone.
  private struct FlowOnly: Decodable {
    let flow: FlowName
  }

  /// The selected tab's tree of a tab bar's snapshot, read as leniently as the other tabs'.
  struct Selected: Decodable {
    let tab: Int?
    let entry: LenientTabEntry

    private enum CodingKeys: String, CodingKey {
      case tab
    }

    init(from decoder: any Decoder) throws {
      tab = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .tab)
      entry = try LenientTabEntry(from: decoder, index: tab ?? 0)
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(from: decoder, index: container.decode(Int.self, forKey: .index))
  }

  /// Reads the levels of `decoder`'s object, for the tab at `index`.
  init(from decoder: any Decoder, index: Int) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.index = index
    if let levels = try? container.decode([FlowSnapshot.Level].self, forKey: .levels) {
      self.levels = levels
      flow = levels.first?.flow
    } else {
      levels = nil
      flow = try container.decode([FlowOnly].self, forKey: .levels).first?.flow
    }
  }
}

extension FlowSnapshot.Level: Codable {
  private enum CodingKeys: String, CodingKey {
    case flow
    case routes
    case style
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
      throw RestorationError(
        .corrupt(
          "a presentation style must be a name of 1 to \(maximumStyleLength) characters "
            + "without control or invisible characters (bidi marks, zero-width spaces)"))
    }
    return PresentationStyle(rawValue: name)
  }

  /// Encodes the flow's name, its routes and its style, unless that is a sheet.
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
    var routesContainer = container.nestedUnkeyedContainer(forKey: .routes)
    for route in routes {
      try routesContainer.encode(route.base)
    }
  }

  fileprivate static func decodeRoutes(
    of flow: FlowName, in container: KeyedDecodingContainer<AnyCodingKey>, key: String
  ) throws -> [AnyRoute] {
    guard let registry = FlowRegistry.current else {
      throw RestorationError(.corrupt("decode snapshots with FlowSnapshot.decode(_:root:)"))
    }
    guard let entry = registry.entries[flow] else { throw RestorationError(.unknownFlow(flow)) }
    do {
      return try entry.decodeRoutes(container, AnyCodingKey(key))
    } catch let error as DecodingError {
      throw RestorationError(.unknownRoute(flow: flow, detail: error.summary))
    }
  }
}

/// Schema version 1, which decoding migrates to the flat list of version 2.
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
