public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that holds a snapshot, written atomically.
///
/// ``write(_:)`` writes a temporary file, flushes it, then renames it over the old one, so a
/// reader sees either the old file or the new one, whole, whatever fails mid-write.
///
/// ```swift
/// let file = SnapshotFile(url: URL(fileURLWithPath: "notes-state.json"))
/// try file.write(router.restorer.snapshot().jsonData())
/// let report = try file.read().map(router.restorer.restore(from:))
/// ```
public struct SnapshotFile: Sendable {
  /// Where the snapshot lives.
  let url: URL
  /// Runs after the temporary file is written and before the rename.
  private var beforeRename: (@Sendable () throws -> Void)?

  /// Creates a handle for the file at `url`, a file URL; nothing is read or written yet.
  public init(url: URL) {
    self.url = url
  }

  /// Runs `interruption` after the temporary file is written and before the rename, so a test
  /// can check what a save cut short leaves behind (throw from it to interrupt the save).
  ///
  /// A test seam, not part of the public API: `@_spi(Testing) import FlowContainersRestoration`.
  ///
  /// - Parameter interruption: Called once per write, between the two steps.
  @_spi(Testing)
  public mutating func interruptBeforeRenameForTesting(
    _ interruption: @escaping @Sendable () throws -> Void
  ) {
    beforeRename = interruption
  }

  /// Reads the file, or returns `nil` if it does not exist.
  ///
  /// A symbolic link is followed. Reading stops past 1 MiB, a snapshot's limit.
  ///
  /// - Returns: The file's bytes.
  /// - Throws: ``RestorationError/tooLarge(bytes:limit:)`` past 1 MiB,
  ///   ``RestorationError/notARegularFile(_:)`` for a folder, a pipe or a device (never waited
  ///   on), or a file-system error other than the file being missing.
  public func read() throws -> Data? {
    // Without waiting: opening a named pipe to read would block until a writer came.
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw fileError()
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw fileError() }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw RestorationError.notARegularFile(url.path)
    }
    let limit = FlowSnapshot.maximumSize
    let size = Int(status.st_size)
    guard size <= limit else { throw RestorationError.tooLarge(bytes: size, limit: limit) }
    // The file may have grown since: read one byte past the limit to know.
    let data = try handle.read(upToCount: limit + 1) ?? Data()
    guard data.count <= limit else {
      throw RestorationError.tooLarge(bytes: data.count, limit: limit)
    }
    return data
  }

  /// The error Foundation reports when reading this file fails with `errno`.
  private func fileError() -> CocoaError {
    let code = POSIXErrorCode(rawValue: errno) ?? .EIO
    let kind: CocoaError.Code =
      code == .EACCES || code == .EPERM ? .fileReadNoPermission : .fileReadUnknown
    return CocoaError(
      kind, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(code)])
  }

  /// Replaces the file's contents with `data`, atomically.
  ///
  /// - Parameter data: The new contents.
  /// - Throws: A file-system error; the old file is then unchanged, and the temporary file is
  ///   removed.
  public func write(_ data: Data) throws {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
      }
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      try handle.synchronize()
      try beforeRename?()
      guard rename(temporary.path, url.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
