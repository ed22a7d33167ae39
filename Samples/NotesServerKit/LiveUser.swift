import FlowContainers
import Foundation
import NotesKit

/// One user's live tree, with the app's state around it, and what the store has recorded.
///
/// What the store holds restores this tree exactly: the last settled snapshot, and the commands
/// applied since (`pending`), which restoring replays. A tree is settled when a snapshot holds
/// all of it; while an alert, a sign-in, a held link or an unsaved draft is up, the commands
/// that made it are kept instead.
@MainActor
final class LiveUser {
  let name: String
  let tabs: MainTabsFlow
  let notes: NotesStore
  let session: Session
  let console: Console
  /// The version of the user's stored row this tree matches; 0 before the first write.
  private(set) var version: Int64 = 0
  /// The number of the last message applied.
  private(set) var lastMessage: Int64 = 0
  /// The answer to that message.
  private(set) var reply = ""
  /// The commands applied since the stored snapshot, oldest first.
  private(set) var pending: [String] = []
  /// Whether the store has no snapshot this tree grew from (a new user, or one whose snapshot
  /// did not restore), so the next write stores one.
  private var needsSnapshot = true
  /// Whether the store has none of these notes (a new user).
  private var needsNotes = true
  /// A stored snapshot that did not restore, to keep aside with the next write.
  private(set) var unreadable: UnreadableSnapshot?

  /// The most commands kept since a snapshot; the next one settles the tree by force.
  static let maximumPending = 32

  /// A fresh tree for `name`: the library, over `notes`, signed in as `signedInAs`.
  init(name: String, notes: [Note] = NotesStore.seeded, signedInAs: String? = nil) {
    self.name = name
    self.notes = NotesStore(notes: notes)
    session = Session(userName: signedInAs)
    console = Console(isTracing: false)
    tabs = MainTabsFlow(store: self.notes, session: session, console: console)
  }

  /// The user as `stored`: the snapshot restored and the pending commands replayed.
  ///
  /// A snapshot that does not restore whole (corrupt, from another version, naming flows the
  /// app no longer has) gives a fresh tree instead, with the same notes and session; its bytes
  /// go aside with the next write, and ``unreadable`` says why.
  static func restored(_ name: String, from stored: StoredUser) async -> LiveUser {
    var user = LiveUser(name: name, notes: stored.notes, signedInAs: stored.signedInAs)
    let report = user.tabs.router.restorer.restore(from: stored.snapshot)
    // Alerts are never restored, and are no loss; anything else not restored is.
    if report.error == nil, report.dropped.isEmpty {
      for text in stored.pending {
        guard let command = NotesCommand(text) else { continue }
        await user.tabs.perform(command, reportingTo: ImmediateUserActions())
        await user.tabs.settle()
      }
      _ = user.console.takeLines()
      user.pending = stored.pending
      user.needsSnapshot = false
    } else {
      let drops = report.dropped.map { "not restored: \($0)" }.joined(separator: "; ")
      let reason = report.error.map { "\($0)" } ?? drops
      user = LiveUser(name: name, notes: stored.notes, signedInAs: stored.signedInAs)
      user.unreadable = UnreadableSnapshot(
        snapshot: stored.snapshot, pending: stored.pending, version: stored.version,
        reason: reason)
    }
    user.version = stored.version
    user.lastMessage = stored.lastMessage
    user.reply = stored.reply
    user.needsNotes = false
    return user
  }

  /// What applying a message made: the write to store, and whether the live tree must be
  /// dropped once it is stored, because the store now holds less than it shows.
  struct Outcome {
    var write: UserWrite
    var dropsTree: Bool
  }

  /// Applies `message` to the tree, and says what to store: the answer, and either a new
  /// snapshot (the tree settled) or the command added to those since the last one.
  ///
  /// A tree is settled by force, its snapshot stored and the live tree dropped, when the notes
  /// or the session changed while it is not settled, or when too many commands wait: then what
  /// the store holds is what every process restores.
  ///
  /// - Parameters:
  ///   - message: The message, whose number follows ``lastMessage``.
  ///   - freshSnapshot: A fresh tree's snapshot, what the commands of a new user replay on.
  /// - Returns: The write, whose reply is the answer.
  /// - Throws: ``StoreError`` when the tree's snapshot cannot be made.
  func apply(_ message: Message, freshSnapshot: Data) async throws(StoreError) -> Outcome {
    let notesBefore = notes.notes
    let signedInBefore = session.userName
    await tabs.perform(message.command, reportingTo: ImmediateUserActions())
    await tabs.settle()
    let notesChanged = notes.notes != notesBefore
    var write = UserWrite(
      user: name, expectedVersion: version, snapshot: nil, pending: pending + [message.text],
      signedInAs: session.userName, notes: needsNotes || notesChanged ? notes.notes : nil,
      lastMessage: message.number, reply: "\(name) \(message.number) \(answer())",
      unreadable: unreadable)
    let settled = tabs.isSettled
    let forced =
      !settled
      && (notesChanged || session.userName != signedInBefore
        || write.pending.count > Self.maximumPending)
    if settled || forced {
      do {
        var snapshot = try tabs.router.restorer.snapshot()
        // Forced, it drops an alert that was up, as every restoration does: not a loss to report.
        snapshot.transient = []
        write.snapshot = try snapshot.jsonData()
      } catch {
        throw StoreError("the tree of \(name) could not be saved: \(error)")
      }
      write.pending = []
    } else if needsSnapshot {
      write.snapshot = freshSnapshot
    }
    return Outcome(write: write, dropsTree: forced)
  }

  /// Takes in that `write`, which ``apply(_:freshSnapshot:)`` made, is stored.
  func stored(_ write: UserWrite) {
    version += 1
    lastMessage = write.lastMessage
    reply = write.reply
    pending = write.pending
    needsSnapshot = false
    needsNotes = false
    unreadable = nil
  }

  /// What the user sees, then what the app said, in one line.
  ///
  /// For example `note 2`, or `sign-in | Sign in first: the editor opens after.`
  private func answer() -> String {
    var answer = tabs.topScreen.map { "\($0)" } ?? tabs.topAlert.map { "\($0)" } ?? "nothing"
    for line in console.takeLines() {
      answer += " | " + line.replacingOccurrences(of: "\n", with: " / ")
    }
    return answer
  }
}
