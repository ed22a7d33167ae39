import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

@testable import CheckingEveryFlowSnippets

/// The Checking Every Flow article's listings, run, and the failure it shows.
@MainActor
struct CheckingEveryFlowListings {
  @Test func theOneLineTestPassesOverTheCleanShop() async {
    await checkEveryFlow()
  }

  @Test func theLeakyCartFailsAsTheArticleShows() async throws {
    let report = await makeShopExplorer(cartLeaks: true).explore()
    // The cart holds itself: it outlives the app, and its dismissal.
    #expect(report.failures.map(\.kind) == [.leak, .notReleasedWhenDismissed])
    let failures = report.failures.map(\.description).joined(separator: "\n")
    let article = try String(contentsOf: SnippetFiles.article("CheckingEveryFlow"), encoding: .utf8)
    #expect(article.contains(failures), "\(failures)")
  }

  @Test func theReproductionReachesTheCart() async throws {
    let app = try await reproduceTheLeak()
    #expect(app.shop.container.presentedFlow is CartFlow)
  }
}
