import FlowContainersCore
import FlowContainersRestoration

/// A parsed deep link: scheme, host, path components and query items, consumed level by level.
///
/// Parse one from text with ``init(parsing:)``; build one from components with
/// ``init(scheme:host:components:queryItems:)``. Scheme and host have their ASCII letters
/// lowercased, so they compare case-insensitively; path components are percent-decoded and empty
/// ones dropped; the fragment is ignored.
///
/// ```swift
/// let link = try DeepLink(parsing: "notes://note/2/edit?from=share")
/// print(link.components)            // ["note", "2", "edit"]
/// print(link.queryValue("from"))    // Optional("share")
/// ```
///
/// ## Components
///
/// What flows route on is ``components``. For a custom scheme (`notes://note/2`) the host is the
/// first component, because that is how such links are written. For `http` and `https` links the
/// host is the site, not a route, so ``components`` is the path alone.
///
/// ## Consumption
///
/// Resolution walks down the tree: each flow takes the components it understands and hands the
/// rest on. ``remaining`` is what is left for the current level: a sub-flow's `canHandle(_:)` sees
/// the link with the components its presenter consumed already gone.
public struct DeepLink: Sendable, Hashable {
  /// A `name=value` pair from the query, percent-decoded.
  ///
  /// `value` is `nil` for a bare `name`.
  public struct QueryItem: Sendable, Hashable {
    /// The item's name.
    public var name: String
    /// The item's value, or `nil` when the query had only a name.
    public var value: String?

    /// Creates a query item.
    ///
    /// - Parameters:
    ///   - name: The item's name.
    ///   - value: The item's value, or `nil`.
    public init(name: String, value: String?) {
      self.name = name
      self.value = value
    }
  }

  /// The scheme, ASCII letters lowercased, such as `notes` or `https`.
  public var scheme: String { parts.scheme }
  /// The host, ASCII letters lowercased and percent-decoded, or `nil` when the link has none.
  public var host: String? { parts.host }
  /// The port, when the link gives one.
  public var port: Int? { parts.port }
  /// The path's components, percent-decoded, with empty ones dropped: ``components`` without
  /// the host of a custom scheme.
  var pathComponents: ArraySlice<String> { parts.components[parts.pathStart...] }
  /// The query's items, in order.
  public var queryItems: [QueryItem] { parts.queryItems }
  /// The components flows route on: the host and the path for a custom scheme, the path alone for
  /// `http` and `https`.
  public var components: [String] { parts.components }
  /// The parts, shared by copies: resolution copies a link at every level and every question,
  /// and one reference copies faster than six.
  private let parts: Parts
  /// How many of ``components`` the levels above have consumed.
  private(set) var consumedCount: Int = 0

  /// The most components a link may have, counting the routed components and the query items
  /// separately.
  static let maximumComponents = 64
  /// The longest link text accepted, in UTF-8 bytes.
  static let maximumLength = 4096

  /// Creates a link from already-decoded parts, for sharing and for tests.
  ///
  /// For a custom scheme the first component becomes the host; for `http` and `https` pass the
  /// site as `host`. A host may not hold what the URL Standard forbids in one (such as a space,
  /// `/` or `|`): with such a first component, the link prints as text that does not parse.
  ///
  /// ```swift
  /// let link = DeepLink(scheme: "notes", components: ["note", "2"])
  /// print(link)  // notes://note/2
  /// ```
  ///
  /// - Parameters:
  ///   - scheme: The scheme, such as `notes`; it is lowercased.
  ///   - host: The host for `http` and `https` links; ignored for other schemes.
  ///   - components: The routed components, decoded.
  ///   - queryItems: The query items, decoded.
  public init(
    scheme: String, host: String? = nil, components: [String], queryItems: [QueryItem] = []
  ) {
    let scheme = scheme.asciiLowercased()
    let components = components.filter { !$0.isEmpty }
    if DeepLink.isWebScheme(scheme) {
      parts = Parts(
        scheme: scheme, host: host?.asciiLowercased(), port: nil, components: components,
        pathStart: 0, queryItems: queryItems)
    } else {
      parts = Parts(
        scheme: scheme, host: components.first?.asciiLowercased(), port: nil,
        components: components, pathStart: components.isEmpty ? 0 : 1, queryItems: queryItems)
    }
  }

  init(
    scheme: String, host: String?, port: Int?, pathComponents: [String], queryItems: [QueryItem]
  ) {
    if DeepLink.isWebScheme(scheme) {
      self.init(
        scheme: scheme, host: host, port: port, components: pathComponents, pathStart: 0,
        queryItems: queryItems)
    } else if let host, !host.isEmpty {
      self.init(
        scheme: scheme, host: host, port: port, components: [host] + pathComponents,
        pathStart: 1, queryItems: queryItems)
    } else {
      self.init(
        scheme: scheme, host: host, port: port, components: pathComponents, pathStart: 0,
        queryItems: queryItems)
    }
  }

  /// A link whose routed `components` start with its host, for a custom scheme (`pathStart` 1),
  /// or are its path (`pathStart` 0): the parser builds them in one array.
  init(
    scheme: String, host: String?, port: Int?, components: [String], pathStart: Int,
    queryItems: [QueryItem]
  ) {
    parts = Parts(
      scheme: scheme, host: host, port: port, components: components, pathStart: pathStart,
      queryItems: queryItems)
  }

  static func isWebScheme(_ scheme: String) -> Bool {
    scheme == "https" || scheme == "http"
  }
}

extension DeepLink {
  /// A link's parts, which never change once parsed.
  private final class Parts: Sendable, Hashable {
    let scheme: String
    let host: String?
    let port: Int?
    let components: [String]
    /// Where the path starts in ``components``: after the host of a custom scheme.
    let pathStart: Int
    let queryItems: [QueryItem]

    init(
      scheme: String, host: String?, port: Int?, components: [String], pathStart: Int,
      queryItems: [QueryItem]
    ) {
      self.scheme = scheme
      self.host = host
      self.port = port
      self.components = components
      self.pathStart = pathStart
      self.queryItems = queryItems
    }

    static func == (lhs: Parts, rhs: Parts) -> Bool {
      lhs === rhs
        || (lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port
          && lhs.components == rhs.components
          && lhs.components[lhs.pathStart...] == rhs.components[rhs.pathStart...]
          && lhs.queryItems == rhs.queryItems)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(scheme)
      hasher.combine(host)
      hasher.combine(port)
      hasher.combine(queryItems)
      hasher.combine(components)
    }
  }
}

extension DeepLink {
  /// The components not yet consumed by the levels above: what the current level routes on.
  public var remaining: ArraySlice<String> { components[consumedCount...] }

  /// Returns the link as the next level sees it: `count` more components consumed.
  ///
  /// ```swift
  /// let link = try DeepLink(parsing: "notes://settings/account")
  /// print(link.dropping(1).remaining)  // ["account"]
  /// ```
  ///
  /// - Parameter count: How many of ``remaining`` this level consumed; clamped to what is left.
  /// - Returns: The same link with ``consumedCount`` advanced.
  func dropping(_ count: Int) -> DeepLink {
    var link = self
    link.consumedCount = min(components.count, consumedCount + max(0, count))
    return link
  }

  /// Returns the value of the first query item named `name`, or `nil`.
  ///
  /// - Parameter name: The item's name, compared exactly.
  /// - Returns: Its value; `nil` when it is missing or has no value.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value ?? nil
  }
}
