import Foundation
import Testing

/// `notes --route-map`: the map of the sample's flows, against the golden files in `Fixtures/`,
/// which the README and the Route Maps article show.
struct NotesRouteMapTests {
  /// A golden file's text.
  static func golden(_ name: String) throws -> String {
    try String(
      contentsOf: SampleRunner.repositoryRoot.appendingPathComponent(
        "Tests/SampleTests/Fixtures/\(name)"), encoding: .utf8)
  }

  /// The text of every fenced `mermaid` block of a document, each ending with a newline.
  static func mermaidBlocks(in path: String) throws -> [String] {
    let text = try String(
      contentsOf: SampleRunner.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    var blocks: [String] = []
    var block: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if block == nil, line == "```mermaid" {
        block = ""
      } else if let open = block, line == "```" {
        blocks.append(open)
        block = nil
      } else if let open = block {
        block = open + line + "\n"
      }
    }
    return blocks
  }

  @Test(arguments: [
    ([], "notes-route-map.mmd"), (["--wide"], "notes-wide-route-map.mmd"),
  ])
  func theMermaidMapIsTheGoldenFile(arguments: [String], file: String) throws {
    let run = try SampleRunner.run("notes", arguments: arguments + ["--route-map", "mermaid"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let golden = try Self.golden(file)
    let advice =
      "if the change to the map is meant, copy this into Tests/SampleTests/Fixtures/\(file):\n"
      + run.standardOutput
    #expect(run.standardOutput == golden, Comment(rawValue: advice))
  }

  @Test func theReadmeAndTheArticleShowTheGoldenMaps() throws {
    let narrow = try Self.golden("notes-route-map.mmd")
    let wide = try Self.golden("notes-wide-route-map.mmd")
    #expect(try Self.mermaidBlocks(in: "README.md") == [narrow])
    #expect(
      try Self.mermaidBlocks(in: "Sources/FlowContainers/Documentation.docc/RouteMaps.md") == [
        narrow, wide,
      ])
  }

  @Test func theDOTMapDrawsTheSameFlowsAndEdges() throws {
    let dot = try SampleRunner.run("notes", arguments: ["--route-map", "dot"])
    let mermaid = try Self.golden("notes-route-map.mmd")
    #expect(dot.status == 0)
    #expect(dot.standardOutput.hasPrefix("digraph RouteMap {\n"))
    #expect(dot.standardOutput.hasSuffix("}\n"))
    func count(_ text: String, _ mark: String) -> Int {
      text.split(separator: "\n").filter { $0.contains(mark) }.count
    }
    #expect(count(dot.standardOutput, " -> ") == count(mermaid, " -"))
    #expect(count(dot.standardOutput, "label=") == count(mermaid, "\""))
  }

  @Test func routeMapNeedsAFormat() throws {
    for arguments in [["--route-map"], ["--route-map", "svg"]] {
      let run = try SampleRunner.run("notes", arguments: arguments)
      #expect(run.status == 64)
      #expect(run.standardOutput == "")
      #expect(run.standardError == "notes: --route-map needs mermaid or dot. Try notes --help.\n")
    }
  }
}
