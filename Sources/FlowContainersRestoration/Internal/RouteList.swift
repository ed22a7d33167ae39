/// The routes of one flow's stack, bottom first: typed inside (one array a level, no box a
/// route), erased outside, as ``AnyRoute``s, only for the public values that show routes.
///
/// Unchecked `Sendable`: it only holds an immutable array of `Sendable` routes.
struct RouteList: @unchecked Sendable {
  private let storage: any RouteStorage

  init<Route: Hashable & Codable & Sendable>(_ routes: [Route]) {
    storage = Typed(routes: routes)
  }

  /// No routes: a tab bar's or a split's.
  static let none = RouteList([Int]())

  var count: Int { storage.count }
  var isEmpty: Bool { storage.count == 0 }

  /// The routes as public values show them.
  var erased: [AnyRoute] { storage.erased(from: 0) }

  /// The route at `index`, erased.
  subscript(index: Int) -> AnyRoute { storage.route(at: index) }

  /// The routes from `index` on, erased.
  func erased(from index: Int) -> [AnyRoute] { storage.erased(from: index) }

  /// How many routes from the bottom both lists share.
  func commonPrefix(with other: RouteList) -> Int { storage.commonPrefix(with: other.storage) }

  /// The first `count` routes.
  func prefix(_ count: Int) -> RouteList { storage.prefix(count) }

  /// The routes, typed, when they are of `Route`.
  func typed<Route: Hashable & Codable & Sendable>(as type: Route.Type) -> [Route]? {
    (storage as? Typed<Route>)?.routes
  }
}

extension RouteList: Equatable {
  static func == (lhs: RouteList, rhs: RouteList) -> Bool {
    lhs.count == rhs.count && lhs.commonPrefix(with: rhs) == lhs.count
  }
}

/// A typed array of routes, seen through what planning asks of it.
private protocol RouteStorage {
  var count: Int { get }
  func route(at index: Int) -> AnyRoute
  func erased(from index: Int) -> [AnyRoute]
  func commonPrefix(with other: any RouteStorage) -> Int
  /// How many of `others` from the bottom these routes share (none of another type).
  func commonPrefix<Other: Hashable & Codable & Sendable>(withTyped others: [Other]) -> Int
  func prefix(_ count: Int) -> RouteList
}

/// The routes of one route type: what a ``RouteList`` holds, inline (an array's one pointer).
private struct Typed<Route: Hashable & Codable & Sendable>: RouteStorage {
  let routes: [Route]

  var count: Int { routes.count }

  func route(at index: Int) -> AnyRoute { AnyRoute(routes[index]) }

  func erased(from index: Int) -> [AnyRoute] {
    var erased: [AnyRoute] = []
    erased.reserveCapacity(max(0, routes.count - index))
    var position = index
    while position < routes.count {
      erased.append(AnyRoute(routes[position]))
      position += 1
    }
    return erased
  }

  func commonPrefix(with other: any RouteStorage) -> Int {
    // Typed on the other side: no cast of the storage, whose metadata would be looked up.
    other.commonPrefix(withTyped: routes)
  }

  func commonPrefix<Other: Hashable & Codable & Sendable>(withTyped others: [Other]) -> Int {
    // Another route type shares nothing; a route of the same type casts as a copy.
    guard Other.self == Route.self else { return 0 }
    let shorter = min(routes.count, others.count)
    var common = 0
    while common < shorter, let other = others[common] as? Route, other == routes[common] {
      common += 1
    }
    return common
  }

  func prefix(_ count: Int) -> RouteList { RouteList(Array(routes[..<min(count, routes.count)])) }
}
