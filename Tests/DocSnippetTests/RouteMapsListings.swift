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
    #expect(tabs.router.routeMap.mermaid == golden)
  }

  @Test func onlyTheEditorNeedsSignInWhichTheSignInFlowSatisfies() {
    let tabs = MainTabsFlow(options: Options(), console: Console(isTracing: false))
    let map = tabs.router.routeMap
    let guarded = map.flows.filter { $0.requirement == .signedIn }.map(\.name)
    #expect(guarded == ["EditorFlow"])
    let signIn = map.guards[.signedIn].map { map.flows[$0].name }
    #expect(signIn == "SignInFlow")
  }

  @Test func theWideLayoutsNotesTabIsASplit() throws {
    var options = Options()
    options.isWide = true
    let tabs = MainTabsFlow(options: options, console: Console(isTracing: false))
    let map = tabs.router.routeMap
    #expect(map.flows[1].name == "NotesSplitFlow")
    #expect(map.flows[1].kind == .split)
    let golden = try String(contentsOf: goldenFile("notes-wide-route-map.mmd"), encoding: .utf8)
    #expect(map.mermaid == golden)
  }
}
