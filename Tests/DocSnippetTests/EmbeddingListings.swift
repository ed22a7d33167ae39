import FlowContainers
import Testing

@testable import NotesKit

/// A host adapter that renders each plan once: what the embedding article's plan listing
/// assumes.
@MainActor
final class BatchingAdapter {
  var log: [String] = []
  func beginBatch() { log.append("begin") }
  func commitBatch() { log.append("commit") }
}

/// The embedding article's plan-observing listing, run over the Notes sample's flows.
@MainActor
final class PlanObservingHost {
  let app = AppFlow(store: NotesStore(), session: Session(), console: Console(isTracing: false))
  let adapter = BatchingAdapter()
  lazy var router = DeepLinkRouter(root: app, scheme: "notes")
  var planToken: ObserverToken?

  func observe() {
    planToken = router.restorer.observePlans { [adapter] event in
      switch event {
      case .willApply: adapter.beginBatch()
      case .didApply: adapter.commitBatch()  // render once; run one completion
      }
    }
  }
}

@MainActor
@Test func theHostRendersOnceAroundEachPlan() async {
  let host = PlanObservingHost()
  host.observe()
  _ = await host.router.open("notes://note/2")
  _ = await host.router.open("notes://settings")
  #expect(host.adapter.log == ["begin", "commit", "begin", "commit"])
}
