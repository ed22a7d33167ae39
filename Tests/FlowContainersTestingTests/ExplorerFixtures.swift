import FlowContainers
import FlowContainersTesting

/// Defects a test switches on in the shop, each for the explorer to catch.
struct ShopDefects: OptionSet {
  let rawValue: Int
  /// The cart's screen holds the cart strongly.
  static let strongScreen = ShopDefects(rawValue: 1)
  /// Item 1's screen says it shows item 2.
  static let routeDoesNotRoundTrip = ShopDefects(rawValue: 2)
  /// The gift flow is declared, but never made.
  static let unreachableGift = ShopDefects(rawValue: 4)
}

enum ShopRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case home
  case item(Int)

  var description: String {
    switch self {
    case .home: "home"
    case .item(let id): "item \(id)"
    }
  }

  static let itemParameters: @Sendable ([ShopRoute]) -> [String: String]? = { stack in
    guard case .item(let id)? = stack.last else { return nil }
    return ["id": "\(id)"]
  }
}

struct NoSuchItem: Error {}

/// The shop: a home screen, items 1 and 2, and the cart and the gift wrapper over them.
@MainActor
final class ShopFlow: LinkableFlow {
  let container = StackContainer<ShopRoute>(root: .home)
  let defects: ShopDefects
  let items: Set<Int> = [1, 2]

  init(defects: ShopDefects) {
    self.defects = defects
    container.owner = self
  }

  static let routes: RouteTable<ShopRoute> = [
    .pattern("") { _ in [.home] },
    .pattern("item/:id<Int>", parameters: ShopRoute.itemParameters) { match in
      [.home, .item(try match.int("id"))]
    },
    .pattern("item/:id<Int>/*", parameters: ShopRoute.itemParameters) { match in
      [.home, .item(try match.int("id"))]
    },
    .pattern("*") { _ in [.home] },
  ]

  static let subFlows: [SubFlow<ShopFlow>] = [
    .flow(CartFlow.self) { shop, _ in CartFlow(defects: shop.defects) },
    .flow(GiftFlow.self) { shop, _ in
      shop.defects.contains(.unreachableGift) ? nil : GiftFlow()
    },
  ]

  func route(for screen: ShopRoute) -> ShopRoute? {
    if defects.contains(.routeDoesNotRoundTrip), screen == .item(1) { return .item(2) }
    return screen
  }

  func makeScreen(for route: ShopRoute) throws -> ShopRoute {
    if case .item(let id) = route, !items.contains(id) { throw NoSuchItem() }
    return route
  }
}

@MainActor
final class CartScreen: CustomStringConvertible {
  /// The cart, held strongly only with the defect.
  var cart: CartFlow?
  nonisolated var description: String { "cart" }
}

enum CartRoute: String, Hashable, Codable, Sendable {
  case cart
}

/// The cart, a sheet over the shop.
@MainActor
final class CartFlow: LinkableFlow {
  let container = StackContainer<CartScreen>()

  init(defects: ShopDefects) {
    container.owner = self
    let screen = CartScreen()
    if defects.contains(.strongScreen) { screen.cart = self }
    container.push(screen, animated: false)
  }

  static let routes: RouteTable<CartRoute> = [.pattern("cart") { _ in [.cart] }]
  static let subFlows: [SubFlow<CartFlow>] = []

  func route(for screen: CartScreen) -> CartRoute? { .cart }
  func makeScreen(for route: CartRoute) -> CartScreen { CartScreen() }

  /// Pays, and closes the cart.
  func checkOut() {
    container.dismiss()
  }
}

enum GiftRoute: String, Hashable, Codable, Sendable {
  case wrap
}

/// Gift wrapping, a sheet over the shop.
@MainActor
final class GiftFlow: LinkableFlow {
  let container = StackContainer<GiftRoute>(root: .wrap)

  init() {
    container.owner = self
  }

  static let routes: RouteTable<GiftRoute> = [.pattern("gift") { _ in [.wrap] }]
  static let subFlows: [SubFlow<GiftFlow>] = []
}

/// The shop and its router, made afresh for every path the explorer follows.
@MainActor
final class ShopApp: ExplorableApp {
  let shop: ShopFlow
  let router: DeepLinkRouter

  init(defects: ShopDefects = []) {
    shop = ShopFlow(defects: defects)
    router = DeepLinkRouter(root: shop, scheme: "shop")
  }
}

extension FlowExplorer where App == ShopApp {
  /// An explorer of the shop with `defects`, items 1 to 3 as samples, and checking out.
  static func shop(_ defects: ShopDefects = []) -> FlowExplorer {
    let explorer = FlowExplorer { ShopApp(defects: defects) }
    explorer.samples["id"] = ["1", "2", "3"]
    explorer.action("check out", on: CartFlow.self) { _, cart in cart.checkOut() }
    return explorer
  }
}
