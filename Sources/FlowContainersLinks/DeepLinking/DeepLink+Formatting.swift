import Foundation

extension DeepLink: CustomStringConvertible {
  /// The link as text, percent-encoded so that parsing it gives this link back (less whatever
  /// has been consumed: the whole link is printed).
  ///
  /// ```swift
  /// print(DeepLink(scheme: "notes", components: ["note", "a b"]))  // notes://note/a%20b
  /// ```
  public var description: String {
    var text = scheme + ":"
    if DeepLink.isWebScheme(scheme) || host != nil || port != nil {
      text += "//"
      if let host { text += DeepLink.percentEncode(host, allowing: .host) }
      if let port { text += ":\(port)" }
    }
    for component in pathComponents {
      text += "/" + DeepLink.percentEncode(component, allowing: .path)
    }
    if !queryItems.isEmpty {
      text += "?"
      text += queryItems.map { item in
        let name = DeepLink.percentEncode(item.name, allowing: .query)
        guard let value = item.value else { return name }
        return name + "=" + DeepLink.percentEncode(value, allowing: .query)
      }.joined(separator: "&")
    }
    return text
  }

  enum EncodingContext {
    case host
    case path
    case query
  }

  /// Percent-encodes every byte of `text` except unreserved characters and, outside a query,
  /// sub-delimiters.
  static func percentEncode(_ text: String, allowing context: EncodingContext) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isAllowed(byte, in: context) {
        encoded.append(byte)
      } else {
        encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isAllowed(_ byte: UInt8, in context: EncodingContext) -> Bool {
    switch Unicode.Scalar(byte) {
    // Unreserved characters, then the sub-delimiters allowed everywhere.
    case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "!", "$", "'", "(", ")", "*", ",",
      ";":
      return true
    case ":", "@":
      // In a host, `:` would start a port and `@` end user information.
      return context != .host
    case "&", "=", "+": return context == .path
    default:
      return false
    }
  }
}
