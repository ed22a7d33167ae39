import NotesKit

/// Users at rest in a PostgreSQL database, which several `notes-server` processes share.
///
/// The tables are the SQLite store's. Any process takes any user's message: a write names the
/// version it read, so when two processes apply messages for one user at once, the second
/// write finds a newer version, changes nothing, and its process applies the message again on
/// the newer tree (or answers it from the record, if the other process applied that message).
package final class PostgresStore: UserStore {
  private let connection: PostgresConnection

  /// Connects with `conninfo` and creates the tables if need be.
  ///
  /// - Parameter conninfo: A libpq connection string or URI, such as
  ///   `host=/run/postgresql dbname=notes`.
  /// - Throws: ``StoreError`` when the server cannot be reached or the tables made.
  package init(conninfo: String) throws(StoreError) {
    connection = try PostgresConnection(conninfo: conninfo)
    // Processes that start together take turns: CREATE TABLE IF NOT EXISTS can race in
    // PostgreSQL. One query string runs as one transaction, so the lock is the transaction's,
    // held until the tables are committed (a session lock unlocked at the end of the string was
    // released before the commit, and a second process could still race). No wait on a row
    // lock outlasts ten seconds; notices ("already exists") are not printed.
    try connection.execute(
      """
      SET client_min_messages = warning;
      SET lock_timeout = '10s';
      SELECT pg_advisory_xact_lock(4404);
      CREATE TABLE IF NOT EXISTS users (
        user_id TEXT PRIMARY KEY, snapshot BYTEA NOT NULL, pending TEXT NOT NULL,
        signed_in_as TEXT, version BIGINT NOT NULL, last_message BIGINT NOT NULL,
        reply TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS notes (
        user_id TEXT NOT NULL, id BIGINT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
        PRIMARY KEY (user_id, id));
      CREATE TABLE IF NOT EXISTS unreadable_snapshots (
        user_id TEXT NOT NULL, version BIGINT NOT NULL, snapshot BYTEA NOT NULL,
        pending TEXT NOT NULL, reason TEXT NOT NULL,
        kept_at TIMESTAMPTZ NOT NULL DEFAULT now());
      """)
    try connection.prepare(
      "select_user",
      """
      SELECT snapshot, pending, signed_in_as, version, last_message, reply
      FROM users WHERE user_id = $1
      """)
    try connection.prepare(
      "select_notes", "SELECT id, title, body FROM notes WHERE user_id = $1 ORDER BY id")
    try connection.prepare("begin", "BEGIN")
    try connection.prepare("commit", "COMMIT")
    try connection.prepare("rollback", "ROLLBACK")
    try connection.prepare(
      "insert_user",
      """
      INSERT INTO users (user_id, snapshot, pending, signed_in_as, version, last_message, reply)
      VALUES ($1, $2, $3, $4, 1, $5, $6) ON CONFLICT (user_id) DO NOTHING
      """)
    try connection.prepare(
      "update_user",
      """
      UPDATE users SET snapshot = coalesce($2, snapshot), pending = $3, signed_in_as = $4,
        version = version + 1, last_message = $5, reply = $6
      WHERE user_id = $1 AND version = $7
      """)
    try connection.prepare("delete_notes", "DELETE FROM notes WHERE user_id = $1")
    try connection.prepare(
      "insert_note", "INSERT INTO notes (user_id, id, title, body) VALUES ($1, $2, $3, $4)")
    try connection.prepare(
      "insert_unreadable",
      """
      INSERT INTO unreadable_snapshots (user_id, version, snapshot, pending, reason)
      VALUES ($1, $2, $3, $4, $5)
      """)
  }

  package func load(_ user: String) throws(StoreError) -> StoredUser? {
    let row = try connection.run("select_user", [.text(user)])
    guard row.rows == 1 else { return nil }
    let notes = try connection.run("select_notes", [.text(user)])
    return StoredUser(
      snapshot: row.bytes(0, 0), pending: Pending.split(row.text(0, 1) ?? ""),
      signedInAs: row.text(0, 2),
      notes: (0..<notes.rows).map { index in
        Note(
          id: Int(notes.integer(index, 0)), title: notes.text(index, 1) ?? "",
          body: notes.text(index, 2) ?? "")
      }, version: row.integer(0, 3), lastMessage: row.integer(0, 4), reply: row.text(0, 5) ?? "")
  }

  package func save(_ write: UserWrite) throws(StoreError) -> Bool {
    _ = try connection.run("begin")
    do throws(StoreError) {
      guard try writeUser(write) else {
        _ = try connection.run("rollback")
        return false
      }
      if let notes = write.notes {
        _ = try connection.run("delete_notes", [.text(write.user)])
        for note in notes {
          _ = try connection.run(
            "insert_note",
            [.text(write.user), .integer(Int64(note.id)), .text(note.title), .text(note.body)])
        }
      }
      if let unreadable = write.unreadable {
        _ = try connection.run(
          "insert_unreadable",
          [
            .text(write.user), .integer(unreadable.version), .bytes(unreadable.snapshot),
            .text(Pending.joined(unreadable.pending)), .text(unreadable.reason),
          ])
      }
      _ = try connection.run("commit")
      return true
    } catch {
      _ = try? connection.run("rollback")
      throw error
    }
  }

  /// The user's row: inserted for a new user, updated at the version read for one the store
  /// has; `false` when another writer got there first.
  private func writeUser(_ write: UserWrite) throws(StoreError) -> Bool {
    let signedInAs = write.signedInAs.map(PostgresValue.text) ?? .null
    let pending = PostgresValue.text(Pending.joined(write.pending))
    let snapshot = write.snapshot.map(PostgresValue.bytes) ?? .null
    let result =
      if write.expectedVersion == 0 {
        try connection.run(
          "insert_user",
          [
            .text(write.user), snapshot, pending, signedInAs, .integer(write.lastMessage),
            .text(write.reply),
          ])
      } else {
        try connection.run(
          "update_user",
          [
            .text(write.user), snapshot, pending, signedInAs, .integer(write.lastMessage),
            .text(write.reply), .integer(write.expectedVersion),
          ])
      }
    return result.changes == 1
  }
}
