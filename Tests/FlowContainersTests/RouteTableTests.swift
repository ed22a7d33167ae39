import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

@testable import FlowContainersLinks

struct RoutePatternTests {
  @Test func patternsParseIntoLiteralsTypedParametersAndAWildcard() throws {
    let pattern = try RoutePattern("Note/:id<Int>/:token<UUID>/:slug/*")
    #expect(
      pattern.segments == [
        .literal("note"), .parameter(name: "id", type: .int),
        .parameter(name: "token", type: .uuid), .parameter(name: "slug", type: .string), .wildcard,
      ])
    #expect(pattern.hasWildcard)
    #expect(try RoutePattern("").segments.isEmpty)
  }

  @Test(arguments: [
    ("note//edit", "empty segment"),
    ("*/note", "`*` must be the last segment"),
    ("note/:id<Float>", "unknown parameter type `Float`"),
    ("note/:id<Int", "lacks a closing `>`"),
    ("note/:", "needs a name"),
    ("note/:a/:a", "appears twice"),
    ("no*te", "holds one of"),
  ])
  func malformedPatternsSayWhatIsWrong(text: String, problem: String) {
    #expect {
      try RoutePattern(text)
    } throws: { error in
      (error as? RoutePatternError)?.problem.contains(problem) == true
    }
  }
}

struct RouteTableTests {
  enum Route: Hashable, Sendable {
    case literal(String)
    case int(Int)
    case uuid(UUID)
    case string(String)
    case rest([String])
  }

  static func entries() -> [RouteTable<Route>.Entry] {
    [
      .pattern("note/new") { _ in [.literal("new")] },
      .pattern("note/:id<Int>") { [.int(try $0.int("id"))] },
      .pattern("note/:id<UUID>") { [.uuid(try $0.uuid("id"))] },
      .pattern("note/:slug") { [.string(try $0.string("slug"))] },
      .pattern("note/*") { [.rest($0.remainder)] },
    ]
  }

  func resolve(_ table: RouteTable<Route>, _ text: String) throws -> [Route]? {
    table.resolve(try DeepLink(parsing: text))?.stack
  }

  @Test func aLiteralBeatsATypedParameterBeatsAStringBeatsAWildcardWhateverTheOrder() throws {
    let uuid = UUID()
    var permutations: [[RouteTable<Route>.Entry]] = [Self.entries()]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 { permutations.append(Self.entries().shuffled(using: &generator)) }
    for entries in permutations {
      let table = RouteTable(entries)
      #expect(try resolve(table, "notes://note/new") == [.literal("new")])
      #expect(try resolve(table, "notes://note/42") == [.int(42)])
      #expect(try resolve(table, "notes://note/\(uuid.uuidString)") == [.uuid(uuid)])
      #expect(try resolve(table, "notes://note/hello") == [.string("hello")])
      #expect(try resolve(table, "notes://note/hello/world") == [.rest(["hello", "world"])])
      #expect(try resolve(table, "notes://note") == [.rest([])])
      #expect(try resolve(table, "notes://other") == nil)
    }
  }

  @Test func specificityIsDecidedFromTheLeftAndBacktracks() throws {
    let table: RouteTable<Route> = [
      .pattern("a/:x/c") { _ in [.literal("param-then-literal")] },
      .pattern("a/b/:y<Int>") { _ in [.literal("literal-then-int")] },
    ]
    #expect(try resolve(table, "notes://a/b/7") == [.literal("literal-then-int")])
    // a/b/c: the literal `b` branch fails at `c` (not an Int), so matching backtracks.
    #expect(try resolve(table, "notes://a/b/c") == [.literal("param-then-literal")])
  }

