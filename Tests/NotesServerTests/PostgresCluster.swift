import Foundation
import Testing

@testable import NotesServerKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway PostgreSQL cluster: made with `initdb` in a temporary folder, listening only on
/// a Unix socket there, and stopped and deleted by ``stop()``.
///
/// `initdb` refuses to run as root, so as root every PostgreSQL program runs as the `postgres`
/// user (`runuser -u postgres --`), which owns the folder. The server runs in the foreground,
/// a child of this process: after `pg_ctl start`, the daemon it leaves holds what `Process`
/// waits on, and `waitUntilExit()` never returns.
final class PostgresCluster {
  /// Where the cluster's programs are: where the `PATH`'s `initdb` is (through any link), or
  /// Debian's newest `/usr/lib/postgresql/<version>/bin`.
  static let programs: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let initdb = URL(fileURLWithPath: String(folder)).appendingPathComponent("initdb")
      if FileManager.default.isExecutableFile(atPath: initdb.path) {
        return initdb.resolvingSymlinksInPath().deletingLastPathComponent()
      }
    }
    let debian = URL(fileURLWithPath: "/usr/lib/postgresql")
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: debian.path))?.compactMap(Int.init)
      ?? []
    return versions.sorted().reversed().lazy.map {
      debian.appendingPathComponent("\($0)/bin")
    }.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path)
    }
  }()

  /// Whether PostgreSQL's server programs are installed.
  static var isInstalled: Bool { programs != nil }

  /// Whether tests that need PostgreSQL run: it is installed, or this is CI (`CI=true`), where
  /// they fail without it rather than skip.
  static var testsRun: Bool {
    isInstalled || ProcessInfo.processInfo.environment["CI"] == "true"
  }

  /// The note a test that needs PostgreSQL shows when it is skipped.
  static let skipNote: Comment =
    "PostgreSQL is not installed (apt-get install postgresql); skipped outside CI"

  /// The folder holding the cluster's data, its socket and its log.
  let folder: URL
  /// How to connect to its `postgres` database.
  let conninfo: String
  private let bin: URL
  private let asPostgres: Bool
  /// The server, in the foreground.
  private let server = Process()
  private var isRunning = false

  /// Makes and starts a cluster.
  ///
  /// - Throws: When PostgreSQL is not installed, or a program fails (its output says why).
  init() throws {
    guard let bin = Self.programs else {
      throw ClusterError(
        "PostgreSQL is not installed, so the tests that need it cannot run: install it "
          + "(apt-get install postgresql, which CI's .ci/run does) or run outside CI to skip them")
    }
    self.bin = bin
    asPostgres = getuid() == 0
    var template = Array("/tmp/notes-pg-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw ClusterError("mkdtemp failed") }
    folder = URL(fileURLWithPath: String(cString: made))
    let user: String
    if asPostgres {
      guard let account = getpwnam("postgres") else {
        throw ClusterError("there is no postgres user to run PostgreSQL as")
      }
      chown(folder.path, account.pointee.pw_uid, account.pointee.pw_gid)
      user = "postgres"
    } else {
      user = ProcessInfo.processInfo.userName
    }
    // A port of its own, though the socket is in a folder of its own: PostgreSQL keys its
    // shared memory by the port.
    let port = Int.random(in: 20_000..<60_000)
    conninfo = "host=\(folder.path) port=\(port) user=\(user) dbname=postgres"
    let data = folder.appendingPathComponent("data").path
    try run(
      "initdb", ["-D", data, "-A", "trust", "-U", user, "-E", "UTF8", "--no-sync", "--no-locale"])
    configure(
      server, "postgres",
      [
        "-D", data, "-k", folder.path, "-c", "listen_addresses=", "-p", "\(port)", "-c",
        "fsync=off",
      ])
    let log = folder.appendingPathComponent("log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    server.standardOutput = handle
    server.standardError = handle
    try server.run()
    isRunning = true
    // Ready once it takes a connection.
    let deadline = ContinuousClock.now + .seconds(60)
    while (try? PostgresConnection(conninfo: conninfo)) == nil {
      guard server.isRunning, ContinuousClock.now < deadline else {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        stop()
        throw ClusterError("PostgreSQL did not start: \(text)")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  deinit {
    stop()
  }

  /// Stops the cluster at once and deletes its folder.
  func stop() {
    if isRunning {
      isRunning = false
      try? run(
        "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "stop"])
      server.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Sets `process` to run one of PostgreSQL's programs, as the `postgres` user when this
  /// process is root.
  private func configure(_ process: Process, _ program: String, _ arguments: [String]) {
    let path = bin.appendingPathComponent(program).path
    if asPostgres {
      process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
      process.arguments = ["-u", "postgres", "--", path] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
    }
    process.currentDirectoryURL = folder
  }

  /// Runs one of PostgreSQL's programs to its end.
  private func run(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    configure(process, program, arguments)
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pg-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      throw ClusterError("\(program) failed (\(process.terminationStatus)): \(text)")
    }
  }
}

/// Why a cluster could not be made or started.
struct ClusterError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
