import Foundation
import Testing

/// Replays every committed fuzzing input (seeds and past crashes) through its target's checks,
/// so a regression fails the ordinary test run, not only a fuzzing session.
struct FuzzCorpusTests {
  @Test(arguments: ["FuzzDeepLink", "FuzzRoutePatterns", "FuzzSnapshot"])
  func everyCommittedInputStillPassesItsChecks(target: String) throws {
    let corpus = SampleRunner.repositoryRoot.appendingPathComponent(
      "Tests/Fuzzing/Corpus/\(target)")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
    #expect(files.count >= 5)
    let run = try SampleRunner.run(target, arguments: [corpus.path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput == "checked \(files.count) inputs\n")
  }

  @Test func aMissingInputFailsTheReplayRatherThanPassingSilently() throws {
    let run = try SampleRunner.run("FuzzDeepLink", arguments: ["/nonexistent-fuzz-input"])
    #expect(run.status != 0)
  }
}
