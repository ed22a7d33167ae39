import FlowContainers
import Foundation
import Testing

/// Random sequences in which observers and `onEnd` closures navigate too.
///
/// After every step the tree must be whole (depths, presenters, nothing finished in the live
/// chain, live flows and screens exactly those the tree holds, each ending delivered once), no
/// misuse may be reported from the library's own code, a link reported `applied` must be what
/// the tree shows, and every observer's replay of what it heard must equal the tree at every
/// event. `FLOW_REENTRANT_STEPS` sets the number of steps (20,000 by default) and
/// `FLOW_MODEL_SEED` the first seed.
@MainActor
struct ReentrantModelTests {
  static let stepsPerRun = 500

  @Test func callbacksThatNavigateAtRandomKeepEveryInvariant() {
    let environment = ProcessInfo.processInfo.environment
    let total = environment["FLOW_REENTRANT_STEPS"].flatMap(Int.init) ?? 20_000
    let baseSeed = environment["FLOW_MODEL_SEED"].flatMap(UInt64.init) ?? 0x5EED
    var totals = ReentrantModelRun.Coverage()
    var run: UInt64 = 0
    while totals.steps < total {
      let seed = baseSeed &+ run
      let model = ReentrantModelRun(seed: seed)
      if let failure = model.run(steps: Self.stepsPerRun) {
        let reproduce = "FLOW_MODEL_SEED=\(seed) FLOW_REENTRANT_STEPS=\(Self.stepsPerRun)"
        Issue.record(
          "re-entrant model test failed with seed \(seed) (\(reproduce) reproduces it): \(failure)"
        )
        return
      }
      let coverage = model.coverage
      totals.steps += coverage.steps
      totals.reentrantRequests += coverage.reentrantRequests
      totals.eventsChecked += coverage.eventsChecked
      totals.changesChecked += coverage.changesChecked
      totals.maxDepth = max(totals.maxDepth, coverage.maxDepth)
      totals.linksApplied += coverage.linksApplied
      totals.linksRefusedMidChange += coverage.linksRefusedMidChange
      totals.interfered += coverage.interfered
      run += 1
    }
    // The runs must reach what they are meant to test, or passing means little.
    if total >= 20_000 {
      #expect(totals.reentrantRequests >= total / 5)
      #expect(totals.eventsChecked >= total)
      #expect(totals.changesChecked >= total / 2)
      #expect(totals.maxDepth >= 5)
      #expect(totals.linksApplied >= total / 50)
      #expect(totals.linksRefusedMidChange >= 10)
    }
    print(
      "re-entrant model test: \(totals.steps) steps in \(run) runs; \(totals.reentrantRequests) "
        + "requests from callbacks; \(totals.eventsChecked) events and \(totals.changesChecked) "
        + "changes replayed and checked; deepest tree \(totals.maxDepth); links "
        + "\(totals.linksApplied) applied, \(totals.interfered) interfered, "
        + "\(totals.linksRefusedMidChange) refused mid-change")
  }
}
