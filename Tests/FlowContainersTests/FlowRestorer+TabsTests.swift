import FlowContainers
import Foundation
import Synchronization
import Testing

/// Restoring a tab bar with the restoration module alone, and refusing snapshots of older
/// versions.
@MainActor
struct FlowRestorerTabsTests {
  /// A tab bar's snapshot as version 2 wrote it: the selected tab's tree as the levels, its
  /// position as `tab`, and the other tabs' trees apart.
  static let version2 =
    #"{"levels":[{"flow":"Gallery","routes":[{"wall":{}}]},"#
    + #"{"flow":"Slides","routes":[{"slide":{}}],"style":"fullScreenCover"}],"tab":1,"#
    + #""tabs":[{"index":0,"levels":[{"flow":"AppFlow","routes":[{"library":{}},"#
    + #"{"note":{"_0":2}}]}]}],"version":2}"#

  @Test func aVersionTwoTabBarSnapshotIsRefusedWithItsVersionAndChangesNoTab() {
    let tabs = TabbedApp()
    tabs.app.container.push(.note(1))
    let before = tabs.container.tree
    let report = FlowRestorer(root: tabs).restore(from: Data(Self.version2.utf8))
    #expect(report.error == .unsupportedVersion(2))
    #expect(report.dropped.isEmpty)
    #expect(tabs.container.tree == before)
    #expect(tabs.container.selectedIndex == 0)
    #expect(tabs.app.container.stack == [.library, .note(1)])
  }

  @Test func aRestorerWithoutLinksSavesAndRestoresATabBarInOneChange() throws {
    let tabs = TabbedApp()
    tabs.app.container.push(.note(2))
    tabs.container.select(1)
    let data = try FlowRestorer(root: tabs).snapshot().jsonData()

    let fresh = TabbedApp()
    let restorer = FlowRestorer(root: fresh)
    var plans = 0
    let token = restorer.observePlans { if case .willApply = $0 { plans += 1 } }
    let report = restorer.restore(from: data)
    token.cancel()
    #expect(report.isComplete)
    #expect(plans == 1)
    #expect(fresh.container.selectedIndex == 1)
    #expect(fresh.app.container.stack == [.library, .note(2)])
    #expect(report.restored == (try FlowRestorer(root: tabs).snapshot()))
  }

  @Test func aTabBarsSnapshotRestoredUnderAStackRootIsRefusedAndChangesNothing() throws {
    let tabs = TabbedApp()
    let data = try FlowRestorer(root: tabs).snapshot().jsonData()
    let app = AppFlow()
    app.container.push(.note(1))
    let report = FlowRestorer(root: app).restore(from: data)
    #expect(report.error == .unknownFlow("TabbedApp"))
    #expect(app.container.stack == [.library, .note(1)])
  }

  @Test func aSnapshotOfTheBarAloneRestoresNothingAndIsComplete() {
    let fresh = TabbedApp()
    fresh.app.container.push(.note(1))
    let bar = FlowSnapshot.Level(
      flow: "TabbedApp", routes: [], tabs: FlowSnapshot.Tabs(trees: [], selected: nil))
    let report = FlowRestorer(root: fresh).restore(FlowSnapshot(levels: [bar]))
    #expect(report.isComplete)
    #expect(fresh.app.container.stack == [.library, .note(1)])
  }

  /// A mail bar whose tabs are two inboxes, the second at `inbox/7`, as saved.
  static func twoInboxes() throws -> FlowSnapshot {
    let bar = MailTabs()
    let first = Inbox()
    let second = Inbox()
    second.container.push("7")
    bar.container.setTabs([first.container, second.container])
    return try FlowRestorer(root: bar).snapshot()
  }

  /// The drops of a report, such as `0 Inbox: tab 1 is no longer there`.
  static func drops(_ report: RestorationReport) -> [String] {
    report.dropped.map { "\($0.level) \($0.flow): \($0.reason)" }
  }

