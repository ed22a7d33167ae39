import FlowContainersCore
import Foundation

/// Reads a version 1 snapshot without recursion, and rewrites it as version 2.
///
/// Version 1 nests each presented level inside its presenter
/// (`{"version": 1, "root": {"flow": …, "stack": […], "presented": {…}}}`), so a deep tree is a
/// deeply nested document, deeper than `JSONDecoder` reads (about 500 levels) long before the
/// documented limit of ``FlowSnapshot/maximumLevels``. This reader walks the nesting with an
/// explicit stack, cuts out each level's `flow` and `stack` as they are written, and returns
/// the flat version 2 document (`{"version": 2, "levels": [{"flow": …, "routes": […]}, …]}`),
/// which the ordinary decoder then reads and checks. It checks only the shape it walks; any
/// document it cannot walk is left to the ordinary decoder, which says what is wrong.
struct Version1Reader {
  private let bytes: [UInt8]
  private var index = 0

  private init(_ data: Data) {
    bytes = Array(data)
  }

  /// The version 2 document for `data`, and how many levels it has; `nil` when `data` is not a
  /// version 1 document this reader can walk.
  static func flatten(_ data: Data) -> (json: Data, levels: Int)? {
    var reader = Version1Reader(data)
    return reader.document()
  }

  /// One level's `flow` and `stack`, as byte ranges of the input.
  private struct Level {
    var flow: Range<Int>?
    var stack: Range<Int>?
  }

  private mutating func document() -> (json: Data, levels: Int)? {
    guard consume(UInt8(ascii: "{")) else { return nil }
    var version: Int?
    var levels: [Level]?
    while true {
      guard let key = key() else { return nil }
      switch key {
      case "version":
        guard let range = value(), let number = Int(text(range)) else { return nil }
        version = number
      case "root":
        guard let read = nodes() else { return nil }
        levels = read
      default:
        guard value() != nil else { return nil }
      }
      if consume(UInt8(ascii: ",")) { continue }
      guard consume(UInt8(ascii: "}")) else { return nil }
      break
    }
    guard version == 1, let levels, !levels.isEmpty else { return nil }
    var json = Array(#"{"version":2,"levels":["#.utf8)
    for (position, level) in levels.enumerated() {
      guard let flow = level.flow, let stack = level.stack else { return nil }
      if position > 0 { json.append(UInt8(ascii: ",")) }
      json += Array(#"{"flow":"#.utf8)
      json += bytes[flow]
      json += Array(#","routes":"#.utf8)
      json += bytes[stack]
      json.append(UInt8(ascii: "}"))
    }
    json += Array("]}".utf8)
    return (Data(json), levels.count)
  }

  /// Reads the chain of nodes that starts at the current position, each `presented` inside
  /// the one before, with an explicit stack of the nodes still open.
  private mutating func nodes() -> [Level]? {
    guard consume(UInt8(ascii: "{")) else { return nil }
    var levels: [Level] = [Level()]
    // The depths of the nodes still open, innermost last.
    var open: [Int] = [0]
    while let depth = open.last {
      if consume(UInt8(ascii: "}")) {
        open.removeLast()
        if !open.isEmpty, !endOfValue() { return nil }
        continue
      }
      guard let key = key() else { return nil }
      switch key {
      case "flow":
        guard let range = value(), bytes[range.lowerBound] == UInt8(ascii: "\"") else {
          return nil
        }
        levels[depth].flow = range
      case "stack":
        guard let range = value(), bytes[range.lowerBound] == UInt8(ascii: "[") else {
          return nil
        }
        levels[depth].stack = range
      case "presented":
        if consume(UInt8(ascii: "{")) {
          guard depth + 1 == levels.count else { return nil }
          levels.append(Level())
          open.append(depth + 1)
          continue
        }
        guard let range = value(), text(range) == "null" else { return nil }
      default:
        guard value() != nil else { return nil }
      }
      guard endOfValue() else { return nil }
    }
    return levels
  }

  /// After a member's value: a comma (another member follows) or the closing brace, which is
  /// left for the caller.
  private mutating func endOfValue() -> Bool {
    if consume(UInt8(ascii: ",")) { return true }
    skipWhitespace()
    return index < bytes.count && bytes[index] == UInt8(ascii: "}")
  }

  /// A member's key and its colon.
  private mutating func key() -> String? {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let range = string() else {
      return nil
    }
    guard consume(UInt8(ascii: ":")) else { return nil }
    return text(range.dropFirst().dropLast())
  }

  /// Skips one value, however deeply it nests, and returns its range.
  private mutating func value() -> Range<Int>? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return string()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var closers: [UInt8] = []
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard string() != nil else { return nil }
          continue
        case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          guard closers.popLast() == bytes[index] else { return nil }
          if closers.isEmpty {
            index += 1
            return start..<index
          }
        default: break
        }
        index += 1
      }
      return nil
    default:
      while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
      return index > start ? start..<index : nil
    }
  }

  /// A string at the current position, quotes included.
  private mutating func string() -> Range<Int>? {
    let start = index
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""):
        index += 1
        return start..<index
      default: index += 1
      }
    }
    return nil
  }

  private static func endsScalar(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
      || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r")
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
        || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r")
    {
      index += 1
    }
  }

  private func text<Indices: Collection<Int>>(_ range: Indices) -> String {
    String(decoding: range.map { bytes[$0] }, as: UTF8.self)
  }
}
