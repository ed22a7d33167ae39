import FlowContainers
import Foundation
import Testing

@testable import NotesKit
@testable import notes

/// The Route Maps article's listings that are not excerpts of the Notes sample, run over its
/// flows.
@MainActor
struct RouteMapsListings {
  /// A golden file of the sample's tests.
  func goldenFile(_ name: String) -> URL {
    SnippetFiles.repositoryRoot.appendingPathComponent("Tests/SampleTests/Fixtures/\(name)")
  }

  @Test func theMapIsTheGoldenFile() throws {
    let tabs = MainTabsFlow(options: Options(), console: Console(isTracing: false))
    let golden = try String(contentsOf: goldenFile("notes-route-map.mmd"), encoding: .utf8)
    #expect(RouteMap(root: tabs).mermaid == golden)
  }

  @Test func onlyTheEditorNeedsSignIn() {
    let tabs = MainTabsFlow(options: Options(), console: Console(isTracing: false))
    let map = RouteMap(root: tabs)
    let guarded = map.flows.filter { $0.requirement == .signedIn }.map(\.name)
    #expect(guarded == ["EditorFlow"])
  }

  @Test func theWideLayoutsNotesTabIsASplit() throws {
    var options = Options()
    options.isWide = true
    let map = RouteMap(root: MainTabsFlow(options: options, console: Console(isTracing: false)))
    #expect(map.flows[1].name == "NotesSplitFlow")
    #expect(map.flows[1].kind == .split)
    let golden = try String(contentsOf: goldenFile("notes-wide-route-map.mmd"), encoding: .utf8)
    #expect(map.mermaid == golden)
  }
}
