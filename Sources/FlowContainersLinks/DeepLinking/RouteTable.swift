import FlowContainersCore
import FlowContainersRestoration

/// A flow's declared route patterns, each with how it builds the flow's stack.
///
/// Declare one per flow type, as a static property. Each entry pairs a ``RoutePattern`` with a
/// builder that turns what the pattern matched into the stack of routes the flow shows:
///
/// ```swift
/// static let routes: RouteTable<AppRoute> = [
///   .pattern("library") { _ in [.library] },
///   .pattern("note/:id<Int>", parameters: AppRoute.noteParameters) { match in
///     [.library, .note(try match.int("id"))]
///   },
///   .pattern("note/:id<Int>/*") { match in [.library, .note(try match.int("id"))] },
///   .pattern("*") { _ in [.library] },  // anything else goes to a sub-flow, over the library
/// ]
/// ```
///
/// Matching is by specificity, never by declaration order (see ``RoutePattern``), and costs the
/// length of the link, not the number of patterns. A malformed pattern, or one that matches
/// exactly the same links as an earlier one, is reported through ``MisuseReports`` when the
/// table is created, naming both patterns, and left out; ``problems`` lists them too.
///
/// For sharing (``DeepLinkRouter/currentLink()``), a pattern with parameters needs a `parameters`
/// function that reads them back from a stack.
public struct RouteTable<Route: Hashable & Sendable>: Sendable {
  /// One declared pattern and its builder.
  public struct Entry: Sendable {
    let text: String
    let make: @Sendable (RouteMatch) throws -> [Route]
    let parameters: (@Sendable ([Route]) -> [String: String]?)?
    let fileID: String
    let line: UInt

    /// Declares a pattern and how it builds this flow's stack.
    ///
    /// - Parameters:
    ///   - pattern: The pattern, such as `note/:id<Int>/edit` (see ``RoutePattern``).
    ///   - parameters: For the reverse direction: given a stack, the parameter values that make
    ///     this pattern build it, or `nil` if it cannot. Not needed when the pattern has no
    ///     parameters.
    ///   - fileID: The declaring file, for reports.
    ///   - line: The declaring line, for reports.
    ///   - make: Builds the stack of routes, bottom first, from what the pattern matched. It
    ///     must be pure.
    /// - Returns: The entry.
    public static func pattern(
      _ pattern: String, parameters: (@Sendable ([Route]) -> [String: String]?)? = nil,
      fileID: String = #fileID, line: UInt = #line,
      _ make: @escaping @Sendable (RouteMatch) throws -> [Route]
    ) -> Entry {
      Entry(text: pattern, make: make, parameters: parameters, fileID: fileID, line: line)
    }
  }

  /// A class: matching copies one reference, not what an entry holds.
  final class Declared: Sendable {
    let pattern: RoutePattern
    let entry: Entry
    let names: [String]

    init(pattern: RoutePattern, entry: Entry, names: [String]) {
      (self.pattern, self.entry, self.names) = (pattern, entry, names)
    }
  }

  let declared: [Declared]
  let trie: RouteTrie

  /// The entries left out because their pattern was malformed or conflicted with another.
  public let problems: [RoutePatternError]

  /// Creates a table, reporting and leaving out malformed and conflicting patterns.
  ///
  /// - Parameter entries: The declared patterns, in any order.
  public init(_ entries: [Entry]) {
    var declared: [Declared] = []
    var trie = RouteTrie()
    var problems: [RoutePatternError] = []
    for entry in entries {
      let problem: RoutePatternError
      do throws(RoutePatternError) {
        let pattern = try RoutePattern(entry.text)
        guard let existing = trie.insert(pattern, entry: declared.count) else {
          let names = pattern.segments.compactMap { segment -> String? in
            if case .parameter(let name, _) = segment { return name }
            return nil
          }
          declared.append(Declared(pattern: pattern, entry: entry, names: names))
          continue
        }
        let earlier = declared[existing]
        problem = RoutePatternError(
          pattern: entry.text,
          problem: "matches exactly the same links as \"\(earlier.pattern.text)\" (declared at "
            + "\(earlier.entry.fileID):\(earlier.entry.line)); give them different literals or "
            + "parameter types")
      } catch {
        problem = error
      }
      problems.append(problem)
      MisuseReports.report(
        FlowDiagnostic(
          code: .malformedPattern, message: problem.description,
          location: "RouteTable<\(Route.self)>", fileID: entry.fileID, line: entry.line))
    }
    self.declared = declared
    self.trie = trie
    self.problems = problems
  }

