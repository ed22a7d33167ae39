import Foundation

extension DeepLink {
  /// Parses `text` as a deep link.
  ///
  /// Accepts `scheme://host/path?query#fragment` and `scheme:path?query`. Scheme and host have
  /// their ASCII letters lowercased; path components and query items are percent-decoded (`+` stays
  /// a plus); empty path components are dropped; the fragment is ignored. Non-ASCII characters are
  /// taken as they are. `.` and `..` are ordinary components: nothing is resolved against a base.
  ///
  /// ```swift
  /// let link = try DeepLink(parsing: "NOTES://Note/2/%65dit")
  /// print(link.components)  // ["note", "2", "edit"]
  /// ```
  ///
  /// A host may hold what the URL Standard lets a host hold: `<`, `>`, `\`, `^`, `|`, `@`, `[`
  /// and `]` are refused raw or percent-encoded, and so are escapes of a space, `#`, `%`, `/`,
  /// `:` and `?`. In a path or a query, `%20` is a space, as the URL Standard encodes one there.
  ///
  /// - Parameter text: The link as received.
  /// - Throws: ``DeepLinkError`` naming the offending part: empty text, no scheme, an invalid
  ///   scheme, host or port, a raw space, a control character (raw or percent-encoded), invalid
  ///   percent-encoding, more than 4,096 bytes, or more than 64 components or query items.
  public init(parsing text: String) throws(DeepLinkError) {
    // Before anything reads the text (`withUTF8` copies a text that is not stored contiguously).
    let length = text.utf8.count
    guard length <= DeepLink.maximumLength else {
      throw DeepLinkError(.tooLong(length: length, limit: DeepLink.maximumLength), input: text)
    }
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(DeepLinkError.Reason) in try LinkParser(bytes: bytes).parse() }
    }
    switch result {
    case .success(let link): self = link
    case .failure(let reason): throw DeepLinkError(reason, input: text)
    }
  }
}

/// A single pass over the UTF-8 bytes of a link.
private struct LinkParser {
  /// The link's bytes, valid inside `withUTF8`; every read is inside ranges found in
  /// `0..<count` (`FuzzDeepLink` runs this under AddressSanitizer).
  let bytes: UnsafeBufferPointer<UInt8>

  private static let colon = UInt8(ascii: ":")
  private static let slash = UInt8(ascii: "/")
  private static let question = UInt8(ascii: "?")
  private static let hash = UInt8(ascii: "#")
  private static let percent = UInt8(ascii: "%")
  private static let ampersand = UInt8(ascii: "&")
  private static let equals = UInt8(ascii: "=")

  func parse() throws(DeepLinkError.Reason) -> DeepLink {
    let count = bytes.count
    // The caller has checked the length.
    guard count > 0 else { throw .empty }
    if let offset = Self.forbiddenCharacterOffset(in: bytes, decoded: false) {
      throw .invalidCharacter(offset: offset)
    }

    // scheme ":"
    var position = 0
    while position < count, !isDelimiter(bytes[position]), bytes[position] != Self.colon {
      position += 1
    }
    guard position < count, bytes[position] == Self.colon else {
      throw bytes.contains(Self.slash) ? .missingScheme : .notAURL
    }
    guard position > 0 else { throw .missingScheme }
    let scheme = try parseScheme(0..<position)
    position += 1

    // "//" authority
    var host: String?
    var port: Int?
    if position + 1 < count, bytes[position] == Self.slash, bytes[position + 1] == Self.slash {
      position += 2
      let start = position
      while position < count, !isDelimiter(bytes[position]) { position += 1 }
      (host, port) = try parseAuthority(start..<position)
      if port != nil, !DeepLink.isWebScheme(scheme) {
        throw .invalidPort(text(start..<position))
      }
    }

    // path, after the host of a custom scheme: the routed components, in one array sized once
    let hostFirst = !DeepLink.isWebScheme(scheme) && !(host?.isEmpty ?? true)
    var end = position
    var slashes = 0
    while end < count, bytes[end] != Self.question, bytes[end] != Self.hash {
      if bytes[end] == Self.slash { slashes += 1 }
      end += 1
    }
    var components: [String] = []
    components.reserveCapacity(slashes + 1 + (hostFirst ? 1 : 0))
    if hostFirst, let host { components.append(host) }
    var start = position
    while position < end {
      if bytes[position] == Self.slash {
        if position > start { components.append(try decode(start..<position)) }
        start = position + 1
      }
      position += 1
    }
    if position > start { components.append(try decode(start..<position)) }

    // query
    var queryItems: [URLQueryItem] = []
    if position < count, bytes[position] == Self.question {
      position += 1
      start = position
      while position <= count {
        if position == count || bytes[position] == Self.ampersand || bytes[position] == Self.hash {
          if position > start { queryItems.append(try parseQueryItem(start..<position)) }
          if position == count || bytes[position] == Self.hash { break }
          start = position + 1
        }
        position += 1
      }
    }

    let link = DeepLink(
      scheme: scheme, host: host, port: port, components: components,
      pathStart: hostFirst ? 1 : 0, queryItems: queryItems)
    let limit = DeepLink.maximumComponents
    if link.components.count > limit {
      throw .tooManyComponents(count: link.components.count, limit: limit)
    }
    if queryItems.count > limit {
      throw .tooManyComponents(count: queryItems.count, limit: limit)
    }
    return link
  }

