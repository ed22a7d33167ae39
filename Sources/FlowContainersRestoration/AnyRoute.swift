/// A route value of any flow, for plans and snapshots that span flows of different types.
///
/// Routes are the stable identity of what a flow shows: enum cases with IDs, never objects.
/// `AnyRoute` keeps one without its static type; get it back with ``as(_:)``.
///
/// ```swift
/// let route = AnyRoute(AppRoute.note(2))
/// print(route)                    // note(2)
/// print(route.as(AppRoute.self))  // Optional(AppRoute.note(2))
/// ```
public struct AnyRoute: Sendable {
  /// The wrapped route; read it typed with ``as(_:)``, or print the route.
  let base: any Hashable & Codable & Sendable

  /// Wraps `route`.
  ///
  /// - Parameter route: A route value.
  public init<Route: Hashable & Codable & Sendable>(_ route: Route) {
    base = route
  }

  /// The wrapped route as `type`, or `nil` if it is of another type.
  ///
  /// - Parameter type: The route type expected.
  /// - Returns: The route, typed.
  public func `as`<Route>(_ type: Route.Type) -> Route? {
    base as? Route
  }
}

extension AnyRoute: Hashable {
  /// Whether both wrap equal routes of the same type.
  public static func == (lhs: AnyRoute, rhs: AnyRoute) -> Bool {
    // Compare the types first: it is a pointer comparison, and it settles most inequalities.
    guard type(of: lhs.base) == type(of: rhs.base) else { return false }
    // A cast into the route's own type, then its own `==`: comparing two optionals would look
    // up `Optional<Route>`'s metadata and its conformance to Equatable on every comparison.
    func equals<Route: Hashable>(_ route: Route, _ other: any Hashable) -> Bool {
      guard let other = other as? Route else { return false }
      return other == route
    }
    return equals(lhs.base, rhs.base)
  }

  /// Hashes the wrapped route.
  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }
}

extension AnyRoute: CustomStringConvertible {
  /// The wrapped route, as `String(describing:)` renders it.
  public var description: String { String(describing: base) }
}
