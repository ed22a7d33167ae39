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

  @Test func theCartsCountAndQuestionAreWalkedClean() async throws {
    let report = await makeCartExplorer().explore()
    print(report)
    #expect(report.isClean, "\(report)")
  }

  @Test func theReproductionAnswersTheCartsQuestion() async throws {
    let app = try await emptyTheCart()
    #expect(app.cart?.count == 0)
    #expect(app.cart?.container.presented == nil)
  }

  @Test func aMisspelledActionThrowsNamingTheKnownOnes() async throws {
    let message = await misspellTheCheckOut()
    #expect(message.hasPrefix(#"no action "chek out""#), "\(message)")
    let article = try SnippetFiles.articleText("CheckingEveryFlow")
    #expect(article.contains(message), "\(message)")
  }

  @Test func theWaivedCartIsCleanAndListsItsWaivers() async throws {
    let report = await waiveTheLeakyCart()
    #expect(report.isClean, "\(report)")
    #expect(report.waived.map(\.failure.kind) == [.leak, .notReleasedWhenDismissed])
    let article = try SnippetFiles.articleText("CheckingEveryFlow")
    #expect(article.contains(report.description), "\(report)")
  }

  @Test func theStatesOfAStackOfItemsCannotShareALink() async throws {
    let report = await printTheUnshareableStates()
    #expect(report.unshareable.count == 3)
    #expect(
      report.unshareable.first?.steps == [
        .open("shop://item/1"), .action("next item", on: "ShopFlow"),
      ])
    let article = try SnippetFiles.articleText("CheckingEveryFlow")
    #expect(article.contains(report.description), "\(report)")
  }

  @Test func theNotebookIsExploredWithoutARouter() async {
    let report = await makeNotebookExplorer().explore()
    print(report)
    #expect(report.isClean, "\(report)")
    // The cover and its two pages.
    #expect(report.statesVisited == 3)
    #expect(report.reachedFlows == ["NotebookFlow"])
  }
}

extension SnippetFiles {
  /// The text of the DocC article `name`.
  static func articleText(_ name: String) throws -> String {
    try String(contentsOf: article(name), encoding: .utf8)
  }
}
