import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// One value names a flow everywhere: events, tree values, snapshots and restoration reports all
/// call a flow by its stable `flowName`; alerts are reported as alerts, not as flows.
@MainActor
struct FlowNameTests {
  @Test func aFlowNameIsItsTextAndEncodesAsOneString() throws {
    let name: FlowName = "Home"
    #expect(name == FlowName(rawValue: "Home"))
    #expect(name == FlowName(rawValue: "Home"))
    #expect(name.description == "Home")
    #expect(Set([name, "Home", "Pages"]).count == 2)
    let data = try JSONEncoder().encode([name])
    #expect(String(decoding: data, as: UTF8.self) == #"["Home"]"#)
    #expect(try JSONDecoder().decode([FlowName].self, from: data) == [name])
  }

  @Test func aFlowTypeIsNamedByItsStableNameOrElseByItsType() {
    #expect(FlowName(RenamedShelf.self) == "Home")
    #expect(FlowName(RenamedReader.self) == "Pages")
    #expect(FlowName(Shelf.self) == "Shelf")
    #expect(FlowName(TestFlow<Root>.self) == "TestFlow<Root>")
    #expect(RenamedShelf.flowName == "Home")
    #expect(Shelf.flowName == "Shelf")
  }

  @Test func anEventNamesTheFlowsByTheirStableNames() {
    let shelf = RenamedShelf()
    var events: [NavigationEvent] = []
    let token = shelf.container.observeEvents { events.append($0) }
    defer { token.cancel() }
    let reader = RenamedReader()
    shelf.container.present(reader.container)
    #expect(events.map(\.flow) == ["Home"])
    #expect(events.map(\.action) == [.attached(.presented(.sheet), flow: "Pages")])
    #expect(events.map(\.description) == ["Home@0 present Pages as sheet (program, animated)"])
  }

