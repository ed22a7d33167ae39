import Foundation
import Testing

/// The README and CONTRIBUTING link files in the repository; those files must exist.
struct DocumentLinkTests {
  /// The relative targets of the Markdown links `[text](target)` in `text`.
  static func relativeLinks(in text: String) -> [String] {
    var links: [String] = []
    var rest = Substring(text)
    while let start = rest.range(of: "](") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: ")") else { break }
      let target = String(rest[..<end])
      if !target.contains("://"), !target.hasPrefix("#") { links.append(target) }
      rest = rest[end...]
    }
    return links
  }

  @Test(arguments: ["README.md", "CONTRIBUTING.md"])
  func everyRelativeLinkPointsToAFileInTheRepository(_ document: String) throws {
    let root = SampleRunner.repositoryRoot
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    let links = Self.relativeLinks(in: text)
    if document == "README.md" {
      // The README links every article of the DocC catalog.
      let catalog = root.appendingPathComponent("Sources/FlowContainers/Documentation.docc")
      let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
        .filter { $0.hasSuffix(".md") && $0 != "FlowContainers.md" }
      #expect(articles.count >= 9)
      for article in articles {
        #expect(
          links.contains("Sources/FlowContainers/Documentation.docc/\(article)"),
          "README does not link \(article)")
      }
    }
    for link in links {
      let path = String(link.prefix { $0 != "#" })
      #expect(
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path),
        "\(document) links \(link), which does not exist")
    }
  }

  @Test func theLinkReaderFindsRelativeLinksOnly() {
    let text = "see [a](docs/a.md), [b](https://example.com) and [c](#section) or [d](e.swift#L2)"
    #expect(Self.relativeLinks(in: text) == ["docs/a.md", "e.swift#L2"])
  }
}
