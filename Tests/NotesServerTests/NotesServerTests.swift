import FlowContainers
import Foundation
import NotesKit
import Testing

@testable import NotesServerKit

/// The server in this process, over a store in memory or in a temporary file.
@MainActor
struct NotesServerTests {
  /// A server over a fresh database in memory.
  static func server(cache: Int = 1_000) throws -> NotesServer {
    NotesServer(store: try SQLiteStore(path: ":memory:"), cacheCapacity: cache)
  }

  @Test func eachAnswerNamesTheUserTheNumberAndTheScreenOnTop() async throws {
    let server = try Self.server()
    #expect(try await server.answer("ada 1 open notes://note/2") == "ada 1 note 2")
    #expect(try await server.answer("bob 1 tab 2") == "bob 1 topics")
    #expect(
      try await server.answer("ada 2 1")
        == "ada 2 sign-in | Sign in first: the editor opens after.")
    #expect(try await server.answer("bob 2 1") == "bob 2 topic tabs")
    #expect(
      try await server.answer("ada 3 1") == "ada 3 edit | Signed in as Ada. | Opened the editor.")
  }

  @Test func aMessageNumberAlreadyAnsweredIsAnsweredFromTheRecordAndNotAppliedAgain() async throws {
    let server = try Self.server()
    _ = try await server.answer("ada 1 open notes://note/2")
    _ = try await server.answer("ada 2 3")
    // Confirming the deletion twice would delete a second note.
    let deleted = try await server.answer("ada 3 1")
    #expect(deleted == "ada 3 library | Deleted “Ideas”.")
    #expect(try await server.answer("ada 3 1") == deleted)
    #expect(try await server.answer("ada 3 back") == deleted)
    #expect(
      try await server.answer("ada 1 back")
        == "ada 1 error: message 1 was answered before; the last is 3")
    let user = try #require(try await server.liveUser("ada"))
    #expect(user.notes.notes.map(\.title) == ["Groceries", "Todo"])
  }

  @Test func aNumberThatSkipsAheadIsAnErrorForThatUserOnly() async throws {
    let server = try Self.server()
    _ = try await server.answer("ada 1 tab 2")
    #expect(
      try await server.answer("ada 3 tab 1")
        == "ada 3 error: message 3 is out of order; the next is 2")
    #expect(try await server.answer("bob 1 tab 2") == "bob 1 topics")
    #expect(try await server.answer("ada 2 tab 1") == "ada 2 library")
  }

  @Test func anUnknownUserGetsAFreshTreeWithTheSeededNotes() async throws {
    let server = try Self.server()
    #expect(try await server.answer("new-user_1 1 tree").hasPrefix("new-user_1 1 library | "))
    let user = try #require(try await server.liveUser("new-user_1"))
    let fresh = LiveUser(name: "fresh")
    #expect(user.notes.notes == NotesStore.seeded)
    #expect(user.tabs.container.tree == fresh.tabs.container.tree)
  }

  @Test(arguments: [
    ("ada", "ada - error: a message is <user> <n> <command>"),
    ("", "- - error: a message is <user> <n> <command>"),
    ("ada 1", "ada - error: a message is <user> <n> <command>"),
    ("ada one back", "ada - error: a message number is 1, 2, 3 and so on"),
    ("ada 0 back", "ada - error: a message number is 1, 2, 3 and so on"),
    ("ada -1 back", "ada - error: a message number is 1, 2, 3 and so on"),
    ("ada +1 back", "ada - error: a message number is 1, 2, 3 and so on"),
    ("ada 99999999999999999999 back", "ada - error: a message number is 1, 2, 3 and so on"),
    ("a.da 1 back", "- 1 error: a user id is 1 to 64 of A-Z, a-z, 0-9, _ and -"),
    ("ädä 1 back", "- 1 error: a user id is 1 to 64 of A-Z, a-z, 0-9, _ and -"),
    (
      String(repeating: "a", count: 65) + " 1 back",
      "- 1 error: a user id is 1 to 64 of A-Z, a-z, 0-9, _ and -"
    ),
    (" 1 back", "- 1 error: a user id is 1 to 64 of A-Z, a-z, 0-9, _ and -"),
    ("ada 1 fly", "ada 1 error: unknown command “fly”"),
    ("ada 1  ", "ada 1 error: unknown command “”"),
    (
      "ada 1 quit",
      "ada 1 error: the server takes <number>, back, close, open <url>, tab <n> and tree"
    ),
    (
      "ada 1 help",
      "ada 1 error: the server takes <number>, back, close, open <url>, tab <n> and tree"
    ),
  ])
  func aLineThatIsNotAMessageGetsAnErrorLineAndChangesNothing(
    line: String, answer: String
  ) async throws {
    let server = try Self.server()
    #expect(try await server.answer(line) == answer)
    #expect(try await server.liveUser("ada") == nil)
    #expect(try await server.answer("ada 1 tab 2") == "ada 1 topics")
  }

  @Test func aUserIdOfSixtyFourCharactersIsValid() async throws {
    let server = try Self.server()
    let user = String(repeating: "Az0_-", count: 13).prefix(64)
    #expect(
      try await server.answer("\(user) 1 back")
        == "\(user) 1 library | You are at the library already.")
  }

  @Test func aLineTooLongIsAnsweredForItsUserWhenItNamesOne() throws {
    let server = try Self.server()
    let long = String(repeating: "x", count: 5_000)
    #expect(
      server.answerTooLong("ada 7 open \(long)".prefix(4096).description)
        == "ada 7 error: a line is at most 4096 bytes")
    #expect(server.answerTooLong(long) == "- - error: a line is at most 4096 bytes")
  }

  @Test func theSameMessagesGetTheSameAnswersAndTreesWhateverTheCacheHolds() async throws {
    // Trees evicted after every message (0), often (3) or never: the store restores what the
    // live tree showed, alerts, sign-ins, held links and drafts included.
    let lines = Scripts.messages(users: 60, perUser: 40, seed: TestSize.seed)
    let (answers, states) = try await Scripts.reference(lines)
    for capacity in [0, 3] {
      let server = try Self.server(cache: capacity)
      for line in lines {
        let answer = try await server.answer(line)
        #expect(answer == answers[Scripts.key(line)], "cache \(capacity), \(line)")
      }
      let found = try await Scripts.states(of: Set(states.keys), in: server)
      for (user, state) in states {
        #expect(found[user] == state, "cache \(capacity), \(user)")
      }
    }
  }

  @Test func aRestartChangesNoUsersTreeRoutesNotesOrSession() async throws {
    let file = TemporaryDatabase.url("restart")
    defer { TemporaryDatabase.remove(file) }
    let lines = Scripts.messages(users: 200, perUser: 15, seed: TestSize.seed &+ 1)
    let users = Set(lines.map { Scripts.key($0).user })
    let before: [String: UserState]
    do {
      let server = NotesServer(store: try SQLiteStore(path: file.path), cacheCapacity: 1_000)
      for line in lines { _ = try await server.answer(line) }
      // Every tree is live here.
      before = try await Scripts.states(of: users, in: server)
    }
    let after = try await Scripts.states(of: users, in: try SQLiteStore(path: file.path))
    #expect(before.count == users.count)
    for user in users {
      #expect(after[user] == before[user], "\(user)")
    }
    // Some of them were unsettled: restoring replayed the commands since their snapshot.
    let unsettled = before.values.filter {
      $0.tree.levels.contains { ["AlertLayer<Bool>", "SignInFlow"].contains($0.flow.rawValue) }
    }
    #expect(unsettled.count > 10)
  }

  @Test func aTreeLeftUnsettledForTooLongIsSettledByForceAsEveryProcessWouldRestoreIt()
    async throws
  {
    let server = try Self.server()
    _ = try await server.answer("ada 1 open notes://note/2")
    _ = try await server.answer("ada 2 3")  // the confirmation
    var number: Int64 = 2
    for _ in 0..<LiveUser.maximumPending {
      number += 1
      #expect(try await server.answer("ada \(number) tab 2").hasPrefix("ada \(number) topics"))
      number += 1
      _ = try await server.answer("ada \(number) tab 1")
    }
    // The confirmation was dropped as a restoration drops alerts.
    let user = try #require(try await server.liveUser("ada"))
    #expect(user.pending.isEmpty)
    #expect(user.tabs.topAlert == nil)
    #expect(
      try await server.answer("ada \(number + 1) 1")
        == "ada \(number + 1) sign-in | Sign in first: the editor opens after.")
  }

}

/// Database files in the temporary folder.
enum TemporaryDatabase {
  /// A new file's URL, named after `purpose`.
  static func url(_ purpose: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-\(purpose)-\(UUID().uuidString).sqlite")
  }

  /// Deletes a database file and its WAL files.
  static func remove(_ file: URL) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: file.path + suffix)
    }
  }
}
