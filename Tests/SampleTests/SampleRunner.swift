import Foundation

/// What a sample printed and how it exited.
struct SampleRun {
  var standardOutput: String
  var standardError: String
  var status: Int32
}

/// Runs the sample executables that `swift build` put next to the test bundle.
enum SampleRunner {
  /// The folder holding the built products: the test binary's own folder on Linux, the folder
  /// holding the `.xctest` bundle on macOS.
  static var productsDirectory: URL {
    #if os(Linux)
      let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      return executable.deletingLastPathComponent()
    #else
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
      return Bundle.main.bundleURL
    #endif
  }

  /// The repository's root folder, found from this source file's path.
  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// Runs `product` with `arguments`, feeding it `input` on standard input (a pipe, so the
  /// program sees a non-terminal), and waits for it to exit.
  static func run(
    _ product: String, arguments: [String] = [], input: String = "",
    environment: [String: String] = [:]
  ) throws -> SampleRun {
    try run(
      productsDirectory.appendingPathComponent(product), arguments: arguments, input: input,
      environment: environment)
  }

  /// Runs the tool `name` found on the `PATH` (such as `swift`), as ``run(_:arguments:input:environment:)``.
  ///
  /// The tool gets a temporary folder of its own (`TMPDIR`), removed when it exits: SwiftPM
  /// leaves a `TemporaryDirectory.*` folder and lock files behind on every run.
  static func runTool(_ name: String, arguments: [String]) throws -> SampleRun {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sample-tool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    return try run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: [name] + arguments,
      environment: ["TMPDIR": temporary.path])
  }

  private static func run(
    _ executable: URL, arguments: [String], input: String = "",
    environment: [String: String] = [:]
  ) throws -> SampleRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a chatty program cannot block on a full pipe.
    let errorData = ErrorCollector(stderr.fileHandleForReading)
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return SampleRun(
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.wait(), as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Reads a pipe to its end on a background thread.
private final class ErrorCollector: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
