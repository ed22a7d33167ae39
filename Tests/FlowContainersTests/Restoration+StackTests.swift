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

/// Version 1 snapshots nest a level per presentation; they are read up to the same documented
/// limit as version 2, not up to the JSON decoder's nesting limit.
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

  @Test func aVersion1SnapshotNestedDeeperThanTheJSONDecoderReadsIsRead() throws {
    let snapshot = try FlowSnapshot.decode(version1(levels: 600), root: ModelFlow.self)
    #expect(snapshot.levels.count == 600)
    #expect(snapshot.levels[599].routes == [AnyRoute(0), AnyRoute(599 % 9)])
  }

  @Test func aVersion1SnapshotOverTheLevelLimitSaysSo() {
    #expect(throws: RestorationError.tooManyLevels(count: 4097, limit: 4096)) {
      try FlowSnapshot.decode(version1(levels: 4097), root: ModelFlow.self)
    }
  }
}
