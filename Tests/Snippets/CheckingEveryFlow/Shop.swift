import FlowContainers

/// What the shop shows.
enum ShopRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case home
  case item(Int)

  var description: String {
    switch self {
    case .home: "home"
    case .item(let id): "item \(id)"
    }
  }

  /// An item's link, for the home and one item only: a stack of items shares none.
  static let itemParameters: @Sendable ([ShopRoute]) -> [String: String]? = { stack in
    guard stack.count == 2, case .item(let id) = stack[1] else { return nil }
    return ["id": "\(id)"]
  }
}

struct NoSuchItem: Error {}

/// The shop: a home screen and its items, with the cart over them.
@MainActor
final class ShopFlow: LinkableFlow {
  let container = StackContainer<ShopRoute>(root: .home)
  let items: Set<Int> = [1, 2]
  let cartLeaks: Bool

  init(cartLeaks: Bool) {
    self.cartLeaks = cartLeaks
    container.owner = self
  }

  static let routes: RouteTable<ShopRoute> = [
    .pattern("") { _ in [.home] },
    .pattern("item/:id<Int>", parameters: ShopRoute.itemParameters) { match in
      [.home, .item(try match.int("id"))]
    },
    .pattern("*") { _ in [.home] },
  ]

  static let subFlows: [SubFlow<ShopFlow>] = [
    .flow(CartFlow.self) { shop, _ in CartFlow(leaks: shop.cartLeaks) }
  ]

  /// Whether the item on top has a next item, with nothing over it.
  var hasNextItem: Bool {
    guard container.presented == nil, case .item(let id) = container.top else { return false }
    return items.contains(id + 1)
  }

  /// Shows the next item over the one on top.
  func showNextItem() {
    guard hasNextItem, case .item(let id) = container.top else { return }
    container.push(.item(id + 1))
  }

  func makeScreen(for route: ShopRoute) throws -> ShopRoute {
    if case .item(let id) = route, !items.contains(id) { throw NoSuchItem() }
    return route
  }
}

/// The cart's one screen.
@MainActor
final class CartScreen: CustomStringConvertible {
  var cart: CartFlow?
  nonisolated var description: String { "cart" }
}

/// The cart, a sheet over the shop.
@MainActor
final class CartFlow: LinkableFlow {
  enum Route: String, Hashable, Codable, Sendable { case cart }

  let container = StackContainer<CartScreen>()

  init(leaks: Bool) {
    container.owner = self
    let screen = CartScreen()
    // The defect the article's failure shows: the screen holds its flow strongly.
    if leaks { screen.cart = self }
    container.push(screen, animated: false)
  }

  static let routes: RouteTable<Route> = [.pattern("cart") { _ in [.cart] }]
  static let subFlows: [SubFlow<CartFlow>] = []

  func route(for screen: CartScreen) -> Route? { .cart }
  func makeScreen(for route: Route) -> CartScreen { CartScreen() }

  /// How many things the cart holds.
  private(set) var count = 0
  /// Whether the cart's screen shows, with nothing over it.
  var isIdle: Bool { container.presented == nil }

  /// Pays, and closes the cart.
  func checkOut() {
    container.dismiss()
  }

  /// Puts one more thing in the cart.
  func add() {
    count += 1
  }

  /// Asks before it empties the cart.
  func empty() {
    let question = Alert(
      title: "Empty the cart?",
      actions: [
        AlertAction("Empty", value: true, role: .destructive),
        AlertAction("Keep", value: false, role: .cancel),
      ])
    container.present(question) { [weak self] result in
      if case .finished(with: true) = result { self?.count = 0 }
    }
  }
}
