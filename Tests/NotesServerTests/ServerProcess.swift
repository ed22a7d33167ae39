import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `notes-server` child process, talked to a line at a time through pipes.
///
/// Its standard error goes to a file, read with ``standardError``. Writing to a process that
/// died fails instead of raising `SIGPIPE`.
final class ServerProcess {
  private let process = Process()
  private let input: FileHandle
  private let output: FileHandle
  private let errorFile: URL
  private var buffer: [UInt8] = []
  private var outputEnded = false
  private var isKilled = false

  /// The built executable, next to the test bundle.
  static var executable: URL {
    #if os(Linux)
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("notes-server")
    #else
      Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }.map {
        $0.bundleURL.deletingLastPathComponent().appendingPathComponent("notes-server")
      } ?? URL(fileURLWithPath: "notes-server")
    #endif
  }

  /// Starts `notes-server` with `arguments`.
  init(_ arguments: [String]) throws {
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = Self.executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-server-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = try FileHandle(forWritingTo: errorFile)
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading
    try process.run()
  }

  deinit {
    if process.isRunning { killProcess(process.processIdentifier) }
    try? FileManager.default.removeItem(at: errorFile)
  }

  /// Writes `lines`, each with a line break; `false` if the process no longer reads.
  @discardableResult
  func send(_ lines: [String]) -> Bool {
    var bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { raw in
        write(input.fileDescriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    bytes.removeAll()
    return true
  }

  /// The next line it printed; `nil` once its output has ended (a last line without a line
  /// break is dropped).
  ///
  /// - Throws: When no line comes within `timeout`.
  func readLine(timeout: Duration = .seconds(120)) throws -> String? {
    let deadline = ContinuousClock.now + (isKilled ? .seconds(2) : timeout)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
      }
      // A line cut short by a kill was never sent whole: it is no answer.
      if outputEnded { return nil }
      let left = deadline - ContinuousClock.now
      guard left > .zero else {
        // A killed process's output has ended once what it wrote is read.
        if isKilled {
          outputEnded = true
          continue
        }
        throw ServerProcessError.timedOut
      }
      var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(left.components.seconds * 1_000 + 1))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = read(output.fileDescriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        outputEnded = true
      } else {
        buffer += chunk[..<count]
      }
    }
  }

  /// Reads `count` lines.
  func readLines(_ count: Int) throws -> [String] {
    var lines: [String] = []
    while lines.count < count, let line = try readLine() { lines.append(line) }
    return lines
  }

  /// Kills it with `SIGKILL` and waits for it; then ``readLine(timeout:)`` returns what it had
  /// printed before.
  func kill() {
    killProcess(process.processIdentifier)
    process.waitUntilExit()
    isKilled = true
  }

  /// Ends its input, reads the rest of its output and waits for it to exit.
  ///
  /// - Returns: The lines it printed since the last read, and its exit status.
  func finish() throws -> (lines: [String], status: Int32) {
    try input.close()
    var lines: [String] = []
    while let line = try readLine() { lines.append(line) }
    process.waitUntilExit()
    return (lines, process.terminationStatus)
  }

  /// What it printed on standard error so far.
  ///
  /// Read through a file handle: `String(contentsOf:)` of an empty file leaks its buffer in
  /// Foundation, which fails the suite under LeakSanitizer.
  var standardError: String {
    guard let handle = FileHandle(forReadingAtPath: errorFile.path) else { return "" }
    defer { try? handle.close() }
    return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Runs `notes-server` with `arguments` on `input` (less than a pipe holds) to the end.
  static func run(
    _ arguments: [String], input: [String]
  ) throws -> (
    lines: [String], status: Int32, standardError: String
  ) {
    let server = try ServerProcess(arguments)
    server.send(input)
    let (lines, status) = try server.finish()
    return (lines, status, server.standardError)
  }
}

/// Sends `SIGKILL` to `process`.
private func killProcess(_ process: pid_t) {
  kill(process, SIGKILL)
}

enum ServerProcessError: Error {
  case timedOut
}