  @Test func malformedUUIDsAndIntegersDoNotMatchTypedParameters() throws {
    let table: RouteTable<Route> = [
      .pattern("n/:id<UUID>") { [.uuid(try $0.uuid("id"))] },
      .pattern("i/:id<Int>") { [.int(try $0.int("id"))] },
    ]
    #expect(try resolve(table, "notes://n/not-a-uuid") == nil)
    #expect(try resolve(table, "notes://n/00000000-0000-0000-0000-00000000000G") == nil)
    #expect(try resolve(table, "notes://i/12x") == nil)
    #expect(try resolve(table, "notes://i/99999999999999999999999") == nil)
    #expect(try resolve(table, "notes://i/-3") == [.int(-3)])
  }

  @Test func literalsCompareCaseInsensitively() throws {
    let table: RouteTable<Route> = [.pattern("Note/New") { _ in [.literal("new")] }]
    #expect(try resolve(table, "notes://NOTE/nEw") == [.literal("new")])
  }

  @Test func onlyASCIILettersCompareCaseInsensitivelyInPatternsAndLinksAlike() throws {
    let table: RouteTable<Route> = [.pattern("x/Ém/Été") { _ in [.literal("accented")] }]
    #expect(try resolve(table, "notes://x/Ém/Été") == [.literal("accented")])
    #expect(try resolve(table, "notes://X/ÉM/ÉTé") == [.literal("accented")])
    #expect(try resolve(table, "notes://x/ém/été") == nil)
    // The host, the first component of a custom-scheme link, folds by the same rule.
    let hosted: RouteTable<Route> = [.pattern("Ém/Été") { _ in [.literal("accented")] }]
    #expect(try resolve(hosted, "notes://ÉM/ÉTé") == [.literal("accented")])
    #expect(try resolve(hosted, "notes://ém/Été") == nil)
    // A decomposed É (E and a combining accent) is the same character as the precomposed one.
    #expect(try resolve(table, "notes://x/E%CC%81M/E%CC%81T%C3%A9") == [.literal("accented")])
  }

  @Test func conflictingPatternsAreReportedWhenDeclaredNamingBoth() {
    var table: RouteTable<Route>?
    let diagnostics = withRecordedDiagnostics {
      table = [
        .pattern("note/:id<Int>") { [.int(try $0.int("id"))] },
        .pattern("note/:other<Int>") { [.int(try $0.int("other"))] },
        .pattern("note/:id<String>") { [.string(try $0.string("id"))] },
        .pattern("note/*") { _ in [] },
        .pattern("note/*") { _ in [] },
      ]
    }
    #expect(diagnostics.map(\.code) == [.malformedPattern, .malformedPattern])
    #expect(diagnostics.first?.message.contains("\"note/:other<Int>\"") == true)
    #expect(diagnostics.first?.message.contains("\"note/:id<Int>\"") == true)
    #expect(table?.patterns.map(\.text) == ["note/:id<Int>", "note/:id<String>", "note/*"])
    #expect(table?.problems.count == 2)
  }

  @Test func malformedPatternsAreReportedAndLeftOut() {
    var table: RouteTable<Route>?
    let diagnostics = withRecordedDiagnostics {
      table = [.pattern("a//b") { _ in [] }, .pattern("ok") { _ in [] }]
    }
    #expect(diagnostics.map(\.code) == [.malformedPattern])
    #expect(table?.patterns.map(\.text) == ["ok"])
  }

  @Test func aBuilderAskingForAnUndeclaredParameterIsReportedAndTheNextPatternTried() throws {
    let table: RouteTable<Route> = [
      .pattern("note/:id<Int>") { [.int(try $0.int("missing"))] },
      .pattern("note/:slug") { [.string(try $0.string("slug"))] },
    ]
    var stack: [Route]?
    let diagnostics = try withRecordedDiagnostics { stack = try resolve(table, "notes://note/5") }
    #expect(stack == [.string("5")])
    #expect(diagnostics.map(\.code) == [.inconsistentRoute])
    #expect(diagnostics.first?.message.contains("has no Int parameter `missing`") == true)
  }

