import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

@testable import FlowContainersRestoration

@MainActor
struct RestorationRoundTripTests {
  /// App [library, note(1), note(2)] > Settings [settings] > Account [account, devices].
  func makeDeepTree(_ linked: LinkedApp) async {
    #expect(await linked.open("notes://settings/account/devices").summary == "applied")
    // Stacks no link builds are restorable too: put two notes under the settings modal.
    linked.app.container.push(contentsOf: [.note(1), .note(2)])
  }

  static let deepTree = """
    AppFlow: [library, note(1), note(2)]
    └─ SettingsFlow (sheet): [settings]
       └─ AccountFlow (sheet): [account, devices]
    """

  @Test func aNestedTreeRoundTripsThroughJSON() async throws {
    let original = LinkedApp()
    await makeDeepTree(original)
    #expect(original.tree == Self.deepTree)
    let data = try original.router.restorer.snapshot().jsonData()
    let restored = LinkedApp()
    let recorder = NavigationRecorder(restored.app.container)
    let report = restored.router.restorer.restore(from: data)
    #expect(report.isComplete)
    #expect(restored.tree == Self.deepTree)
    #expect(try report.restored == original.router.restorer.snapshot())
    #expect(recorder.events.allSatisfy { $0.cause == .restoration && !$0.animated })
    #expect(!recorder.events.isEmpty)
  }

