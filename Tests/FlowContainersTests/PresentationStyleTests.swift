import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

extension PresentationStyle {
  /// A host's own style, as a user would declare it.
  fileprivate static let popover = PresentationStyle(rawValue: "popover")
}

/// A presentation's style: recorded, reported, dumped, saved and restored; declared by link
/// targets and guard flows.
@MainActor
struct PresentationStyleTests {
  @Test func aPresentationIsASheetUnlessItSaysOtherwise() {
    let root = TestFlow<Root>("root")
    let sheet = TestFlow<Middle>("sheet")
    root.container.present(sheet.container, animated: false)
    #expect(sheet.container.presentationStyle == .sheet)
    #expect(root.container.presentationStyle == nil)
    let cover = TestFlow<Top>("cover")
    sheet.container.present(cover.container, style: .fullScreenCover, animated: false)
    #expect(cover.container.presentationStyle == .fullScreenCover)
    #expect(
      root.container.tree.description == """
        TestFlow<Root>: [root.root]
        └─ TestFlow<Middle> (sheet): [sheet.root]
           └─ TestFlow<Top> (fullScreenCover): [cover.root]
        """)
    root.container.dismissPresented(animated: false)
    #expect(sheet.container.presentationStyle == nil)
    #expect(cover.container.presentationStyle == nil)
  }

  @Test func theStyleTravelsInTheEventOfThePresentation() {
    let root = TestFlow<Root>("root")
    var events: [NavigationEvent] = []
    let token = root.container.observeEvents { events.append($0) }
    do {
      let flow = TestFlow<Middle>("middle")
      root.container.present(flow.container, style: .popover, animated: false)
    }
    token.cancel()
    #expect(
      events.map(\.action) == [
        .attached(.presented(.popover), flow: FlowName(TestFlow<Middle>.self))
      ])
    #expect(
      events.map(\.description) == [
        "TestFlow<Root>@0 present TestFlow<Middle> as popover (program)"
      ])
  }

  @Test func aPresentationQueuedFromACallbackKeepsItsStyle() {
    let root = TestFlow<Root>("root")
    let first = TestFlow<Middle>("first")
    root.container.present(first.container, animated: false)
    var presented: ContainerNode?
    let token = root.container.observeEvents { [root] event in
      guard case .detached(.presented, _, _) = event.action else { return }
      let next = TestFlow<Top>("next")
      presented = next.container
      // Queued until the dismissal has been announced, then made with this style.
      root.container.present(next.container, style: .fullScreenCover, animated: false)
    }
    root.container.dismissPresented(animated: false)
    token.cancel()
    #expect(root.container.presented === presented)
    #expect(presented?.presentationStyle == .fullScreenCover)
  }

  @Test func aSnapshotSavesAndRestoresEveryStyleAndOmitsTheDefault() throws {
    let original = Shelf()
    original.container.push(.book(7))
    let reader = Reader(book: 7)
    original.container.present(reader.container, style: .popover)
    let snapshot = try FlowRestorer(root: original).snapshot()
    #expect(snapshot.levels.map(\.style) == [.sheet, .popover])
    let json = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    #expect(json.contains(#""style":"popover""#))
    #expect(json.components(separatedBy: #""style""#).count == 2)

    let fresh = Shelf()
    #expect(FlowRestorer(root: fresh).restore(from: try snapshot.jsonData()).isComplete)
    #expect(fresh.container.presented?.presentationStyle == .popover)
    #expect(fresh.container.tree.description.contains("└─ Reader (popover): [page(1)]"))
  }

  @Test(arguments: [
    ("empty", #""""#),
    ("control character", #""she\u0007et""#),
    ("zero-width space", #""she\u200Bet""#),
    ("left-to-right mark", #""sheet\u200E""#),
    ("right-to-left mark", #""\u200Fsheet""#),
    ("bidi embedding", #""\u202Asheet""#),
    ("bidi override", #""\u202Eteehs""#),
    ("bidi isolate", #""\u2066sheet\u2069""#),
    ("byte order mark", #""\uFEFFsheet""#),
    ("too long", "\"" + String(repeating: "s", count: 101) + "\""),
  ])
  func aSnapshotWithABadStyleIsRejectedAndMovesNothing(name: String, style: String) throws {
    let saved = Shelf()
    saved.container.push(.book(3))
    let reader = Reader(book: 3)
    saved.container.present(reader.container, style: .popover)
    let good = String(decoding: try FlowRestorer(root: saved).snapshot().jsonData(), as: UTF8.self)
    let json = good.replacingOccurrences(of: #""style":"popover""#, with: #""style":"# + style)
    #expect(json != good)
    let shelf = Shelf()
    let report = FlowRestorer(root: shelf).restore(from: Data(json.utf8))
    let message = report.error.map { "\($0)" } ?? ""
    #expect(message.contains("presentation style must be a name of 1 to 100 characters"), "\(name)")
    #expect(shelf.container.tree.description == "Shelf: [shelf]", "\(name)")
  }

  @Test(arguments: ["she\u{200B}et", "\u{202E}teehs", "\u{2066}sheet\u{2069}", "\u{FEFF}sheet"])
  func aSnapshotWithAnInvisibleCharacterInAStyleIsNotSaved(style: String) {
    let snapshot = FlowSnapshot(
      levels: [
        .init(flow: "Shelf", routes: [AnyRoute(ShelfRoute.shelf)]),
        .init(flow: "Reader", routes: [], style: PresentationStyle(rawValue: style)),
      ])
    #expect(throws: EncodingError.self) { try snapshot.jsonData() }
  }

  @Test func aLinkTargetPresentsWithTheStyleItsDeclarationGives() async throws {
    let gallery = Gallery()
    let router = DeepLinkRouter(root: gallery, scheme: "art")
    let plan = try router.plan(for: DeepLink(parsing: "art://slides")).get()
    #expect(plan.steps.map(\.description) == ["present Slides@1 as fullScreenCover with [slide]"])
    #expect(router.apply(plan).summary == "applied")
    #expect(gallery.container.presented?.presentationStyle == .fullScreenCover)
    // A snapshot keeps the style; restoring it over a fresh root brings it back.
    let data = try router.restorer.snapshot().jsonData()
    let fresh = Gallery()
    #expect(DeepLinkRouter(root: fresh, scheme: "art").restorer.restore(from: data).isComplete)
    #expect(fresh.container.presented?.presentationStyle == .fullScreenCover)
  }

  @Test func aLinkThatReusesALiveSubFlowKeepsTheStyleItWasPresentedWith() async throws {
    let gallery = Gallery()
    let slides = Slides()
    gallery.container.present(slides.container, style: .popover, animated: false)
    let router = DeepLinkRouter(root: gallery, scheme: "art")
    #expect(await router.open("art://slides").summary == "applied")
    #expect(gallery.container.presentedFlow === slides)
    #expect(slides.container.presentationStyle == .popover)
  }

  /// The router presents a guard flow with the style its guard was registered with; the Notes
  /// transcripts show its sign-in flow covering the screen.
  @Test(arguments: [nil, PresentationStyle.fullScreenCover])
  func aGuardFlowIsASheetUnlessItsGuardSaysOtherwise(style: PresentationStyle?) async {
    let linked = LinkedApp(signedIn: false)
    let session = linked.app.session
    if let style {
      linked.router.setGuard(
        for: .signedIn, style: style, isSatisfied: { session.isSignedIn },
        makeGuardFlow: { SignInFlow(session: session) })
    }
    #expect(await linked.open("notes://note/2/edit").summary == "held(guardRequired(signed-in))")
    #expect(linked.signIn?.container.presentationStyle == style ?? .sheet)
  }

  @Test func aRestoredLevelTakesTheStyleItWasSavedWithOverItsDeclaration() {
    let shelf = StyledShelf()
    let report = FlowRestorer(root: shelf).restore(
      FlowSnapshot(levels: [
        .init(flow: "StyledShelf", routes: [AnyRoute(ShelfRoute.shelf)]),
        .init(flow: "Atlas", routes: [AnyRoute(ReaderRoute.page(1))], style: .fullScreenCover),
      ]))
    #expect(report.isComplete)
    #expect(shelf.container.presented?.presentationStyle == .fullScreenCover)
  }
}

/// A root whose sub-flows declare styles.
@MainActor
final class StyledShelf: RestorableFlow {
  let container = StackContainer<ShelfRoute>(root: .shelf)

  init() { container.owner = self }

  static let subFlows: [SubFlow<StyledShelf>] = [
    .flow(Reader.self) { _, stack in
      guard case .book(let id)? = stack.last else { return nil }
      return Reader(book: id)
    },
    .flow(Atlas.self, style: .popover) { _, _ in Atlas() },
  ]
}

/// A second sub-flow type, declared as a popover.
@MainActor
final class Atlas: RestorableFlow {
  let container = StackContainer<ReaderRoute>(root: .page(1))
  init() { container.owner = self }
  static let subFlows: [SubFlow<Atlas>] = []
}

enum GalleryRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case wall
  var description: String { "wall" }
}

enum SlideRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case slide
  var description: String { "slide" }
}

/// A linkable root whose one sub-flow is declared as a full-screen cover.
@MainActor
final class Gallery: LinkableFlow {
  let container = StackContainer<GalleryRoute>(root: .wall)
  init() { container.owner = self }

  static let routes: RouteTable<GalleryRoute> = [
    .pattern("wall") { _ in [.wall] },
    .pattern("*") { _ in [.wall] },
  ]

  static let subFlows: [SubFlow<Gallery>] = [
    .flow(Slides.self, style: .fullScreenCover) { _, _ in Slides() }
  ]
}

@MainActor
final class Slides: LinkableFlow {
  let container = StackContainer<SlideRoute>(root: .slide)
  init() { container.owner = self }

  static let routes: RouteTable<SlideRoute> = [
    .pattern("slides") { _ in [.slide] }
  ]
  static let subFlows: [SubFlow<Slides>] = []
}
