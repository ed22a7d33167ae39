import Foundation

/// What a program does without the link layer.
///
/// It splits the link by hand, switches on its components, and parses typed parameters by hand:
/// the baseline of `deeplink_match`, and the parsing of `deeplink_resolve_apply`'s safe floor.
enum HandWritten {
  /// The components after `scheme://`, or `nil` for another scheme.
  static func components(of text: String, scheme: String) -> [Substring]? {
    let prefix = scheme + "://"
    guard text.utf8.starts(with: prefix.utf8) else { return nil }
    let rest = text.dropFirst(prefix.utf8.count)
    return rest.split(separator: "/", omittingEmptySubsequences: true)
  }

  /// A decimal `Int`, canonical (no sign, no leading zero).
  static func int(_ text: Substring) -> Int? {
    int(bytes: text.utf8)
  }

  static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Matches `bench://kind<n>/<Int>` and `bench://thing/<UUID>/part/<Int>` in one pass over the
  /// bytes, without allocating: the tightest hand-written matcher of `deeplink_match`'s shapes.
  static func match(_ text: String) -> [Route]? {
    var utf8 = text.utf8[...]
    guard utf8.starts(with: "bench://".utf8) else { return nil }
    utf8 = utf8.dropFirst(8)
    guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
    let first = utf8[..<slash]
    utf8 = utf8[utf8.index(after: slash)...]
    if first.elementsEqual("thing".utf8) {
      guard let second = utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
      guard let id = UUID(bytes: utf8[..<second]) else { return nil }
      utf8 = utf8[utf8.index(after: second)...]
      guard utf8.starts(with: "part/".utf8), let n = int(bytes: utf8.dropFirst(5)) else {
        return nil
      }
      return [.home, .part(id, n)]
    }
    guard first.starts(with: "kind".utf8), let kind = int(bytes: first.dropFirst(4)), kind < 49,
      let id = int(bytes: utf8)
    else { return nil }
    return [.home, .item(id)]
  }

  /// A canonical decimal `Int` from bytes.
  static func int(bytes: Substring.UTF8View.SubSequence) -> Int? {
    guard let first = bytes.first, first != UInt8(ascii: "0") || bytes.count == 1 else {
      return nil
    }
    var value = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else { return nil }
      value = sum
    }
    return value
  }
}

extension UUID {
  /// The 36-character form, from bytes, in one pass.
  fileprivate init?(bytes: Substring.UTF8View.SubSequence) {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var position = 0
    var digits = 0
    for byte in bytes {
      defer { position += 1 }
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let value = HandWritten.hex(byte), digits < 32 else { return nil }
      if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
      digits += 1
    }
    guard position == 36, digits == 32 else { return nil }
    func byte(_ word: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
    }
    self.init(
      uuid: (
        byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4),
        byte(high, 5), byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2),
        byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
      ))
  }
}
