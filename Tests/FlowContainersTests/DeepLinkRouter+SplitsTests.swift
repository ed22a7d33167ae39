import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// A split the linkable app presents, whose flow objects to being dismissed while it has a
/// reason.
@MainActor
final class ObjectingSplit: InterruptionAware {
  let container = SplitContainer()
  var reason: String?

  init() {
    container.owner = self
    let list = TestFlow<Root>("list")
    container.setPrimary(list.container)
  }

  func objection(toInterruptionBy request: NavigationRequest) -> String? { reason }
}

/// Links into and through splits.
@MainActor
struct DeepLinkRouterSplitsTests {
  @Test func aLinkThatFailsWhileASplitIsPresentedLeavesTheTreeAsItWas() async {
    let app = AppFlow()
    let router = DeepLinkRouter(root: app, scheme: "notes")
    let split = ObjectingSplit()
    app.container.present(split.container)
    let before = app.container.tree
    let outcome = await router.open("notes://note/9")
    guard case .failed = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(app.container.tree == before)
  }

  @Test func aLinkThatWouldDismissAPresentedSplitAsksTheSplitsFlowFirst() async {
    let app = AppFlow()
    let router = DeepLinkRouter(root: app, scheme: "notes")
    let split = ObjectingSplit()
    split.reason = "a draft is open"
    app.container.present(split.container)
    let outcome = await router.open("notes://note/2")
    #expect(outcome == .held(.objection(flow: "ObjectingSplit", reason: "a draft is open")))
    #expect(app.container.presented === split.container)
  }
}
