import FlowContainers
import Foundation
import Testing

@testable import NotesKit

/// The Deep Linking article's listings that use the Notes sample's flows, run; its others are
/// excerpts of the sample itself.
@MainActor
struct DeepLinkingListings {
  let app = AppFlow(store: NotesStore(), session: Session(), console: Console(isTracing: false))

  /// A router over the notes flow alone, signed in.
  func makeRouter() -> DeepLinkRouter {
    let router = DeepLinkRouter(root: app, scheme: "notes")
    let session = Session()
    session.userName = "Ada"
    router.setGuard(
      for: .signedIn, isSatisfied: { true },
      makeGuardFlow: { SignInFlow(session: session, console: Console(isTracing: false)) })
    return router
  }

  @Test func theSharingListingSharesTheLinkOfWhatIsShown() async {
    let router = makeRouter()
    _ = await router.open("notes://note/2/edit")
    var shared: [String] = []
    func share(_ link: DeepLink) { shared.append("\(link)") }
    func log(_ message: String) { shared.append(message) }
    switch router.currentLink() {
    case .success(let link): share(link)  // notes://note/2/edit
    case .failure(let failure): log("not shareable: \(failure)")
    }
    #expect(shared == ["notes://note/2/edit"])
  }

  @Test func thePlanTheArticleShowsIsTheRealOne() async throws {
    let router = makeRouter()
    _ = await router.open("notes://settings")
    let plan = try router.plan(for: DeepLink(parsing: "notes://note/2/edit")).get()
    let article = try String(
      contentsOf: SnippetFiles.article("DeepLinking"), encoding: .utf8)
    #expect(article.contains("```\n\(plan)\n```\n"), "\(plan)")
  }

  @Test func theFailureListingFindsTheMissingNote() async throws {
    let router = makeRouter()
    let link = try DeepLink(parsing: "notes://note/9")
    if case .failed(let failure) = await router.open(link),
      case .cannotShow(let flow, _, let why) = failure,
      let missing = why.thrown?.error as? NoSuchNote
    {
      print("\(flow) has no note \(missing.id)")
    }
    // What the listing matches is what the router reports.
    guard case .failed(let failure) = await router.open(link),
      case .cannotShow(let flow, _, let why) = failure, let thrown = why.thrown
    else {
      Issue.record("notes://note/9 did not fail to show a note")
      return
    }
    #expect(flow == FlowName(AppFlow.self))
    #expect((thrown.error as? NoSuchNote)?.id == 9)
  }
}

/// Where the documentation's files are, from this source file's path.
enum SnippetFiles {
  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  static func article(_ name: String) -> URL {
    repositoryRoot.appendingPathComponent(
      "Sources/FlowContainers/Documentation.docc/\(name).md")
  }
}

/// The Restoration article's JSON, checked against the Notes sample's snapshot of the same tree.
@MainActor
@Test func theRestorationArticlesJSONIsTheNotesSnapshot() async throws {
  let listings = DeepLinkingListings()
  let router = listings.makeRouter()
  _ = await router.open("notes://note/2/edit/preview")
  let json = String(decoding: try router.restorer.snapshot().jsonData(), as: UTF8.self)
  let article = try String(contentsOf: SnippetFiles.article("Restoration"), encoding: .utf8)
  let start = try #require(article.range(of: "```json\n"))
  let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
  let shown = article[start.upperBound..<end.lowerBound].split(separator: "\n").map {
    $0.trimmingCharacters(in: .whitespaces)
  }.joined()
  #expect(shown == json)
}

/// The Restoration article's JSON of a tab bar, checked against the Notes sample's tabs at
/// launch.
@MainActor
@Test func theRestorationArticlesTabBarJSONIsTheNotesTabsSnapshot() throws {
  let tabs = MainTabsFlow(
    store: NotesStore(), session: Session(), console: Console(isTracing: false))
  let json = String(decoding: try tabs.router.restorer.snapshot().jsonData(), as: UTF8.self)
  let article = try String(contentsOf: SnippetFiles.article("Restoration"), encoding: .utf8)
  let blocks = article.components(separatedBy: "```json\n").dropFirst().map {
    $0.components(separatedBy: "\n```").first ?? ""
  }
  let shown = try #require(blocks.dropFirst().first).split(separator: "\n").map {
    $0.trimmingCharacters(in: .whitespaces)
  }.joined()
  #expect(shown == json)
}
