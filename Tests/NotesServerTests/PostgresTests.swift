import Foundation
import Testing

@testable import NotesServerKit

/// `notes-server` on PostgreSQL, in a throwaway cluster: the same answers as on SQLite, and
/// two processes sharing users lose no update.
@Suite(.serialized, .enabled(if: PostgresCluster.testsRun, PostgresCluster.skipNote))
struct PostgresTests {
  @Test func theAnswersAndTheStoredUsersAreTheSameAsOnSQLite() async throws {
    let cluster = try PostgresCluster()
    defer { cluster.stop() }
    let lines = Scripts.messages(users: 40, perUser: 15, seed: TestSize.seed &+ 2)
    let run = try ServerProcess.run(["--postgres", cluster.conninfo, "--cache", "5"], input: lines)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let (expected, states) = try await Scripts.reference(lines)
    #expect(run.lines == lines.map { expected[Scripts.key($0)] })
    let found = try await Scripts.states(
      of: Set(states.keys), in: try PostgresStore(conninfo: cluster.conninfo))
    for (user, state) in states {
      #expect(found[user] == state, "\(user)")
    }
  }

  @Test func twoProcessesOnOneDatabaseLoseNoUpdate() async throws {
    let cluster = try PostgresCluster()
    defer { cluster.stop() }
    let users = TestSize.users.map { $0 / 10 } ?? 100
    let perUser = 20
    let seed = TestSize.seed
    let lines = Scripts.messages(users: users, perUser: perUser, seed: seed)
    // Each user's lines by number, to send in any interleaving.
    var script: [String: [String]] = [:]
    for line in lines { script[Scripts.key(line).user, default: []].append(line) }
    let names = script.keys.sorted()
    let servers = try (0..<2).map { _ in
      try ServerProcess(["--postgres", cluster.conninfo, "--cache", "\(users / 4)"])
    }
    var random = SplitMix64(seed: seed)
    // How many of each user's messages are applied, and the next one to send.
    var applied = [String: Int](uniqueKeysWithValues: names.map { ($0, 0) })
    var next = applied
    var answers: [MessageKey: String] = [:]
    var duplicates = 0
    var rounds = 0
    while applied.values.contains(where: { $0 < perUser }) {
      rounds += 1
      guard rounds < 10 * perUser * 4 else {
        let said = servers.map(\.standardError).joined(separator: " / ")
        Issue.record("seed \(seed): no progress; the servers said: \(said)")
        return
      }
      // A round: for each user, up to two messages past what is applied, each to either
      // process, and now and then the same message to both (a client that tries again
      // elsewhere). Messages of one user reach both processes at once.
      var sent: [[String]] = [[], []]
      var answered: [(String, String)] = []
      for name in names.shuffled(using: &random) where next[name, default: 0] < perUser {
        let limit = min(perUser, (applied[name] ?? 0) + 2)
        while next[name, default: 0] < limit {
          let line = script[name, default: []][next[name, default: 0]]
          let target = Int.random(in: 0...1, using: &random)
          sent[target].append(line)
          if Int.random(in: 0..<10, using: &random) == 0 {
            sent[1 - target].append(line)
            duplicates += 1
          }
          next[name, default: 0] += 1
        }
      }
      // In chunks both processes work on at once, each smaller than a pipe holds of answers.
      var chunks: [[String]] = []
      for start in stride(from: 0, to: max(sent[0].count, sent[1].count), by: 100) {
        for lines in sent { chunks.append(Array(lines.dropFirst(start).prefix(100))) }
      }
      for pair in stride(from: 0, to: chunks.count, by: 2) {
        for (server, lines) in zip(servers, chunks[pair..<(pair + 2)]) { server.send(lines) }
        for (server, lines) in zip(servers, chunks[pair..<(pair + 2)]) {
          let read = try server.readLines(lines.count)
          guard read.count == lines.count else {
            Issue.record("seed \(seed): a server stopped answering: \(server.standardError)")
            return
          }
          answered += zip(lines, read)
        }
      }
      for (line, answer) in answered {
        let key = Scripts.key(line)
        if answer.contains(" error: message \(key.number) is out of order") {
          // Not applied: send it again, after the one it waits for.
          next[key.user] = min(next[key.user] ?? 0, Int(key.number) - 1)
        } else {
          applied[key.user] = max(applied[key.user] ?? 0, Int(key.number))
          // Applied here, or answered from the record: the same answer either way (or, once
          // the user is past it, that it was answered before).
          guard !answer.contains(" error: message \(key.number) was answered before") else {
            continue
          }
          if let earlier = answers[key] {
            #expect(answer == earlier, "seed \(seed): \(line)")
          }
          answers[key] = answer
        }
      }
    }
    for server in servers {
      let (rest, status) = try server.finish()
      #expect(rest.isEmpty)
      #expect(status == 0)
      #expect(server.standardError == "")
    }
    #expect(duplicates > 0)

    // Each user's tree, notes and session are a replay of its messages in number order.
    let (expected, states) = try await Scripts.reference(lines)
    for (key, answer) in answers {
      #expect(answer == expected[key], "seed \(seed): \(key)")
    }
    let found = try await Scripts.states(
      of: Set(states.keys), in: try PostgresStore(conninfo: cluster.conninfo))
    for (user, state) in states {
      #expect(found[user] == state, "seed \(seed): \(user)")
    }
  }
}
