import FlowContainers
import Foundation
import NotesKit

/// Serves the Notes flows to many users: one message in, one answer out, each user's tree
/// taken from a cache of live trees or restored from the store.
///
/// Per message: the tree comes from the cache (the least recently used is evicted when it is
/// full) or is restored from the store, or is made fresh for a user the store has never seen;
/// the command is applied; then the answer, the new snapshot or the command added to those
/// since, the notes when they changed and the message number are written in one transaction.
/// Only then is the answer returned, so an answer that was sent is never lost.
///
/// ```swift
/// let server = NotesServer(store: try SQLiteStore(path: ":memory:"), cacheCapacity: 1_000)
/// print(try await server.answer("ada 1 open notes://note/2"))  // ada 1 note 2
/// print(try await server.answer("ada 1 open notes://note/3"))  // ada 1 note 2, as recorded
/// ```
@MainActor
package final class NotesServer {
  private let store: any UserStore
  private var cache: LRUCache<String, LiveUser>
  private let report: (String) -> Void
  /// A fresh tree's snapshot, the same for every user.
  private let freshSnapshot: Data

  /// A server over `store`, keeping up to `cacheCapacity` live trees.
  ///
  /// - Parameters:
  ///   - store: Where users rest.
  ///   - cacheCapacity: How many users' trees stay live between their messages; 0 restores
  ///     every message's tree from the store.
  ///   - report: Where problems with stored users go, one line each (standard error).
  package init(
    store: any UserStore, cacheCapacity: Int, report: @escaping (String) -> Void = { _ in }
  ) {
    self.store = store
    cache = LRUCache(capacity: cacheCapacity)
    self.report = report
    let fresh = LiveUser(name: "-")
    // A fresh tree is a tab bar with the library and the help topics, whose snapshot
    // always encodes.
    freshSnapshot = (try? fresh.tabs.router.restorer.snapshot().jsonData()) ?? Data()
  }

  /// The answer to one line of input, once its outcome is stored.
  ///
  /// A message whose number was already applied is answered from the record, not applied
  /// again; a line that is not a message, or whose number skips ahead, gets an error line.
  ///
  /// - Parameter line: One line, without its line break.
  /// - Returns: One line: `<user> <n> <what the user sees> [| <what the app said>]…`, or
  ///   `<user> <n> error: <why>`.
  /// - Throws: ``StoreError`` when the database fails; nothing was answered then.
  package func answer(_ line: String) async throws(StoreError) -> String {
    switch Message.parse(line) {
    case .failure(let error): error.line
    case .success(let message): try await answer(message)
    }
  }

  /// The error line for a line longer than ``Message/maximumLength``, of which `prefix` is the
  /// start, naming its user and number if it starts with them.
  package func answerTooLong(_ prefix: String) -> String {
    let fields = prefix.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    let user = fields.first.map(String.init).flatMap { Message.isValidUser($0) ? $0 : nil }
    let number = fields.count > 1 ? Int64(fields[1]).flatMap { $0 > 0 ? $0 : nil } : nil
    return InputError(
      user: user, number: user == nil ? nil : number,
      reason: "a line is at most \(Message.maximumLength) bytes"
    ).line
  }

  private func answer(_ message: Message) async throws(StoreError) -> String {
    var cached = cache[message.user]
    while true {
      let user: LiveUser
      if let cached {
        user = cached
      } else {
        user = try await load(message.user)
      }
      if message.number <= user.lastMessage {
        return message.number == user.lastMessage
          ? user.reply
          : InputError(
            user: message.user, number: message.number,
            reason: "message \(message.number) was answered before; the last is "
              + "\(user.lastMessage)"
          ).line
      }
      if message.number > user.lastMessage + 1 {
        // A live tree may be behind the store, if another process took this user's messages.
        if cached != nil {
          cache[message.user] = nil
          cached = nil
          continue
        }
        return InputError(
          user: message.user, number: message.number,
          reason: "message \(message.number) is out of order; the next is "
            + "\(user.lastMessage + 1)"
        ).line
      }
      let outcome = try await user.apply(message, freshSnapshot: freshSnapshot)
      guard try store.save(outcome.write) else {
        // A newer version: read the user again, and apply the message on that tree, unless it
        // is already there.
        cache[message.user] = nil
        cached = nil
        continue
      }
      user.stored(outcome.write)
      cache[message.user] = outcome.dropsTree ? nil : user
      return outcome.write.reply
    }
  }

  /// The user's live tree as a message would find it, for tests to compare.
  ///
  /// A cached tree, or one restored from the store (and not cached); `nil` for a user the store
  /// has never seen.
  func liveUser(_ name: String) async throws(StoreError) -> LiveUser? {
    if let user = cache.peek(name) { return user }
    guard let stored = try store.load(name) else { return nil }
    return await LiveUser.restored(name, from: stored)
  }

  /// The user as the store holds it, restored; a fresh tree for a user it has never seen.
  private func load(_ name: String) async throws(StoreError) -> LiveUser {
    guard let stored = try store.load(name) else { return LiveUser(name: name) }
    let user = await LiveUser.restored(name, from: stored)
    if let problem = user.unreadable?.reason {
      report(
        "notes-server: \(name)'s stored snapshot did not restore (\(problem)); \(name) starts "
          + "from a fresh tree, and the snapshot is kept in unreadable_snapshots")
    }
    return user
  }
}
