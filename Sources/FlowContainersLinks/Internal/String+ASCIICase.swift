extension StringProtocol {
  /// The text with its ASCII letters lowercased and every other character as it is.
  ///
  /// The one case rule of links: schemes, hosts and pattern literals compare case-insensitively
  /// for ASCII letters and exactly otherwise, so a pattern and a link always fold alike. It works
  /// on characters, so `E` followed by a combining accent (one character, `É`, not ASCII) stays
  /// as it is, like the precomposed `É` it equals. Costs one scan when there is nothing to lower.
  func asciiLowercased() -> String {
    guard utf8.contains(where: isUppercase) else { return String(self) }
    guard utf8.allSatisfy({ $0 < 0x80 }) else {
      return String(map { $0.isASCII ? Character($0.lowercased()) : $0 })
    }
    return String(decoding: utf8.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}

extension String {
  /// The text with its ASCII letters lowercased (see `StringProtocol`'s): the string itself,
  /// after one scan of its contiguous bytes, when it has no uppercase ASCII letter.
  func asciiLowercased() -> String {
    let hasUppercase = utf8.withContiguousStorageIfAvailable { $0.contains(where: isUppercase) }
    if hasUppercase == false { return self }
    return self[...].asciiLowercased()
  }
}

/// Whether `byte` is an ASCII uppercase letter, `A` to `Z`: the one test both folds use.
private func isUppercase(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
}
