public import FlowContainers
import Synchronization

/// Runs `body` and returns the misuse reports it made, instead of printing them.
///
/// Only reports made by the current task (and tasks it creates) are captured, so tests running
/// in parallel do not see each other's reports. A call that `body` makes from a callback during
/// a change waits for that change; if it runs after `body` has returned, its misuse goes to the
/// handler in force then (an enclosing recording, or standard error), not into this result.
///
/// ```swift
/// let diagnostics = withRecordedDiagnostics { container.pop() }
/// #expect(diagnostics.map(\.code) == [.popRoot])
/// ```
///
/// - Parameter body: The code to run.
/// - Returns: The diagnostics reported while `body` ran, oldest first.
/// - Throws: What `body` throws.
public func withRecordedDiagnostics(_ body: () throws -> Void) rethrows -> [FlowDiagnostic] {
  let box = DiagnosticBox()
  try MisuseReports.withHandler(box.append, operation: body)
  return box.diagnostics
}

/// Runs the asynchronous `body` and returns the misuse reports it made, instead of printing them.
///
/// - Parameters:
///   - isolation: The actor to run `body` on; the caller's by default.
///   - body: The code to run.
/// - Returns: The diagnostics reported while `body` ran, oldest first.
/// - Throws: What `body` throws.
public func withRecordedDiagnostics(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> [FlowDiagnostic] {
  let box = DiagnosticBox()
  try await MisuseReports.withHandler(box.append, isolation: isolation, operation: body)
  return box.diagnostics
}

/// Runs `body`, which is expected to misuse the API once, and checks that it reported exactly
/// one diagnostic with `code` and left the trees of `containers` unchanged.
///
/// ```swift
/// expectMisuse(.popRoot, leavesUnchanged: app.container) { app.container.pop() }
/// // A misuse that involves a second tree (presenting a flow that cannot be presented):
/// expectMisuse(.alreadyPresenting, leavesUnchanged: app.container, extra.container) {
///   app.container.present(extra.container)
/// }
/// ```
///
/// - Parameters:
///   - code: The diagnostic code expected.
///   - containers: Containers whose whole trees, from their roots, must be the same afterwards
///     (compared as ``ContainerNode/tree`` values: every level, in every tab, with its screens,
///     how it hangs and whether it finished). Pass every container the call touches.
///   - fileID: The caller's file, where a failure is reported.
///   - filePath: The caller's file, where a failure is reported.
///   - line: The caller's line, where a failure is reported.
///   - column: The caller's column, where a failure is reported.
///   - body: The misuse.
@MainActor
public func expectMisuse(
  _ code: FlowDiagnostic.Code, leavesUnchanged containers: ContainerNode...,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ body: () -> Void
) {
  let caller = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let before = containers.map(fingerprint)
  let diagnostics = withRecordedDiagnostics(body)
  let after = containers.map(fingerprint)
  if diagnostics.map(\.code) != [code] {
    caller.fail(
      "expected one \(code) diagnostic, got \(diagnostics.map(\.code.rawValue)): "
        + diagnostics.map(\.message).joined(separator: " | "))
  }
  for (before, after) in zip(before, after) where before != after {
    caller.fail("the tree changed:\nbefore:\n\(before)\nafter:\n\(after)")
  }
}

/// The tree `container` belongs to, from its root up, as a value.
@MainActor
private func fingerprint(_ container: ContainerNode) -> FlowTree {
  container.root.tree
}

final class DiagnosticBox: Sendable {
  private let storage = Mutex<[FlowDiagnostic]>([])

  var diagnostics: [FlowDiagnostic] { storage.withLock { $0 } }

  func append(_ diagnostic: FlowDiagnostic) {
    storage.withLock { $0.append(diagnostic) }
  }
}
