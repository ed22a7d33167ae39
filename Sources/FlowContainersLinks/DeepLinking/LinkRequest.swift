/// What asked the router to move the tree: a link, a typed destination, or a restoration.
///
/// Plans, held links, objections and the router's delegate name the request, so a flow that
/// objects or a log that reports can tell a shared URL from the program's own Edit button.
public enum LinkRequest: Sendable, Hashable {
  /// A deep link, as received (``DeepLinkRouter/open(_:)-(DeepLink)``).
  case link(DeepLink)
  /// A destination the program asked for by typed routes
  /// (``DeepLinkRouter/open(_:)-(LinkDestination)``).
  case destination(LinkDestination)
  /// A snapshot being restored (``FlowRestorer/restore(_:)``); never held.
  case restoration
}

extension LinkRequest: CustomStringConvertible {
  /// The link, the destination, or `restoration`.
  public var description: String {
    switch self {
    case .link(let link): link.description
    case .destination(let destination): destination.description
    case .restoration: "restoration"
    }
  }
}

extension LinkRequest {
  /// The link, when the request is one.
  public var link: DeepLink? {
    if case .link(let link) = self { return link }
    return nil
  }
}
