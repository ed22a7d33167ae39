import FlowContainers
import Foundation
import Testing

@_spi(Testing) @testable import FlowContainersRestoration

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
struct SnapshotFileTests {
  @Test func aMissingFileReadsAsNothing() throws {
    try withTemporaryFolder { folder in
      let file = SnapshotFile(url: folder.appendingPathComponent("state.json"))
      let data = try file.read()
      #expect(data == nil)
    }
  }

  @Test func writingReplacesTheContentsAndLeavesNoTemporaryFiles() throws {
    try withTemporaryFolder { folder in
      let file = SnapshotFile(url: folder.appendingPathComponent("state.json"))
      try file.write(Data("one".utf8))
      try file.write(Data("two".utf8))
      #expect(try file.read() == Data("two".utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
    }
  }

  @Test func aSaveInterruptedBeforeItsRenameLeavesTheOldSnapshotIntact() throws {
    struct PowerCut: Error {}
    try withTemporaryFolder { folder in
      var file = SnapshotFile(url: folder.appendingPathComponent("state.json"))
      try file.write(Data("good".utf8))
      file.interruptBeforeRenameForTesting { throw PowerCut() }
      #expect(throws: PowerCut.self) { try file.write(Data("new but never committed".utf8)) }
      #expect(try file.read() == Data("good".utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"])
    }
  }

  @Test func writingIntoAFolderThatDoesNotExistFailsAndThrows() {
    let file = SnapshotFile(
      url: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/state.json"))
    #expect(throws: (any Error).self) { try file.write(Data("x".utf8)) }
  }
}

struct SnapshotFileLimitTests {
  /// A sparse file of `size` bytes at `url`, made without writing them.
  private func makeFile(at url: URL, size: UInt64) throws {
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: size)
    try handle.close()
  }

  @Test func readingAFileLargerThanTheLimitStopsWithoutReadingItAll() throws {
    try withTemporaryFolder { folder in
      let url = folder.appendingPathComponent("state.json")
      try makeFile(at: url, size: 1 << 30)  // a sparse 1 GiB file
      let file = SnapshotFile(url: url)
      #expect(
        throws: RestorationError.tooLarge(bytes: 1 << 30, limit: FlowSnapshot.maximumSize)
      ) {
        _ = try file.read()
      }
    }
  }
}

/// A snapshot file is a regular file: read through a symbolic link, the limit is the target's;
/// a pipe, a folder or a device is refused at once, never waited on.
@MainActor
struct SnapshotFileKindTests {
  @Test func aSnapshotOfExactlyTheLimitIsReadAndRestored() throws {
    let saved = LinkedApp()
    saved.app.container.push(.note(1))
    let data = try saved.router.restorer.snapshot().jsonData()
    // Padded with JSON whitespace to exactly the limit: still the same snapshot.
    let padding = FlowSnapshot.maximumSize - data.count
    let padded = data + Data(repeating: UInt8(ascii: " "), count: padding)
    #expect(padded.count == FlowSnapshot.maximumSize)
    let read = try withTemporaryFolder { folder in
      let file = SnapshotFile(url: folder.appendingPathComponent("state.json"))
      try file.write(padded)
      return try file.read()
    }
    #expect(read == padded)
    let linked = LinkedApp()
    let report = linked.router.restorer.restore(from: try #require(read))
    #expect(report.error == nil)
    #expect(report.isComplete)
    #expect(linked.tree == "AppFlow: [library, note(1)]")
  }

  @Test func aSnapshotOneByteOverTheLimitIsRefused() throws {
    try withTemporaryFolder { folder in
      let file = SnapshotFile(url: folder.appendingPathComponent("state.json"))
      try file.write(Data(repeating: UInt8(ascii: " "), count: FlowSnapshot.maximumSize + 1))
      #expect(
        throws: RestorationError.tooLarge(
          bytes: FlowSnapshot.maximumSize + 1, limit: FlowSnapshot.maximumSize)
      ) {
        _ = try file.read()
      }
    }
  }

  @Test func readThroughASymbolicLinkTheLimitIsTheTargetsSize() throws {
    try withTemporaryFolder { folder in
      let target = folder.appendingPathComponent("state.json")
      let size = FlowSnapshot.maximumSize + 10
      try Data(repeating: UInt8(ascii: " "), count: size).write(to: target)
      let link = folder.appendingPathComponent("link.json")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
      #expect(
        throws: RestorationError.tooLarge(bytes: size, limit: FlowSnapshot.maximumSize)
      ) {
        _ = try SnapshotFile(url: link).read()
      }
      // Under the limit, the link reads as its target.
      try Data("{}".utf8).write(to: target)
      #expect(try SnapshotFile(url: link).read() == Data("{}".utf8))
    }
  }

  @Test func aNamedPipeIsRefusedWithoutWaitingForAWriter() throws {
    try withTemporaryFolder { folder in
      let pipe = folder.appendingPathComponent("state.json")
      #expect(mkfifo(pipe.path, 0o600) == 0)
      #expect(throws: RestorationError.notARegularFile(pipe.path)) {
        _ = try SnapshotFile(url: pipe).read()
      }
    }
  }

  @Test func aFolderIsRefused() throws {
    try withTemporaryFolder { folder in
      #expect(throws: RestorationError.notARegularFile(folder.path)) {
        _ = try SnapshotFile(url: folder).read()
      }
    }
  }
}
