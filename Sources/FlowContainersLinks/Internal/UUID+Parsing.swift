import Foundation

extension UUID {
  /// Parses exactly what `UUID(uuidString:)` accepts (`8-4-4-4-12` hex digits, either case), in
  /// one pass without allocating: Foundation's parser costs more than the rest of matching.
  init?(parsing text: some StringProtocol) {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var digits = 0
    var position = 0
    for byte in text.utf8 {
      defer { position += 1 }
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let value = byte.hexDigitValue else { return nil }
      if digits < 16 {
        high = high << 4 | UInt64(value)
      } else if digits < 32 {
        low = low << 4 | UInt64(value)
      } else {
        return nil
      }
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

extension UInt8 {
  /// The value of this byte as a hexadecimal digit, either case; `nil` for another byte.
  var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }
}