  @Test func theRemainderIsWhatTheWildcardMatched() throws {
    let table: RouteTable<Route> = [.pattern("note/:id<Int>/*") { [.int(try $0.int("id"))] }]
    let resolution = try #require(table.resolve(DeepLink(parsing: "notes://note/2/edit/x")))
    #expect(resolution.stack == [.int(2)])
    #expect(resolution.remainder.remaining == ["edit", "x"])
    #expect(resolution.pattern == "note/:id<Int>/*")
  }

  @Test func aStackTurnsBackIntoTheComponentsThatBuildIt() {
    let noteID: @Sendable ([Route]) -> [String: String]? = { stack in
      if case .int(let id)? = stack.last { ["id": "\(id)"] } else { nil }
    }
    let table: RouteTable<Route> = [
      .pattern("library") { _ in [.literal("library")] },
      .pattern("note/:id<Int>", parameters: noteID) {
        [.literal("library"), .int(try $0.int("id"))]
      },
      .pattern("*") { _ in [.literal("library")] },
    ]
    func components(_ stack: [Route], followedBy following: [String] = []) -> [String]? {
      try? table.reverse(stack, followedBy: following).get()
    }
    #expect(components([.literal("library")]) == ["library"])
    #expect(components([.literal("library"), .int(7)]) == ["note", "7"])
    #expect(components([.literal("library")], followedBy: ["settings"]) == [])
    #expect(components([.int(7)]) == nil)
  }

  @Test func aThousandPatternsStillMatchByShape() throws {
    var entries: [RouteTable<Route>.Entry] = (0..<1000).map { index in
      .pattern("section\(index)/:id<Int>") {
        [.literal("section\(index)"), .int(try $0.int("id"))]
      }
    }
    entries.append(.pattern("*") { _ in [.literal("fallback")] })
    let table = RouteTable(entries)
    #expect(table.patterns.count == 1001)
    #expect(try resolve(table, "notes://section999/4") == [.literal("section999"), .int(4)])
    #expect(try resolve(table, "notes://section1000/4") == [.literal("fallback")])
  }
}

/// `:id<UUID>` accepts exactly the canonical form, with the value Foundation gives it.
///
/// The canonical form is 8-4-4-4-12 hexadecimal digits in either case. Foundation's
/// `UUID(uuidString:)` on Linux also takes a sign or a space inside a group; a link's typed
/// parameter does not (found by fuzzing).
@MainActor
struct UUIDParameterTests {
  private let table: RouteTable<UUID> = [.pattern("n/:id<UUID>") { [try $0.uuid("id")] }]

  @Test(arguments: [
    "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "6ba7b810-9dad-11d1-80b4-00c04fd430c8",
    "6Ba7B810-9dAd-11D1-80b4-00C04fD430c8", "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  ])
  func theCanonicalFormMatchesWithFoundationsValue(text: String) throws {
    let link = DeepLink(scheme: "u", components: ["n", text])
    let matched = try #require(table.resolve(link)?.stack.first)
    #expect(matched == UUID(uuidString: text))
  }

  @Test(arguments: [
    "6BA7B810-9DAD-11D1-80B4-00C04FD430C", "6BA7B810-9DAD-11D1-80B4-00C04FD430C8A",
    "6BA7B8109DAD-11D1-80B4-00C04FD430C8-", "6BA7B810_9DAD-11D1-80B4-00C04FD430C8",
    "6BA7B810-9DAD-11D1-80B4-00C04FD430CG", "{6BA7B810-9DAD-11D1-80B4-00C04FD430C8}",
    "6BA7B8109DAD11D180B400C04FD430C8", "6BA7B810-9DAD-11D1-80B4-00C04FD430Ç8", "g", "-",
    "------------------------------------",
    // Foundation on Linux accepts these; they are not canonical.
    "00000000-0000-0000-0000-0000000000+0", "+0000000-0000-0000-0000-000000000000",
    "00000000-0000-0000-0000-0000000000-0", "00000000-+000-0000-0000-000000000000",
  ])
  func anythingElseDoesNotMatch(text: String) {
    let link = DeepLink(scheme: "u", components: ["n", text])
    #expect(table.resolve(link) == nil, "\(text)")
  }
}
