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
