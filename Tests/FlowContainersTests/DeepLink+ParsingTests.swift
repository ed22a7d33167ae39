import FlowContainers
import Foundation
import Testing

@testable import FlowContainersLinks

struct DeepLinkParsingTests {
  struct Valid: Sendable, CustomTestStringConvertible {
    let text: String
    let scheme: String
    let host: String?
    let components: [String]
    let query: [URLQueryItem]
    var testDescription: String { text }
  }

  static let valid: [Valid] = [
    Valid(
      text: "notes://library", scheme: "notes", host: "library", components: ["library"], query: []),
    Valid(
      text: "notes://note/2/edit?from=share", scheme: "notes", host: "note",
      components: ["note", "2", "edit"], query: [.init(name: "from", value: "share")]),
    Valid(
      text: "NOTES://Note/2/Edit", scheme: "notes", host: "note",
      components: ["note", "2", "Edit"], query: []),
    Valid(
      text: "notes:///note//2///edit/", scheme: "notes", host: nil,
      components: ["note", "2", "edit"], query: []),
    Valid(
      text: "notes://note/a%20b/%65dit", scheme: "notes", host: "note",
      components: ["note", "a b", "edit"], query: []),
    Valid(
      text: "notes://note/caf%C3%A9", scheme: "notes", host: "note",
      components: ["note", "café"], query: []),
    Valid(
      text: "notes://note/café/日本", scheme: "notes", host: "note",
      components: ["note", "café", "日本"], query: []),
    Valid(
      text: "notes://note/2#fragment", scheme: "notes", host: "note", components: ["note", "2"],
      query: []),
    Valid(
      text: "notes://note/2?flag&a=1&&b=x%26y+z", scheme: "notes", host: "note",
      components: ["note", "2"],
      query: [
        .init(name: "flag", value: nil), .init(name: "a", value: "1"),
        .init(name: "b", value: "x&y+z"),
      ]),
    Valid(
      text: "https://Notes.Example.com:8443/note/2", scheme: "https", host: "notes.example.com",
      components: ["note", "2"], query: []),
    Valid(text: "notes:note/2", scheme: "notes", host: nil, components: ["note", "2"], query: []),
    Valid(text: "notes://", scheme: "notes", host: nil, components: [], query: []),
    Valid(
      text: "notes://note/../2/.", scheme: "notes", host: "note",
      components: ["note", "..", "2", "."],
      query: []),
  ]

  @Test(arguments: valid)
  func validLinksParseIntoSchemeHostComponentsAndQuery(_ example: Valid) throws {
    let link = try DeepLink(parsing: example.text)
    #expect(link.scheme == example.scheme)
    #expect(link.host == example.host)
    #expect(link.components == example.components)
    #expect(link.queryItems == example.query)
  }

  @Test(arguments: valid)
  func printingALinkAndParsingItAgainGivesTheSameLink(_ example: Valid) throws {
    let link = try DeepLink(parsing: example.text)
    #expect(try DeepLink(parsing: link.description) == link)
  }

  static let invalid: [(String, DeepLinkError.Reason)] = [
    ("", .empty),
    ("hello", .notAURL),
    ("note/2/edit", .missingScheme),
    ("//note/2", .missingScheme),
    (":note", .missingScheme),
    ("1notes://note", .invalidScheme("1notes")),
    ("no tes://note", .invalidCharacter(offset: 2)),
    ("notes://note/2\n", .invalidCharacter(offset: 14)),
    ("notes://note/\u{7F}", .invalidCharacter(offset: 13)),
    ("notes://note/%0A", .invalidCharacter(offset: 13)),
    ("notes://note/%00x", .invalidCharacter(offset: 13)),
    ("notes://note/%ZZ", .invalidPercentEncoding("%ZZ")),
    ("notes://note/%4", .invalidPercentEncoding("%4")),
    ("notes://note/%", .invalidPercentEncoding("%")),
    ("notes://note/%C3%28", .invalidPercentEncoding("%C3%28")),
    ("notes://note?x=%FF", .invalidPercentEncoding("%FF")),
    ("notes://user@note/2", .invalidHost("user@note")),
    ("notes://[::1]/2", .invalidHost("[::1]")),
    ("notes://note:99999/2", .invalidPort("99999")),
    ("notes://note:8a/2", .invalidPort("8a")),
  ]

  @Test(arguments: invalid)
  func invalidLinksFailWithAReasonNamingTheOffendingPart(text: String, reason: DeepLinkError.Reason)
  {
    #expect(throws: DeepLinkError(reason, input: text)) { try DeepLink(parsing: text) }
  }