  private func isDelimiter(_ byte: UInt8) -> Bool {
    byte == Self.slash || byte == Self.question || byte == Self.hash
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private func parseScheme(_ range: Range<Int>) throws(DeepLinkError.Reason) -> String {
    var hasUppercase = false
    for index in range {
      let byte = bytes[index]
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      let isSymbol =
        byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      guard isLetter || (index > range.lowerBound && (isDigit || isSymbol)) else {
        throw .invalidScheme(text(range))
      }
      if isLetter, byte & 0x20 == 0 { hasUppercase = true }
    }
    return hasUppercase ? text(range).asciiLowercased() : text(range)
  }

  private func parseAuthority(
    _ range: Range<Int>
  ) throws(DeepLinkError.Reason) -> (host: String?, port: Int?) {
    var hostEnd = range.upperBound
    var port: Int?
    if range.contains(where: { Self.isForbiddenInHost(bytes[$0]) }) {
      throw .invalidHost(text(range))
    }
    if let colon = range.last(where: { bytes[$0] == Self.colon }) {
      // `sc://:/` or `https://:8443/`: a port, or its colon, with no host before it.
      guard colon > range.lowerBound else { throw .invalidHost(text(range)) }
      hostEnd = colon
      let digits = (colon + 1)..<range.upperBound
      if !digits.isEmpty {
        var value = 0
        for index in digits {
          let byte = bytes[index]
          guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value <= 65535 else {
            throw .invalidPort(text(digits))
          }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard value <= 65535 else { throw .invalidPort(text(digits)) }
        port = value
      }
    }
    let hostRange = range.lowerBound..<hostEnd
    guard !hostRange.isEmpty else { return (nil, port) }
    // Only the last colon separates a port; another one makes the host ambiguous.
    if hostRange.contains(where: { bytes[$0] == Self.colon }) {
      throw .invalidHost(text(range))
    }
    let host = try decode(hostRange)
    // Decoded, the host may not hold what it may not hold raw, nor what the escapes stood for
    // (`%20`, `%2F`, `%3A`: a space, `/`, `:`), as the URL Standard has it for a domain.
    if host.utf8.contains(where: { Self.isForbiddenInHost($0) || Self.isDelimiterOrEscape($0) }) {
      throw .invalidHost(text(range))
    }
    return (host.asciiLowercased(), port)
  }

  /// Whether `byte` is one of the URL Standard's forbidden host code points that can stand raw in
  /// an authority: `@`, `[`, `]`, `<`, `>`, `\`, `^` and `|`. (Controls and spaces are refused
  /// everywhere, `#`, `/` and `?` end the authority, and `:` starts the port.)
  private static func isForbiddenInHost(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"),
      UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "|"):
      true
    default: false
    }
  }

  /// Whether `byte` is a space, `#`, `%`, `/`, `:` or `?`: forbidden in a host too, but only a
  /// percent-escape can put one there.
  private static func isDelimiterOrEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), hash, percent, slash, colon, question: true
    default: false
    }
  }

  private func parseQueryItem(
    _ range: Range<Int>
  ) throws(DeepLinkError.Reason) -> URLQueryItem {
    guard let equals = range.first(where: { bytes[$0] == Self.equals }) else {
      return URLQueryItem(name: try decode(range), value: nil)
    }
    return URLQueryItem(
      name: try decode(range.lowerBound..<equals),
      value: try decode((equals + 1)..<range.upperBound))
  }

  /// Percent-decodes the bytes in `range`; they must decode to UTF-8 without control characters.
  private func decode(_ range: Range<Int>) throws(DeepLinkError.Reason) -> String {
    guard range.contains(where: { bytes[$0] == Self.percent }) else { return text(range) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte == Self.percent else {
        decoded.append(byte)
        index += 1
        continue
      }
      guard index + 2 < range.upperBound, let high = bytes[index + 1].hexDigitValue,
        let low = bytes[index + 2].hexDigitValue
      else {
        throw .invalidPercentEncoding(text(range))
      }
      let value = high << 4 | low
      if value < 0x20 || value == 0x7F { throw .invalidCharacter(offset: index) }
      decoded.append(value)
      index += 3
    }
    guard let string = String(validating: decoded, as: UTF8.self) else {
      throw .invalidPercentEncoding(text(range))
    }
    if decoded.withUnsafeBufferPointer({ Self.forbiddenCharacterOffset(in: $0, decoded: true) })
      != nil
    {
      throw .invalidCharacter(offset: range.lowerBound)
    }
    return string
  }

  /// The offset of the first C0 or C1 control, DEL, U+2028 or U+2029 (and, raw, space) in
  /// `bytes`; every read is checked to be below `bytes.count`.
  static func forbiddenCharacterOffset(
    in bytes: UnsafeBufferPointer<UInt8>, decoded: Bool
  ) -> Int? {
    let count = bytes.count
    var index = 0
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F || (byte == 0x20 && !decoded) { return index }
      if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) {
        return index
      }
      if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
