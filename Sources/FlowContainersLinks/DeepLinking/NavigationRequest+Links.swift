public import FlowContainersRestoration

extension NavigationRequest {
  /// A deep link, as received (``DeepLinkRouter/open(_:)-(DeepLink)``).
  static func link(_ link: DeepLink) -> NavigationRequest {
    NavigationRequest(link)
  }

  /// A destination asked for by typed routes (``DeepLinkRouter/open(_:)-(LinkDestination)``).
  static func destination(_ destination: LinkDestination) -> NavigationRequest {
    NavigationRequest(destination)
  }

  /// The link, when the request is one.
  public var link: DeepLink? { subject(as: DeepLink.self) }

  /// The destination, when the request is one.
  public var destination: LinkDestination? { subject(as: LinkDestination.self) }
}
