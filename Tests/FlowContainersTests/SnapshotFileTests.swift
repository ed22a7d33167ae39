import FlowContainers
@_spi(Testing) import FlowContainersLinks
import Foundation
import Testing

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
        throws: RestorationError(.tooLarge(bytes: 1 << 30, limit: FlowSnapshot.maximumSize))
      ) {
        _ = try file.read()
      }
    }
  }
}
