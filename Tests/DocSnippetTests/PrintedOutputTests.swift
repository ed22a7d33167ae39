import FlowContainers
import Foundation
import Testing

@testable import GettingStartedSnippets

/// Output the articles show next to their listings, checked against a real run.
@MainActor
struct PrintedOutputTests {
  @Test func theGettingStartedTreeIsWhatItsFlowsDump() throws {
    let app = AppFlow()
    app.noteSelected(2)
    app.editSelected()
    (app.container.presentedFlow as? EditorFlow)?.container.push(.preview)
    let article = try String(contentsOf: SnippetFiles.article("GettingStarted"), encoding: .utf8)
    #expect(article.contains("```\n\(app.container.tree.description)\n```\n"))
  }
}
