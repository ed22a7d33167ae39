/// Why a text could not be parsed as a ``DeepLink``.
///
/// Its description names what was wrong and the offending part, so a host can show a useful
/// message and a log says what to fix. Parsing never crashes, whatever the input.
///
/// ```swift
/// do {
///   _ = try DeepLink(parsing: "notes://note/%ZZ")
/// } catch {
///   print(error)  // invalid deep link "notes://note/%ZZ": invalid percent-encoding in "%ZZ"
/// }
/// ```
public struct DeepLinkError: Error, Sendable, Hashable {
  /// What was wrong; internal, as a caller's only action is to show or log the error.
  enum Reason: Error, Sendable, Hashable {
    /// The text was empty.
    case empty
    /// The text does not look like a URL at all (no `scheme:`).
    case notAURL
    /// The text looks like a URL without its scheme, such as `//note/2` or `note/2`.
    case missingScheme
    /// The scheme has characters a scheme may not have.
    case invalidScheme(String)
    /// The host holds what the URL Standard forbids in one, a colon that starts no port, or is
    /// missing before a port's colon; with the authority as written.
    case invalidHost(String)
    /// The port is not a number from 0 to 65535, or the scheme (not `http` or `https`) takes none.
    case invalidPort(String)
    /// A control character or a line or paragraph separator, raw or percent-encoded, or a raw
    /// space, at this UTF-8 offset.
    case invalidCharacter(offset: Int)
    /// A `%` not followed by two hex digits, or escapes that do not decode to UTF-8.
    case invalidPercentEncoding(String)
    /// The text is longer than ``DeepLink/maximumLength`` UTF-8 bytes.
    case tooLong(length: Int, limit: Int)
    /// More than ``DeepLink/maximumComponents`` routed components or query items.
    case tooManyComponents(count: Int, limit: Int)
  }

  /// What was wrong.
  var reason: Reason
  /// The offending text, cut to 200 characters (and 800 Unicode scalars), `…` marking a cut.
  public var input: String

  /// An error for `reason`, with `input` cut to 200 characters (and 800 Unicode scalars).
  init(_ reason: Reason, input: String) {
    self.reason = reason
    // The head of `input`, read no further than it keeps, so a huge link costs no more.
    let scalars = input.unicodeScalars
    let headEnd = scalars.index(scalars.startIndex, offsetBy: 800, limitedBy: scalars.endIndex)
    let kept = Substring(scalars[..<(headEnd ?? scalars.endIndex)]).prefix(200)
    self.input = kept.endIndex == input.endIndex ? input : String(kept) + "…"
  }
}

extension DeepLinkError: CustomStringConvertible {
  /// One line: `invalid deep link "<input>": <what was wrong>`.
  public var description: String {
    let shown = input.unicodeScalars.map { scalar -> String in
      scalar.value < 0x20 || scalar.value == 0x7F
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
    return "invalid deep link \"\(shown)\": \(reason)"
  }
}

extension DeepLinkError.Reason: CustomStringConvertible {
  /// What was wrong, for a person: `invalid percent-encoding in "%ZZ"`.
  var description: String {
    switch self {
    case .empty: "the link is empty"
    case .notAURL: "not a URL: expected scheme://…"
    case .missingScheme: "missing scheme: expected scheme://…"
    case .invalidScheme(let scheme): "invalid scheme \"\(scheme)\""
    case .invalidHost(let host): "invalid host \"\(host)\""
    case .invalidPort(let port): "invalid port \"\(port)\""
    case .invalidCharacter(let offset): "control character or space at offset \(offset)"
    case .invalidPercentEncoding(let part): "invalid percent-encoding in \"\(part)\""
    case .tooLong(let length, let limit): "too long (\(length) bytes, limit \(limit))"
    case .tooManyComponents(let count, let limit):
      "too many components (\(count), limit \(limit))"
    }
  }
}
