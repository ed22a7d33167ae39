import FlowContainersCore
import FlowContainersRestoration
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
  /// A `name=value` pair from the query, percent-decoded, as the parser reads it.
  ///
  /// `value` is `nil` for a bare `name`. The link keeps it as a `URLQueryItem`.
  struct QueryItem {
    let name: String
    let value: String?
  }

  /// The scheme, ASCII letters lowercased, such as `notes` or `https`.
  public let scheme: String
  /// The host, ASCII letters lowercased and percent-decoded, or `nil` when the link has none.
  public let host: String?
  /// The port, when the link gives one; the link's text keeps it, and routing ignores it.
  let port: Int?
  /// The path's components, percent-decoded, with empty ones dropped: ``components`` without
  /// the host of a custom scheme.
  let pathComponents: [String]
  /// The query's items, in order, percent-decoded; an item's `value` is `nil` for a bare name.
  public let queryItems: [URLQueryItem]
  /// The components flows route on: the host and the path for a custom scheme, the path alone for
  /// `http` and `https`.
  public let components: [String]
  /// How many of ``components`` the levels above have consumed.
  private(set) var consumedCount: Int = 0

  /// The most components a link may have, counting the routed components and the query items
  /// separately.
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
    self.scheme = scheme
    self.port = nil
    self.queryItems = queryItems
    let components = components.filter { !$0.isEmpty }
    self.components = components
    if DeepLink.isWebScheme(scheme) {
      self.host = host?.asciiLowercased()
      self.pathComponents = components
    } else {
      self.host = components.first?.asciiLowercased()
      self.pathComponents = Array(components.dropFirst())
    }
  }

  init(
    scheme: String, host: String?, port: Int?, pathComponents: [String], queryItems: [QueryItem]
  ) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.pathComponents = pathComponents
    self.queryItems = queryItems.map { URLQueryItem(name: $0.name, value: $0.value) }
    if DeepLink.isWebScheme(scheme) {
      components = pathComponents
    } else if let host, !host.isEmpty {
      components = [host] + pathComponents
    } else {
      components = pathComponents
    }
  }

  static func isWebScheme(_ scheme: String) -> Bool {
    scheme == "https" || scheme == "http"
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
