import Foundation
import Testing

/// `notes-server-benchmarks` runs every mode, briefly, so that `measure-notes-server` does not
/// rot; its figures are measured in release mode, not here.
struct BenchmarkTests {
  /// Runs the benchmarks with `arguments` in `folder`, and returns what they printed.
  static func run(_ arguments: [String], in folder: URL) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = ServerProcess.executable.deletingLastPathComponent()
      .appendingPathComponent("notes-server-benchmarks")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  @Test func everyModeRunsAndPrintsItsFigure() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-server-benchmarks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("users.sqlite").path

    let populate = try Self.run(["populate", "--database", database, "--users", "20"], in: folder)
    #expect(populate.status == 0)
    #expect(populate.output.hasSuffix(" bytes at rest per user\n"))
    let atRest = try Self.run(
      ["at-rest", "--database", database, "--users", "20", "--messages", "8"], in: folder)
    #expect(atRest.status == 0)
    #expect(atRest.output.hasSuffix(" ns per message at rest\n"))
    let memory = try Self.run(["memory", "--users", "20"], in: folder)
    #expect(memory.status == 0)
    #expect(memory.output.hasSuffix(" bytes of resident set per cached user\n"))

    // The messages are valid for the server: every one gets an answer, none an error.
    let messages = try Self.run(["messages", "--users", "5", "--messages", "30"], in: folder)
    let lines = messages.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 30)
    let served = try ServerProcess.run(
      ["--database", folder.appendingPathComponent("served.sqlite").path], input: lines)
    #expect(served.lines.count == 30)
    #expect(!served.lines.contains { $0.contains(" error: ") })
    _ = try Self.run(
      ["messages", "--users", "5", "--messages", "30", "--processes", "2"], in: folder)
    let split = try ["messages.0", "messages.1"].map {
      try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        .split(separator: "\n").count
    }
    #expect(split.reduce(0, +) == 30)
  }
}
