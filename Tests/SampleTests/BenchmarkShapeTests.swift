import Foundation
import Testing

/// Runs `flow-benchmarks --quick` so the benchmarks never rot.
///
/// It checks the output's shape, not the speed: a debug build on a shared machine says nothing
/// about speed.
struct BenchmarkShapeTests {
  static let names = [
    "tree_bytes", "rss_growth_1e6", "push_pop", "push_pop_raw", "push_pop_depth_10000",
    "observer_attached", "change_observer_attached", "tab_switch", "split_collapse_expand",
    "driver_push_10000_tabs", "driver_backlog", "present_dismiss", "topmost_tabs",
    "teardown_1000",
    "observed_teardown_depth", "deeplink_parse", "deeplink_match", "deeplink_resolve_apply",
    "deeplink_resolve_apply_urlcomponents", "deeplink_patterns_1000", "driver_link_transitions",
    "restore_1000", "restore_apply_save", "explore_states", "explore_depth",
  ]

  @Test func theQuickRunPrintsOneJSONObjectPerBenchmarkWithEveryField() throws {
    let run = try SampleRunner.run("flow-benchmarks", arguments: ["--quick", "--json"])
    #expect(run.status == 0)
    let parsed = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
    let objects = try #require(parsed as? [[String: Any]])
    #expect(objects.compactMap { $0["name"] as? String } == Self.names)
    for object in objects {
      let name = object["name"] as? String ?? "?"
      #expect((object["ns_per_op"] as? Double).map { $0 > 0 } == true, "\(name)")
      #expect(object["baseline"] is String, "\(name)")
      // The URLComponents row is a reference, with no goal.
      if name == "deeplink_resolve_apply_urlcomponents" {
        #expect(object["goal"] is NSNull, "\(name)")
      } else {
        #expect(object["goal"] is Double, "\(name)")
      }
      if name == "rss_growth_1e6" {
        #expect(object["kib"] is Double, "\(name)")
        #expect(object["ratio"] is NSNull, "\(name)")
      } else {
        let baseline = try #require(object["baseline_ns_per_op"] as? Double, "\(name)")
        let ratio = try #require(object["ratio"] as? Double, "\(name)")
        let time = try #require(object["ns_per_op"] as? Double)
        #expect(baseline > 0, "\(name)")
        #expect(abs(ratio - time / baseline) < 0.01 * max(1, ratio), "\(name)")
        #expect(object["kib"] == nil, "\(name)")
      }
    }
  }

  @Test func theTableHasARowPerBenchmark() throws {
    let run = try SampleRunner.run("flow-benchmarks", arguments: ["--quick", "--only", "stack"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("| name | ns/op | baseline |"))
    for name in Self.names.dropFirst(2).prefix(5) {
      #expect(run.standardOutput.contains("| \(name) |"), "\(name)")
    }
    #expect(!run.standardOutput.contains("| present_dismiss |"))
  }
}
