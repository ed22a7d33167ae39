import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

@testable import FlowContainersCore
@testable import FlowContainersLinks

/// Restoration stands alone: flows that declare only how their routes become screens and which
/// sub-flows they create (no scheme, no patterns) save and restore their tree.
@MainActor
struct FlowRestorerTests {
  @Test func aTreeOfRestorableFlowsRoundTripsWithoutLinks() throws {
    let original = Shelf()
    original.container.push(.book(7))
    let reader = Reader(book: 7)
    original.container.present(reader.container)
    let data = try FlowRestorer(root: original).snapshot().jsonData()

    let fresh = Shelf()
    let report = FlowRestorer(root: fresh).restore(from: data)
    #expect(report.isComplete)
    #expect(
      fresh.container.tree.description == """
        Shelf: [shelf, book(7)]
        └─ Reader (sheet): [page(1)]
        """)
    #expect((fresh.container.presentedFlow as? Reader)?.book == 7)
  }

  @Test func theSubFlowsEndingReachesItsDeclarationOnceWithBothFlowsAlive() throws {
    let shelf = Shelf()
    let report = FlowRestorer(root: shelf).restore(
      FlowSnapshot(levels: [
        .init(flow: "Shelf", routes: [AnyRoute(ShelfRoute.shelf), AnyRoute(ShelfRoute.book(3))]),
        .init(flow: "Reader", routes: [AnyRoute(ReaderRoute.page(1))]),
      ]))
    #expect(report.isComplete)
    weak let reader = shelf.container.presentedFlow as? Reader
    #expect(reader != nil)
    shelf.container.dismissPresented()
    #expect(shelf.endings == ["Reader(3) dismissedByPresenter"])
    #expect(reader == nil)
  }

  @Test func aRestoredTreeIsReleasedWithItsRoot() throws {
    var shelf: Shelf? = Shelf()
    weak let weakShelf = shelf
    let report = FlowRestorer(root: shelf!).restore(
      FlowSnapshot(levels: [
        .init(flow: "Shelf", routes: [AnyRoute(ShelfRoute.shelf), AnyRoute(ShelfRoute.book(3))]),
        .init(
          flow: "Reader", routes: [AnyRoute(ReaderRoute.page(1)), AnyRoute(ReaderRoute.page(2))]),
      ]))
    #expect(report.isComplete)
    weak let reader = shelf?.container.presentedFlow as? Reader
    #expect(reader != nil)
    shelf = nil
    #expect(weakShelf == nil)
    #expect(reader == nil)
  }

  @Test func aSnapshotOfAReleasedRootIsAnErrorNotAnEmptySnapshot() {
    var shelf: Shelf? = Shelf()
    let restorer = FlowRestorer(root: shelf!)
    var linked: LinkedApp? = LinkedApp()
    let router = linked!.router
    shelf = nil
    linked = nil
    #expect(throws: RestorationError.rootReleased) { try restorer.snapshot() }
    #expect(throws: RestorationError.rootReleased) { try router.restorer.snapshot() }
  }

  @Test func aRouterMadeForATemporaryRootSaysItHoldsItsRootWeaklyAndHowToKeepIt() {
    let router = DeepLinkRouter(root: AppFlow(), scheme: "notes")
    #expect(throws: RestorationError.rootReleased) { try router.restorer.snapshot() }
    let message = RestorationError.rootReleased.description
    #expect(message.contains("holds its root flow weakly"), "\(message)")
    #expect(message.contains("keep the root flow alive"), "\(message)")
    #expect(LinkFailure.rootReleased.description == message)
    #expect(LinkSharingFailure(.rootReleased).description == message)
  }

  @Test func aRestorerWhoseRootIsGoneSaysSo() {
    var shelf: Shelf? = Shelf()
    let restorer = FlowRestorer(root: shelf!)
    shelf = nil
    let report = restorer.restore(FlowSnapshot(levels: [.init(flow: "Shelf", routes: [])]))
    #expect(report.error == RestorationError.rootReleased)
  }
}

enum ShelfRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case shelf
  case book(Int)

  var description: String {
    switch self {
    case .shelf: "shelf"
    case .book(let id): "book(\(id))"
    }
  }
}

enum ReaderRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case page(Int)

  var description: String {
    switch self {
    case .page(let number): "page(\(number))"
    }
  }
}

/// A root flow that knows nothing of links: routes, screens, and one sub-flow.
@MainActor
final class Shelf: RestorableFlow {
  let container = StackContainer<ShelfRoute>(root: .shelf)
  var endings: [String] = []

  init() { container.owner = self }

  static let subFlows: [SubFlow<Shelf>] = [
    .flow(Reader.self) { _, stack in
      guard case .book(let id)? = stack.last else { return nil }
      return Reader(book: id)
    } onEnd: { shelf, reader, ending in
      shelf.endings.append("Reader(\(reader.book)) \(ending)")
    }
  ]
}

@MainActor
final class Reader: RestorableFlow {
  let container = StackContainer<ReaderRoute>(root: .page(1))
  let book: Int
  static let subFlows: [SubFlow<Reader>] = []

  init(book: Int) {
    self.book = book
    container.owner = self
  }
}

/// The router, its restorer, plan observers and the flows a link made are all released with the
/// tree: nothing in the links layer keeps a flow or the router alive.
@MainActor
struct LinksLayerLeakTests {
  @Test func aRouterItsObserversAndTheFlowsALinkMadeAreReleasedWithTheRoot() async throws {
    let tracker = LeakTracker()
    var linked: LinkedApp? = LinkedApp()
    var token: ObserverToken? = linked!.router.restorer.observePlans { _ in }
    _ = await linked!.router.open(
      .root(AppFlow.self, showing: [.library, .note(2)]).then(EditorFlow.self, showing: [.edit]))
    #expect(linked!.app.container.presentedFlow is EditorFlow)
    tracker.track(linked!.app.container.presentedFlow!, name: "EditorFlow")
    tracker.track(linked!.app)
    tracker.track(linked!.router)
    linked = nil
    tracker.expectAllReleased()
    #expect(token?.isCancelled == false)
    token = nil
  }
}
