import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// Restoration never builds a stack without a root screen: an empty saved level is kept at its
/// root (the root flow) or cut (a sub-flow), with a report, never restored as complete.
@MainActor
struct RestorationStackTests {
  private func restore(_ levels: [FlowSnapshot.Level]) -> (LinkedApp, RestorationReport) {
    let linked = LinkedApp()
    return (linked, linked.router.restorer.restore(FlowSnapshot(levels: levels)))
  }

  @Test func anEmptyRootLevelKeepsTheRootScreenAndSaysSo() {
    let (linked, report) = restore([.init(flow: "AppFlow", routes: [])])
    #expect(linked.tree == "AppFlow: [library]")
    #expect(!report.isComplete)
    #expect(report.dropped.map(\.flow) == ["AppFlow"])
  }

  @Test func anEmptySubFlowLevelIsCutWithAReport() {
    let (linked, report) = restore([
      .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library)]),
      .init(flow: "SettingsFlow", routes: []),
    ])
    #expect(linked.tree == "AppFlow: [library]")
    #expect(!report.isComplete)
    #expect(report.dropped.map(\.flow) == ["SettingsFlow"])
  }

  @Test func aStackMissingItsRootScreenKeepsTheRootAndSaysSo() {
    let (linked, report) = restore([.init(flow: "AppFlow", routes: [AnyRoute(AppRoute.note(2))])])
    #expect(linked.tree == "AppFlow: [library]")
    #expect(!report.isComplete)
    #expect(report.dropped.map(\.flow) == ["AppFlow"])
    #expect(report.dropped.first?.reason == "the stack does not start with the root screen library")
  }

  @Test func aSubFlowLevelMissingItsRootScreenIsCutWithAReport() {
    let (linked, report) = restore([
      .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library), AnyRoute(AppRoute.note(2))]),
      .init(flow: "SettingsFlow", routes: [AnyRoute(SettingsRoute.devices)]),
    ])
    #expect(linked.tree == "AppFlow: [library, note(2)]")
    #expect(!report.isComplete)
    #expect(report.dropped.map(\.flow) == ["SettingsFlow"])
  }

  @Test func aWholeValidTreeStillRestoresCompletely() {
    let (linked, report) = restore([
      .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library), AnyRoute(AppRoute.note(2))]),
      .init(flow: "SettingsFlow", routes: [AnyRoute(SettingsRoute.settings)]),
    ])
    #expect(report.isComplete)
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ SettingsFlow (sheet): [settings]
        """)
  }
}

/// Restoration asks the flows it would dismiss, as a link does.
@MainActor
struct RestorationObjectionTests {
  @Test func aFlowThatObjectsIsNotDismissedByARestoration() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let editor = try #require(linked.app.container.presentedFlow as? EditorFlow)
    editor.hasUnsavedChanges = true
    let before = linked.tree
    let report = linked.router.restorer.restore(
      FlowSnapshot(levels: [.init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library)])]))
    #expect(linked.tree == before)
    #expect(
      report.error
        == RestorationError.objection(
          flow: FlowName(EditorFlow.self), reason: "note 1 has unsaved changes"))
    editor.hasUnsavedChanges = false
    #expect(
      linked.router.restorer.restore(
        FlowSnapshot(levels: [.init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library)])])
      ).isComplete)
    #expect(linked.tree == "AppFlow: [library]")
  }
}

/// Version 1 snapshots, which nested a level per presentation, are refused.
///
/// Only version 3 is read: a version 1 snapshot is refused with its version, one nested deeper
/// than the JSON decoder reads is refused as corrupt, and neither moves anything.
@MainActor
struct RestorationVersion1DepthTests {
  private func version1(levels: Int) -> Data {
    var json = #"{"version":1,"root":"#
    for level in 0..<levels {
      json += #"{"flow":"ModelFlow","stack":[0,\#(level % 9)]"#
      json += level == levels - 1 ? "" : #","presented":"#
    }
    json += String(repeating: "}", count: levels) + "}"
    return Data(json.utf8)
  }

  /// Restores `data` into a root showing two screens: the tree before and after, and the report.
  private func restore(_ data: Data) -> (before: FlowTree, after: FlowTree, RestorationReport) {
    let root = ModelFlow(counts: LiveCounts(), stack: [0, 4])
    let before = root.container.tree
    let report = FlowRestorer(root: root).restore(from: data)
    return (before, root.container.tree, report)
  }

  @Test func aNestedVersion1SnapshotIsRefusedWithItsVersionAndMovesNothing() {
    #expect(throws: RestorationError.unsupportedVersion(1)) {
      try FlowSnapshot.decode(version1(levels: 3), root: ModelFlow.self)
    }
    let (before, after, report) = restore(version1(levels: 3))
    #expect(report.error == .unsupportedVersion(1))
    #expect(after == before)
  }

  @Test(arguments: [600, 4097])
  func aVersion1SnapshotNestedDeeperThanTheJSONDecoderReadsIsRefusedAsCorrupt(levels: Int) {
    let (before, after, report) = restore(version1(levels: levels))
    guard case .corrupt = report.error else {
      Issue.record("expected a corrupt snapshot, got \(String(describing: report.error))")
      return
    }
    #expect(after == before)
  }
}
