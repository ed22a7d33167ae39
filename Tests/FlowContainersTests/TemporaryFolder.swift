import Foundation

/// Runs `body` with a fresh folder under the temporary directory, and removes the folder with
/// everything in it when `body` returns or throws: a test leaves nothing behind.
///
/// - Parameter body: What to do with the folder.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or the error creating the folder.
@discardableResult
func withTemporaryFolder<Value>(_ body: (URL) throws -> Value) throws -> Value {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "FlowContainersTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}
