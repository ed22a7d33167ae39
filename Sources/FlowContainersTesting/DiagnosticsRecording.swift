public import FlowContainers
import Synchronization

/// Runs `body` and returns the misuse reports it made, instead of printing them.
///
/// Only reports made by the current task (and tasks it creates) are captured, so tests running
/// in parallel do not see each other's reports.
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
  try FlowDiagnostics.withHandler(box.append, operation: body)
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
  try await FlowDiagnostics.withHandler(box.append, isolation: isolation, operation: body)
  return box.diagnostics
}

/// Runs `body`, which is expected to misuse the API once, and checks that it reported exactly
/// one diagnostic with `code` and left the tree of `root` unchanged.
///
/// ```swift
/// expectMisuse(.popRoot, leavesUnchanged: app.container) { app.container.pop() }
/// ```
///
/// - Parameters:
///   - code: The diagnostic code expected.
///   - root: The tree that must look the same afterwards (compared by its
///     ``ContainerNode/treeDescription`` and every container's finished state).
///   - fileID: The caller's file, where a failure is reported.
///   - filePath: The caller's file, where a failure is reported.
///   - line: The caller's line, where a failure is reported.
///   - column: The caller's column, where a failure is reported.
///   - body: The misuse.
@MainActor
public func expectMisuse(
  _ code: FlowDiagnostic.Code, leavesUnchanged root: ContainerNode,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, _ body: () -> Void
) {
  let caller = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let before = fingerprint(root)
  let diagnostics = withRecordedDiagnostics(body)
  let after = fingerprint(root)
  if diagnostics.map(\.code) != [code] {
    caller.fail(
      "expected one \(code) diagnostic, got \(diagnostics.map(\.code.rawValue)): "
        + diagnostics.map(\.message).joined(separator: " | "))
  }
  if before != after {
    caller.fail("the tree changed:\nbefore:\n\(before)\nafter:\n\(after)")
  }
}

@MainActor
private func fingerprint(_ root: ContainerNode) -> String {
  var text = root.treeDescription
  var node: ContainerNode? = root
  while let current = node {
    text += "\n\(current.depth): finished=\(current.isFinished) count=\(current.count)"
    node = current.presented
  }
  return text
}

private final class DiagnosticBox: Sendable {
  private let storage = Mutex<[FlowDiagnostic]>([])

  var diagnostics: [FlowDiagnostic] { storage.withLock { $0 } }

  func append(_ diagnostic: FlowDiagnostic) {
    storage.withLock { $0.append(diagnostic) }
  }
}
