/// A parsed route pattern such as `note/:id<Int>/edit` or `settings/*`.
///
/// A pattern is a `/`-separated list of segments:
///
/// - a literal, such as `note`, matches that component (ASCII letters compare case-insensitively);
/// - a parameter, `:name` or `:name<Type>`, matches one component of its type: `String` (any
///   component, the default), `Int` (a decimal integer) or `UUID`;
/// - a trailing wildcard, `*`, matches whatever is left, even nothing. What it matched is the
///   remainder of the link, which resolution hands to a sub-flow.
///
/// The empty pattern `""` matches a link with no components left.
///
/// When several patterns match, the most specific wins, segment by segment from the left: a
/// literal beats a typed parameter (`Int`, `UUID`), which beats a `String` parameter, which beats
/// the wildcard. Declaration order never matters.
///
/// A ``RouteTable`` parses the patterns it is declared with, and lists them in
/// ``RouteTable/patterns``; it reports a malformed one in ``RouteTable/problems``.
///
/// ```swift
/// let table: RouteTable<AppRoute> = [.pattern("note/:id<Int>/*") { _ in [.library] }]
/// print(table.patterns)  // [note/:id<Int>/*]
/// ```
public struct RoutePattern: Sendable, Hashable {
  /// The type of a parameter segment, in matching order: typed ones first.
  enum ParameterType: String, Sendable, Hashable, CaseIterable {
    /// A decimal integer that fits in `Int`, such as `42` or `-1`.
    case int = "Int"
    /// A UUID in its canonical 36-character form, in either case.
    case uuid = "UUID"
    /// Any non-empty component.
    case string = "String"
  }

  /// One segment of a pattern.
  enum Segment: Sendable, Hashable {
    /// Matches a component equal to the text (ASCII letters compare case-insensitively).
    case literal(String)
    /// Matches one component of the given type, captured under `name`.
    case parameter(name: String, type: ParameterType)
    /// Matches the rest of the link, even nothing. Only last.
    case wildcard
  }

  /// The pattern as written.
  public let text: String
  /// The segments, in order.
  let segments: [Segment]

  /// Parses a pattern such as `note/:id<Int>/edit`; throws when a segment is empty, a parameter
  /// has no name or an unknown type, a name repeats, or `*` is not last.
  init(_ text: String) throws(RoutePatternError) {
    self.text = text
    var segments: [Segment] = []
    var names: Set<String> = []
    let parts = text.isEmpty ? [] : text.split(separator: "/", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      let segment = try Self.parseSegment(part, in: text)
      if case .wildcard = segment, index != parts.count - 1 {
        throw RoutePatternError(pattern: text, problem: "`*` must be the last segment")
      }
      if case .parameter(let name, _) = segment, !names.insert(name).inserted {
        throw RoutePatternError(pattern: text, problem: "parameter `\(name)` appears twice")
      }
      segments.append(segment)
    }
    self.segments = segments
  }

  private static func parseSegment(
    _ part: Substring, in text: String
  ) throws(RoutePatternError) -> Segment {
    if part.isEmpty {
      throw RoutePatternError(pattern: text, problem: "empty segment (two `/` in a row?)")
    }
    if part == "*" { return .wildcard }
    guard part.first == ":" else {
      if part.contains(where: { $0 == "*" || $0 == "<" || $0 == ">" || $0 == ":" }) {
        throw RoutePatternError(
          pattern: text, problem: "literal `\(part)` holds one of `*`, `:`, `<`, `>`")
      }
      return .literal(part.asciiLowercased())
    }
    var body = part.dropFirst()
    var type = ParameterType.string
    if let open = body.firstIndex(of: "<") {
      guard body.last == ">" else {
        throw RoutePatternError(pattern: text, problem: "parameter `\(part)` lacks a closing `>`")
      }
      let typeName = body[body.index(after: open)..<body.index(before: body.endIndex)]
      guard let parsed = ParameterType(rawValue: String(typeName)) else {
        throw RoutePatternError(
          pattern: text,
          problem: "unknown parameter type `\(typeName)`; use Int, UUID or String")
      }
      type = parsed
      body = body[..<open]
    }
    guard !body.isEmpty,
      body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    else {
      throw RoutePatternError(
        pattern: text, problem: "parameter `\(part)` needs a name of letters, digits or `_`")
    }
    return .parameter(name: String(body), type: type)
  }
}

extension RoutePattern {
  /// Whether the pattern ends with a wildcard, so it hands a remainder to a sub-flow.
  var hasWildcard: Bool { segments.last == .wildcard }

  /// The components of a link this pattern matches, with `parameters` (by name) filled in and no
  /// wildcard; `nil` when a parameter is missing or its value does not fit its type.
  func components(filling parameters: [String: String]) -> [String]? {
    var components: [String] = []
    for segment in segments {
      switch segment {
      case .literal(let text):
        components.append(text)
      case .parameter(let name, let type):
        guard let value = parameters[name], type.accepts(value) else { return nil }
        components.append(value)
      case .wildcard:
        break
      }
    }
    return components
  }
}

extension RoutePattern: CustomStringConvertible {
  /// The pattern as written.
  public var description: String { text }
}

/// Why a route pattern could not be parsed or declared.
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The pattern as written.
  var pattern: String
  /// What is wrong with it, for a person.
  var problem: String

  /// One line: `route pattern "<pattern>": <problem>`.
  public var description: String { "route pattern \"\(pattern)\": \(problem)" }
}