  @Test func aSavedTabWhoseFlowHasNoTabLeftForItIsNoLongerThereNotListedTwice() throws {
    let saved = try Self.twoInboxes()
    #expect(
      saved.levels.first?.tabs?.trees.map { $0.levels.map(\.flow) } == [["Inbox"], ["Inbox"]])
    // The bar now has one inbox, beside an outbox.
    let fresh = MailTabs()
    let report = FlowRestorer(root: fresh).restore(saved)
    #expect(report.error == nil)
    #expect(Self.drops(report) == ["0 Inbox: tab 1 is no longer there"])
    #expect((fresh.container.tabs[0].owner as? Inbox)?.container.stack == ["inbox"])
    // The bar now has one inbox alone.
    let alone = MailTabs()
    let inbox = Inbox()
    alone.container.setTabs([inbox.container])
    let aloneReport = FlowRestorer(root: alone).restore(saved)
    #expect(Self.drops(aloneReport) == ["0 Inbox: tab 1 is no longer there"])
  }

  @Test func aTabTheSnapshotListsTwiceIsStillReportedAsListedTwice() throws {
    let bar = MailTabs()
    (bar.container.tabs[1].owner as? Outbox)?.container.push("7")
    var saved = try FlowRestorer(root: bar).snapshot()
    let trees = try #require(saved.levels.first?.tabs?.trees)
    saved.levels[0].tabs?.trees = trees + trees.suffix(1)
    let fresh = MailTabs()
    let report = FlowRestorer(root: fresh).restore(saved)
    #expect(report.error == nil)
    #expect(Self.drops(report) == ["0 Outbox: tab 2 is listed twice"])
    #expect((fresh.container.tabs[1].owner as? Outbox)?.container.stack == ["outbox", "7"])
  }
}

/// A tab bar of many tabs, restored with every saved tree one place off its tab: each tab is
/// looked at once, not once per tree.
@MainActor
struct ManyTabsRestorationTests {
  /// A bar of `count` tabs, galleries and slides by turns, after `lead` galleries.
  final class Bar: TabbedFlow {
    let container = TabContainer()
    static let tabFlows: [any RestorableFlow.Type] = [Gallery.self, Slides.self]
    var flows: [AnyObject] = []

    init(count: Int, lead: Int = 0) {
      container.owner = self
      var nodes: [ContainerNode] = []
      for index in 0..<(lead + count) {
        if index < lead || (index - lead) % 2 == 0 {
          let gallery = Gallery()
          flows.append(gallery)
          nodes.append(gallery.container)
        } else {
          let slides = Slides()
          flows.append(slides)
          nodes.append(slides.container)
        }
      }
      container.setTabs(nodes)
    }
  }

  /// As many tabs as a snapshot may hold levels.
  @Test func everySavedTreeFindsTheTabOfItsFlowAmongFourThousandTabsShiftedByOne() throws {
    let saved = Bar(count: 4_000)
    let data = try FlowRestorer(root: saved).snapshot().jsonData()
    // One more gallery in front: every tree's position now holds the other flow type.
    let fresh = Bar(count: 4_000, lead: 1)
    let report = FlowRestorer(root: fresh).restore(from: data)
    #expect(report.error == nil)
    #expect(report.dropped.isEmpty)
    #expect(report.restored.levels.first?.tabs?.trees.count == 4_001)
  }
}

/// A route that counts how often it is decoded.
enum CountedRoute: Hashable, Sendable, Codable {
  case page

  static let decodes = Mutex(0)

  init(from decoder: any Decoder) throws {
    _ = try decoder.singleValueContainer().decode(String.self)
    Self.decodes.withLock { $0 += 1 }
    self = .page
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("page")
  }
}

/// A tab flow of counted routes.
@MainActor
final class CountedFlow: RestorableFlow {
  let container = StackContainer<CountedRoute>(root: .page)
  static let subFlows: [SubFlow<CountedFlow>] = []
  init() { container.owner = self }
}

/// A tab bar of two counted tabs.
@MainActor
final class CountedTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [CountedFlow.self]
  let tabs = [CountedFlow(), CountedFlow()]

  init() {
    container.owner = self
    container.setTabs(tabs.map(\.container))
  }
}

@MainActor
struct SnapshotDecodingTests {
  @Test func aTabBarsSnapshotReadsEachSavedRouteOnce() throws {
    let saved = CountedTabs()
    saved.tabs[0].container.push(.page)
    saved.tabs[1].container.push(contentsOf: [.page, .page])
    let data = try FlowRestorer(root: saved).snapshot().jsonData()
    CountedRoute.decodes.withLock { $0 = 0 }
    let fresh = CountedTabs()
    let report = FlowRestorer(root: fresh).restore(from: data)
    #expect(report.isComplete)
    #expect(fresh.tabs[1].container.stack.count == 3)
    // Five saved routes, each decoded once, however many tabs hold them.
    #expect(CountedRoute.decodes.withLock { $0 } == 5)
  }
}
