import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// Snapshots and restoration of a tab bar with a split tab: the tab saved as a split's level
/// with both columns' trees, never the width, and rebuilt in the bar's one change.
@MainActor
struct FlowRestorerSplitTabsTests {
  /// A bar showing notes 3 and its editor beside the list in a folder, with help selected.
  private func source() async -> LinkedWideTabs {
    let linked = LinkedWideTabs()
    _ = await linked.open("notes://folder/work")
    _ = await linked.open("notes://note/3/edit")
    _ = await linked.open("notes://help/about")
    return linked
  }

  @Test func aSnapshotSavesASplitTabAsASplitsLevelWithBothColumnsAndNoWidth() async throws {
    let linked = await source()
    linked.tabs.notes.container.handle(.widthChanged(.compact))
    let snapshot = try linked.router.restorer.snapshot()
    #expect(
      snapshot.description == """
        WideTabs: []
          tab 0 of WideTabs:
            WideNotes: []
              primary of WideNotes:
                NoteListFlow: [list, folder work]
              detail of WideNotes:
                EditableNoteFlow: [note(3)]
                └─ EditorFlow (sheet): [edit]
          tab 1* of WideTabs:
            HelpTab: [help, about]
        """)
    let json = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    #expect(!json.contains("compact") && !json.contains("regular") && !json.contains("width"))
  }

  @Test func restoringRebuildsTheSplitTabInOnePlanAndOneChange() async throws {
    let saved = await source()
    let data = try saved.router.restorer.snapshot().jsonData()
    let linked = LinkedWideTabs()
    var plans: [String] = []
    let token = linked.router.restorer.observePlans { event in
      if case .willApply(let plan) = event { plans.append(plan.description) }
    }
    let report = linked.router.restorer.restore(from: data)
    token.cancel()
    #expect(report.error == nil && report.dropped.isEmpty)
    #expect(plans.count == 1)
    #expect(
      linked.tree == """
        WideTabs: [WideNotes, HelpTab*]
        ├─ WideNotes (tab 0): [NoteListFlow, EditableNoteFlow]
        │  ├─ NoteListFlow (primary): [list, folder work]
        │  ├─ EditableNoteFlow (detail): [note(3)]
        │  └─ EditorFlow (sheet): [edit]
        └─ HelpTab (tab 1, selected): [help, about]
        """)
    linked.tabs.container.select(0)
    #expect(try linked.router.currentLink().get().description == "notes://note/3/edit")
  }

  /// The tree of a new bar restored from `data` in a compact or a regular width, then
  /// expanded, and the report.
  private func restored(_ data: Data, compact: Bool) -> (FlowTree, RestorationReport) {
    let tabs = WideTabs()
    if compact { tabs.notes.container.handle(.widthChanged(.compact)) }
    let restorer = FlowRestorer(root: tabs)
    let report = restorer.restore(from: data)
    tabs.notes.container.handle(.widthChanged(.regular))
    return (tabs.container.tree, report)
  }

  @Test func restoringIntoACompactSplitTabThenExpandingGivesTheTreeOfARegularOne() throws {
    let source = WideTabs()
    let note = EditableNoteFlow(id: 4)
    source.notes.container.showDetail(note.container)
    source.notes.list.container.push("folder home")
    let data = try FlowRestorer(root: source).snapshot().jsonData()
    let (regular, regularReport) = restored(data, compact: false)
    let (compact, compactReport) = restored(data, compact: true)
    #expect(regular == compact)
    #expect(regular == source.container.tree)
    #expect(regularReport == compactReport)
    #expect(regularReport.dropped.isEmpty && regularReport.error == nil)
  }

  @Test func restoringIntoALiveBarKeepsTheDetailShowingTheSavedNoteAndReplacesAnotherOnce()
    async throws
  {
    let saved = await source()
    let snapshot = try saved.router.restorer.snapshot()
    let journal = Journal()
    let linked = LinkedWideTabs(journal: journal)
    _ = await linked.open("notes://note/3")
    weak let kept: EditableNoteFlow?
    kept = linked.tabs.note
    #expect(kept != nil)
    #expect(linked.router.restorer.restore(snapshot).error == nil)
    #expect(linked.tabs.note === kept)
    #expect(linked.tabs.notes.container.presented?.owner is EditorFlow)
    _ = await linked.open("notes://note/5")
    #expect(kept == nil)
    journal.entries.removeAll()
    #expect(linked.router.restorer.restore(snapshot).error == nil)
    #expect(linked.tabs.note?.id == 3)
    #expect(journal.entries == ["note 5 ended: dismissedByPresenter", "deinit note 5"])
    #expect(linked.tabs.container.selectedIndex == 1)
  }

  @Test func aDetailThatCannotBeMadeInAnotherTabIsDroppedWithTheTabsPrefix() throws {
    let source = WideTabs()
    let missing = EditableNoteFlow(id: 95)
    source.notes.container.showDetail(missing.container)
    source.notes.list.container.push("folder home")
    source.container.select(1)
    let tabs = WideTabs()
    let report = FlowRestorer(root: tabs).restore(try FlowRestorer(root: source).snapshot())
    #expect(report.error == nil)
    #expect(
      report.dropped.map(\.description) == [
        "EditableNoteFlow@2 [note(95)]: in tab 0: WideNotes did not create EditableNoteFlow"
      ])
    #expect(tabs.notes.list.container.stack == ["list", "folder home"])
    #expect(tabs.note == nil)
  }

  @Test func aVersionOneSnapshotOfTheNotesTabIsRefusedWithItsVersionAndChangesNoTab() {
    let version1 = Data(
      #"{"version":1,"root":{"flow":"NoteListFlow","stack":["list","folder a"]}}"#.utf8)
    let tabs = WideTabs()
    tabs.notes.list.container.push("folder z")
    let before = tabs.container.tree
    #expect(FlowRestorer(root: tabs).restore(from: version1).error == .unsupportedVersion(1))
    #expect(tabs.container.tree == before)
    #expect(tabs.notes.list.container.stack == ["list", "folder z"])
  }

  @Test func aSnapshotOfTheNotesTabAsAStackRestoresIntoTheSplitsPrimary() throws {
    let stack = Data(
      #"{"version":3,"levels":[{"flow":"NoteListFlow","routes":["list","folder a"]}]}"#.utf8)
    let tabs = WideTabs()
    #expect(FlowRestorer(root: tabs).restore(from: stack).error == nil)
    #expect(tabs.notes.list.container.stack == ["list", "folder a"])
    let version3 = Data(
      (#"{"version":3,"levels":[{"flow":"WideTabs","routes":[],"tabs":{"selected":1,"trees":["#
        + #"{"levels":[{"flow":"NoteListFlow","routes":["list","folder b"]}]},"#
        + #"{"levels":[{"flow":"HelpTab","routes":["help","about"]}]}]}}]}"#).utf8)
    let other = WideTabs()
    let report = FlowRestorer(root: other).restore(from: version3)
    #expect(report.error == nil && report.dropped.isEmpty)
    #expect(other.notes.list.container.stack == ["list", "folder b"])
    #expect(other.help.container.stack == ["help", "about"])
    #expect(other.container.selectedIndex == 1)
  }

  @Test func aRestoredSplitTabAndTheFlowsItMadeLeakNothing() async throws {
    let saved = await source()
    let data = try saved.router.restorer.snapshot().jsonData()
    weak let tabs: WideTabs?
    weak let split: WideNotes?
    weak let note: EditableNoteFlow?
    weak let editor: EditorFlow?
    do {
      let linked = LinkedWideTabs()
      tabs = linked.tabs
      split = linked.tabs.notes
      #expect(linked.router.restorer.restore(from: data).error == nil)
      note = linked.tabs.note
      editor = linked.tabs.notes.container.presented?.owner as? EditorFlow
      #expect(note != nil && editor != nil)
    }
    #expect(tabs == nil)
    #expect(split == nil)
    #expect(note == nil)
    #expect(editor == nil)
  }

  @Test func aPresentedBarsSplitTabIsSavedAndRestoredThroughItsDeclaredSplitTabFlows() throws {
    let home = WideHome()
    let bar = WideTabs()
    home.container.present(bar.container, style: .fullScreenCover)
    let six = EditableNoteFlow(id: 6)
    bar.notes.container.showDetail(six.container)
    bar.notes.list.container.push("folder six")
    let data = try FlowRestorer(root: home).snapshot().jsonData()
    let restored = WideHome()
    let report = FlowRestorer(root: restored).restore(from: data)
    #expect(report.error == nil && report.dropped.isEmpty)
    #expect(restored.container.tree == home.container.tree)
    #expect(
      (restored.container.presented?.owner as? WideTabs)?.note?.id == 6)
  }
}