  @Test func overLongLinksAreRejected() {
    let text = "notes://note/" + String(repeating: "a", count: DeepLink.maximumLength)
    #expect(throws: DeepLinkError(.tooLong(length: text.utf8.count, limit: 4096), input: text)) {
      try DeepLink(parsing: text)
    }
    let justFits = "notes://n/" + String(repeating: "a", count: DeepLink.maximumLength - 10)
    #expect(throws: Never.self) { try DeepLink(parsing: justFits) }
  }

  /// The length is checked before anything else reads the text: a 16 MB link is refused with
  /// the size error, and the error keeps only the head of it.
  @Test func aHugeLinkIsRefusedWithTheSizeErrorBeforeAnythingElse() {
    // Past the limit, with a control character and a forbidden host early on: the size wins.
    let text = "notes://a|b/\n" + String(repeating: "a", count: 16 << 20)
    let error = #expect(throws: DeepLinkError.self) { try DeepLink(parsing: text) }
    #expect(error?.reason == .tooLong(length: text.utf8.count, limit: DeepLink.maximumLength))
    #expect(error?.input == String(text.prefix(200)) + "…")
  }

  /// A huge link whose characters are few but long (a letter and 8 million combining accents)
  /// is refused with the size error too, and the error does not keep it whole.
  @Test func aHugeLinkOfFewCharactersIsRefusedAndCutInItsError() {
    let text = "notes://n/" + "e" + String(repeating: "\u{301}", count: 8 << 20)
    let error = #expect(throws: DeepLinkError.self) { try DeepLink(parsing: text) }
    #expect(error?.reason == .tooLong(length: text.utf8.count, limit: DeepLink.maximumLength))
    let kept = error?.input.utf8.count ?? .max
    #expect(kept < 4 * 1024, "the error keeps \(kept) bytes of the link")
    #expect(error?.input.hasSuffix("…") == true)
  }

  @Test func linksWithTooManyComponentsOrQueryItemsAreRejected() {
    let components = "notes://" + Array(repeating: "a", count: 65).joined(separator: "/")
    #expect(throws: DeepLinkError(.tooManyComponents(count: 65, limit: 64), input: components)) {
      try DeepLink(parsing: components)
    }
    let query = "notes://a?" + Array(repeating: "q=1", count: 65).joined(separator: "&")
    #expect(throws: DeepLinkError(.tooManyComponents(count: 65, limit: 64), input: query)) {
      try DeepLink(parsing: query)
    }
    #expect(throws: Never.self) {
      try DeepLink(parsing: "notes://" + Array(repeating: "a", count: 64).joined(separator: "/"))
    }
    // The query limit's boundary: exactly 64 items is allowed.
    let sixtyFour = "notes://a?" + Array(repeating: "q=1", count: 64).joined(separator: "&")
    #expect((try? DeepLink(parsing: sixtyFour))?.queryItems.count == 64)
  }

  @Test func errorsDescribeThemselvesWithoutRawControlCharacters() {
    let error = DeepLinkError(.invalidCharacter(offset: 13), input: "notes://note/\n")
    #expect(
      error.description
        == #"invalid deep link "notes://note/\u{a}": control character or space at offset 13"#)
    let long = DeepLinkError(.empty, input: String(repeating: "x", count: 500))
    #expect(long.input.count == 201)
  }

  @Test func aPercentEncodedHostIsDecodedLikeAnyComponent() throws {
    let link = try DeepLink(parsing: "notes://%6Eote/2")
    #expect(link.host == "note")
    #expect(link.remaining == ["note", "2"])
  }

  @Test func aLinkIsConsumedLevelByLevel() throws {
    let link = try DeepLink(parsing: "notes://settings/account/extra")
    #expect(link.remaining == ["settings", "account", "extra"])
    let next = link.dropping(1)
    #expect(next.remaining == ["account", "extra"])
    #expect(next.consumedCount == 1)
    #expect(next.dropping(10).remaining.isEmpty)
    #expect(next.dropping(-3) == next)
  }

  @Test func queryValuesAreLookedUpByName() throws {
    let link = try DeepLink(parsing: "notes://note/2?from=share&flag")
    #expect(link.queryValue("from") == "share")
    #expect(link.queryValue("flag") == nil)
    #expect(link.queryValue("missing") == nil)
  }

  @Test func linksBuiltFromComponentsPrintPercentEncoded() {
    let link = DeepLink(
      scheme: "Notes", components: ["note", "a b/c", "é"],
      queryItems: [.init(name: "q", value: "x&y=z")])
    #expect(link.description == "notes://note/a%20b%2Fc/%C3%A9?q=x%26y%3Dz")
    #expect(link.host == "note")
    #expect(link.pathComponents == ["a b/c", "é"])
    let web = DeepLink(scheme: "https", host: "example.com", components: ["note", "2"])
    #expect(web.description == "https://example.com/note/2")
  }

  @Test func parsingArbitraryBytesNeverCrashes() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("notes:/%?#&=.-_~@[]:0123456789abcdefABCDEF \u{0}\u{7F}é日")
    for _ in 0..<5_000 {
      let length = Int.random(in: 0..<40, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
      if let link = try? DeepLink(parsing: text) {
        #expect(link.components.count <= DeepLink.maximumComponents)
        #expect(link.scheme == link.scheme.lowercased())
      }
    }
  }
}

