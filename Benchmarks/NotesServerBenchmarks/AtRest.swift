import Foundation
import NotesServerKit

/// Gives `users` users one message each in the SQLite file at `path`, then returns the file's
/// size once its write-ahead log is folded in.
@MainActor
func populate(_ path: String, users: Int) async throws -> Int {
  do {
    let server = NotesServer(store: try SQLiteStore(path: path), cacheCapacity: 0)
    for index in 0..<users {
      _ = try await server.answer("\(Workload.user(index)) 1 \(Workload.first)")
    }
  }
  // The last connection to close checkpoints the log into the file.
  let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
  return size ?? 0
}

/// Sends `messages` messages to as many of the `users` users of the populated file at `path`,
/// each user at most one, chosen at random, every tree restored from the file; returns the
/// time per message.
///
/// Every user starts from the same tree, and the commands cycle by the message's place in the
/// run, so files of any size get the same messages on the same trees. Under callgrind, two runs
/// with different `messages` on copies of the same file give the instructions of one message:
/// their difference over the difference in messages.
@MainActor
func messagesAtRest(_ path: String, users: Int, messages: Int) async throws -> Double {
  precondition(messages <= users, "one message a user: at most \(users) messages")
  let server = NotesServer(store: try SQLiteStore(path: path), cacheCapacity: 0)
  var random = SplitMix64(seed: 42)
  let lines = (0..<users).shuffled(using: &random).prefix(messages).enumerated().map {
    place, index in
    "\(Workload.user(index)) 2 \(Workload.command(place))"
  }
  let start = ContinuousClock.now
  for line in lines {
    _ = try await server.answer(line)
  }
  let elapsed = ContinuousClock.now - start
  let nanoseconds =
    Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
  return nanoseconds / Double(max(messages, 1))
}
