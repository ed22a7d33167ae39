public import FlowContainersRestoration

extension NavigationRequest {
  /// A deep link, as received (``DeepLinkRouter/open(_:)-(DeepLink)``).
  static func link(_ link: DeepLink) -> NavigationRequest {
    NavigationRequest(LinkSubject.link(link))
  }

  /// A destination asked for by typed routes (``DeepLinkRouter/open(_:)-(LinkDestination)``).
  static func destination(_ destination: LinkDestination) -> NavigationRequest {
    NavigationRequest(LinkSubject.destination(destination))
  }

  /// The link, when the request is one.
  public var link: DeepLink? {
    if case .link(let link)? = subject(as: LinkSubject.self) { return link }
    return nil
  }

  /// The destination, when the request is one.
  public var destination: LinkDestination? {
    if case .destination(let destination)? = subject(as: LinkSubject.self) { return destination }
    return nil
  }
}

/// What a link's or a destination's request asks for.
enum LinkSubject: Hashable, Sendable, CustomStringConvertible {
  case link(DeepLink)
  case destination(LinkDestination)

  var description: String {
    switch self {
    case .link(let link): link.description
    case .destination(let destination): destination.description
    }
  }
}