/// What the docs say links reject, they reject.
struct DeepLinkStrictnessTests {
  @Test(arguments: [
    "notes://note/a\u{85}b", "notes://note/a\u{9B}b", "notes://note/a\u{2028}b",
    "notes://note/a\u{2029}b", "notes://note/a%C2%85b", "notes://note/a%C2%9Bb",
    "notes://note/a%E2%80%A8b", "notes://note/1?q=%C2%85",
  ])
  func unicodeControlsAndLineSeparatorsAreRejectedRawOrEncoded(text: String) {
    #expect(throws: DeepLinkError.self) { try DeepLink(parsing: text) }
  }

  @Test func aPortOnACustomSchemeIsRejectedNotIgnored() {
    #expect(throws: DeepLinkError.self) { try DeepLink(parsing: "notes://note:8080/2") }
    #expect((try? DeepLink(parsing: "https://example.com:8443/note/2"))?.port == 8443)
  }

  @Test(arguments: ["+2", "0002", "02", "-0", "00"])
  func integerParametersMatchOnlyTheirCanonicalForm(component: String) throws {
    let table: RouteTable<Int> = [.pattern("item/:id<Int>") { try [$0.int("id")] }]
    #expect(table.resolve(try DeepLink(parsing: "notes://item/\(component)")) == nil)
    #expect(table.resolve(try DeepLink(parsing: "notes://item/2"))?.stack == [2])
    #expect(table.resolve(try DeepLink(parsing: "notes://item/0"))?.stack == [0])
    #expect(table.resolve(try DeepLink(parsing: "notes://item/-3"))?.stack == [-3])
  }
}

/// A host holds what the URL Standard lets a host hold: the code points it forbids in a host are
/// refused, raw or percent-encoded, rather than routed as a first component.
struct DeepLinkHostTests {
  @Test(arguments: [
    ("sc://a<b", "a<b"), ("sc://a>b/2", "a>b"), (#"sc://a\b"#, #"a\b"#), ("sc://a^b", "a^b"),
    ("sc://a|b", "a|b"), ("asdf://%43|/", "%43|"),
    ("https://a|b.example.com/note", "a|b.example.com"),
  ])
  func aHostWithACharacterTheURLStandardForbidsIsRejected(text: String, host: String) {
    #expect(throws: DeepLinkError(.invalidHost(host), input: text)) { try DeepLink(parsing: text) }
  }

  @Test(arguments: [
    "%3C", "%3E", "%5C", "%5E", "%7C", "%7c", "%20", "%23", "%25", "%2F", "%3A", "%3F", "%40",
    "%5B", "%5D",
  ])
  func aHostThatDecodesToAForbiddenCharacterIsRejected(escape: String) {
    let text = "sc://a\(escape)b/2"
    #expect(throws: DeepLinkError(.invalidHost("a\(escape)b"), input: text)) {
      try DeepLink(parsing: text)
    }
  }

  @Test(arguments: [("sc://:/", ":"), ("sc://:", ":"), ("https://:8443/note", ":8443")])
  func anAuthorityWithAColonButNoHostIsRejected(text: String, authority: String) {
    #expect(throws: DeepLinkError(.invalidHost(authority), input: text)) {
      try DeepLink(parsing: text)
    }
  }

  @Test(arguments: ["sc://a%00b", "sc://a%7Fb", "sc://a%09b"])
  func aHostThatDecodesToAControlCharacterIsRejected(text: String) {
    #expect(throws: DeepLinkError(.invalidCharacter(offset: 6), input: text)) {
      try DeepLink(parsing: text)
    }
  }

  @Test func aPercentEncodedSpaceIsDecodedInAPathOrAQuery() throws {
    let link = try DeepLink(parsing: "sc://note/a%20b?q=c%20d")
    #expect(link.components == ["note", "a b"])
    #expect(link.queryValue("q") == "c d")
    #expect(try DeepLink(parsing: link.description) == link)
  }

  @Test func theHostsTheURLStandardAcceptsStillParse() throws {
    #expect(try DeepLink(parsing: "sc://a-b.c_d~e!$&'()*+,;=/2").host == "a-b.c_d~e!$&'()*+,;=")
    #expect(try DeepLink(parsing: "sc://%6Eote/2").host == "note")
    #expect(try DeepLink(parsing: "sc://caf%C3%A9/2").host == "café")
    #expect(try DeepLink(parsing: "sc://").host == nil)
    #expect(try DeepLink(parsing: "https://example.com:/note").port == nil)
  }
}
