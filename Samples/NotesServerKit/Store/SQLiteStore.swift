import Foundation
import NotesKit

/// Users at rest in one SQLite file: the embedded default.
///
/// The file is in WAL mode, so readers do not wait for the writer, with `synchronous=NORMAL`:
/// a committed message survives the process being killed, and the last few may be lost only
/// if the machine itself goes down. Several processes may share the file; a write waits up to
/// five seconds for another's transaction, then fails.
package final class SQLiteStore: UserStore {
  private let connection: SQLiteConnection
  private let selectUser: SQLiteStatement
  private let selectNotes: SQLiteStatement
  private let begin: SQLiteStatement
  private let commit: SQLiteStatement
  private let rollback: SQLiteStatement
  private let insertUser: SQLiteStatement
  private let updateUser: SQLiteStatement
  private let deleteNotes: SQLiteStatement
  private let insertNote: SQLiteStatement
  private let insertUnreadable: SQLiteStatement

  /// Opens the database file at `path`, creating it and its tables if need be.
  ///
  /// - Parameter path: The file; `:memory:` for a database that lives as long as the store.
  /// - Throws: ``StoreError`` when the file cannot be opened or set up.
  package init(path: String) throws(StoreError) {
    connection = try SQLiteConnection(path: path)
    try connection.execute("PRAGMA busy_timeout = 5000")
    let mode = try connection.execute("PRAGMA journal_mode = WAL")
    guard mode == "wal" || path == ":memory:" else {
      throw StoreError("SQLite would not put \(path) in WAL mode (it is in \(mode ?? "no") mode)")
    }
    try connection.execute(
      """
      PRAGMA synchronous = NORMAL;
      CREATE TABLE IF NOT EXISTS users (
        user_id TEXT PRIMARY KEY, snapshot BLOB NOT NULL, pending TEXT NOT NULL,
        signed_in_as TEXT, version INTEGER NOT NULL, last_message INTEGER NOT NULL,
        reply TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS notes (
        user_id TEXT NOT NULL, id INTEGER NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
        PRIMARY KEY (user_id, id)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS unreadable_snapshots (
        user_id TEXT NOT NULL, version INTEGER NOT NULL, snapshot BLOB NOT NULL,
        pending TEXT NOT NULL, reason TEXT NOT NULL,
        kept_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
      """)
    selectUser = try connection.prepare(
      """
      SELECT snapshot, pending, signed_in_as, version, last_message, reply
      FROM users WHERE user_id = ?1
      """)
    selectNotes = try connection.prepare(
      "SELECT id, title, body FROM notes WHERE user_id = ?1 ORDER BY id")
    // IMMEDIATE takes the write lock first, so two processes never both read and then wait
    // on each other to write.
    begin = try connection.prepare("BEGIN IMMEDIATE")
    commit = try connection.prepare("COMMIT")
    rollback = try connection.prepare("ROLLBACK")
    insertUser = try connection.prepare(
      """
      INSERT INTO users (user_id, snapshot, pending, signed_in_as, version, last_message, reply)
      VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6) ON CONFLICT (user_id) DO NOTHING
      """)
    updateUser = try connection.prepare(
      """
      UPDATE users SET snapshot = coalesce(?2, snapshot), pending = ?3, signed_in_as = ?4,
        version = version + 1, last_message = ?5, reply = ?6
      WHERE user_id = ?1 AND version = ?7
      """)
    deleteNotes = try connection.prepare("DELETE FROM notes WHERE user_id = ?1")
    insertNote = try connection.prepare(
      "INSERT INTO notes (user_id, id, title, body) VALUES (?1, ?2, ?3, ?4)")
    insertUnreadable = try connection.prepare(
      """
      INSERT INTO unreadable_snapshots (user_id, version, snapshot, pending, reason)
      VALUES (?1, ?2, ?3, ?4, ?5)
      """)
  }

  package func load(_ user: String) throws(StoreError) -> StoredUser? {
    selectUser.bind([.text(user)])
    guard try selectUser.step() else { return nil }
    var stored = StoredUser(
      snapshot: selectUser.blob(0), pending: Pending.split(selectUser.text(1) ?? ""),
      signedInAs: selectUser.text(2), notes: [], version: selectUser.integer(3),
      lastMessage: selectUser.integer(4), reply: selectUser.text(5) ?? "")
    selectUser.reset()
    selectNotes.bind([.text(user)])
    while try selectNotes.step() {
      stored.notes.append(
        Note(
          id: Int(selectNotes.integer(0)), title: selectNotes.text(1) ?? "",
          body: selectNotes.text(2) ?? ""))
    }
    return stored
  }

  package func save(_ write: UserWrite) throws(StoreError) -> Bool {
    try begin.run()
    do throws(StoreError) {
      guard try writeUser(write) else {
        try rollback.run()
        return false
      }
      if let notes = write.notes {
        try deleteNotes.run([.text(write.user)])
        for note in notes {
          try insertNote.run([
            .text(write.user), .integer(Int64(note.id)), .text(note.title), .text(note.body),
          ])
        }
      }
      if let unreadable = write.unreadable {
        try insertUnreadable.run([
          .text(write.user), .integer(unreadable.version), .blob(unreadable.snapshot),
          .text(Pending.joined(unreadable.pending)), .text(unreadable.reason),
        ])
      }
      try commit.run()
      return true
    } catch {
      try? rollback.run()
      throw error
    }
  }

  /// The user's row: inserted for a new user, updated at the version read for one the store
  /// has; `false` when another writer got there first.
  private func writeUser(_ write: UserWrite) throws(StoreError) -> Bool {
    let signedInAs = write.signedInAs.map(SQLiteValue.text) ?? .null
    let pending = SQLiteValue.text(Pending.joined(write.pending))
    let snapshot = write.snapshot.map(SQLiteValue.blob) ?? .null
    if write.expectedVersion == 0 {
      try insertUser.run([
        .text(write.user), snapshot, pending, signedInAs, .integer(write.lastMessage),
        .text(write.reply),
      ])
    } else {
      try updateUser.run([
        .text(write.user), snapshot, pending, signedInAs, .integer(write.lastMessage),
        .text(write.reply), .integer(write.expectedVersion),
      ])
    }
    return connection.changes == 1
  }
}
