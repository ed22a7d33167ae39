import FlowContainers
import Testing

@testable import FlowContainersRestoration

/// A stack flow that presents another of its kind, for chains of any length.
@MainActor
final class Link: RestorableFlow {
  let container: StackContainer<Int>

  init(_ stack: [Int] = [0]) {
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let subFlows: [SubFlow<Link>] = [.flow(Link.self) { _, _ in Link() }]

  /// A chain of `count` links, each presenting the next, the one at `level` showing
  /// `[0, level % 5]`; the root is returned, the presentations keep the rest.
  static func chain(_ count: Int) -> Link {
    let root = Link([0, 0])
    var top = root
    for level in 1..<max(count, 1) {
      let next = Link([0, level % 5])
      top.container.present(next.container)
      top = next
    }
    return root
  }
}

/// A tab bar of links, as many as it is given.
@MainActor
final class LinkTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [Link.self]
  /// The tabs' flows, in order; the bar holds them too.
  let links: [Link]

  init(_ links: [Link]) {
    self.links = links
    container.owner = self
    container.setTabs(links.map(\.container))
  }

  /// A bar whose first tab is a chain of `chain` levels, followed by `single` tabs of one level.
  static func make(chain: Int, single: Int) -> LinkTabs {
    LinkTabs([Link.chain(chain)] + (0..<single).map { Link([0, $0 % 5]) })
  }

  /// A fresh bar with as many tabs, each at its root screen, for restoring into.
  static func fresh(tabs: Int) -> LinkTabs {
    LinkTabs((0..<tabs).map { _ in Link() })
  }
}

/// The limit on levels counts the same thing when a tree is saved and when it is read.
///
/// It counts every level of a chain, and a tab bar's own level with every level of every tab. A
/// tree over the limit is reported by `snapshot()`; a tree at the limit restores whole.
@MainActor
struct FlowRestorerLimitsTests {
  static let limit = FlowSnapshot.maximumLevels

  /// Expects `restorer`'s snapshot to be refused with `tooManyLevels(count: count, limit:)`.
  static func expectRefusal(
    of restorer: FlowRestorer, count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      let saved = try restorer.snapshot()
      let levels = saved.levels.count + (saved.levels.last?.tabs?.trees.count ?? 0)
      Issue.record(
        "saved (\(levels) levels and tabs): a tree over the limit must be reported when saved",
        sourceLocation: sourceLocation)
    } catch {
      #expect(
        error == RestorationError.tooManyLevels(count: count, limit: 4096),
        sourceLocation: sourceLocation)
    }
  }

  @Test func aChainAtTheLevelLimitIsSavedAndRestoredWhole() throws {
    let chain = Link.chain(Self.limit)
    #expect(chain.container.tree.levels.count == 4096)
    let data = try FlowRestorer(root: chain).snapshot().jsonData()
    let fresh = Link()
    let report = FlowRestorer(root: fresh).restore(from: data)
    #expect(report.error == nil)
    #expect(report.isComplete)
    #expect(fresh.container.tree == chain.container.tree)
  }

  @Test func aChainAtTheLevelLimitRestoredOverItselfKeepsEveryLevel() throws {
    // Every level is kept and presents the next: each is looked up as kept, none dismissed.
    let chain = Link.chain(Self.limit)
    let before = chain.container.tree
    let data = try FlowRestorer(root: chain).snapshot().jsonData()
    let report = FlowRestorer(root: chain).restore(from: data)
    #expect(report.error == nil)
    #expect(report.isComplete)
    #expect(chain.container.tree == before)
  }

  @Test func aChainOneLevelOverTheLimitIsReportedWhenItIsSaved() {
    let chain = Link.chain(Self.limit + 1)
    Self.expectRefusal(of: FlowRestorer(root: chain), count: 4097)
  }

  @Test func aTabBarWhoseLevelsTotalTheLimitIsSavedAndRestoredWhole() throws {
    // The bar's own level, a chain of 2,000 in its first tab and 2,095 tabs of one level.
    let bar = LinkTabs.make(chain: 2000, single: 2095)
    #expect(bar.container.tree.levels.count == 4096)
    let data = try FlowRestorer(root: bar).snapshot().jsonData()
    let fresh = LinkTabs.fresh(tabs: 2096)
    let report = FlowRestorer(root: fresh).restore(from: data)
    #expect(report.error == nil)
    #expect(report.isComplete)
    #expect(fresh.container.tree == bar.container.tree)
  }

  @Test func aTabBarOneLevelOverTheLimitCountingItsOwnLevelIsReportedWhenItIsSaved() {
    // 4,097 levels: the bar's, a chain of 2,000 and 2,096 tabs of one level. A restoration that
    // counted only the tabs' levels would read 4,096 and accept it.
    let bar = LinkTabs.make(chain: 2000, single: 2096)
    #expect(bar.container.tree.levels.count == 4097)
    Self.expectRefusal(of: FlowRestorer(root: bar), count: 4097)
  }

  @Test func aTabBarOf10000TabsIsReportedWhenItIsSaved() {
    let bar = LinkTabs((0..<10_000).map { Link([0, $0 % 5]) })
    #expect(bar.container.tree.levels.count == 10_001)
    Self.expectRefusal(of: FlowRestorer(root: bar), count: 10_001)
  }
}
