import Foundation
import Testing

struct QuickStartTests {
  static let expectedOutput = """
    AppFlow: [library, note 2]
    └─ EditorFlow (sheet): [edit]
    saved
    editor ended: finished
    EditorFlow deinit
    AppFlow: [library, note 2]

    """

  @Test func theQuickStartPrintsWhatTheReadmeSays() throws {
    let run = try SampleRunner.run("quick-start")
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.standardOutput == Self.expectedOutput)
  }

  @Test func theReadmeShowsTheQuickStartSourceAndItsOutputVerbatim() throws {
    let root = SampleRunner.repositoryRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(
      contentsOf: root.appendingPathComponent("Samples/QuickStart/main.swift"), encoding: .utf8)
    #expect(readme.contains("```swift\n" + source + "```\n"))
    #expect(readme.contains("```\n" + Self.expectedOutput + "```\n"))
  }

  @Test func theDocumentationLandingPageShowsTheSameSourceAndOutput() throws {
    let root = SampleRunner.repositoryRoot
    let page = try String(
      contentsOf: root.appendingPathComponent(
        "Sources/FlowContainers/Documentation.docc/FlowContainers.md"), encoding: .utf8)
    let source = try String(
      contentsOf: root.appendingPathComponent("Samples/QuickStart/main.swift"), encoding: .utf8)
    #expect(
      page.contains(
        "```swift\n" + source + "```\n\nIt prints:\n\n```\n" + Self.expectedOutput + "```\n"))
  }
}

struct ReadmeSessionTests {
  @Test func theReadmeShowsTheNotesSessionItsInputAndItsExactOutput() throws {
    let root = SampleRunner.repositoryRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let input = "4\n1\nclose\nclose\n"
    #expect(readme.contains("swift run notes --trace <<'EOF'\n\(input)EOF\n"))
    let run = try SampleRunner.run("notes", arguments: ["--trace"], input: input)
    #expect(run.status == 0)
    #expect(readme.contains("```\n" + run.standardOutput + "```\n"))
  }
}

struct ReadmeListingTests {
  @Test func theReadmesLinkListingPrintsWhatTheReadmeSays() throws {
    let root = SampleRunner.repositoryRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let run = try SampleRunner.run("readme-links")
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    // The plan and the tree; then the restoration, which the README describes in comments.
    #expect(lines.count == 7)
    #expect(
      readme.contains("It prints:\n\n```\n" + lines.prefix(5).joined(separator: "\n") + "\n```\n"))
    #expect(lines[5] == #"restored: ["AppFlow", "EditorFlow"], complete: true"#)
  }

  @Test func theLinkListingRunsOverTheQuickStartsOwnFlows() throws {
    let root = SampleRunner.repositoryRoot
    let quickStart = try String(
      contentsOf: root.appendingPathComponent("Samples/QuickStart/main.swift"), encoding: .utf8)
    let flows = try String(
      contentsOf: root.appendingPathComponent("Samples/ReadmeLinks/Flows.swift"), encoding: .utf8)
    #expect(quickStart.hasPrefix(flows))
    #expect(flows.contains("final class AppFlow"))
  }
}
