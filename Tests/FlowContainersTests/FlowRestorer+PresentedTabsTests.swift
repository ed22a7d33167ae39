import FlowContainers
import Foundation
import Testing

/// A stack root that declares a tab bar as a sub-flow, and a slideshow.
@MainActor
final class Album: RestorableFlow {
  enum Route: Hashable, Codable, Sendable {
    case home
    case photo(Int)
  }

  let container = StackContainer<Route>(root: .home)
  /// How the presentations of bars made through the declaration ended.
  var endings: [PresentationEnding] = []
  /// Whether the declaration makes no bar.
  var refusesBars = false

  init() { container.owner = self }

  static let subFlows: [SubFlow<Album>] = [
    .flow(PhotoTabs.self, style: .fullScreenCover) { album, _ in
      album.refusesBars ? nil : PhotoTabs()
    } onEnd: { album, _, ending in
      album.endings.append(ending)
    },
    .flow(Slides.self) { _, _ in Slides() },
  ]

  /// The bar it presents, if it presents one.
  var bar: PhotoTabs? { container.presented?.owner as? PhotoTabs }
}

/// A tab bar of a gallery (tab 0, which can present slides) and slides (tab 1).
@MainActor
final class PhotoTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [Gallery.self, Slides.self]

  init() {
    container.owner = self
    let gallery = Gallery()
    let slides = Slides()
    container.setTabs([gallery.container, slides.container])
  }

  var gallery: Gallery? { container.tabs.first?.owner as? Gallery }
  var slides: Slides? { container.tabs.last?.owner as? Slides }
}

/// A stack flow that can present a bar of itself: bars nested in bars' tabs.
@MainActor
final class Nest: RestorableFlow {
  let container = StackContainer<Int>(root: 0)
  init() { container.owner = self }
  static let subFlows: [SubFlow<Nest>] = [.flow(NestBar.self) { _, _ in NestBar() }]
}

/// A tab bar of one ``Nest``.
@MainActor
final class NestBar: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [Nest.self]

  init() {
    container.owner = self
    let tab = Nest()
    container.setTabs([tab.container])
  }

  var tab: Nest? { container.tabs.first?.owner as? Nest }
}

/// A tab bar presented by a stack flow, declared as its sub-flow: saved as a level with its
/// tabs, restored by presenting a new bar.
@MainActor
struct FlowRestorerPresentedTabsTests {
  /// An album showing photo 1 under the bar, tab 1 selected, slides over the gallery in tab 0.
  static func savedAlbum() -> Album {
    let album = Album()
    album.container.push(.photo(1))
    let bar = PhotoTabs()
    album.container.present(bar.container, style: .fullScreenCover)
    let slides = Slides()
    bar.gallery?.container.present(slides.container, style: .fullScreenCover)
    bar.container.select(1)
    return album
  }

