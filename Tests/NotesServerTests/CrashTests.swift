import Foundation
import Testing

@testable import NotesServerKit

/// `notes-server` killed with `SIGKILL` at random points and restarted: every answer it sent
/// was stored, nothing is applied twice, and sending again what it did not answer completes it.
@Suite(.serialized)
struct CrashTests {
  @Test func aCrashLosesNoAnsweredMessageAndResendingCompletesTheRest() async throws {
    // NOTES_SERVER_USERS=10000 for the issue's size.
    let users = TestSize.users ?? 1_000
    let perUser = 6
    let seed = TestSize.seed
    let lines = Scripts.messages(users: users, perUser: perUser, seed: seed)
    let file = TemporaryDatabase.url("crash")
    defer { TemporaryDatabase.remove(file) }
    var random = SplitMix64(seed: seed)
    var answers = [String?](repeating: nil, count: lines.count)
    var kills = 0
    var runs = 0
    while let first = answers.firstIndex(of: nil) {
      runs += 1
      guard runs <= 20 else {
        Issue.record("seed \(seed): no progress after 20 runs")
        return
      }
      // What was not answered, in the order it was first sent: each user's in order.
      let queue = (first..<lines.count).filter { answers[$0] == nil }
      let killAfter =
        kills < 4 ? Int.random(in: 0..<min(queue.count, 3 * users), using: &random) : nil
      let server = try ServerProcess(["--database", file.path, "--cache", "\(users / 10)"])
      var sent = 0
      var answered = 0
      var killed = false
      while answered < queue.count {
        if sent == answered {
          // Up to 100 lines in flight, as a client that does not wait for each answer (fewer
          // than their answers would fill a pipe with).
          let batch = queue[sent..<min(sent + 100, queue.count)]
          server.send(batch.map { lines[$0] })
          sent += batch.count
        }
        if answered == killAfter {
          server.kill()
          kills += 1
          killed = true
          // What it printed before it died was sent: answered.
          while answered < sent, let line = try server.readLine() {
            answers[queue[answered]] = line
            answered += 1
          }
          try Self.expectAnsweredMessagesStored(lines, answers, in: file, seed: seed)
          break
        }
        guard let line = try server.readLine() else {
          Issue.record("seed \(seed): the server ended early: \(server.standardError)")
          return
        }
        answers[queue[answered]] = line
        answered += 1
      }
      if !killed {
        let (rest, status) = try server.finish()
        #expect(rest.isEmpty)
        #expect(status == 0)
      }
      #expect(server.standardError == "", "seed \(seed)")
    }
    #expect(kills == 4)

    // Every answer, first or sent again, is what one uninterrupted server answers, and every
    // user ends where that server leaves it.
    let (expected, states) = try await Scripts.reference(lines)
    for (index, line) in lines.enumerated() {
      #expect(answers[index] == expected[Scripts.key(line)], "seed \(seed): \(line)")
    }
    let found = try await Scripts.states(
      of: Set(states.keys), in: try SQLiteStore(path: file.path))
    for (user, state) in states {
      #expect(found[user] == state, "seed \(seed): \(user)")
    }
  }

  /// Each message answered is stored: its user's last stored message is at least its number.
  static func expectAnsweredMessagesStored(
    _ lines: [String], _ answers: [String?], in file: URL, seed: UInt64
  ) throws {
    let store = try SQLiteStore(path: file.path)
    var highest: [String: Int64] = [:]
    for (index, answer) in answers.enumerated() where answer != nil {
      let key = Scripts.key(lines[index])
      highest[key.user] = max(highest[key.user] ?? 0, key.number)
    }
    for (user, number) in highest {
      let stored = try store.load(user)?.lastMessage ?? 0
      #expect(
        stored >= number, "seed \(seed): \(user)'s message \(number) was answered, not stored")
    }
  }
}
