package import Foundation
package import NotesKit

/// Where users rest between messages: the SQLite file of one machine, or a PostgreSQL database
/// that several processes share.
///
/// Each message is one ``save(_:)``, a transaction that writes only if the user's version is
/// still the one the writer read, so that two processes never both apply a message on the same
/// tree.
package protocol UserStore: AnyObject {
  /// What the store holds for `user`; `nil` for a user it has never seen.
  ///
  /// - Throws: ``StoreError`` when the database fails.
  func load(_ user: String) throws(StoreError) -> StoredUser?

  /// Writes one message's outcome in one transaction, if the user's version is still
  /// ``UserWrite/expectedVersion``.
  ///
  /// - Returns: `false`, having written nothing, when another writer got there first: the
  ///   stored version is newer, or a user the writer took for new exists.
  /// - Throws: ``StoreError`` when the database fails.
  func save(_ write: UserWrite) throws(StoreError) -> Bool
}

/// What a store holds for one user.
package struct StoredUser: Sendable, Equatable {
  /// The tree's last settled snapshot, as ``FlowSnapshot/jsonData()`` wrote it.
  package var snapshot: Data
  /// The commands applied since that snapshot, oldest first, to replay on it.
  package var pending: [String]
  /// Who is signed in.
  package var signedInAs: String?
  /// The user's notes.
  package var notes: [Note]
  /// How many writes the user has had: a write must name the version it read.
  package var version: Int64
  /// The number of the last message applied.
  package var lastMessage: Int64
  /// The answer to that message, to send again if it comes again.
  package var reply: String

  /// A stored user.
  package init(
    snapshot: Data, pending: [String], signedInAs: String?, notes: [Note], version: Int64,
    lastMessage: Int64, reply: String
  ) {
    self.snapshot = snapshot
    self.pending = pending
    self.signedInAs = signedInAs
    self.notes = notes
    self.version = version
    self.lastMessage = lastMessage
    self.reply = reply
  }
}

/// One message's outcome for one user, written in one transaction.
package struct UserWrite: Sendable, Equatable {
  /// Whose.
  package var user: String
  /// The version the writer read; 0 for a user the store did not have.
  package var expectedVersion: Int64
  /// The settled snapshot to store; `nil` keeps the stored one (the commands since it grow).
  package var snapshot: Data?
  /// The commands applied since the snapshot.
  package var pending: [String]
  /// Who is signed in.
  package var signedInAs: String?
  /// The notes, when they changed; `nil` keeps the stored ones.
  package var notes: [Note]?
  /// The message's number.
  package var lastMessage: Int64
  /// Its answer.
  package var reply: String
  /// A stored snapshot that could not be restored, to keep aside in the same transaction.
  package var unreadable: UnreadableSnapshot?
}

/// A stored snapshot that did not restore, kept with why: the user started again from a fresh
/// tree, and nothing is lost.
package struct UnreadableSnapshot: Sendable, Equatable {
  /// The bytes as they were stored.
  package var snapshot: Data
  /// The commands that were to be replayed on it.
  package var pending: [String]
  /// The user's version when it was read.
  package var version: Int64
  /// Why it did not restore.
  package var reason: String
}

/// A database that failed: it could not be opened or reached, or a statement failed.
package struct StoreError: Error, CustomStringConvertible {
  /// What failed, with the database's own message.
  package var description: String

  package init(_ description: String) {
    self.description = description
  }
}
