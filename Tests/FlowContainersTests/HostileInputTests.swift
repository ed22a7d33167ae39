import FlowContainers
import Foundation
import Testing

@testable import FlowContainersRestoration

/// A corpus of hostile inputs, each with the clear error it must produce and a tree that must
/// not move. (The fuzzers' seed corpora hold more; `FuzzCorpusTests` replays them.)
@MainActor
struct HostileInputTests {
  nonisolated static let links: [(name: String, text: String, error: String)] = [
    (
      "over-long", "notes://note/" + String(repeating: "a", count: 5000),
      "too long (5013 bytes, limit 4096)"
    ),
    (
      "too many components", "notes://" + Array(repeating: "a", count: 65).joined(separator: "/"),
      "too many components (65, limit 64)"
    ),
    ("invalid percent-encoding", "notes://note/%G1", "invalid percent-encoding in \"%G1\""),
    ("encoded invalid UTF-8", "notes://note/%FF%FE", "invalid percent-encoding in \"%FF%FE\""),
    ("control character", "notes://note/1\u{7}", "control character or space at offset 14"),
    ("encoded control character", "notes://note/%0D%0A", "control character or space at offset 13"),
    ("no scheme", "/note/1", "missing scheme: expected scheme://…"),
    ("user info", "notes://admin@note/1", "invalid host \"admin@note\""),
    ("ambiguous host", "notes://note:1:2/x", "invalid host \"note:1:2\""),
    ("unknown route", "notes://admin", "no sub-flow of AppFlow can handle \"admin\""),
    ("unknown scheme", "javascript://note/1", "unsupported link \"javascript://note/1\""),
    ("traversal", "notes://note/1/../../edit", "no sub-flow of AppFlow can handle \"../../edit\""),
    (
      "integer overflow", "notes://note/99999999999999999999/edit",
      "no sub-flow of AppFlow can handle"
    ),
  ]

  @Test(arguments: links)
  func aHostileLinkFailsClearlyAndMovesNothing(name: String, text: String, error: String) async {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://settings")
    let before = linked.tree
    let outcome = await linked.open(text)
    guard case .failed(let failure) = outcome else {
      Issue.record("\(name): expected a failure, got \(outcome.summary)")
      return
    }
    #expect(failure.description.contains(error), "\(name): \(failure)")
    #expect(linked.tree == before, "\(name)")
    #expect(linked.router.heldLink == nil, "\(name)")
  }

  /// Hostile snapshots by name; the bytes are made in the test, so that large inputs are not
  /// kept alive by the test's argument list.
  nonisolated static let snapshots: [(name: String, error: String)] = [
    ("truncated", "the snapshot is corrupt"),
    ("oversized", "too large"),
    ("wrong type", "the snapshot is corrupt"),
    ("wrong version", "snapshot version -1 is not supported"),
    ("binary", "the snapshot is corrupt"),
    // Nested deeper than the JSON decoder reads: refused before its version is read.
    ("deep nesting", "the snapshot is corrupt"),
    ("a guarded flow named directly", "the snapshot's root is \"EditorFlow\""),
  ]

  static func snapshot(named name: String) -> Data {
    switch name {
    case "truncated": Data(#"{"version":3,"levels":[{"flow":"AppF"#.utf8)
    case "oversized": Data(repeating: 0x20, count: FlowSnapshot.maximumSize + 1)
    case "wrong type": Data(#"{"version":3,"levels":{"flow":"AppFlow"}}"#.utf8)
    case "wrong version": Data(#"{"version":-1,"levels":[]}"#.utf8)
    case "binary": Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    case "deep nesting":
      Data(
        (#"{"version":1,"root":"#
          + String(repeating: #"{"flow":"SettingsFlow","stack":[],"presented":"#, count: 2000)
          + "null" + String(repeating: "}", count: 2001)).utf8)
    default: Data(#"{"version":3,"levels":[{"flow":"EditorFlow","routes":["edit"]}]}"#.utf8)
    }
  }

  @Test(arguments: snapshots)
  func aHostileSnapshotFailsClearlyAndMovesNothing(name: String, error: String) async {
    let data = Self.snapshot(named: name)
    let linked = LinkedApp()
    _ = await linked.open("notes://note/1")
    let before = linked.tree
    let report = linked.router.restorer.restore(from: data)
    #expect(
      report.error?.description.contains(error) == true,
      "\(name): \(String(describing: report.error))")
    #expect(linked.tree == before, "\(name)")
  }
}
