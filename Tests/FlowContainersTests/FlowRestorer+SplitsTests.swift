import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// Snapshots and restoration of a split: both columns' trees, never the width, in one change.
@MainActor
struct FlowRestorerSplitsTests {
  @Test func aSplitPresentedOverAStackRootIsLeftOutOfItsSnapshotAndRestoringItEndsTheSplitOnce()
    throws
  {
    let journal = Journal()
    let app = AppFlow()
    let restorer = FlowRestorer(root: app)
    let saved = try restorer.snapshot()
    let split = ObjectingSplit()
    app.container.present(split.container) { journal.record("split ended: \($0)") }
    #expect(try restorer.snapshot() == saved)
    let report = restorer.restore(saved)
    #expect(report.error == nil)
    #expect(app.container.presented == nil)
    #expect(journal.entries == ["split ended: dismissedByPresenter"])
  }

  @Test func aSnapshotSavesBothColumnsTreesAndNoWidth() throws {
    let split = NotesSplit()
    split.list.container.push("folder work")
    let note = NoteDetailFlow(id: 2)
    note.container.push(.history)
    split.container.showDetail(note.container)
    split.container.handle(.widthChanged(.compact))
    let snapshot = try FlowRestorer(root: split).snapshot()
    #expect(
      snapshot.description == """
        NotesSplit: []
          primary of NotesSplit:
            NoteListFlow: [list, folder work]
          detail of NotesSplit:
            NoteDetailFlow: [note(2), history]
        """)
    let json = String(decoding: try snapshot.jsonData(), as: UTF8.self)
    #expect(!json.contains("compact") && !json.contains("width"))
    let other = NotesSplit()
    let decoded = FlowRestorer(root: other)
    #expect(decoded.restore(from: try snapshot.jsonData()).error == nil)
    #expect(try decoded.snapshot() == snapshot)
  }

  /// The tree a new split shows once `snapshot` is restored into it, compact or regular.
  private func restored(_ data: Data, compact: Bool) -> (FlowTree, RestorationReport) {
    let split = NotesSplit()
    if compact { split.container.handle(.widthChanged(.compact)) }
    let report = FlowRestorer(root: split).restore(from: data)
    if compact { split.container.handle(.widthChanged(.regular)) }
    return (split.container.tree, report)
  }

  @Test func restoringIntoACompactSplitThenExpandingGivesTheTreeOfARegularOne() throws {
    let source = NotesSplit()
    let note = NoteDetailFlow(id: 4)
    note.container.push(.history)
    source.container.showDetail(note.container)
    source.list.container.push("folder home")
    let data = try FlowRestorer(root: source).snapshot().jsonData()
    let (regular, regularReport) = restored(data, compact: false)
    let (compact, compactReport) = restored(data, compact: true)
    #expect(regular == compact)
    #expect(regular == source.container.tree)
    #expect(regularReport == compactReport)
    #expect(regularReport.dropped.isEmpty && regularReport.error == nil)
  }

  @Test func restoringAnotherNoteReplacesTheDetailWhichEndsOnceAndIsReleased() throws {
    let journal = Journal()
    let source = NotesSplit()
    let shown = NoteDetailFlow(id: 2)
    source.container.showDetail(shown.container)
    let saved = try FlowRestorer(root: source).snapshot()
    let split = NotesSplit(journal: journal)
    weak let old: NoteDetailFlow?
    do {
      let note = NoteDetailFlow(id: 1, journal: journal)
      old = note
      split.container.showDetail(note.container) { journal.record("note 1 ended: \($0)") }
    }
    let restorer = FlowRestorer(root: split)
    var plans: [String] = []
    let token = restorer.observePlans { event in
      if case .willApply(let plan) = event { plans.append(plan.description) }
    }
    let report = restorer.restore(saved)
    #expect(report.error == nil && report.dropped.isEmpty)
    #expect(old == nil)
    #expect(journal.entries == ["note 1 ended: dismissedByPresenter", "deinit note 1"])
    #expect(
      plans == [
        """
        plan for restoration
          1. show NoteDetailFlow@2 as detail with [note(2)]
        """
      ])
    #expect(try restorer.snapshot() == saved)
    // The same note again keeps the live detail.
    let detail = split.container.detail
    #expect(restorer.restore(saved).error == nil)
    #expect(split.container.detail === detail)
    token.cancel()
  }

  @Test func aSnapshotWithNoDetailClosesTheLiveOneOnce() throws {
    let journal = Journal()
    let empty = NotesSplit()
    let saved = try FlowRestorer(root: empty).snapshot()
    let split = NotesSplit(journal: journal)
    let restorer = FlowRestorer(root: split)
    #expect(restorer.restore(saved).error == nil)
    _ = try #require(restorer.snapshot().levels.first?.columns)
    let note = NoteDetailFlow(id: 3, journal: journal)
    split.container.showDetail(note.container)
    #expect(restorer.restore(saved).error == nil)
    #expect(split.container.detail == nil)
    #expect(journal.entries.isEmpty)
    #expect(note.container.isFinished)
  }

  @Test func corruptOrMisplacedInputChangesNothingAndSaysWhy() throws {
    let split = NotesSplit()
    let note = NoteDetailFlow(id: 1)
    split.container.showDetail(note.container)
    let before = split.container.tree
    let restorer = FlowRestorer(root: split)
    let corrupt = restorer.restore(from: Data(#"{"version":3,"levels":[{"flow":"#.utf8))
    #expect(corrupt.error != nil)
    let unknown = restorer.restore(
      from: Data(
        (#"{"version":3,"levels":[{"flow":"NotesSplit","columns":{"primary":{"levels":"#
          + #"[{"flow":"NoteListFlow","routes":[7]}]}}}]}"#).utf8))
    #expect(unknown.error != nil)
    let other = restorer.restore(
      FlowSnapshot(levels: [
        FlowSnapshot.Level(
          flow: "OtherSplit", routes: [],
          columns: FlowSnapshot.Columns(primary: FlowSnapshot(levels: []), detail: nil))
      ]))
    #expect(other.error == .unexpectedFlow("OtherSplit", after: nil))
    #expect(split.container.tree == before)
  }

  @Test func aVersionOneSnapshotOfTheListIsRefusedWithItsVersionAndChangesNothing() {
    let split = NotesSplit()
    split.list.container.push("folder z")
    let before = split.container.tree
    let data = Data(
      #"{"version":1,"root":{"flow":"NoteListFlow","stack":["list","folder a"]}}"#.utf8)
    let report = FlowRestorer(root: split).restore(from: data)
    #expect(report.error == .unsupportedVersion(1))
    #expect(split.container.tree == before)
    #expect(split.list.container.stack == ["list", "folder z"])
  }

  @Test func aSnapshotOfTheListWithoutTheSplitsLevelRestoresIntoThePrimary() {
    let split = NotesSplit()
    let data = Data(
      #"{"version":3,"levels":[{"flow":"NoteListFlow","routes":["list","folder a"]}]}"#.utf8)
    let report = FlowRestorer(root: split).restore(from: data)
    #expect(report.error == nil)
    #expect(split.list.container.stack == ["list", "folder a"])
  }

  @Test func aDetailsOnEndThatShowsAnotherDetailDuringARestorationRunsAfterItAndObserversHearBoth()
    throws
  {
    let journal = Journal()
    let source = NotesSplit()
    let restorer = FlowRestorer(root: source)
    let two = NoteDetailFlow(id: 2)
    source.container.showDetail(two.container)
    let savedTwo = try restorer.snapshot()
    let one = NoteDetailFlow(id: 1)
    source.container.showDetail(one.container)
    let savedOne = try restorer.snapshot()
    weak let released: NoteDetailFlow?
    let split = NotesSplit(journal: journal)
    let target = FlowRestorer(root: split)
    #expect(target.restore(savedOne).error == nil)
    released = split.container.detail?.owner as? NoteDetailFlow
    weak let third: NoteDetailFlow?
    do {
      let three = NoteDetailFlow(id: 3, journal: journal)
      third = three
      split.onDetailEnd = { split in
        split.onDetailEnd = nil
        split.container.showDetail(three.container)
      }
    }
    var heard: [String] = []
    let token = split.container.observeEvents { heard.append("\($0)") }
    #expect(target.restore(savedTwo).error == nil)
    token.cancel()
    #expect(released == nil)
    #expect(split.container.detail === third?.container)
    #expect(
      journal.entries == [
        "note 1 ended: dismissedByPresenter", "deinit note 1",
        "note 2 ended: dismissedByPresenter", "deinit note 2",
      ])
    #expect(
      heard == [
        "NotesSplit@0 close detail NoteDetailFlow (dismissedByPresenter) (restoration)",
        "NotesSplit@0 show detail NoteDetailFlow (restoration)",
        "NotesSplit@0 close detail NoteDetailFlow (dismissedByPresenter) (program, animated)",
        "NotesSplit@0 show detail NoteDetailFlow (program, animated)",
      ])
  }

  @Test func aReleasedSplitAndTheDetailsARestorationMadeLeakNothing() throws {
    let source = NotesSplit()
    let note = NoteDetailFlow(id: 5)
    source.container.showDetail(note.container)
    let saved = try FlowRestorer(root: source).snapshot()
    weak let split: NotesSplit?
    weak let detail: NoteDetailFlow?
    do {
      let made = NotesSplit()
      split = made
      #expect(FlowRestorer(root: made).restore(saved).error == nil)
      detail = made.container.detail?.owner as? NoteDetailFlow
      #expect(detail != nil)
    }
    #expect(split == nil)
    #expect(detail == nil)
  }
}

/// A split presented as a sub-flow: saved as the level it is, with both columns, and restored
/// by presenting a new one or keeping the one presented.
@MainActor
struct FlowRestorerPresentedSplitTests {
  /// A home presenting a split that shows list `folder` and, if given, note `note`.
  private func source(folder: String, note: Int?) throws -> (NotesHome, FlowSnapshot) {
    let home = NotesHome()
    let split = NotesSplit()
    split.list.container.push("folder \(folder)")
    home.container.present(split.container, style: .fullScreenCover)
    if let note {
      let detail = NoteDetailFlow(id: note)
      split.container.showDetail(detail.container)
    }
    return (home, try FlowRestorer(root: home).snapshot())
  }

  @Test func aPresentedSplitIsSavedAsALevelWithBothColumns() throws {
    let (_, snapshot) = try source(folder: "a", note: 3)
    #expect(
      snapshot.description == """
        NotesHome: [home]
        └─ NotesSplit (fullScreenCover): []
          primary of NotesSplit:
            NoteListFlow: [list, folder a]
          detail of NotesSplit:
            NoteDetailFlow: [note(3)]
        """)
    let decoded = try FlowSnapshot.decode(try snapshot.jsonData(), root: NotesHome.self)
    #expect(decoded == snapshot)
  }

  @Test func restoringPresentsANewSplitWithBothColumnsInOneChangeAndLeaksNothing() throws {
    let (_, snapshot) = try source(folder: "b", note: 6)
    let journal = Journal()
    weak let split: NotesSplit?
    do {
      let home = NotesHome(journal: journal)
      let restorer = FlowRestorer(root: home)
      var plans: [String] = []
      let token = restorer.observePlans { event in
        if case .willApply(let plan) = event { plans.append(plan.description) }
      }
      let report = restorer.restore(snapshot)
      token.cancel()
      #expect(report.error == nil && report.dropped.isEmpty)
      #expect(try restorer.snapshot() == snapshot)
      #expect(
        plans == [
          """
          plan for restoration
            1. present NotesSplit@1 as fullScreenCover with []
            2. NoteListFlow@2: replace with [list, folder b]
            3. show NoteDetailFlow@3 as detail with [note(6)]
          """
        ])
      split = home.container.presented?.owner as? NotesSplit
      #expect(split != nil)
    }
    #expect(split == nil)
    #expect(journal.entries == ["deinit note 6"])
  }

  @Test func restoringIntoThePresentedSplitKeepsItAndReplacesItsDetailOnce() throws {
    let (_, snapshot) = try source(folder: "c", note: 2)
    let journal = Journal()
    let home = NotesHome(journal: journal)
    let split = NotesSplit(journal: journal)
    home.container.present(split.container, style: .fullScreenCover)
    let old = NoteDetailFlow(id: 1, journal: journal)
    split.container.showDetail(old.container) { journal.record("note 1 ended: \($0)") }
    let report = FlowRestorer(root: home).restore(snapshot)
    #expect(report.error == nil && report.dropped.isEmpty)
    #expect(home.container.presented === split.container)
    #expect((split.container.detail?.owner as? NoteDetailFlow)?.id == 2)
    #expect(split.list.container.stack == ["list", "folder c"])
    #expect(journal.entries == ["note 1 ended: dismissedByPresenter"])
  }
}

extension FlowRestorerSplitsTests {
  @Test func aDetailNoLongerDeclaredIsDroppedWithAReasonAndThePrimaryStillRestored() throws {
    let split = NotesSplit()
    let live = NoteDetailFlow(id: 1)
    split.container.showDetail(live.container)
    let data = Data(
      (#"{"version":3,"levels":[{"flow":"NotesSplit","columns":{"primary":{"levels":"#
        + #"[{"flow":"NoteListFlow","routes":["list","folder k"]}]},"detail":{"levels":"#
        + #"[{"flow":"Ghost","routes":[1]}]}}}]}"#).utf8)
    let report = FlowRestorer(root: split).restore(from: data)
    #expect(report.error == nil)
    #expect(report.dropped.map(\.flow) == ["Ghost"])
    #expect(report.dropped.map(\.reason) == ["Ghost is not a detail of NotesSplit"])
    #expect(split.list.container.stack == ["list", "folder k"])
    #expect(split.container.detail == nil)
  }

  @Test func aPrimaryTreeThatDoesNotFitIsDroppedAsATabsWouldBeAndTheDetailStillRestored() {
    let split = NotesSplit()
    let wrong = FlowSnapshot(levels: [
      FlowSnapshot.Level(flow: "NoteDetailFlow", routes: [AnyRoute(NoteRoute.note(1))])
    ])
    let detail = FlowSnapshot(levels: [
      FlowSnapshot.Level(flow: "NoteDetailFlow", routes: [AnyRoute(NoteRoute.note(2))])
    ])
    let report = FlowRestorer(root: split).restore(
      FlowSnapshot(levels: [
        FlowSnapshot.Level(
          flow: "NotesSplit", routes: [],
          columns: FlowSnapshot.Columns(primary: wrong, detail: detail))
      ]))
    #expect(report.error == nil)
    #expect(
      report.dropped.map(\.reason) == [
        "in the primary column: \(RestorationError.unknownFlow("NoteDetailFlow"))"
      ])
    #expect((split.container.detail?.owner as? NoteDetailFlow)?.id == 2)
  }
}

extension FlowRestorerSplitsTests {
  @Test func aLiveDetailThatObjectsStaysAndTheSavedDetailIsDroppedWithItsReason() throws {
    let source = NotesSplit()
    source.list.container.push("folder s")
    let two = NoteDetailFlow(id: 2)
    source.container.showDetail(two.container)
    let saved = try FlowRestorer(root: source).snapshot()
    let split = NotesSplit()
    let one = NoteDetailFlow(id: 1)
    one.objection = "note 1 has unsaved changes"
    split.container.showDetail(one.container)
    let report = FlowRestorer(root: split).restore(saved)
    #expect(report.error == nil)
    #expect(
      report.dropped.map(\.reason) == [
        "\(RestorationError.objection(flow: "NoteDetailFlow", reason: "note 1 has unsaved changes"))"
      ])
    #expect(split.container.detail === one.container)
    #expect(split.list.container.stack == ["list", "folder s"])
  }
}

/// A detail a restoration makes presents what its saved tree presents over the split, as a
/// shown column does.
@MainActor
struct FlowRestorerNewDetailTests {
  /// A router over `split` whose guard is always satisfied.
  private func router(_ split: WideNotes) -> DeepLinkRouter {
    let router = DeepLinkRouter(root: split, scheme: "notes")
    router.setGuard(for: .signedIn, isSatisfied: { true }, makeGuardFlow: { nil as SignInFlow? })
    return router
  }

  @Test func whatANewDetailPresentsIsRestoredOverTheSplit() async throws {
    let source = WideNotes()
    let sourceRouter = router(source)
    _ = await sourceRouter.open("notes://note/2/edit")
    let saved = try sourceRouter.restorer.snapshot()
    let split = WideNotes()
    let restoring = router(split)
    #expect(restoring.restorer.restore(saved).error == nil)
    #expect(split.container.presented?.owner is EditorFlow)
    #expect(split.container.tree == source.container.tree)
    #expect(try restoring.currentLink().get().description == "notes://note/2/edit")
  }
}
