import Foundation
import Testing

@testable import NotesServerKit

struct LineReaderTests {
  /// The lines a reader reads from `input`, written into a pipe in `chunks` bytes at a time.
  static func lines(
    _ input: String, chunks: Int = 7, maximumLength: Int = 16
  ) throws
    -> [LineReader.Line]
  {
    let pipe = Pipe()
    let bytes = Array(input.utf8)
    let writer = Thread {
      var offset = 0
      while offset < bytes.count {
        let end = min(offset + chunks, bytes.count)
        pipe.fileHandleForWriting.write(Data(bytes[offset..<end]))
        offset = end
      }
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    var reader = LineReader(
      fileDescriptor: pipe.fileHandleForReading.fileDescriptor, maximumLength: maximumLength)
    var lines: [LineReader.Line] = []
    while let line = reader.next() { lines.append(line) }
    return lines
  }

  @Test func noInputHasNoLines() throws {
    #expect(try Self.lines("") == [])
  }

  @Test func linesSplitOverReadsComeWhole() throws {
    for chunks in [1, 2, 5, 7, 64] {
      #expect(
        try Self.lines("one\ntwo two\n\nthree\r\nlast", chunks: chunks)
          == [.text("one"), .text("two two"), .text(""), .text("three"), .text("last")],
        "chunks of \(chunks)")
    }
  }

  @Test func aLineOverTheLimitIsReportedByItsStartAndSkipped() throws {
    for chunks in [1, 3, 16, 17, 1000] {
      #expect(
        try Self.lines(
          "short\n" + String(repeating: "x", count: 16) + "\nab "
            + String(repeating: "y", count: 40)
            + "\nafter\n" + String(repeating: "z", count: 17), chunks: chunks)
          == [
            .text("short"), .text(String(repeating: "x", count: 16)),
            .tooLong(prefix: "ab " + String(repeating: "y", count: 13)), .text("after"),
            .tooLong(prefix: String(repeating: "z", count: 16)),
          ],
        "chunks of \(chunks)")
    }
  }
}