  @Test func aSnapshotOfAStackThatPresentsATabBarSavesTheBarAsALevelWithItsTabs() throws {
    let album = Self.savedAlbum()
    let saved = try FlowRestorer(root: album).snapshot()
    #expect(saved.levels.map(\.flow) == ["Album", "PhotoTabs"])
    #expect(saved.levels.last?.style == .fullScreenCover)
    #expect(saved.levels.last?.routes == [])
    #expect(saved.levels.last?.tabs?.selected == 1)
    #expect(
      saved.levels.last?.tabs?.trees.map { $0.levels.map(\.flow) }
        == [["Gallery", "Slides"], ["Slides"]])
  }

  @Test func aSnapshotWithTheBarLevelRestoresIntoAFreshAppAndTheTreeEqualsTheSavedOne() throws {
    let album = Self.savedAlbum()
    let data = try FlowRestorer(root: album).snapshot().jsonData()

    let fresh = Album()
    let restorer = FlowRestorer(root: fresh)
    var events: [String] = []
    let token = restorer.observePlans { event in
      switch event {
      case .willApply: events.append("willApply")
      case .didApply: events.append("didApply")
      }
    }
    let report = restorer.restore(from: data)
    token.cancel()
    #expect(report.error == nil)
    #expect(report.isComplete)
    #expect(events == ["willApply", "didApply"])
    #expect(fresh.container.tree == album.container.tree)
    #expect(report.restored == (try FlowRestorer(root: album).snapshot()))
  }

  @Test func theRestoredBarIsMadeByTheParentsDeclarationWhichHearsItsEnding() throws {
    let album = Self.savedAlbum()
    let saved = try FlowRestorer(root: album).snapshot()
    let fresh = Album()
    #expect(FlowRestorer(root: fresh).restore(saved).isComplete)
    #expect(fresh.bar?.container.selectedIndex == 1)
    #expect(fresh.container.presented?.presentationStyle == .fullScreenCover)
    fresh.container.dismissPresented()
    #expect(fresh.endings == [.dismissedByPresenter])
  }

  @Test func aRestoredBarIsReleasedWhenItsPresenterDismissesIt() throws {
    let album = Self.savedAlbum()
    let saved = try FlowRestorer(root: album).snapshot()
    let fresh = Album()
    weak var bar: PhotoTabs?
    weak var gallery: Gallery?
    do {
      #expect(FlowRestorer(root: fresh).restore(saved).isComplete)
      bar = fresh.bar
      gallery = fresh.bar?.gallery
      #expect(bar != nil)
      #expect(gallery != nil)
      fresh.container.dismissPresented()
    }
    #expect(bar == nil)
    #expect(gallery == nil)
  }

  @Test func aBarAlreadyPresentedIsKeptAndItsTabsAreRestored() throws {
    let original = Self.savedAlbum()
    let saved = try FlowRestorer(root: original).snapshot()
    let album = Album()
    album.container.push(.photo(1))
    let bar = PhotoTabs()
    album.container.present(bar.container, style: .fullScreenCover)
    let report = FlowRestorer(root: album).restore(saved)
    #expect(report.isComplete)
    #expect(album.bar === bar)
    #expect(bar.container.selectedIndex == 1)
    #expect(bar.gallery?.container.presented?.owner is Slides)
    #expect(report.restored == saved)
  }

  @Test func aBarOverAnotherStackIsPresentedAnewAfterTheOldOneIsDismissed() throws {
    let original = Self.savedAlbum()
    let saved = try FlowRestorer(root: original).snapshot()
    let album = Album()
    let old = PhotoTabs()
    album.container.present(old.container, style: .fullScreenCover)
    let report = FlowRestorer(root: album).restore(saved)
    #expect(report.isComplete)
    #expect(album.container.stack == [.home, .photo(1)])
    #expect(album.bar != nil)
    #expect(album.bar !== old)
    #expect(album.bar?.container.selectedIndex == 1)
  }

  /// A tab's tree of one level, `flow` showing `route`.
  static func tree(_ flow: FlowName, _ route: some Hashable & Codable & Sendable) -> FlowSnapshot {
    FlowSnapshot(levels: [FlowSnapshot.Level(flow: flow, routes: [AnyRoute(route)])])
  }

  @Test func goneTabsAndLevelsOverTheBarAreReportedAsARootBarReportsThem() {
    let tabs = FlowSnapshot.Tabs(
      trees: [
        Self.tree("Gallery", GalleryRoute.wall), Self.tree("Slides", SlideRoute.slide),
        Self.tree("Gallery", GalleryRoute.wall), Self.tree("AppFlow", AppRoute.library),
      ], selected: 1)
    let snapshot = FlowSnapshot(levels: [
      FlowSnapshot.Level(flow: "Album", routes: [AnyRoute(Album.Route.home)]),
      FlowSnapshot.Level(flow: "PhotoTabs", routes: [], tabs: tabs),
      FlowSnapshot.Level(flow: "Slides", routes: [AnyRoute(SlideRoute.slide)]),
    ])
    let fresh = Album()
    let report = FlowRestorer(root: fresh).restore(snapshot)
    #expect(report.error == nil)
    #expect(
      report.dropped.map { "\($0.level) \($0.flow): \($0.reason)" } == [
        "2 Slides: nothing is restored over a tab bar",
        "1 AppFlow: tab 3 is no longer there",
        "1 Gallery: tab 2 is listed twice",
      ])
    #expect(fresh.bar?.container.selectedIndex == 1)
  }

  @Test func aBarTheDeclarationDoesNotMakeIsDroppedAndTheStackBelowIsRestored() throws {
    let album = Self.savedAlbum()
    let saved = try FlowRestorer(root: album).snapshot()
    let fresh = Album()
    fresh.refusesBars = true
    let report = FlowRestorer(root: fresh).restore(saved)
    #expect(report.error == nil)
    #expect(
      report.dropped.map { "\($0.level) \($0.flow): \($0.reason)" } == [
        "1 PhotoTabs: Album did not create PhotoTabs"
      ])
    #expect(fresh.container.stack == [.home, .photo(1)])
    #expect(fresh.container.presented == nil)
  }

  @Test func aBarTheParentDoesNotDeclareIsRefused() {
    let snapshot = FlowSnapshot(levels: [
      FlowSnapshot.Level(flow: "AppFlow", routes: [AnyRoute(AppRoute.library)]),
      FlowSnapshot.Level(
        flow: "PhotoTabs", routes: [], tabs: FlowSnapshot.Tabs(trees: [], selected: 0)),
    ])
    let app = AppFlow()
    let report = FlowRestorer(root: app).restore(snapshot)
    #expect(report.error == .unknownFlow("PhotoTabs"))
  }
}

/// A root tab bar whose one tab is an album: a bar presented inside a tab.
@MainActor
final class AlbumTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [Album.self]
  let album = Album()

  init() {
    container.owner = self
    container.setTabs([album.container])
  }
}

@MainActor
struct NestedTabBarRestorationTests {
  @Test func aBarPresentedInATabOfARootBarIsSavedAndRestoredToo() throws {
    let saved = AlbumTabs()
    let bar = PhotoTabs()
    saved.album.container.present(bar.container, style: .fullScreenCover)
    bar.container.select(1)
    let data = try FlowRestorer(root: saved).snapshot().jsonData()

    let fresh = AlbumTabs()
    let report = FlowRestorer(root: fresh).restore(from: data)
    #expect(report.error == nil)
    #expect(report.isComplete)
    #expect(fresh.album.bar?.container.selectedIndex == 1)
    #expect(fresh.container.tree == saved.container.tree)
  }

  @Test func twentyThousandNestedBarsAreSavedSixtyFourDeepRestoredAndFreed() throws {
    weak var weakRoot: Nest?
    weak var deepest: Nest?
    do {
      let root = Nest()
      weakRoot = root
      var current = root
      for _ in 0..<20_000 {
        let bar = NestBar()
        current.container.present(bar.container)
        current = try #require(bar.tab)
      }
      deepest = current
      let data = try FlowRestorer(root: root).snapshot().jsonData()
      let fresh = Nest()
      #expect(FlowRestorer(root: fresh).restore(from: data).isComplete)
      // The root, then a bar and its tab for each of the 64 bars saved.
      #expect(fresh.container.tree.levels.count == 1 + 2 * 64)
    }
    #expect(weakRoot == nil)
    #expect(deepest == nil)
  }
}
