import FlowContainers
import Foundation
import NotesKit
import Testing

@testable import NotesServerKit

/// A stored snapshot that does not restore: the user starts again from a fresh tree, with a
/// report, and the bytes are kept.
@MainActor
@Suite(.serialized)
struct SnapshotFallbackTests {
  /// Snapshots that do not restore, and a word their report names (the library's own words
  /// otherwise).
  nonisolated static let unrestorable: [(snapshot: String, names: String)] = [
    ("{\"levels\": [", ""),
    ("not json at all", ""),
    (#"{"levels":[],"version":99}"#, ""),
    (#"{"levels":[],"version":0}"#, ""),
    (
      #"{"levels":[{"flow":"MainTabsFlow","tabs":{"selected":0,"trees":[{"levels":[{"flow":"#
        + #""InboxFlow","routes":[]}]}]}}],"version":3}"#,
      "InboxFlow"
    ),
  ]

  @Test(arguments: unrestorable)
  func anUnrestorableSnapshotFallsBackToAFreshTreeAndIsKeptAside(
    snapshot: String, names: String
  ) async throws {
    let file = TemporaryDatabase.url("fallback")
    defer { TemporaryDatabase.remove(file) }
    do {
      let server = NotesServer(store: try SQLiteStore(path: file.path), cacheCapacity: 10)
      _ = try await server.answer("ada 1 open notes://note/2")
      _ = try await server.answer("ada 2 3")  // the confirmation: a command kept since
      _ = try await server.answer("ada 3 1")  // deleted: settled again
      _ = try await server.answer("ada 4 open notes://help/tabs")
      _ = try await server.answer("ada 5 tab 1")
      _ = try await server.answer("ada 6 1")
      _ = try await server.answer("ada 7 3")  // a confirmation again
    }
    let connection = try SQLiteConnection(path: file.path)
    try connection.prepare("UPDATE users SET snapshot = ?1 WHERE user_id = 'ada'")
      .run([.blob(Data(snapshot.utf8))])

    var reports: [String] = []
    let server = NotesServer(store: try SQLiteStore(path: file.path), cacheCapacity: 10) {
      reports.append($0)
    }
    // The message applies to a fresh tree: the library, with the notes and session kept.
    #expect(
      try await server.answer("ada 8 back") == "ada 8 library | You are at the library already.")
    #expect(reports.count == 1)
    #expect(
      reports.first?.hasPrefix("notes-server: ada's stored snapshot did not restore (") == true)
    #expect(names.isEmpty || reports.first?.contains(names) == true)
    #expect(
      reports.first?.hasSuffix(
        "ada starts from a fresh tree, and the snapshot is kept in unreadable_snapshots") == true)
    let user = try #require(try await server.liveUser("ada"))
    #expect(user.notes.notes.map(\.title) == ["Groceries", "Todo"])

    let kept = try connection.prepare(
      "SELECT snapshot, pending, version, reason FROM unreadable_snapshots WHERE user_id = 'ada'")
    kept.bind([])
    #expect(try kept.step())
    #expect(kept.blob(0) == Data(snapshot.utf8))
    #expect(kept.text(1) == "3")
    #expect(kept.integer(2) == 7)
    #expect(names.isEmpty || kept.text(3)?.contains(names) == true)
    #expect(try !kept.step())

    // The next process restores what the fallback stored, and reports nothing.
    reports = []
    let next = NotesServer(store: try SQLiteStore(path: file.path), cacheCapacity: 10) {
      reports.append($0)
    }
    #expect(try await next.answer("ada 9 tab 2") == "ada 9 topics")
    #expect(reports.isEmpty)
  }

  @Test func theProcessReportsAnUnrestorableSnapshotOnStandardError() throws {
    try LineProtocolTests.withDatabase { database in
      _ = try ServerProcess.run(["--database", database], input: ["ada 1 tab 2"])
      let connection = try SQLiteConnection(path: database)
      try connection.execute("UPDATE users SET snapshot = x'00ff' WHERE user_id = 'ada'")
      let run = try ServerProcess.run(["--database", database], input: ["ada 2 back"])
      #expect(run.lines == ["ada 2 library | You are at the library already."])
      #expect(run.standardError.hasPrefix("notes-server: ada's stored snapshot did not restore ("))
      #expect(run.standardError.hasSuffix("kept in unreadable_snapshots\n"))
    }
  }
}
