/// The routes of one flow's stack, bottom first: typed inside (one array a level, no box a
/// route), erased outside, as ``AnyRoute``s, only for the public values that show routes.
///
/// Unchecked `Sendable`: it only holds an immutable array of `Sendable` routes.
struct RouteList: @unchecked Sendable {
  private let storage: any RouteStorage
  /// How many routes it holds, stored: read without opening the storage, or copying it.
  let count: Int

  init<Route: Hashable & Codable & Sendable>(_ routes: [Route]) {
    storage = Typed(routes: routes)
    count = routes.count
  }

  /// No routes: a tab bar's or a split's.
  static let none = RouteList([Int]())

  var isEmpty: Bool { count == 0 }

  /// The routes as public values show them.
  var erased: [AnyRoute] { storage.erased(from: 0) }

  /// The route at `index`, erased.
  subscript(index: Int) -> AnyRoute { storage.route(at: index) }

  /// The routes from `index` on, erased.
  func erased(from index: Int) -> [AnyRoute] { storage.erased(from: index) }

  /// The first `count` routes.
  func prefix(_ count: Int) -> RouteList { storage.prefix(count) }

  /// The routes, typed, when they are of `Route`.
  func typed<Route: Hashable & Codable & Sendable>(as type: Route.Type) -> [Route]? {
    (storage as? Typed<Route>)?.routes
  }
}

extension RouteList: Equatable {
  static func == (lhs: RouteList, rhs: RouteList) -> Bool {
    // Erased: only a restoration's rare checks compare lists; planning compares typed routes.
    lhs.count == rhs.count && lhs.erased == rhs.erased
  }
}

/// A typed array of routes, seen through what planning asks of it.
private protocol RouteStorage {
  func route(at index: Int) -> AnyRoute
  func erased(from index: Int) -> [AnyRoute]
  func prefix(_ count: Int) -> RouteList
}

/// The routes of one route type: what a ``RouteList`` holds, inline (an array's one pointer).
private struct Typed<Route: Hashable & Codable & Sendable>: RouteStorage {
  let routes: [Route]

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

  func prefix(_ count: Int) -> RouteList { RouteList(Array(routes[..<min(count, routes.count)])) }
}
