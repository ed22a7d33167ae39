import Foundation
import Testing

/// `notes-server` as a program: lines on standard input, answers on standard output.
@Suite(.serialized)
struct LineProtocolTests {
  /// A temporary database file, deleted with its WAL files at the end of `body`.
  static func withDatabase<Result>(_ body: (String) throws -> Result) rethrows -> Result {
    let file = TemporaryDatabase.url("server")
    defer { TemporaryDatabase.remove(file) }
    return try body(file.path)
  }

  /// The README's session: two users, their messages interleaved.
  static let readmeInput = [
    "ada 1 open notes://note/2",
    "bob 1 tab 2",
    "ada 2 1",
    "bob 2 2",
    "ada 3 1",
    "ada 3 1",
    "bob 4 back",
  ]

  static let readmeOutput = [
    "ada 1 note 2",
    "bob 1 topics",
    "ada 2 sign-in | Sign in first: the editor opens after.",
    "bob 2 topic links",
    "ada 3 edit | Signed in as Ada. | Opened the editor.",
    "ada 3 edit | Signed in as Ada. | Opened the editor.",
    "bob 4 error: message 4 is out of order; the next is 3",
  ]

  @Test func twoUsersAnswersAreTheReadmes() throws {
    try Self.withDatabase { database in
      let run = try ServerProcess.run(["--database", database], input: Self.readmeInput)
      #expect(run.lines == Self.readmeOutput)
      #expect(run.status == 0)
      #expect(run.standardError == "")
    }
  }

  @Test func theReadmeShowsTheCommandAndTheSessionVerbatim() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "README.md"), encoding: .utf8)
    let session =
      "swift run notes-server <<'EOF'\n" + Self.readmeInput.joined(separator: "\n") + "\nEOF\n"
    #expect(readme.contains(session))
    #expect(readme.contains("```\n" + Self.readmeOutput.joined(separator: "\n") + "\n```\n"))
  }

  @Test func aRestartedServerAnswersFromWhereTheLastOneStopped() throws {
    try Self.withDatabase { database in
      _ = try ServerProcess.run(["--database", database], input: Array(Self.readmeInput.prefix(5)))
      let run = try ServerProcess.run(
        ["--database", database], input: ["ada 3 1", "ada 4 tree", "bob 3 back"])
      #expect(
        run.lines == [
          "ada 3 edit | Signed in as Ada. | Opened the editor.",
          "ada 4 edit | MainTabsFlow: [AppFlow*, HelpFlow] / ├─ AppFlow (tab 0, selected): "
            + "[library, note 2] / │  └─ EditorFlow (fullScreenCover): [edit] / └─ HelpFlow "
            + "(tab 1): [topics]",
          "bob 3 topics",
        ])
    }
  }

  @Test func badLinesGetErrorLinesAndTheOthersCarryOn() throws {
    try Self.withDatabase { database in
      let long = "ada 2 open notes://" + String(repeating: "x", count: 5_000)
      let run = try ServerProcess.run(
        ["--database", database],
        input: [
          "ada 1 tab 2", "", "ada", "bad/user 1 back", long, "ada two back", "ada 3 back",
          "bob 1 fly", "ada 2 tab 1\r",
        ])
      #expect(
        run.lines == [
          "ada 1 topics",
          "- - error: a message is <user> <n> <command>",
          "ada - error: a message is <user> <n> <command>",
          "- 1 error: a user id is 1 to 64 of A-Z, a-z, 0-9, _ and -",
          "ada 2 error: a line is at most 4096 bytes",
          "ada - error: a message number is 1, 2, 3 and so on",
          "ada 3 error: message 3 is out of order; the next is 2",
          "bob 1 error: unknown command “fly”",
          "ada 2 library",
        ])
      #expect(run.status == 0)
    }
  }

  @Test func anUnavailableSQLiteDatabaseEndsTheProcessWithAClearMessage() throws {
    let run = try ServerProcess.run(
      ["--database", "/nonexistent-folder/users.sqlite"], input: ["ada 1 back"])
    #expect(run.status == 69)
    #expect(run.lines.isEmpty)
    #expect(
      run.standardError
        == "notes-server: the database is unavailable: cannot open the SQLite database "
        + "/nonexistent-folder/users.sqlite: unable to open database file\n")
  }

  @Test func anUnreachablePostgreSQLServerEndsTheProcessWithAClearMessage() throws {
    let start = ContinuousClock.now
    let run = try ServerProcess.run(
      ["--postgres", "host=/nonexistent-folder port=5999 dbname=notes"], input: ["ada 1 back"])
    #expect(run.status == 69)
    #expect(run.lines.isEmpty)
    #expect(
      run.standardError.hasPrefix(
        "notes-server: the database is unavailable: cannot connect to PostgreSQL "
          + "(host=/nonexistent-folder port=5999 dbname=notes): "))
    #expect(ContinuousClock.now - start < .seconds(30))
  }

  @Test(arguments: [
    (
      ["--cache"],
      "notes-server: --cache needs a number of users, 0 or more. Try notes-server --help.\n"
    ),
    (
      ["--cache", "-1"],
      "notes-server: --cache needs a number of users, 0 or more. Try notes-server --help.\n"
    ),
    (["--database"], "notes-server: --database needs a file. Try notes-server --help.\n"),
    (
      ["--database", "a", "--postgres", "b"],
      "notes-server: --database and --postgres name two databases; pick one. Try notes-server "
        + "--help.\n"
    ),
    (["--colour"], "notes-server: unknown argument “--colour”. Try notes-server --help.\n"),
  ])
  func aBadCommandLineIsAUsageError(arguments: [String], message: String) throws {
    let run = try ServerProcess.run(arguments, input: [])
    #expect(run.status == 64)
    #expect(run.standardError == message)
  }

  @Test func helpExplainsTheProtocolAndTheOptions() throws {
    let run = try ServerProcess.run(["--help"], input: [])
    #expect(run.status == 0)
    let text = run.lines.joined(separator: "\n")
    for needle in [
      "<user> <n> <command>", "--database <file>", "--postgres <conninfo>", "--cache <n>",
    ] {
      #expect(text.contains(needle))
    }
  }
}
