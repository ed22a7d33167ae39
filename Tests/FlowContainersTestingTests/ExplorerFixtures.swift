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
  /// The shop keeps the last cart it made, which outlives its dismissal while the shop lives.
  static let keepsClosedCart = ShopDefects(rawValue: 8)
  /// The app pops its shop's root whenever a snapshot is restored: misuse during restoration.
  static let misusesWhenRestored = ShopDefects(rawValue: 16)
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
  /// The last cart made, kept only with the defect.
  var lastCart: CartFlow?

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
    .flow(CartFlow.self) { shop, _ in
      let cart = CartFlow(defects: shop.defects)
      if shop.defects.contains(.keepsClosedCart) { shop.lastCart = cart }
      return cart
    },
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
  let router: DeepLinkRouter?
  var root: ShopFlow { shop }
  private var restorations: ObserverToken?

  init(defects: ShopDefects = []) {
    shop = ShopFlow(defects: defects)
    let router = DeepLinkRouter(root: shop, scheme: "shop")
    self.router = router
    if defects.contains(.misusesWhenRestored) {
      restorations = router.restorer.observePlans { [shop] event in
        if case .didApply(let plan) = event, plan.request == .restoration,
          shop.container.stack.count == 1
        {
          shop.container.pop()
        }
      }
    }
  }
}

/// A ledger whose reverse mapping names entry 2 for entry 1: entry 1 cannot share its link,
/// although its pattern builds it.
@MainActor
final class LedgerFlow: LinkableFlow {
  let container = StackContainer<ShopRoute>(root: .home)

  init() {
    container.owner = self
  }

  static let routes: RouteTable<ShopRoute> = [
    .pattern("") { _ in [.home] },
    .pattern("entry/:id<Int>", parameters: misnamed) { match in
      [.home, .item(try match.int("id"))]
    },
  ]
  static let subFlows: [SubFlow<LedgerFlow>] = []

  /// The defect: entry 1 is named as entry 2.
  static let misnamed: @Sendable ([ShopRoute]) -> [String: String]? = { stack in
    guard case .item(let id)? = stack.last else { return nil }
    return ["id": "\(id == 1 ? 2 : id)"]
  }
}

/// The ledger and its router.
@MainActor
final class LedgerApp: ExplorableApp {
  let root = LedgerFlow()
  let router: DeepLinkRouter?

  init() {
    router = DeepLinkRouter(root: root, scheme: "ledger")
  }
}

/// An app whose router was made for a root flow nobody keeps: there is nothing to explore.
@MainActor
final class OrphanApp: ExplorableApp {
  let root = LedgerFlow()
  let router: DeepLinkRouter? = DeepLinkRouter(root: LedgerFlow(), scheme: "ledger")
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
