public import Foundation

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
/// Flows route on ``components``: for a custom scheme (`notes://note/2`) the host is the first
/// one; for `http` and `https` the host is the site, and the path alone is routed. Each level
/// takes the components it understands; ``remaining`` is what is left for the next.
public struct DeepLink: Sendable, Hashable {
  /// The scheme, ASCII letters lowercased, such as `notes` or `https`.
  public var scheme: String { parts.scheme }
  /// The host, ASCII letters lowercased and percent-decoded, or `nil` when the link has none.
  public var host: String? { parts.host }
  /// The port, when the link gives one; the link's text keeps it, and routing ignores it.
  var port: Int? { parts.port }
  /// The path's components, percent-decoded, with empty ones dropped: ``components`` without
  /// the host of a custom scheme.
  var pathComponents: ArraySlice<String> { parts.components[parts.pathStart...] }
  /// The query's items, in order, percent-decoded; an item's `value` is `nil` for a bare name.
  public var queryItems: [URLQueryItem] { parts.queryItems }
  /// The components flows route on: the host and the path for a custom scheme, the path alone for
  /// `http` and `https`.
  public var components: [String] { parts.components }
  /// The parts, shared by copies: resolution copies a link often, and one reference is cheap.
  private let parts: Parts
  /// How many of ``components`` the levels above have consumed.
  private(set) var consumedCount: Int = 0

  /// The most routed components, and the most query items, a link may have.
  static let maximumComponents = 64
  /// The longest link text accepted, in UTF-8 bytes.
  static let maximumLength = 4096

  /// Creates a link from already-decoded parts, for sharing and for tests.
  ///
  /// For a custom scheme the first component becomes the host (one with a character a host may
  /// not hold, such as a space, prints as text that does not parse); for `http` and `https`
  /// pass the site as `host`.
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
    scheme: String, host: String? = nil, components: [String], queryItems: [URLQueryItem] = []
  ) {
    let scheme = scheme.asciiLowercased()
    let components = components.filter { !$0.isEmpty }
    let web = DeepLink.isWebScheme(scheme)
    self.init(
      scheme: scheme, host: (web ? host : components.first)?.asciiLowercased(), port: nil,
      components: components, pathStart: web || components.isEmpty ? 0 : 1, queryItems: queryItems)
  }

  /// A link whose `components` start with a custom scheme's host at 0 when `pathStart` is 1.
  init(
    scheme: String, host: String?, port: Int?, components: [String], pathStart: Int,
    queryItems: [URLQueryItem]
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
    let queryItems: [URLQueryItem]

    init(
      scheme: String, host: String?, port: Int?, components: [String], pathStart: Int,
      queryItems: [URLQueryItem]
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
          && lhs.components == rhs.components && lhs.pathStart == rhs.pathStart
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

  /// The link as the next level sees it: `count` more components consumed, clamped to what is
  /// left.
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