  /// The patterns in the table, in declaration order.
  public var patterns: [RoutePattern] { declared.map(\.pattern) }
}

extension RouteTable: ExpressibleByArrayLiteral {
  /// Creates a table from a literal list of entries.
  ///
  /// - Parameter elements: The entries.
  public init(arrayLiteral elements: Entry...) {
    self.init(elements)
  }
}

extension RouteTable {
  /// Resolves the link's ``DeepLink/remaining`` components against the table.
  ///
  /// The most specific matching pattern wins. If its builder throws (it asked for a parameter
  /// its pattern lacks), that is reported and the next most specific pattern is tried.
  ///
  /// ```swift
  /// let resolution = AppFlow.routes.resolve(try DeepLink(parsing: "notes://note/2/edit"))
  /// print(resolution?.stack)                // Optional([library, note(2)])
  /// print(resolution?.remainder.remaining)  // Optional(["edit"])
  /// ```
  ///
  /// - Parameter link: The link, as this level sees it.
  /// - Returns: `nil` when no pattern matches; otherwise the `stack` of routes this level shows,
  ///   bottom first, the `pattern` that matched, as written, and the `remainder`: the link with
  ///   this level's components consumed, whose ``DeepLink/remaining`` components go to a
  ///   sub-flow (none when the link ends here).
  public func resolve(
    _ link: DeepLink
  ) -> (stack: [Route], pattern: String, remainder: DeepLink)? {
    var resolution: (stack: [Route], pattern: String, remainder: DeepLink)?
    var values: [String] = []
    firstResolution(of: link, values: &values) { stack, pattern, remainder in
      resolution = (stack, pattern.text, remainder)
    }
    return resolution
  }

  /// Hands `found` the stack, pattern and remainder of the most specific pattern that builds a
  /// stack for `link`: ``resolve(_:)`` with no optional of a generic value to look up.
  ///
  /// `values` is an empty list for the parameters' values, which a caller may keep for the next.
  func firstResolution(
    of link: DeepLink, values: inout [String],
    _ found: (_ stack: [Route], RoutePattern, _ remainder: DeepLink) -> Void
  ) {
    trie.firstMatch(link.remaining, values: &values) { index, values, consumed in
      let declared = self.declared[index]
      let remainder = link.dropping(consumed)
      let match = RouteMatch(
        pattern: declared.pattern.text, link: link, consumed: consumed, names: declared.names,
        values: values)
      do {
        found(try declared.entry.make(match), declared.pattern, remainder)
        return true
      } catch {
        MisuseReports.report(
          FlowDiagnostic(
            code: .inconsistentRoute,
            message:
              "the builder of \"\(declared.pattern.text)\" threw \(error); the pattern is skipped",
            location: "RouteTable<\(Route.self)>", fileID: declared.entry.fileID,
            line: declared.entry.line))
        return false
      }
    }
  }

  /// Why ``reverse(_:followedBy:)`` found no components.
  enum ReverseProblem: Error {
    /// Patterns with parameters that could build the stack have no `parameters` function.
    case noReverseMapping(patterns: [String])
    /// No pattern builds the stack.
    case noPattern
  }

  /// The components of a link that makes this table build `stack` and hand `following` on to a
  /// sub-flow, checked by resolving them; or why there are none.
  func reverse(
    _ stack: [Route], followedBy following: [String]
  ) -> Result<[String], ReverseProblem> {
    let candidates = declared.sorted { !$0.pattern.hasWildcard && $1.pattern.hasWildcard }
    var unmapped: [String] = []
    for candidate in candidates where following.isEmpty || candidate.pattern.hasWildcard {
      let parameters: [String: String]
      if candidate.names.isEmpty {
        parameters = [:]
      } else if let read = candidate.entry.parameters?(stack) {
        parameters = read
      } else {
        if candidate.entry.parameters == nil { unmapped.append(candidate.pattern.description) }
        continue
      }
      guard let components = candidate.pattern.components(filling: parameters) else { continue }
      let check = DeepLink(scheme: "check", components: components + following)
      guard let resolution = resolve(check), resolution.stack == stack,
        Array(resolution.remainder.remaining) == following
      else { continue }
      return .success(components)
    }
    return .failure(unmapped.isEmpty ? .noPattern : .noReverseMapping(patterns: unmapped))
  }
}
