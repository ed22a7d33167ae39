#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines read from a file descriptor, each at most a given length: a longer line is reported
/// by its start and skipped, never held whole.
///
/// ```swift
/// var reader = LineReader(fileDescriptor: STDIN_FILENO, maximumLength: 4096)
/// while let line = reader.next() { … }
/// ```
package struct LineReader {
  /// A line, or the start of one that was too long.
  package enum Line: Equatable {
    /// A line, without its line break (`\n`, or `\r\n`).
    case text(String)
    /// A line longer than the limit: its first bytes.
    case tooLong(prefix: String)
  }

  private let fileDescriptor: Int32
  private let maximumLength: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  /// A reader of `fileDescriptor`, which it does not close.
  package init(fileDescriptor: Int32, maximumLength: Int) {
    self.fileDescriptor = fileDescriptor
    self.maximumLength = maximumLength
  }

  /// The next line; `nil` at the end of the input (a last line without a line break counts).
  package mutating func next() -> Line? {
    // How many bytes after `start` are known to hold no line break.
    var searched = 0
    var tooLong: String?
    while true {
      if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
        if tooLong == nil, newline - start > maximumLength { tooLong = prefix() }
        let line = take(upTo: newline, skipping: 1)
        return tooLong.map { .tooLong(prefix: $0) } ?? .text(line)
      }
      searched = buffer.count - start
      if tooLong == nil, searched > maximumLength { tooLong = prefix() }
      if tooLong != nil {
        // Nothing more of it is kept: only where it ends matters.
        buffer.removeAll(keepingCapacity: true)
        start = 0
        searched = 0
      }
      guard !atEnd, fill() else {
        atEnd = true
        guard start < buffer.count || tooLong != nil else { return nil }
        let line = take(upTo: buffer.count, skipping: 0)
        return tooLong.map { .tooLong(prefix: $0) } ?? .text(line)
      }
    }
  }

  /// The first bytes of a line too long to keep.
  private func prefix() -> String {
    String(decoding: buffer[start..<(start + maximumLength)], as: UTF8.self)
  }

  /// The bytes from `start` to `end` as text (a `\r` before the break dropped), then `skipping`
  /// bytes more.
  private mutating func take(upTo end: Int, skipping: Int) -> String {
    var last = end
    if skipping > 0, last > start, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
    let text = String(decoding: buffer[start..<last], as: UTF8.self)
    start = end + skipping
    if start >= buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    return text
  }

  /// Reads more input; `false` at its end.
  private mutating func fill() -> Bool {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let chunk = 64 * 1024
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(fileDescriptor, bytes.baseAddress.map { $0 + old }, chunk)
      }
      if count < 0, errno == EINTR { continue }
      buffer.removeLast(chunk - max(count, 0))
      return count > 0
    }
  }
}
