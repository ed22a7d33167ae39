import FlowContainers
import FlowContainersTesting
import Testing

/// Failures an app accepts, set aside by promise and path with a reason.
@MainActor
struct FlowExplorerWaiversTests {
  @Test func aWaivedFailureIsListedWithItsReasonAndNotAsAFailure() async {
    let explorer = FlowExplorer.shop(.strongScreen)
    explorer.waive(.leak, at: [.open("shop://cart")], because: "the cart is cached on purpose")
    let report = await explorer.explore()
    #expect(report.failures.map(\.kind) == [.notReleasedWhenDismissed], "\(report)")
    #expect(report.waived.map(\.failure.kind) == [.leak])
    #expect(report.waived.first?.failure.steps == [.open("shop://cart")])
    #expect(report.waived.first?.waiver.reason == "the cart is cached on purpose")
    #expect(
      report.description.contains(
        #"waived: leak at [.open("shop://cart")]: the cart is cached on purpose"#))
  }

  @Test func aWaiverThatMatchesNoFailureIsAFailure() async {
    let explorer = FlowExplorer.shop()
    explorer.waive(.leak, at: [.open("shop://cart")], because: "the cart is cached on purpose")
    let report = await explorer.explore()
    #expect(report.failures.map(\.kind) == [.unusedWaiver], "\(report)")
    #expect(
      report.failures.first?.message
        == #"no failure matches the waiver leak at [.open("shop://cart")]: "#
        + "the cart is cached on purpose; remove it")
    #expect(report.waived.isEmpty)
  }
}
