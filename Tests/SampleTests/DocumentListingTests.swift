import Foundation
import Testing

/// Every Swift listing in the README and the DocC articles is compiled.
///
/// Each appears, line for line, in a source file the build compiles (a snippet target, a sample
/// or a test), at any indentation. Listings that need SwiftUI or UIKit, which do not exist on Linux, are the only
/// exceptions, and the text says so above each.
struct DocumentListingTests {
  /// A fenced Swift listing: where it is, and its lines.
  struct Listing: CustomStringConvertible {
    var file: String
    var line: Int
    var lines: [Substring]
    /// The text since the section's heading, up to the listing.
    var context: String

    var description: String { "\(file):\(line)" }

    /// Whether it needs SwiftUI or UIKit.
    var needsApplePlatforms: Bool {
      let apple = [
        "import SwiftUI", "import UIKit", "UIAlertController", "some View", "isPresented:",
      ]
      return lines.contains { line in apple.contains { line.contains($0) } }
    }
  }

  /// The Markdown files whose listings are checked: the README and every DocC article.
  static var documents: [URL] {
    let root = SampleRunner.repositoryRoot
    let catalog = root.appendingPathComponent("Sources/FlowContainers/Documentation.docc")
    let articles =
      (try? FileManager.default.contentsOfDirectory(atPath: catalog.path))?.filter {
        $0.hasSuffix(".md")
      }.sorted().map { catalog.appendingPathComponent($0) } ?? []
    return [root.appendingPathComponent("README.md")] + articles
  }

  /// Every fenced `swift` listing of `url`.
  static func listings(in url: URL) throws -> [Listing] {
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var listings: [Listing] = []
    var index = 0
    var sectionStart = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("#") { sectionStart = index }
      if line.trimmingCharacters(in: .whitespaces) == "```swift" {
        let indent = line.prefix { $0 == " " }.count
        var end = index + 1
        while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
          end += 1
        }
        listings.append(
          Listing(
            file: url.lastPathComponent, line: index + 1,
            lines: lines[(index + 1)..<end].map { $0.dropFirst(min(indent, $0.count)) },
            context: lines[sectionStart..<index].joined(separator: "\n")))
        index = end
      }
      index += 1
    }
    return listings
  }

  /// The Swift files the build compiles that listings may come from.
  static func compiledSources() throws -> [(path: String, lines: [Substring])] {
    let root = SampleRunner.repositoryRoot
    var sources: [(String, [Substring])] = []
    for folder in ["Samples", "Tests"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        let text = try String(
          contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        sources.append(
          ("\(folder)/\(path)", text.split(separator: "\n", omittingEmptySubsequences: false)))
      }
    }
    return sources
  }

  /// Whether `listing` appears in `source` as consecutive lines.
  ///
  /// All have the same extra indentation (blank lines match blank lines). A listing line
  /// `// …` stands for any number of source lines: what an excerpt leaves out.
  static func contains(_ source: [Substring], _ listing: [Substring]) -> Bool {
    var segments: [[Substring]] = [[]]
    for line in listing {
      if line.trimmingCharacters(in: .whitespaces) == "// …" {
        segments.append([])
      } else {
        segments[segments.count - 1].append(line)
      }
    }
    guard let first = segments.first, let anchor = first.first(where: { !$0.isEmpty }) else {
      return segments.count == 1
    }
    let anchorIndex = first.firstIndex(of: anchor) ?? 0
    for (index, line) in source.enumerated() where line.hasSuffix(anchor) {
      let indent = line.dropLast(anchor.count)
      guard indent.allSatisfy({ $0 == " " }), index >= anchorIndex else { continue }
      if matches(segments, in: source, from: index - anchorIndex, indent: indent) { return true }
    }
    return false
  }

  /// Whether `segments` match `source` from `start` with `indent`: the first right there, each
  /// next one somewhere after the one before.
  private static func matches(
    _ segments: [[Substring]], in source: [Substring], from start: Int, indent: Substring
  ) -> Bool {
    func matchesAt(_ segment: [Substring], _ position: Int) -> Bool {
      guard position + segment.count <= source.count else { return false }
      return segment.indices.allSatisfy { offset in
        let expected = segment[offset]
        let actual = source[position + offset]
        return expected.isEmpty ? actual.isEmpty : actual == indent + expected
      }
    }
    guard matchesAt(segments[0], start) else { return false }
    var position = start + segments[0].count
    for segment in segments.dropFirst() {
      guard let found = (position...source.count).first(where: { matchesAt(segment, $0) }) else {
        return false
      }
      position = found + segment.count
    }
    return true
  }

  @Test func everyListingIsCompiledOrMarkedAsApplePlatformsOnly() throws {
    let sources = try Self.compiledSources()
    var compiled = 0
    var exempt: [String] = []
    for document in Self.documents {
      for listing in try Self.listings(in: document) {
        if listing.needsApplePlatforms {
          exempt.append(listing.description)
          #expect(
            listing.context.replacingOccurrences(of: "\n> ", with: " ").contains(
              "not compiled by this package's Linux build"),
            "\(listing) needs SwiftUI or UIKit; say so above it")
          continue
        }
        let home = sources.first { Self.contains($0.lines, listing.lines) }
        #expect(
          home != nil,
          "\(listing) is not in any compiled source:\n\(listing.lines.joined(separator: "\n"))")
        if home != nil { compiled += 1 }
      }
    }
    print(
      "documentation listings: \(compiled) compiled, \(exempt.count) for Apple platforms only "
        + "(\(exempt.joined(separator: ", ")))")
  }

  /// The README's installation listings are manifests: SwiftPM must read each.
  @Test(arguments: ["ByURL", "ByPath"])
  func theInstallationManifestsAreValid(folder: String) throws {
    let path = SampleRunner.repositoryRoot.appendingPathComponent(
      "Tests/Snippets/Installation/\(folder)")
    let run = try SampleRunner.runTool(
      "swift", arguments: ["package", "dump-package", "--package-path", path.path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains(#""FlowContainers""#))
  }

  /// Documentation comments, which DocC renders, keep to the 100 columns the code keeps to;
  /// only a line that cannot be broken (one long symbol link) may run past.
  @Test func documentationCommentsKeepToOneHundredColumns() throws {
    let sources = SampleRunner.repositoryRoot.appendingPathComponent("Sources")
    var long: [String] = []
    let walker = FileManager.default.enumerator(atPath: sources.path)
    while let path = walker?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n").enumerated()
      where line.trimmingCharacters(in: .whitespaces).hasPrefix("///") && line.count > 100
        && line.trimmingCharacters(in: .whitespaces).dropFirst(4).contains(" ")
      {
        long.append("\(path):\(number + 1)")
      }
    }
    #expect(long.isEmpty, "documentation lines over 100 columns: \(long)")
  }

  @Test func theMatcherFindsIndentedListingsAndRejectsChangedOnes() {
    let source: [Substring] = [
      "struct S {", "  func f() {", "    let a = 1", "", "    print(a)", "  }", "}",
    ]
    #expect(Self.contains(source, ["func f() {", "  let a = 1", "", "  print(a)", "}"]))
    #expect(!Self.contains(source, ["func f() {", "  let a = 2"]))
    #expect(!Self.contains(source, ["let a = 1", "print(a)"]))
    // An elision stands for the lines an excerpt leaves out, in order.
    #expect(Self.contains(source, ["func f() {", "  let a = 1", "  // …", "}"]))
    #expect(!Self.contains(source, ["func f() {", "  // …", "  let a = 1", "  let b = 2"]))
  }
}
