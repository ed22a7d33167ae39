import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where misuse reports go.
///
/// By default every ``FlowDiagnostic`` is written as one line to standard error, in debug and
/// release builds alike, and the program carries on with the tree unchanged. FlowContainers does
/// not trap in debug builds either: host events race with program calls (a user closes a sheet
/// while the program dismisses it), and a debug build that crashed on such a race would hide the
/// bugs it is meant to show. Install your own handler to route reports to your logger, or to
/// `assertionFailure` if you prefer a debug build to stop:
///
/// ```swift
/// MisuseReports.handler = { diagnostic in logger.warning("\(diagnostic)") }
/// ```
///
/// In tests, `FlowContainersTesting`'s `withRecordedDiagnostics` captures reports for the current
/// task only, so tests running in parallel do not see each other's reports.
public enum MisuseReports {
  /// A function that receives misuse reports.
  typealias Handler = @Sendable (FlowDiagnostic) -> Void

  private static let installed = Mutex<Handler>(MisuseReports.printToStandardError)

  @TaskLocal private static var scoped: Scope?

  /// The process-wide handler.
  ///
  /// Setting it replaces the default, which writes ``FlowDiagnostic/description`` and a newline
  /// to standard error; keep the handler you replace to go back to it.
  public static var handler: @Sendable (FlowDiagnostic) -> Void {
    get { installed.withLock { $0 } }
    set { installed.withLock { $0 = newValue } }
  }

  /// The default handler: writes ``FlowDiagnostic/description`` and a newline to standard error.
  ///
  /// - Parameter diagnostic: The report to print.
  static func printToStandardError(_ diagnostic: FlowDiagnostic) {
    let line = diagnostic.description + "\n"
    _ = line.utf8.withContiguousStorageIfAvailable { bytes in
      write(2, bytes.baseAddress, bytes.count)
    }
  }

  /// Runs `operation` with every report made in the current task (and the tasks it creates)
  /// sent to `handler` instead of the process-wide one.
  ///
  /// A request queued during `operation` (a call from a callback while a change is under way)
  /// reports to `handler` when it runs, or to the handler in force then if `operation` has
  /// returned.
  ///
  /// - Parameters:
  ///   - handler: Receives the reports made during `operation`.
  ///   - operation: The code to run.
  /// - Returns: What `operation` returns.
  public static func withHandler<Result>(
    _ handler: @escaping @Sendable (FlowDiagnostic) -> Void, operation: () throws -> Result
  ) rethrows -> Result {
    // Also kept per thread: an `isolated deinit` that runs inside `operation` does not see task
    // locals, but it runs on this thread.
    let scope = Scope(handler)
    ThreadScopes.push(scope)
    defer {
      scope.close()
      ThreadScopes.pop()
    }
    return try $scoped.withValue(scope, operation: operation)
  }

  /// Runs the asynchronous `operation` with every report made in the current task (and the tasks
  /// it creates) sent to `handler` instead of the process-wide one.
  ///
  /// - Parameters:
  ///   - handler: Receives the reports made during `operation`.
  ///   - isolation: The actor `operation` runs on; the caller's by default.
  ///   - operation: The code to run.
  /// - Returns: What `operation` returns.
  public static func withHandler<Result>(
    _ handler: @escaping @Sendable (FlowDiagnostic) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let scope = Scope(handler)
    defer { scope.close() }
    return try await $scoped.withValue(scope, operation: operation, isolation: isolation)
  }

  /// The innermost ``withHandler(_:operation:)`` around this call, if any.
  static var scope: Scope? {
    scoped ?? ThreadScopes.innermost
  }

  /// A ``withHandler(_:operation:)`` call: its handler, and whether it is still under way.
  ///
  /// A request queued during it keeps it, so that its misuse reaches that handler when the
  /// request runs, or, once the call has returned, the handler in force then: never nobody.
  final class Scope: Sendable {
    let handler: Handler
    private let open = Atomic<Bool>(true)

    init(_ handler: @escaping Handler) { self.handler = handler }

    /// Whether the call is still under way.
    var isOpen: Bool { open.load(ordering: .acquiring) }

    func close() { open.store(false, ordering: .releasing) }
  }

  /// Sends `diagnostic` where misuse reports go now: to the handler of the innermost
  /// ``withHandler(_:operation:)`` around this call, or else to ``handler``.
  ///
  /// For code built on FlowContainers that reports its own misuse the way the library does, so
  /// that `withRecordedDiagnostics` and `expectMisuse` see it. Codes are extensible:
  ///
  /// ```swift
  /// extension FlowDiagnostic.Code {
  ///   static let unknownScreen = FlowDiagnostic.Code(rawValue: "unknownScreen")
  /// }
  ///
  /// MisuseReports.report(
  ///   FlowDiagnostic(
  ///     code: .unknownScreen, message: "No screen for “\(name)”; check the name.",
  ///     location: "HostAdapter", fileID: "\(fileID)", line: line))
  /// ```
  ///
  /// - Parameter diagnostic: The report.
  public static func report(_ diagnostic: FlowDiagnostic) {
    (scope?.handler ?? handler)(diagnostic)
  }

  /// Reports misuse of `code`, described by `message`, at `location`.
  static func report(
    _ code: FlowDiagnostic.Code, _ message: String, at location: String, fileID: String,
    line: UInt
  ) {
    report(
      FlowDiagnostic(code: code, message: message, location: location, fileID: fileID, line: line))
  }
}

/// The handlers of the synchronous ``MisuseReports/withHandler(_:operation:)`` calls under way
/// on one thread, innermost last.
private final class ThreadScopes {
  private static let key = "FlowContainers.MisuseReports.scopes"

  /// How many scopes are open on all threads: with none, no thread's dictionary is read.
  private static let openCount = Atomic<Int>(0)

  var handlers: [MisuseReports.Scope] = []

  /// Opens `scope` on this thread, making the thread's entry on first use.
  static func push(_ scope: MisuseReports.Scope) {
    let dictionary = Thread.current.threadDictionary
    let scopes = dictionary[key] as? ThreadScopes ?? ThreadScopes()
    dictionary[key] = scopes
    scopes.handlers.append(scope)
    openCount.add(1, ordering: .relaxed)
  }

  /// The innermost handler on this thread, if a scope is open.
  static var innermost: MisuseReports.Scope? {
    // A thread sees its own count in order, so zero means none of its scopes is open.
    guard openCount.load(ordering: .relaxed) > 0 else { return nil }
    return (Thread.current.threadDictionary[key] as? ThreadScopes)?.handlers.last
  }

  /// Closes the innermost scope; the last one removes this thread's entry.
  static func pop() {
    let dictionary = Thread.current.threadDictionary
    guard let scopes = dictionary[key] as? ThreadScopes else { return }
    openCount.subtract(1, ordering: .relaxed)
    scopes.handlers.removeLast()
    if scopes.handlers.isEmpty { dictionary.removeObject(forKey: key) }
  }
}
