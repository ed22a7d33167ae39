import Foundation
import Testing

/// `--state`: restore at launch, save on quit, and what happens with bad or outdated files.
struct NotesStateTests {
  /// Runs `body` with the path of a state file that does not exist yet, in a fresh folder that
  /// is removed, with everything in it, when `body` returns or throws.
  func withStateFile(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder.appendingPathComponent("state.json"))
  }

  @Test func aRestorationRoundTripBringsBackTheModalsOverModals() throws {
    try withStateFile { file in
      try expectTranscript(
        arguments: ["--state", file.path], input: "open notes://settings/account\nquit\n",
        """
        ── Library ──
        3 notes:
          1. Open “Groceries”
          2. Open “Ideas”
          3. Open “Todo”
          4. Settings
        Pick a note to read it.
        > open notes://settings/account
        ── Account (sheet) ──
        Not signed in.
          1. Sign in
        Type close to go back to settings.
        > quit
        Saved the screens to the state file.
        """)
      let saved = try String(contentsOf: file, encoding: .utf8)
      #expect(
        saved
          == #"{"levels":[{"flow":"MainTabsFlow","tabs":{"selected":0,"trees":[{"levels":["#
          + #"{"flow":"AppFlow","routes":[{"library":{}}]},{"flow":"SettingsFlow","#
          + #""routes":["settings"]},{"flow":"AccountFlow","routes":["account"]}]},"#
          + #"{"levels":[{"flow":"HelpFlow","routes":[{"topics":{}}]}]}]}}],"version":3}"#)
      try expectTranscript(
        arguments: ["--state", file.path], input: "tree\nclose\n",
        """
        ── Account (sheet) ──
        Not signed in.
          1. Sign in
        Type close to go back to settings.
        > tree
        MainTabsFlow: [AppFlow*, HelpFlow]
        ├─ AppFlow (tab 0, selected): [library]
        │  └─ SettingsFlow (sheet): [settings]
        │     └─ AccountFlow (sheet): [account]
        └─ HelpFlow (tab 1): [topics]
        ── Account (sheet) ──
        Not signed in.
          1. Sign in
        Type close to go back to settings.
        > close
        ── Settings (sheet) ──
        Notes are kept in memory for this run.
          1. Account
        Type close to leave settings.
        Saved the screens to the state file.
        """)
      #expect(try String(contentsOf: file, encoding: .utf8).contains(#""AccountFlow""#) == false)
    }
  }

  @Test func theNoteScreenSurvivesARestart() throws {
    try withStateFile { file in
      _ = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "3\nquit\n")
      let run = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "tree\n")
      #expect(run.standardOutput.hasPrefix("── Todo ──\nWrite the tests first.\n"))
      #expect(
        run.standardOutput.contains(
          "> tree\nMainTabsFlow: [AppFlow*, HelpFlow]\n├─ AppFlow (tab 0, selected): [library, note 3]\n"
        ))
    }
  }

  /// Both tabs' screens come back, and the tab that was selected is selected again.
  @Test func aConfirmationThatWasUpIsNotRestoredAndTheRestartSaysSo() throws {
    try withStateFile { file in
      _ = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "1\n3\nquit\n")
      #expect(try String(contentsOf: file, encoding: .utf8).contains(#""transient":["alert: "#))
      let run = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "")
      #expect(
        run.standardOutput.hasPrefix(
          "Not restored: alert: Delete “Groceries”? (alerts are transient).\n── Groceries ──\n"))
    }
  }

  @Test func theSelectedTabAndItsScreensSurviveARestart() throws {
    try withStateFile { file in
      _ = try SampleRunner.run(
        "notes", arguments: ["--state", file.path], input: "3\ntab 2\n2\nquit\n")
      #expect(try String(contentsOf: file, encoding: .utf8).contains(#""selected":1"#))
      try expectTranscript(
        arguments: ["--state", file.path], input: "tree\ntab 1\n",
        """
        ── Links ──
        Links open in the tab that can show them: notes://note/2, notes://help/tabs.
        Type back for the topics.
        > tree
        MainTabsFlow: [AppFlow, HelpFlow*]
        ├─ AppFlow (tab 0): [library, note 3]
        └─ HelpFlow (tab 1, selected): [topics, topic links]
        ── Links ──
        Links open in the tab that can show them: notes://note/2, notes://help/tabs.
        Type back for the topics.
        > tab 1
        ── Todo ──
        Write the tests first.
          1. Edit
          2. Share a link
          3. Delete
        Editing needs you to be signed in.
        Saved the screens to the state file.
        """)
    }
  }

  static let library = """
    ── Library ──
    3 notes:
      1. Open “Groceries”
      2. Open “Ideas”
      3. Open “Todo”
      4. Settings
    Pick a note to read it.
    """

  /// A state file whose tab bar holds one tree, the first tab's: `levels`, a list of levels.
  static func stateFile(firstTab levels: String) -> String {
    #"{"levels":[{"flow":"MainTabsFlow","tabs":{"selected":0,"trees":[{"levels":"# + levels
      + #"}]}}],"version":3}"#
  }

  @Test(arguments: [
    ("garbage", "the snapshot is corrupt: The given data was not valid JSON."),
    (
      #"{"version":3,"levels":[{"flow":"AppFl"#,
      "the snapshot is corrupt: The given data was not valid JSON."
    ),
    (
      #"{"version":99,"levels":[]}"#,
      "snapshot version 99 is not supported (this library reads version 3)"
    ),
    (
      #"{"version":1,"root":{"flow":"AppFlow","stack":[{"library":{}},{"note":{"_0":2}}]}}"#,
      "snapshot version 1 is not supported (this library reads version 3)"
    ),
    (
      #"{"version":2,"levels":[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]}]}"#,
      "snapshot version 2 is not supported (this library reads version 3)"
    ),
    (
      #"{"levels":[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]}]}"#,
      "the snapshot has no version (this library reads version 3)"
    ),
    (
      NotesStateTests.stateFile(firstTab: #"[{"flow":"AppFlow","routes":[{"trash":{}}]}]"#),
      "the snapshot has a route AppFlow does not know"
    ),
  ])
  func aCorruptOrOutdatedStateFileIsReportedAndTheAppStartsAtTheLibrary(
    contents: String, message: String
  ) throws {
    try withStateFile { file in
      try Data(contents.utf8).write(to: file)
      let run = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "")
      #expect(run.status == 0)
      let lines = run.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("Could not restore the saved state: \(message)") == true)
      #expect(lines.dropFirst().first == "Starting at the library.")
      #expect(run.standardOutput.contains(Self.library))
    }
  }

  @Test func aSavedTabWhoseFlowTheAppNoLongerHasIsReportedAndTheAppStartsAtTheLibrary() throws {
    try withStateFile { file in
      try Data(Self.stateFile(firstTab: #"[{"flow":"Nope","routes":[]}]"#).utf8).write(to: file)
      let run = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "")
      #expect(run.status == 0)
      let lines = run.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.first == "Not restored: Nope@0 []: tab 0 is no longer there.")
      #expect(run.standardOutput.contains(Self.library))
    }
  }

  @Test func aNoteDeletedSinceTheSaveFallsBackToTheLibrary() throws {
    try withStateFile { file in
      let levels = #"[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":7}}]}]"#
      try Data(Self.stateFile(firstTab: levels).utf8).write(to: file)
      try expectTranscript(
        arguments: ["--state", file.path], input: "tree\n",
        """
        Not restored: AppFlow@1 [note(7)]: there is no note 7.
        \(Self.library)
        > tree
        MainTabsFlow: [AppFlow*, HelpFlow]
        ├─ AppFlow (tab 0, selected): [library]
        └─ HelpFlow (tab 1): [topics]
        \(Self.library)
        Saved the screens to the state file.
        """)
    }
  }

  @Test func anEditorIsNotRestoredWithoutSigningIn() throws {
    try withStateFile { file in
      try Data(
        Self.stateFile(
          firstTab: #"[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]},"#
            + #"{"flow":"EditorFlow","routes":["edit"]}]"#
        ).utf8
      ).write(to: file)
      let run = try SampleRunner.run("notes", arguments: ["--state", file.path], input: "")
      #expect(
        run.standardOutput.hasPrefix(
          "Not restored: EditorFlow@2 [edit]: requires signed-in.\n── Ideas ──"))
    }
  }

  @Test func aMissingStateFileStartsFreshAndIsCreatedOnQuit() throws {
    try withStateFile { file in
      try expectTranscript(
        arguments: ["--state", file.path], input: "quit\n",
        """
        \(Self.library)
        > quit
        Saved the screens to the state file.
        """)
      #expect(FileManager.default.fileExists(atPath: file.path))
    }
  }
}

struct NotesCommandLineTests {
  @Test func helpExplainsOptionsCommandsAndLinks() throws {
    let run = try SampleRunner.run("notes", arguments: ["--help"])
    #expect(run.status == 0)
    for text in [
      "USAGE: notes [--trace] [--slow] [--wide] [--state <file>]",
      "[--route-map mermaid|dot] [--help]",
      "--trace", "--slow", "--route-map mermaid|dot",
      "--wide", "width compact",
      "--state <file>", "<number>",
      "back", "close", "open <url>", "tree", "help", "quit", "notes://library",
      "notes://note/<id>", "notes://note/<id>/edit", "notes://settings",
      "notes://settings/account",
    ] {
      #expect(run.standardOutput.contains(text), "\(text)")
    }
  }

  @Test func anUnknownArgumentIsAUsageError() throws {
    let run = try SampleRunner.run("notes", arguments: ["--colour"])
    #expect(run.status == 64)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "notes: unknown argument “--colour”. Try notes --help.\n")
  }

  @Test func stateNeedsAFile() throws {
    let run = try SampleRunner.run("notes", arguments: ["--state"])
    #expect(run.status == 64)
    #expect(run.standardError == "notes: --state needs a file. Try notes --help.\n")
  }
}