  @Test func aTreeLevelNamesItsFlowByItsStableName() {
    let shelf = RenamedShelf()
    let reader = RenamedReader()
    shelf.container.present(reader.container)
    #expect(shelf.container.tree.levels.map(\.flow) == ["Home", "Pages"])
    #expect(
      shelf.container.tree.description == """
        Home: [shelf]
        └─ Pages (sheet): [page(1)]
        """)
  }

  @Test func aSnapshotLevelNamesItsFlowByItsStableName() throws {
    let shelf = RenamedShelf()
    shelf.container.push(.book(3))
    let reader = RenamedReader()
    shelf.container.present(reader.container)
    let snapshot = try FlowRestorer(root: shelf).snapshot()
    #expect(snapshot.levels.map(\.flow) == ["Home", "Pages"])
    let json = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    #expect(json.contains(#""flow":"Home""#) && json.contains(#""flow":"Pages""#), "\(json)")
    let fresh = RenamedShelf()
    #expect(FlowRestorer(root: fresh).restore(from: try snapshot.jsonData()).isComplete)
    #expect(fresh.container.tree.levels.map(\.flow) == ["Home", "Pages"])
  }

  @Test func aDropNamesItsFlowByItsStableName() {
    let shelf = RenamedShelf()
    let report = FlowRestorer(root: shelf).restore(
      FlowSnapshot(levels: [
        .init(flow: "Home", routes: [AnyRoute(ShelfRoute.shelf), AnyRoute(ShelfRoute.book(3))]),
        .init(
          flow: "Pages", routes: [AnyRoute(ReaderRoute.page(1)), AnyRoute(ReaderRoute.page(99))]),
      ]))
    #expect(report.error == nil)
    #expect(report.dropped.map(\.flow) == ["Pages"])
    #expect(report.dropped.map(\.description) == ["Pages@1 [page(99)]: there is no page 99"])
    #expect(report.droppedAlerts.isEmpty)
  }

  @Test func aDroppedAlertIsReportedAsAnAlertNotAsAFlow() throws {
    let shelf = RenamedShelf()
    shelf.container.present(AlertTests.confirmation) { _ in }
    let snapshot = try FlowRestorer(root: shelf).snapshot()
    #expect(snapshot.levels.map(\.flow) == ["Home"])
    #expect(snapshot.transient == [TransientLayer(title: "Delete the note?")])

    let fresh = RenamedShelf()
    let report = FlowRestorer(root: fresh).restore(from: try snapshot.jsonData())
    #expect(report.error == nil)
    #expect(report.dropped.isEmpty)
    #expect(report.droppedAlerts.map(\.description) == ["alert: Delete the note?"])
    #expect(report.droppedAlerts.map(\.title) == ["Delete the note?"])
    #expect(!report.isComplete)
  }

  @Test func aSnapshotWhoseAlertsAreTextDecodesAndSavesTheSameText() throws {
    let json = #"""
      {"levels":[{"flow":"Home","routes":[{"shelf":{}}]}],"transient":["alert: Delete?",\#
      "alert: Keep it? (tab 2)","alert: Why (not)?"],"version":3}
      """#
    let snapshot = try FlowSnapshot.decode(Data(json.utf8), root: RenamedShelf.self)
    #expect(
      snapshot.transient == [
        TransientLayer(title: "Delete?"),
        TransientLayer(title: "Keep it?", tab: 2),
        TransientLayer(title: "Why (not)?"),
      ])
    // Saved again, it is the same text.
    #expect(String(decoding: try snapshot.jsonData(), as: UTF8.self) == json)
  }

  @Test func twoSubFlowTypesWithOneNameUnderOneRootAreReportedAsMisuse() throws {
    let data = Data(#"{"levels":[{"flow":"TwinHost","routes":["host"]}],"version":3}"#.utf8)
    var snapshot: FlowSnapshot?
    let diagnostics = withRecordedDiagnostics {
      snapshot = try? FlowSnapshot.decode(data, root: TwinHost.self)
    }
    #expect(diagnostics.map(\.code) == [.inconsistentRoute])
    let message = diagnostics.first?.message ?? ""
    #expect(message.contains(#"two flow types are named "Twin""#), "\(message)")
    #expect(message.contains("FirstTwin") && message.contains("SecondTwin"), "\(message)")
    #expect(snapshot?.levels.map(\.flow) == ["TwinHost"])
  }
}

/// A shelf saved under a name of its own, which a rename of the type would not change.
@MainActor
final class RenamedShelf: RestorableFlow {
  static let flowName: FlowName = "Home"
  let container = StackContainer<ShelfRoute>(root: .shelf)

  init() { container.owner = self }

  static let subFlows: [SubFlow<RenamedShelf>] = [
    .flow(RenamedReader.self) { _, stack in
      guard case .book? = stack.last else { return nil }
      return RenamedReader()
    }
  ]
}

/// A reader saved under a name of its own, whose pages past 10 do not exist.
@MainActor
final class RenamedReader: RestorableFlow {
  static let flowName: FlowName = "Pages"
  let container = StackContainer<ReaderRoute>(root: .page(1))
  static let subFlows: [SubFlow<RenamedReader>] = []

  init() { container.owner = self }

  func makeScreen(for route: ReaderRoute) throws -> ReaderRoute {
    guard case .page(let number) = route, number > 10 else { return route }
    throw NoSuchPage(number: number)
  }
}

/// The error of a page that does not exist.
struct NoSuchPage: Error, CustomStringConvertible {
  let number: Int
  var description: String { "there is no page \(number)" }
}

/// A root with two sub-flow types that give themselves one name.
@MainActor
final class TwinHost: RestorableFlow {
  let container = StackContainer<String>(root: "host")
  init() { container.owner = self }
  static let subFlows: [SubFlow<TwinHost>] = [
    .flow(FirstTwin.self) { _, _ in FirstTwin() },
    .flow(SecondTwin.self) { _, _ in SecondTwin() },
  ]
}

@MainActor
final class FirstTwin: RestorableFlow {
  static let flowName: FlowName = "Twin"
  let container = StackContainer<String>(root: "first")
  init() { container.owner = self }
  static let subFlows: [SubFlow<FirstTwin>] = []
}

@MainActor
final class SecondTwin: RestorableFlow {
  static let flowName: FlowName = "Twin"
  let container = StackContainer<String>(root: "second")
  init() { container.owner = self }
  static let subFlows: [SubFlow<SecondTwin>] = []
}
