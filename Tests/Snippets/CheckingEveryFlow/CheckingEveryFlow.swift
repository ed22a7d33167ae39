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
