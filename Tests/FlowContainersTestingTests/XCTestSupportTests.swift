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
  func testLeakCheckRecordsAnXCTestFailureWhenSomethingLeaks() {
    let leaking = LeakingCase(name: "LeakingCase.leak") { ($0 as? LeakingCase)?.leak() }
    leaking.run()
    XCTAssertEqual(leaking.testRun?.failureCount, 1)
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
