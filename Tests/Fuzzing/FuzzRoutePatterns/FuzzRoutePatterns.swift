import FlowContainers
import Foundation
import FuzzSupport

/// Builds a route table from fuzzed patterns and matches fuzzed links against it, comparing the
/// trie with a naive reference: try every pattern, keep the most specific by the documented
/// rule (segment by segment: literal, then Int, UUID, String parameters, then the wildcard).
///
/// Input: one item a line; `p <pattern>` declares a pattern, `l <path>` matches a link.
func check(_ data: Data) {
  let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(40)
  let patternTexts = lines.filter { $0.hasPrefix("p ") }.prefix(16).map { String($0.dropFirst(2)) }
  let links = lines.filter { $0.hasPrefix("l ") }.prefix(16).map { String($0.dropFirst(2)) }
  let entries: [RouteTable<String>.Entry] = patternTexts.map { text in
    .pattern(text) { _ in [text] }
  }
  var table = RouteTable<String>([])
  MisuseReports.withHandler({ _ in }, operation: { table = RouteTable(entries) })
  let accepted = table.patterns
  require(accepted.count + table.problems.count == patternTexts.count, "a pattern went missing")
  for path in links {
    guard let link = try? DeepLink(parsing: "f:" + path) else { continue }
    let first = table.resolve(link)
    let second = table.resolve(link)
    require(
      first?.stack == second?.stack && first?.pattern == second?.pattern
        && first?.remainder == second?.remainder,
      "resolving \(path) twice differs")
    let expected = reference(accepted, Array(link.remaining))
    require(
      first?.pattern == expected?.text,
      "\(path): the table chose \(first?.pattern ?? "nothing"), the reference \(expected?.text ?? "nothing")"
    )
    if let first, segments(of: first.pattern).last == .wildcard {
      let consumed = segments(of: first.pattern).count - 1
      require(
        Array(first.remainder.remaining) == Array(link.remaining.dropFirst(consumed)),
        "\(path): wrong remainder")
    }
  }
}

/// The naive reference matcher.
func reference(_ patterns: [RoutePattern], _ components: [String]) -> RoutePattern? {
  var best: (rank: [Int], pattern: RoutePattern)?
  for pattern in patterns {
    guard let rank = rank(of: pattern, against: components) else { continue }
    if best == nil || rank.lexicographicallyPrecedes(best?.rank ?? []) { best = (rank, pattern) }
  }
  return best?.pattern
}

/// A segment of an accepted pattern, read from its text by the documented syntax.
enum Segment: Equatable {
  case literal(String)
  case parameter(type: String)
  case wildcard
}

/// The segments of `pattern`, which the table accepted: `*`, `:name<Type>` (a `String` without a
/// type) or a literal, whose ASCII letters compare in lowercase.
func segments(of pattern: String) -> [Segment] {
  guard !pattern.isEmpty else { return [] }
  return pattern.split(separator: "/", omittingEmptySubsequences: false).map { part in
    if part == "*" { return .wildcard }
    guard part.hasPrefix(":") else {
      return .literal(String(part.map { $0.isASCII ? Character($0.lowercased()) : $0 }))
    }
    guard let open = part.firstIndex(of: "<") else { return .parameter(type: "String") }
    return .parameter(type: String(part[part.index(after: open)...].dropLast()))
  }
}

/// The pattern's rank at each position if it matches; `nil` if it does not.
func rank(of pattern: RoutePattern, against components: [String]) -> [Int]? {
  let segments = segments(of: pattern.text)
  var rank: [Int] = []
  for position in 0...components.count {
    guard position < segments.count else {
      return position == components.count ? rank + [0] : nil
    }
    let component = position < components.count ? components[position] : nil
    switch segments[position] {
    case .wildcard:
      return rank + [4]
    case .literal(let text):
      // The documented rule, written out: ASCII letters compare case-insensitively, the rest
      // exactly.
      guard let component,
        String(component.map { $0.isASCII ? Character($0.lowercased()) : $0 }) == text
      else { return nil }
      rank.append(0)
    case .parameter(let type):
      guard let component else { return nil }
      switch type {
      case "Int":
        // Canonical only: `09`, `+9` and `-0` are not numbers a link may use.
        guard let value = Int(component), String(value) == component else { return nil }
        rank.append(1)
      case "UUID":
        // Canonical only: 8-4-4-4-12 hexadecimal digits, either case. (Foundation's
        // `UUID(uuidString:)` on Linux also takes signs and spaces inside a group.)
        guard isCanonicalUUID(component) else { return nil }
        rank.append(2)
      default:
        rank.append(3)
      }
    }
  }
  return nil
}

/// Whether `text` is a UUID's canonical form, written out character by character.
func isCanonicalUUID(_ text: String) -> Bool {
  let characters = Array(text)
  guard characters.count == 36 else { return false }
  for (position, character) in characters.enumerated() {
    if [8, 13, 18, 23].contains(position) {
      guard character == "-" else { return false }
    } else {
      guard character.isHexDigit, character.isASCII else { return false }
    }
  }
  return true
}

#if FUZZING
  /// libFuzzer's entry point: checks one input.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - count: Its length.
  /// - Returns: 0, as libFuzzer expects.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    check(Data(bytes: bytes, count: count))
    return 0
  }
#else
  @main
  enum Main {
    static func main() {
      Replay.run(arguments: Array(CommandLine.arguments.dropFirst()), check)
    }
  }
#endif
