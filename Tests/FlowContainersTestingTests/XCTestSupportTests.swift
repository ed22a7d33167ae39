import FlowContainers
import FlowContainersTesting
import XCTest

/// The helpers report to XCTest when XCTest runs the test.
final class XCTestSupportTests: XCTestCase {
  func testLeakCheckPassesWhenEverythingIsReleased() {
    MainActor.assumeIsolated {
      let leaks = LeakTracker()
      let root = StackContainer<String>(root: "root")
      do {
        let child = ChildFlow()
        leaks.track(child)
        root.present(child.container)
      }
      XCTAssertEqual(leaks.liveCount, 1)
      root.dismissPresented()
      leaks.expectAllReleased()
      XCTAssertEqual(leaks.liveCount, 0)
    }
  }

  /// Runs a leaking XCTest case inside this one and checks that it recorded a failure.
  ///
  /// The check records on this case explicitly: once a nested case has run, XCTest on Linux no
  /// longer knows which case is current, and an `XCTAssert` here would be lost, so the test could
  /// not fail.
  func testLeakCheckRecordsAnXCTestFailureWhenSomethingLeaks() {
    let leaking = LeakingCase(name: "LeakingCase.leak") { ($0 as? LeakingCase)?.leak() }
    leaking.run()
    let failures = leaking.testRun?.failureCount
    if failures != Self.expectedLeakFailures {
      recordFailure(
        withDescription: "the leaking case recorded \(failures.map(String.init) ?? "no run") "
          + "failures, expected \(Self.expectedLeakFailures)",
        inFile: #filePath, atLine: #line, expected: true)
    }
  }

  /// How many failures the leaking case must record: one, for its one leaked flow.
  static let expectedLeakFailures = 1

  /// The explorer's one line runs in an XCTest case as in a Swift Testing one.
  @MainActor
  func testAnExplorationIsOneLineInAnXCTestCase() async {
    let report = await FlowExplorer.shop().explore()
    report.expectNoFailures()
    XCTAssertTrue(report.isClean, "\(report)")
    XCTAssertEqual(report.statesVisited, 9)
  }
}

/// A case with no `test` methods, so discovery never runs it on its own.
final class LeakingCase: XCTestCase {
  func leak() {
    MainActor.assumeIsolated {
      let leaks = LeakTracker()
      let kept = ChildFlow()
      leaks.track(kept)
      leaks.expectAllReleased()
      withExtendedLifetime(kept) {}
    }
  }
}

@MainActor
private final class ChildFlow {
  let container = StackContainer<String>(root: "child")
  init() { container.owner = self }
}
