import Foundation
import Testing

/// Runs `notes` with scripted input and compares whole transcripts, in the manner of
/// swift-argument-parser's example tests.
struct NotesTranscriptTests {
  @Test func navigatingByNumbersAndBackMovesThroughTheLibrary() throws {
    try expectTranscript(
      arguments: [], input: "1\nback\n2\n2\nback\nback\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 1
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > back
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 2
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > 2
      Link to this screen: notes://note/2
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > back
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > back
      You are at the library already.
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      """)
  }

  @Test func settingsThenAccountThenTwoClosesReleaseBothFlows() throws {
    try expectTranscript(
      arguments: ["--trace"], input: "4\n1\ntree\nclose\nclose\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 4
      trace: AppFlow@1 present SettingsFlow as sheet (program, animated)
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > 1
      trace: SettingsFlow@2 present AccountFlow as sheet (program, animated)
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
      trace: SettingsFlow@2 end AccountFlow (dismissedByUser) (user)
      trace: deinit AccountFlow
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > close
      trace: AppFlow@1 end SettingsFlow (dismissedByUser) (user)
      trace: settings ended: dismissedByUser
      trace: deinit SettingsFlow
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library]
      └─ HelpFlow (tab 1): [topics]
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      """)
  }

  @Test func anEditLinkWhileSignedOutGoesThroughSignInAndResumes() throws {
    try expectTranscript(
      arguments: [], input: "open notes://note/2/edit\ntree\n1\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > open notes://note/2/edit
      Sign in first: notes://note/2/edit opens after.
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library]
      │  └─ SignInFlow (fullScreenCover): [sign-in]
      └─ HelpFlow (tab 1): [topics]
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > 1
      Signed in as Ada.
      Opened notes://note/2/edit.
      ── Editing “Ideas” (fullScreenCover) ──
      | A navigation library where flows own their screens.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library, note 2]
      │  └─ EditorFlow (fullScreenCover): [edit]
      └─ HelpFlow (tab 1): [topics]
      ── Editing “Ideas” (fullScreenCover) ──
      | A navigation library where flows own their screens.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      """)
  }

  @Test func cancellingSignInDropsTheEditWithAMessage() throws {
    try expectTranscript(
      arguments: [], input: "2\n1\n2\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 2
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > 1
      Sign in first: the editor opens after.
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > 2
      Sign-in cancelled: the editor was not opened.
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library, note 2]
      └─ HelpFlow (tab 1): [topics]
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      """)
  }

  @Test func malformedAndUnknownLinksAreReportedAndNothingMoves() throws {
    try expectTranscript(
      arguments: [],
      input:
        "1\nopen notes://note/%ZZ\nopen notes//note/2\nopen notes://note/9\nopen notes://nowhere\nopen\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 1
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open notes://note/%ZZ
      Cannot open notes://note/%ZZ: invalid deep link "notes://note/%ZZ": invalid percent-encoding in "%ZZ".
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open notes//note/2
      Cannot open notes//note/2: invalid deep link "notes//note/2": missing scheme: expected scheme://….
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open notes://note/9
      Cannot open notes://note/9: AppFlow cannot show note(9): there is no note 9.
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open notes://nowhere
      Cannot open notes://nowhere: no sub-flow of AppFlow can handle "nowhere".
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open
      Usage: open <url>, for example open notes://note/2
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library, note 1]
      └─ HelpFlow (tab 1): [topics]
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      """)
  }

  @Test func aLinkArrivingWhileAnUnrelatedModalIsUpDismissesIt() throws {
    try expectTranscript(
      arguments: ["--trace"], input: "4\n1\nopen notes://note/3\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 4
      trace: AppFlow@1 present SettingsFlow as sheet (program, animated)
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > 1
      trace: SettingsFlow@2 present AccountFlow as sheet (program, animated)
      ── Account (sheet) ──
      Not signed in.
        1. Sign in
      Type close to go back to settings.
      > open notes://note/3
      trace: SettingsFlow@2 end AccountFlow (tornDown) (deepLink)
      trace: deinit AccountFlow
      trace: AppFlow@1 end SettingsFlow (dismissedByPresenter) (deepLink)
      trace: settings ended: dismissedByPresenter
      trace: deinit SettingsFlow
      trace: AppFlow@1 push +1 -0 (deepLink, animated) → [library, note 3]
      ── Todo ──
      Write the tests first.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library, note 3]
      └─ HelpFlow (tab 1): [topics]
      ── Todo ──
      Write the tests first.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      """)
  }

  @Test func aLinkIntoAnEditorWithUnsavedChangesWaitsUntilItIsSaved() throws {
    try expectTranscript(
      arguments: [], input: "open notes://note/1/edit\n1\n1\nopen notes://settings\n2\n1\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > open notes://note/1/edit
      Sign in first: notes://note/1/edit opens after.
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > 1
      Signed in as Ada.
      Opened notes://note/1/edit.
      ── Editing “Groceries” (fullScreenCover) ──
      | Milk, eggs, coffee.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      > 1
      ── Editing “Groceries” (fullScreenCover) ──
      | Milk, eggs, coffee.
      | Edited in the terminal.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      > open notes://settings
      Waiting: “Groceries” has unsaved changes. notes://settings opens when you leave the editor.
      ── Editing “Groceries” (fullScreenCover) ──
      | Milk, eggs, coffee.
      | Edited in the terminal.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      > 2
      ── Preview (fullScreenCover) ──
      Milk, eggs, coffee.
      Edited in the terminal.
        1. Save
        2. Keep editing
      Saving closes the editor.
      > 1
      Saved “Groceries”.
      Opened notes://settings.
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library]
      │  └─ SettingsFlow (sheet): [settings]
      └─ HelpFlow (tab 1): [topics]
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      """)
  }

  @Test func slowTransitionsCoalesceWhatTheTreeLeftBeforeItsTurn() throws {
    // Each transition takes three commands: note 3 is never played, and the back swipe made
    // while note 2 slides in is the host's own, so nothing is played after it.
    try expectTranscript(
      arguments: ["--slow"],
      input: "1\nopen notes://note/3\nopen notes://note/2\ntree\nback\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 1
      [host] begins: setStack AppFlow [library, note 1] (animated)
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open notes://note/3
      ── Todo ──
      Write the tests first.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > open notes://note/2
      [host] done: setStack AppFlow [library, note 1] (animated)
      [host] begins: setStack AppFlow [library, note 2] (animated)
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library, note 2]
      └─ HelpFlow (tab 1): [topics]
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > back
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library]
      └─ HelpFlow (tab 1): [topics]
      [host] done: setStack AppFlow [library, note 2] (animated)
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      """)
  }

  @Test func theWideLayoutShowsTheNoteBesideTheLibraryAndCollapsesIntoOneStack() throws {
    // Side by side, the library's actions come first and the note's follow; collapsed, the
    // note is on top of the library, and back closes it; expanded again, no note is open.
    try expectTranscript(
      arguments: ["--wide"], input: "2\nwidth compact\nback\nwidth regular\n1\n6\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── No note open ──
      Pick a note to read it here.
      > 2
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── Ideas ──
      A navigation library where flows own their screens.
        5. Edit
        6. Share a link
        7. Delete
      Editing needs you to be signed in.
      > width compact
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > back
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > width regular
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── No note open ──
      Pick a note to read it here.
      > 1
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── Groceries ──
      Milk, eggs, coffee.
        5. Edit
        6. Share a link
        7. Delete
      Editing needs you to be signed in.
      > 6
      Link to this screen: notes://note/1
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── Groceries ──
      Milk, eggs, coffee.
        5. Edit
        6. Share a link
        7. Delete
      Editing needs you to be signed in.
      """)
  }

  @Test func aLinkInTheWideLayoutOpensBesideTheLibraryAndEditingIsGuardedAsBefore() throws {
    try expectTranscript(
      arguments: ["--wide"],
      input: "open notes://note/3\n5\n1\ntree\nclose\nwidth compact\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── No note open ──
      Pick a note to read it here.
      > open notes://note/3
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── Todo ──
      Write the tests first.
        5. Edit
        6. Share a link
        7. Delete
      Editing needs you to be signed in.
      > 5
      Sign in first: notes://note/3/edit opens after.
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > 1
      Signed in as Ada.
      Opened notes://note/3/edit.
      ── Editing “Todo” (fullScreenCover) ──
      | Write the tests first.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      > tree
      MainTabsFlow: [NotesSplitFlow*, HelpFlow]
      ├─ NotesSplitFlow (tab 0, selected): [AppFlow, NoteFlow]
      │  ├─ AppFlow (primary): [library]
      │  ├─ NoteFlow (detail): [note 3]
      │  └─ EditorFlow (fullScreenCover): [edit]
      └─ HelpFlow (tab 1): [topics]
      ── Editing “Todo” (fullScreenCover) ──
      | Write the tests first.
        1. Add a line
        2. Preview
        3. Cancel
      Preview before saving; close discards the draft.
      > close
      Closed the editor; the draft was discarded.
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      ── Todo ──
      Write the tests first.
        5. Edit
        6. Share a link
        7. Delete
      Editing needs you to be signed in.
      > width compact
      ── Todo ──
      Write the tests first.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > tree
      MainTabsFlow: [NotesSplitFlow*, HelpFlow]
      ├─ NotesSplitFlow (tab 0, selected): [AppFlow + NoteFlow]
      │  ├─ AppFlow (primary): [library]
      │  └─ NoteFlow (detail): [note 3]
      └─ HelpFlow (tab 1): [topics]
      ── Todo ──
      Write the tests first.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      """)
  }

  @Test func unknownCommandsAndNumbersAreExplained() throws {
    try expectTranscript(
      arguments: [], input: "7\nfly\nhelp\nclose\n4\n1\n2\nback\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 7
      There is no action 7 here; pick 1 to 4.
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > fly
      Unknown command “fly”. Type help for the commands.
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > help
      Commands: <number>, back, close, open <url>, tab <n>, width compact|regular, tree, help,
      quit.
      Links: notes://library, notes://note/<id>, notes://note/<id>/edit, notes://settings,
      notes://settings/account, notes://help, notes://help/<topic>
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > close
      There is nothing to close.
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 4
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > 1
      ── Account (sheet) ──
      Not signed in.
        1. Sign in
      Type close to go back to settings.
      > 2
      There is no action 2 here; pick 1 to 1.
      ── Account (sheet) ──
      Not signed in.
        1. Sign in
      Type close to go back to settings.
      > back
      This is the first screen here; type close to close it.
      ── Account (sheet) ──
      Not signed in.
        1. Sign in
      Type close to go back to settings.
      """)
  }

  @Test func theTabBarSwitchesTabsAndLinksLandInTheTabThatCanShowThem() throws {
    // Each tab keeps its screens; a link selects the tab that can show it; re-selecting the
    // selected tab pops it to its first screen; a tab that is not there is refused.
    try expectTranscript(
      arguments: [],
      input:
        "tab 2\n1\ntree\nopen notes://note/3\ntab 2\ntab 2\ntab 9\nopen notes://help/links\n4\nopen notes://help\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > tab 2
      ── Help ──
      2 topics:
        1. Read “Tabs”
        2. Read “Links”
      Type tab 1 to go back to your notes.
      > 1
      ── Tabs ──
      Each tab keeps its own screens. Type tab 1 for your notes, tab 2 for help.
      Type back for the topics.
      > tree
      MainTabsFlow: [AppFlow, HelpFlow*]
      ├─ AppFlow (tab 0): [library]
      └─ HelpFlow (tab 1, selected): [topics, topic tabs]
      ── Tabs ──
      Each tab keeps its own screens. Type tab 1 for your notes, tab 2 for help.
      Type back for the topics.
      > open notes://note/3
      ── Todo ──
      Write the tests first.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > tab 2
      ── Tabs ──
      Each tab keeps its own screens. Type tab 1 for your notes, tab 2 for help.
      Type back for the topics.
      > tab 2
      ── Help ──
      2 topics:
        1. Read “Tabs”
        2. Read “Links”
      Type tab 1 to go back to your notes.
      > tab 9
      Usage: tab <n>, for n from 1 to 2: 1 for your notes, 2 for help.
      ── Help ──
      2 topics:
        1. Read “Tabs”
        2. Read “Links”
      Type tab 1 to go back to your notes.
      > open notes://help/links
      ── Links ──
      Links open in the tab that can show them: notes://note/2, notes://help/tabs.
      Type back for the topics.
      > 4
      There is nothing to pick here.
      ── Links ──
      Links open in the tab that can show them: notes://note/2, notes://help/tabs.
      Type back for the topics.
      > open notes://help
      ── Help ──
      2 topics:
        1. Read “Tabs”
        2. Read “Links”
      Type tab 1 to go back to your notes.
      > tree
      MainTabsFlow: [AppFlow, HelpFlow*]
      ├─ AppFlow (tab 0): [library, note 3]
      └─ HelpFlow (tab 1, selected): [topics]
      ── Help ──
      2 topics:
        1. Read “Tabs”
        2. Read “Links”
      Type tab 1 to go back to your notes.
      """)
  }

  @Test func deletingANoteAsksForConfirmationAndCancellingOrClosingKeepsIt() throws {
    try expectTranscript(
      arguments: [], input: "1\n3\ntree\n2\n3\nclose\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 1
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > 3
      ── Delete “Groceries”? (confirmationDialog) ──
      This cannot be undone.
        1. Delete (cannot be undone)
        2. Cancel
      Pick an action; close cancels.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library, note 1]
      │  └─ AlertLayer<Bool> (confirmationDialog): [alert: Delete “Groceries”? [Delete, Cancel]]
      └─ HelpFlow (tab 1): [topics]
      ── Delete “Groceries”? (confirmationDialog) ──
      This cannot be undone.
        1. Delete (cannot be undone)
        2. Cancel
      Pick an action; close cancels.
      > 2
      Kept “Groceries”.
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > 3
      ── Delete “Groceries”? (confirmationDialog) ──
      This cannot be undone.
        1. Delete (cannot be undone)
        2. Cancel
      Pick an action; close cancels.
      > close
      Kept “Groceries”.
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      """)
  }

  @Test func confirmingTheDeletionDeletesTheNoteAndLinksToItFail() throws {
    try expectTranscript(
      arguments: [], input: "2\n3\n1\nopen notes://note/2\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 2
      ── Ideas ──
      A navigation library where flows own their screens.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > 3
      ── Delete “Ideas”? (confirmationDialog) ──
      This cannot be undone.
        1. Delete (cannot be undone)
        2. Cancel
      Pick an action; close cancels.
      > 1
      Deleted “Ideas”.
      ── Library ──
      2 notes:
        1. Open “Groceries”
        2. Open “Todo”
        3. Settings
      Pick a note to read it.
      > open notes://note/2
      Cannot open notes://note/2: AppFlow cannot show note(2): there is no note 2.
      ── Library ──
      2 notes:
        1. Open “Groceries”
        2. Open “Todo”
        3. Settings
      Pick a note to read it.
      """)
  }

  @Test func aLinkArrivingWhileTheConfirmationIsUpClosesItAndKeepsTheNote() throws {
    try expectTranscript(
      arguments: [], input: "1\n3\nopen notes://settings\ntree\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 1
      ── Groceries ──
      Milk, eggs, coffee.
        1. Edit
        2. Share a link
        3. Delete
      Editing needs you to be signed in.
      > 3
      ── Delete “Groceries”? (confirmationDialog) ──
      This cannot be undone.
        1. Delete (cannot be undone)
        2. Cancel
      Pick an action; close cancels.
      > open notes://settings
      A link closed the confirmation; “Groceries” was kept.
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > tree
      MainTabsFlow: [AppFlow*, HelpFlow]
      ├─ AppFlow (tab 0, selected): [library]
      │  └─ SettingsFlow (sheet): [settings]
      └─ HelpFlow (tab 1): [topics]
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      """)
  }

  @Test func signingInFromTheAccountAwaitsTheSignInFlowsResult() throws {
    try expectTranscript(
      arguments: [], input: "4\n1\n1\n2\n1\n1\n",
      """
      ── Library ──
      3 notes:
        1. Open “Groceries”
        2. Open “Ideas”
        3. Open “Todo”
        4. Settings
      Pick a note to read it.
      > 4
      ── Settings (sheet) ──
      Notes are kept in memory for this run.
        1. Account
      Type close to leave settings.
      > 1
      ── Account (sheet) ──
      Not signed in.
        1. Sign in
      Type close to go back to settings.
      > 1
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > 2
      Still signed out.
      ── Account (sheet) ──
      Not signed in.
        1. Sign in
      Type close to go back to settings.
      > 1
      ── Sign in (fullScreenCover) ──
      You need to sign in to edit notes.
        1. Sign in as Ada
        2. Cancel
      What you asked for opens once you are signed in.
      > 1
      Signed in as Ada.
      Welcome, Ada.
      ── Account (sheet) ──
      Signed in as Ada.
        1. Sign out
      Type close to go back to settings.
      """)
  }
}

/// Runs `notes` with `arguments` and `input` and checks its whole standard output, an empty
/// standard error and a zero exit status.
func expectTranscript(
  arguments: [String], input: String, _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let run = try SampleRunner.run("notes", arguments: arguments, input: input)
  #expect(run.status == 0, sourceLocation: sourceLocation)
  #expect(run.standardError == "", sourceLocation: sourceLocation)
  let actual =
    run.standardOutput.hasSuffix("\n") ? String(run.standardOutput.dropLast()) : run.standardOutput
  if actual != expected {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    Issue.record(
      """
      transcripts differ at line \(first + 1):
        expected: \(first < expectedLines.count ? String(expectedLines[first]) : "<end>")
        actual:   \(first < actualLines.count ? String(actualLines[first]) : "<end>")
      whole transcript:
      \(actual)
      """, sourceLocation: sourceLocation)
  }
}
