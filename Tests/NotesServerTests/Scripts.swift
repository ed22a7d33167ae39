import FlowContainers
import Foundation
import NotesKit

@testable import NotesServerKit

/// Random messages for many users, and what one server with every tree live answers to them.
enum Scripts {
  /// The commands scripts pick from, some more often than others: picks, back and close, tabs,
  /// and links into every flow (sign-in, the editor, settings, help, a note that does not
  /// exist), so that trees settle and unsettle (alerts, sign-ins, held links, drafts).
  static let commands = [
    "1", "1", "2", "2", "3", "4", "5", "back", "back", "close", "close", "tab 1", "tab 2",
    "open notes://note/2", "open notes://library", "open notes://note/3/edit",
    "open notes://note/1/edit", "open notes://settings/account", "open notes://settings",
    "open notes://help/tabs", "open notes://help", "open notes://note/9", "tree",
  ]

  /// `perUser` messages for each of `users` users, interleaved at random: each user's in order,
  /// numbered from 1.
  static func messages(users: Int, perUser: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var left = (0..<users).flatMap { user in Array(repeating: user, count: perUser) }
    left.shuffle(using: &random)
    var numbers = [Int](repeating: 0, count: users)
    return left.map { user in
      numbers[user] += 1
      return "u\(user) \(numbers[user]) \(commands.randomElement(using: &random) ?? "back")"
    }
  }

  /// The user and message number a line or an answer starts with.
  static func key(_ line: String) -> MessageKey {
    let fields = line.split(separator: " ", maxSplits: 2)
    return MessageKey(user: String(fields[0]), number: Int64(fields[1]) ?? 0)
  }

  /// Each line's answer, and each user's state after its last message, from one server with
  /// every tree live, its store in memory.
  @MainActor
  static func reference(
    _ lines: [String]
  ) async throws -> (
    answers: [MessageKey: String], states: [String: UserState]
  ) {
    let server = NotesServer(store: try SQLiteStore(path: ":memory:"), cacheCapacity: lines.count)
    var answers: [MessageKey: String] = [:]
    for line in lines {
      answers[key(line)] = try await server.answer(line)
    }
    return (answers, try await states(of: Set(answers.keys.map(\.user)), in: server))
  }

  /// The states of `users` as `server` would find them.
  @MainActor
  static func states(
    of users: Set<String>, in server: NotesServer
  ) async throws -> [String:
    UserState]
  {
    var states: [String: UserState] = [:]
    for user in users {
      states[user] = try await server.liveUser(user)?.state
    }
    return states
  }

  /// The states of `users` as a store holds them, restored.
  @MainActor
  static func states(
    of users: Set<String>, in store: any UserStore
  ) async throws -> [String:
    UserState]
  {
    try await states(of: users, in: NotesServer(store: store, cacheCapacity: 0))
  }
}

/// A user's message: who, and which number.
struct MessageKey: Hashable, CustomStringConvertible {
  var user: String
  var number: Int64

  var description: String { "\(user) \(number)" }
}

/// Everything a user's next message depends on, as values: the tree and its routes, the notes,
/// who is signed in, the last message and its answer.
struct UserState: Equatable {
  var tree: FlowTree
  var snapshot: FlowSnapshot?
  var link: String
  var notes: [Note]
  var signedInAs: String?
  var lastMessage: Int64
  var reply: String
}

extension LiveUser {
  /// What this user's next message depends on.
  var state: UserState {
    let link =
      switch tabs.router.currentLink() {
      case .success(let link): link.description
      case .failure(let failure): "\(failure)"
      }
    return UserState(
      tree: tabs.container.tree, snapshot: try? tabs.router.restorer.snapshot(), link: link,
      notes: notes.notes, signedInAs: session.userName, lastMessage: lastMessage, reply: reply)
  }
}

/// A deterministic generator, so that a seed reproduces a run (as `ModelBasedTests`' is).
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Test sizes: `NOTES_SERVER_USERS` scales the users of the crash and PostgreSQL tests.
enum TestSize {
  static let users = ProcessInfo.processInfo.environment["NOTES_SERVER_USERS"].flatMap(Int.init)

  /// The seed of the random tests: `NOTES_SERVER_SEED`, or a fixed one.
  static let seed =
    ProcessInfo.processInfo.environment["NOTES_SERVER_SEED"].flatMap(UInt64.init) ?? 0x5EED
}
