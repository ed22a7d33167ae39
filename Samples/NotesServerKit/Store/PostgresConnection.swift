import CLibPQ
import Foundation

/// One connection to PostgreSQL through libpq: statements prepared once and run with
/// parameters, and failures read as ``StoreError``s.
final class PostgresConnection {
  private let handle: OpaquePointer

  /// Connects with `conninfo` (`host=/tmp dbname=notes`, or a `postgresql://` URI).
  ///
  /// Waits ten seconds at most for the server, unless `conninfo` says otherwise
  /// (`connect_timeout`).
  ///
  /// - Throws: ``StoreError`` with libpq's message when the connection fails.
  init(conninfo: String) throws(StoreError) {
    // With expand_dbname, conninfo's own settings override the keywords before it.
    let names: [String] = ["connect_timeout", "dbname"]
    let settings: [String] = ["10", conninfo]
    let keywords = names.map { strdup($0) }
    let values = settings.map { strdup($0) }
    defer { for copy in keywords + values { free(copy) } }
    let connection = PQconnectdbParams(
      keywords.map { UnsafePointer($0) } + [nil], values.map { UnsafePointer($0) } + [nil], 1)
    guard let connection, PQstatus(connection) == CONNECTION_OK else {
      let message = connection.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
      PQfinish(connection)
      throw StoreError(
        "cannot connect to PostgreSQL (\(conninfo)): "
          + message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    handle = connection
  }

  deinit {
    PQfinish(handle)
  }

  /// Runs `sql`, one or more statements without parameters.
  func execute(_ sql: String) throws(StoreError) {
    let result = PostgresResult(PQexec(handle, sql))
    try check(result, sql)
  }

  /// Prepares `sql` under `name`, to run with ``run(_:_:)``.
  func prepare(_ name: String, _ sql: String) throws(StoreError) {
    let result = PostgresResult(PQprepare(handle, name, sql, 0, nil))
    try check(result, sql)
  }

  /// Runs the statement prepared as `name` with `values` for `$1`, `$2`, …; text results.
  func run(_ name: String, _ values: [PostgresValue] = []) throws(StoreError) -> PostgresResult {
    // Each value in a buffer of its own, freed after the call: text as C strings, bytes binary.
    var buffers: [UnsafeMutablePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    defer { for buffer in buffers { free(buffer) } }
    for value in values {
      switch value {
      case .null:
        buffers.append(nil)
        lengths.append(0)
        formats.append(0)
      case .integer(let integer):
        buffers.append(strdup(String(integer)))
        lengths.append(0)
        formats.append(0)
      case .text(let text):
        buffers.append(strdup(text))
        lengths.append(0)
        formats.append(0)
      case .bytes(let data):
        let buffer = malloc(max(data.count, 1))?.assumingMemoryBound(to: CChar.self)
        data.withUnsafeBytes { bytes in
          if let buffer, let base = bytes.baseAddress { memcpy(buffer, base, bytes.count) }
        }
        buffers.append(buffer)
        lengths.append(Int32(data.count))
        formats.append(1)
      }
    }
    let pointers = buffers.map { UnsafePointer($0) }
    let result = PostgresResult(
      PQexecPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 0))
    try check(result, name)
    return result
  }

  private func check(_ result: PostgresResult, _ statement: String) throws(StoreError) {
    let status = PQresultStatus(result.handle)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let message = String(cString: PQerrorMessage(handle))
      throw StoreError(
        "PostgreSQL failed on \(statement): "
          + message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }
}

/// A statement's result, cleared when released.
final class PostgresResult {
  fileprivate let handle: OpaquePointer?

  init(_ handle: OpaquePointer?) {
    self.handle = handle
  }

  deinit {
    PQclear(handle)
  }

  /// How many rows it has.
  var rows: Int { Int(PQntuples(handle)) }

  /// How many rows the statement changed (`UPDATE 1`, `INSERT 0 1`).
  var changes: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

  /// The text at `row` and `column`, or `nil` for NULL.
  func text(_ row: Int, _ column: Int) -> String? {
    guard PQgetisnull(handle, Int32(row), Int32(column)) == 0 else { return nil }
    return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
  }

  /// The integer at `row` and `column`; 0 for NULL.
  func integer(_ row: Int, _ column: Int) -> Int64 {
    text(row, column).flatMap { Int64($0) } ?? 0
  }

  /// The bytes of the `bytea` at `row` and `column`, which text results escape.
  func bytes(_ row: Int, _ column: Int) -> Data {
    guard let escaped = PQgetvalue(handle, Int32(row), Int32(column)) else { return Data() }
    var count = 0
    let raw = escaped.withMemoryRebound(to: UInt8.self, capacity: 1) {
      PQunescapeBytea($0, &count)
    }
    defer { PQfreemem(raw) }
    return raw.map { Data(bytes: $0, count: count) } ?? Data()
  }
}

/// A value for a statement's parameter.
enum PostgresValue {
  case null
  case integer(Int64)
  case text(String)
  case bytes(Data)
}
