import Foundation
import Testing

/// Only the server, its benchmarks and its tests use the system libraries: the library and the
/// other samples build with the toolchain alone.
struct PackageTests {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func noTargetButTheServersDependsOnASystemLibrary() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dump-package-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package", "--package-path", Self.root.path]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)

    // Each target's name and the names of what it depends on.
    let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let targets = try #require(package["targets"] as? [[String: Any]])
    var dependencies: [String: [String]] = [:]
    for target in targets {
      let name = try #require(target["name"] as? String)
      let listed = target["dependencies"] as? [[String: Any]] ?? []
      dependencies[name] = listed.compactMap { dependency in
        dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
      }
    }
    #expect(dependencies["notes-server"]?.contains("NotesServerKit") == true)
    let system: Set = ["CSQLite", "CLibPQ"]
    let allowed: Set = [
      "NotesServerKit", "notes-server", "NotesServerTests", "notes-server-benchmarks",
    ]
    for name in dependencies.keys where !allowed.contains(name) {
      // Everything it depends on, directly or not.
      var reached: Set<String> = []
      var left = dependencies[name] ?? []
      while let next = left.popLast() {
        if reached.insert(next).inserted { left += dependencies[next] ?? [] }
      }
      #expect(
        reached.isDisjoint(with: system), "\(name) depends on \(reached.intersection(system))")
    }
  }
}
