import FlowContainers
import FlowContainersTesting

/// The shop, made afresh: its root flow and the router that follows links into it.
@MainActor
final class ShopApp: ExplorableApp {
  let shop: ShopFlow
  let router: DeepLinkRouter?
  var root: ShopFlow { shop }

  init(cartLeaks: Bool = false) {
    shop = ShopFlow(cartLeaks: cartLeaks)
    router = DeepLinkRouter(root: shop, scheme: "shop")
  }

  /// The cart the shop presents, if it presents one.
  var cart: CartFlow? { shop.container.presentedFlow as? CartFlow }
}

/// The article's explorer; `cartLeaks` seeds the defect its failure shows.
@MainActor
func makeShopExplorer(cartLeaks: Bool = false) -> FlowExplorer<ShopApp> {
  let explorer = FlowExplorer { ShopApp(cartLeaks: cartLeaks) }
  explorer.samples["id"] = ["1", "2", "3"]  // the shop has no item 3: a refusal
  explorer.action("check out", on: CartFlow.self) { _, cart in cart.checkOut() }
  return explorer
}

/// The article's test, in one line.
@MainActor
func checkEveryFlow() async {
  await makeShopExplorer().explore().expectNoFailures()
}

/// The article's reproduction of the leak, pasted from the failure.
@MainActor
func reproduceTheLeak() async throws -> ShopApp {
  let explorer = makeShopExplorer(cartLeaks: true)
  let app = try await explorer.replay([.open("shop://cart")])
  return app
}

/// The article's explorer of what only the app knows: the cart's count, actions taken only when
/// their flow can take them, and the cart's question.
@MainActor
func makeCartExplorer() -> FlowExplorer<ShopApp> {
  let explorer = makeShopExplorer()
  explorer.appState = { app in app.cart?.count }
  explorer.action(
    "next item", on: ShopFlow.self, when: { shop in shop.hasNextItem },
    { _, shop in shop.showNextItem() })
  explorer.action(
    "add", on: CartFlow.self, when: { cart in cart.isIdle && cart.count < 2 },
    { _, cart in cart.add() })
  explorer.action(
    "empty", on: CartFlow.self, when: { cart in cart.isIdle && cart.count > 0 },
    { _, cart in cart.empty() })
  return explorer
}

/// The article's reproduction through the cart's question.
@MainActor
func emptyTheCart() async throws -> ShopApp {
  let explorer = makeCartExplorer()
  let app = try await explorer.replay([
    .open("shop://cart"), .action("add", on: "CartFlow"), .action("empty", on: "CartFlow"),
    .choose("Empty"),
  ])
  return app
}

/// The article's misspelled reproduction, and what `replay` says of it.
@MainActor
func misspellTheCheckOut() async -> String {
  let explorer = makeShopExplorer()
  do {
    _ = try await explorer.replay([.open("shop://cart"), .action("chek out", on: "CartFlow")])
  } catch {
    return "\(error)"
  }
  return ""
}

/// The article's waivers: the leaky cart, accepted.
@MainActor
func waiveTheLeakyCart() async -> ExplorationReport {
  let explorer = makeShopExplorer(cartLeaks: true)
  explorer.waive(.leak, at: [.open("shop://cart")], because: "the cart is kept for next time")
  explorer.waive(
    .notReleasedWhenDismissed, at: [.open("shop://cart"), .open("shop://")],
    because: "the cart is kept for next time")
  let report = await explorer.explore()
  print(report)
  return report
}

/// The article's list of the states that cannot share a link.
@MainActor
func printTheUnshareableStates() async -> ExplorationReport {
  let report = await makeCartExplorer().explore()
  for state in report.unshareable {
    print(state.reason, "after", state.steps)
  }
  return report
}
