import CSQLite
import Foundation

/// One SQLite connection: statements run with it, and its errors read as ``StoreError``s.
final class SQLiteConnection {
  private let handle: OpaquePointer

  /// Opens (creating it if need be) the database file at `path`.
  ///
  /// - Throws: ``StoreError`` when the file cannot be opened, for example in a folder that does
  ///   not exist.
  init(path: String) throws(StoreError) {
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(
      path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw StoreError("cannot open the SQLite database \(path): \(message)")
    }
    self.handle = handle
  }

  deinit {
    // Closes once the last statement is finalized, whichever goes first.
    sqlite3_close_v2(handle)
  }

  /// Runs `sql`, one or more statements without parameters, and returns the first column of the
  /// last row any of them gave.
  @discardableResult
  func execute(_ sql: String) throws(StoreError) -> String? {
    var value: String?
    var message: UnsafeMutablePointer<CChar>?
    let status = withUnsafeMutablePointer(to: &value) { value in
      sqlite3_exec(
        handle, sql,
        { context, count, columns, _ in
          if count > 0, let column = columns?[0] {
            context?.assumingMemoryBound(to: String?.self).pointee = String(cString: column)
          }
          return 0
        }, value, &message)
    }
    guard status == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? errorMessage
      sqlite3_free(message)
      throw StoreError("SQLite failed on “\(sql)”: \(text)")
    }
    return value
  }

  /// `sql` prepared once, to run many times.
  func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        == SQLITE_OK, let statement
    else {
      throw StoreError("SQLite cannot prepare “\(sql)”: \(errorMessage)")
    }
    return SQLiteStatement(statement, connection: self)
  }

  /// How many rows the last statement changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// The connection's last error, in SQLite's words.
  var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A prepared statement: bind, step, read the columns, then reset it for the next run.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(_ handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// SQLite copies what is bound: the Swift value may go before the statement runs.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// Binds `values` to the parameters `?1`, `?2`, … in order, after a reset.
  func bind(_ values: [SQLiteValue]) {
    sqlite3_reset(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value {
      case .null: sqlite3_bind_null(handle, index)
      case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
      case .text(let text): sqlite3_bind_text(handle, index, text, -1, Self.transient)
      case .blob(let data):
        _ = data.withUnsafeBytes { bytes in
          sqlite3_bind_blob64(
            handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
            UInt64(bytes.count),
            Self.transient)
        }
      }
    }
  }

  /// Runs the statement to its next row: `true` when there is one to read.
  ///
  /// - Throws: ``StoreError`` with SQLite's message when it fails (a full disk, a database
  ///   locked for longer than the busy timeout).
  func step() throws(StoreError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let message = connection.errorMessage
      sqlite3_reset(handle)
      throw StoreError("SQLite failed: \(message)")
    }
  }

  /// Ends the run, releasing what a read holds, so that the next may bind.
  func reset() {
    sqlite3_reset(handle)
  }

  /// Runs a statement that returns no rows.
  func run(_ values: [SQLiteValue] = []) throws(StoreError) {
    bind(values)
    while try step() {}
  }

  /// The integer in column `index` of the current row.
  func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// The text in column `index`, or `nil` for NULL.
  func text(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    return String(cString: pointer)
  }

  /// The bytes in column `index`.
  func blob(_ index: Int32) -> Data {
    guard let pointer = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: pointer, count: Int(sqlite3_column_bytes(handle, index)))
  }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
  case null
  case integer(Int64)
  case text(String)
  case blob(Data)
}