  @Test func theJSONHasAnExplicitVersionAndFlatLevels() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/2/edit").summary == "applied")
    let json = String(decoding: try linked.router.restorer.snapshot().jsonData(), as: UTF8.self)
    #expect(
      json == #"{"levels":[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]},"#
        + #"{"flow":"EditorFlow","routes":["edit"]}],"version":3}"#)
  }

  @Test func restoringOverALiveTreeReplacesItAndReusesWhatFits() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/3/edit").summary == "applied")
    let snapshot = FlowSnapshot(levels: [
      .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library)]),
      .init(flow: "SettingsFlow", routes: [AnyRoute(SettingsRoute.settings)]),
    ])
    #expect(linked.router.restorer.restore(snapshot).isComplete)
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
        """)
  }

  @Test func aTransientScreenEndsTheSnapshotAtIt() async throws {
    let root = TestFlowWithTransientScreens()
    let router = DeepLinkRouter(root: root, scheme: "t")
    root.container.push(contentsOf: ["kept", "transient:spinner", "after"])
    #expect(try router.restorer.snapshot().levels.map(\.routes.count) == [2])
  }

  @Test func restoringAndTearingDownLeavesNothingAlive() async throws {
    let leaks = LeakTracker()
    let data: Data
    do {
      let original = LinkedApp()
      await makeDeepTree(original)
      data = try original.router.restorer.snapshot().jsonData()
    }
    do {
      let restored = LinkedApp()
      #expect(restored.router.restorer.restore(from: data).isComplete)
      leaks.track(restored.app)
      var node = restored.app.container.presented
      while let current = node {
        leaks.track(current)
        if let owner = current.owner { leaks.track(owner) }
        node = current.presented
      }
      #expect(leaks.liveCount == 5)
    }
    leaks.expectAllReleased()
  }
}

@MainActor
struct RestorationFallbackTests {
  func deepSnapshot() async throws -> Data {
    let original = LinkedApp()
    #expect(await original.open("notes://settings/account/devices").summary == "applied")
    original.app.container.push(contentsOf: [.note(1), .note(2)])
    return try original.router.restorer.snapshot().jsonData()
  }

  @Test func aDeletedNoteAtTheRootRestoresWhatIsBelowItAndDropsTheRest() async throws {
    let data = try await deepSnapshot()
    let linked = LinkedApp()
    linked.app.notes.remove(2)
    let report = linked.router.restorer.restore(from: data)
    #expect(linked.tree == "AppFlow: [library, note(1)]")
    #expect(
      report.dropped.map(\.description) == [
        "AppFlow@0 [note(2)]: note 2 does not exist",
        "SettingsFlow@1 [settings]: presented over a screen that was not restored",
        "AccountFlow@2 [account, devices]: presented over a screen that was not restored",
      ])
    #expect(report.error == nil)
    #expect(!report.isComplete)
  }

  /// The app makes no editor over a deleted note: the report says the note is gone, and that
  /// the editor stood over it, not that the app made no editor.
  @Test func aDeletedNoteUnderAnEditorIsReportedAsTheDeletedNote() {
    let linked = LinkedApp()
    linked.app.notes.remove(2)
    let report = linked.router.restorer.restore(
      FlowSnapshot(levels: [
        .init(flow: "AppFlow", routes: [AnyRoute(AppRoute.library), AnyRoute(AppRoute.note(2))]),
        .init(flow: "EditorFlow", routes: [AnyRoute(EditorRoute.edit)]),
      ]))
    #expect(linked.tree == "AppFlow: [library]")
    #expect(
      report.dropped.map(\.description) == [
        "AppFlow@0 [note(2)]: note 2 does not exist",
        "EditorFlow@1 [edit]: presented over a screen that was not restored",
      ])
    #expect(report.error == nil)
  }

  @Test func deletedContentInTheMiddleLevelKeepsTheLevelsBelow() async throws {
    let data = try await deepSnapshot()
    let catalog = Catalog()
    catalog.missing = ["settings"]
    let linked = LinkedApp(catalog: catalog)
    let report = linked.router.restorer.restore(from: data)
    #expect(linked.tree == "AppFlow: [library, note(1), note(2)]")
    #expect(report.dropped.map(\.level) == [1, 2])
    #expect(report.dropped.first?.reason == "settings no longer exists")
  }

  @Test func deletedContentAtTheTopCutsOnlyItsOwnStack() async throws {
    let data = try await deepSnapshot()
    let catalog = Catalog()
    catalog.missing = ["devices"]
    let linked = LinkedApp(catalog: catalog)
    let report = linked.router.restorer.restore(from: data)
    #expect(
      linked.tree == """
        AppFlow: [library, note(1), note(2)]
        └─ SettingsFlow (sheet): [settings]
           └─ AccountFlow (sheet): [account]
        """)
    #expect(
      report.dropped.map(\.description) == ["AccountFlow@2 [devices]: devices no longer exists"])
  }

  @Test func aTopLevelWhoseFirstScreenIsGoneIsDroppedWhole() async throws {
    let data = try await deepSnapshot()
    let catalog = Catalog()
    catalog.missing = ["account"]
    let linked = LinkedApp(catalog: catalog)
    let report = linked.router.restorer.restore(from: data)
    #expect(
      linked.tree == """
        AppFlow: [library, note(1), note(2)]
        └─ SettingsFlow (sheet): [settings]
        """)
    #expect(
      report.dropped.map(\.description) == [
        "AccountFlow@2 [account, devices]: account no longer exists"
      ])
  }

  @Test func aRootWhoseFirstScreenIsGoneRestoresNothing() async throws {
    let data = try await deepSnapshot()
    let catalog = Catalog()
    catalog.missing = ["library"]
    let linked = LinkedApp(catalog: catalog)
    let report = linked.router.restorer.restore(from: data)
    #expect(linked.tree == "AppFlow: [library]")
    #expect(report.dropped.count == 3)
    #expect(report.restored.levels.count == 1)
  }

  @Test func aGuardedLevelIsDroppedWhenItsRequirementIsUnmetAndNoGuardIsShown() async throws {
    let signedIn = LinkedApp(signedIn: true)
    #expect(await signedIn.open("notes://note/2/edit").summary == "applied")
    let data = try signedIn.router.restorer.snapshot().jsonData()
    let linked = LinkedApp(signedIn: false)
    let report = linked.router.restorer.restore(from: data)
    #expect(linked.tree == "AppFlow: [library, note(2)]")
    #expect(report.dropped.map(\.description) == ["EditorFlow@1 [edit]: requires signed-in"])
  }

  nonisolated static let badInputs: [(String, String, RestorationError)] = [
    ("empty", "", .corrupt("")),
    ("not JSON", "hello", .corrupt("")),
    ("truncated", #"{"levels":[{"flow":"AppFlow","routes":[{"libr"#, .corrupt("")),
    ("wrong type", #"[1,2,3]"#, .corrupt("")),
    ("no version", #"{"levels":[]}"#, .unsupportedVersion(nil)),
    ("version as text", #"{"version":"2","levels":[]}"#, .corrupt("")),
    ("newer version", #"{"version":4,"levels":[]}"#, .unsupportedVersion(4)),
    ("version zero", #"{"version":0,"levels":[]}"#, .unsupportedVersion(0)),
    (
      "unknown flow",
      #"{"version":3,"levels":[{"flow":"AppFlow","routes":[]},{"flow":"Nope","routes":[]}]}"#,
      .unknownFlow("Nope")
    ),
    (
      "flow out of place",
      #"{"version":3,"levels":[{"flow":"AppFlow","routes":[]},{"flow":"AccountFlow","routes":[]}]}"#,
      .unexpectedFlow("AccountFlow", after: "AppFlow")
    ),
    (
      "wrong root", #"{"version":3,"levels":[{"flow":"SettingsFlow","routes":["settings"]}]}"#,
      .unexpectedFlow("SettingsFlow", after: nil)
    ),
    (
      "unknown route", #"{"version":3,"levels":[{"flow":"AppFlow","routes":[{"gone":{}}]}]}"#,
      .unknownRoute(flow: "AppFlow", detail: "")
    ),
    (
      "route of the wrong type", #"{"version":3,"levels":[{"flow":"AppFlow","routes":[42]}]}"#,
      .unknownRoute(flow: "AppFlow", detail: "")
    ),
  ]

  @Test(arguments: badInputs)
  func badInputRestoresNothingAndSaysWhy(
    name: String, json: String, expected: RestorationError
  ) async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1").summary == "applied")
    let before = linked.tree
    let report = linked.router.restorer.restore(from: Data(json.utf8))
    #expect(linked.tree == before, "\(name)")
    let error = try #require(report.error, "\(name)")
    switch (error, expected) {
    case (.corrupt(let detail), .corrupt):
      #expect(!detail.isEmpty, "\(name)")
    case (.unknownRoute(let flow, let detail), .unknownRoute(let expectedFlow, _)):
      #expect(flow == expectedFlow && !detail.isEmpty, "\(name)")
    default:
      #expect(error == expected, "\(name)")
    }
    #expect(!error.description.isEmpty)
    #expect(report.dropped.isEmpty)
  }

  @Test func oversizedInputIsRejectedBeforeParsing() {
    let linked = LinkedApp()
    let data = Data(repeating: UInt8(ascii: " "), count: FlowSnapshot.maximumSize + 1)
    #expect(
      linked.router.restorer.restore(from: data).error
        == RestorationError.tooLarge(
          bytes: FlowSnapshot.maximumSize + 1, limit: FlowSnapshot.maximumSize))
  }

  @Test func tooManyLevelsAreRejected() throws {
    let levels =
      [#"{"flow":"AppFlow","routes":[]}"#]
      + Array(repeating: #"{"flow":"SettingsFlow","routes":[]}"#, count: FlowSnapshot.maximumLevels)
    let json = #"{"version":3,"levels":["# + levels.joined(separator: ",") + "]}"
    let linked = LinkedApp()
    #expect(
      linked.router.restorer.restore(from: Data(json.utf8)).error
        == RestorationError.tooManyLevels(
          count: FlowSnapshot.maximumLevels + 1, limit: FlowSnapshot.maximumLevels))
  }
}

/// Only version 3 is read: no version before it was released, so an older snapshot is refused
/// whole, and the caller starts from its default state.
@MainActor
struct RestorationVersionTests {
  @Test func aVersionOneSnapshotIsRefusedWithItsVersionAndTheTreeStaysAsItWas() async throws {
    let url = try #require(
      Bundle.module.url(forResource: "Fixtures/snapshot-v1", withExtension: "json"))
    let data = try Data(contentsOf: url)
    #expect(throws: RestorationError.unsupportedVersion(1)) {
      try FlowSnapshot.decode(data, root: AppFlow.self)
    }
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1").summary == "applied")
    let before = linked.tree
    let report = linked.router.restorer.restore(from: data)
    #expect(report.error == .unsupportedVersion(1))
    #expect(
      report.error?.description
        == "snapshot version 1 is not supported (this library reads version 3)")
    #expect(report.dropped.isEmpty)
    #expect(linked.tree == before)
  }

  @Test func aVersionTwoSnapshotIsRefusedWithItsVersionAndTheTreeStaysAsItWas() async throws {
    let data = Data(
      (#"{"version":2,"levels":[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]},"#
        + #"{"flow":"SettingsFlow","routes":["settings"]}]}"#).utf8)
    #expect(throws: RestorationError.unsupportedVersion(2)) {
      try FlowSnapshot.decode(data, root: AppFlow.self)
    }
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1").summary == "applied")
    let before = linked.tree
    let report = linked.router.restorer.restore(from: data)
    #expect(report.error == .unsupportedVersion(2))
    #expect(
      report.error?.description
        == "snapshot version 2 is not supported (this library reads version 3)")
    #expect(linked.tree == before)
    // The same levels as version 3 are read.
    let current = Data(
      String(decoding: data, as: UTF8.self)
        .replacingOccurrences(of: #""version":2"#, with: #""version":3"#).utf8)
    #expect(linked.router.restorer.restore(from: current).isComplete)
    #expect(linked.tree != before)
  }

  @Test func aSnapshotWithoutAVersionSaysSoAndNamesTheVersionRead() {
    #expect(
      RestorationError.unsupportedVersion(nil).description
        == "the snapshot has no version (this library reads version 3)")
  }
}

/// A root whose screens are strings; those starting with `transient:` have no route.
@MainActor
final class TestFlowWithTransientScreens: LinkableFlow {
  let container = StackContainer<String>(root: "root")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("*") { _ in ["root"] }]

  func route(for screen: String) -> String? { screen.hasPrefix("transient:") ? nil : screen }
  static let subFlows: [SubFlow<TestFlowWithTransientScreens>] = []
  func makeScreen(for route: String) -> String { route }
}
