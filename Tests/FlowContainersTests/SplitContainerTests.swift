import FlowContainers
import FlowContainersTesting
import Observation
import Testing

/// A flow whose container is a split, as a notes app's wide layout.
@MainActor
final class ListDetailFlow {
  let container = SplitContainer()
  init() { container.owner = self }
}

/// Split containers: the columns' flows live as long as they are columns, the detail ends once
/// however it ends, collapsing and expanding create and release nothing, the collapsed stack's
/// positions map onto the columns, and a split presents over both columns.
@MainActor
struct SplitContainerTests {
  /// A split with a primary `list` (screens `l1`, `l2`) and a detail `note` (`n1`, `n2`), whose
  /// flows only the split holds.
  private func makeSplit(
    journal: Journal? = nil, onEnd: ((PresentationEnding) -> Void)? = nil
  ) -> ListDetailFlow {
    let split = ListDetailFlow()
    let list = TestFlow<Root>("list", screens: ["l1", "l2"], journal: journal)
    let note = TestFlow<Middle>("note", screens: ["n1", "n2"], journal: journal)
    split.container.setPrimary(list.container)
    split.container.showDetail(note.container, onEnd: onEnd)
    return split
  }

  @Test func theColumnsKeepTheirFlowsAliveAndHangOneLevelUp() {
    let split = ListDetailFlow()
    weak let list: TestFlow<Root>?
    weak let note: TestFlow<Middle>?
    do {
      let primary = TestFlow<Root>("list")
      let detail = TestFlow<Middle>("note")
      list = primary
      note = detail
      split.container.setPrimary(primary.container)
      split.container.showDetail(detail.container)
    }
    #expect(list != nil && note != nil)
    #expect(split.container.primary === list?.container)
    #expect(split.container.detail === note?.container)
    #expect(note?.container.splitContainer === split.container)
    #expect(note?.container.column == .detail)
    #expect(list?.container.column == .primary)
    #expect(note?.container.depth == 1)
    #expect(split.container.topmost === note?.container)
    #expect(
      split.container.tree.description == """
        ListDetailFlow: [TestFlow<Root>, TestFlow<Middle>]
        ├─ TestFlow<Root> (primary): [list.root]
        └─ TestFlow<Middle> (detail): [note.root]
        """)
    let tree = split.container.tree
    #expect(tree.levels[0].kind == .split)
    #expect(tree.levels[0].width == .regular)
    #expect(tree.levels[0].columns == [1, 2])
    #expect(tree.levels.map(\.place) == [.root, .column(.primary), .column(.detail)])
    #expect(tree.shownLevels.last == 2)
  }

  @Test func aSplitsDebugDescriptionNamesItsKindAndColumns() {
    let split = makeSplit()
    #expect(
      split.container.debugDescription
        == "SplitContainer(ListDetailFlow@0: [TestFlow<Root>, TestFlow<Middle>])")
    #expect(TabsFlow().container.debugDescription == "TabContainer(TabsFlow@0: [])")
  }

  @Test func replacingTheDetailEndsTheOldOneOnceWhatItPresentedFirstThenItsDeinit() {
    let journal = Journal()
    let split = makeSplit(journal: journal) { journal.record("note ended: \($0)") }
    weak let old = split.container.detail?.owner
    let next = TestFlow<Top>("next", journal: journal)
    split.container.showDetail(next.container) { journal.record("next ended: \($0)") }
    #expect(old == nil)
    #expect(split.container.detail === next.container)
    #expect(journal.entries.prefix(2) == ["note ended: dismissedByPresenter", "deinit note"])
    #expect(
      Set(journal.entries.dropFirst(2)) == ["deinit screen note.n1", "deinit screen note.n2"])
    // Showing the detail already shown changes nothing and ends nothing.
    journal.entries.removeAll()
    split.container.showDetail(next.container)
    #expect(journal.entries.isEmpty)
  }

  @Test func noDetailIsAStateOfItsOwnAndClosingItTwiceIsMisuse() {
    let journal = Journal()
    let split = makeSplit(journal: journal) { journal.record("ended: \($0)") }
    split.container.closeDetail()
    #expect(split.container.detail == nil)
    #expect(journal.entries.first == "ended: dismissedByPresenter")
    #expect(journal.entries.contains("deinit note"))
    #expect(split.container.topmost === split.container.primary)
    #expect(
      split.container.tree.description == """
        ListDetailFlow: [TestFlow<Root>, no detail]
        └─ TestFlow<Root> (primary): [list.l1, list.l2]
        """)
    let diagnostics = withRecordedDiagnostics { split.container.closeDetail() }
    #expect(diagnostics.map(\.code) == [.invalidColumn])
  }

  @Test func collapsingAndExpandingCreateAndReleaseNothingAndTheTreeComesBack() {
    let journal = Journal()
    let split = makeSplit(journal: journal)
    let before = split.container.tree
    weak let list = split.container.primary?.owner
    weak let note = split.container.detail?.owner
    split.container.handle(.widthChanged(.compact))
    #expect(split.container.width == .compact)
    #expect(split.container.collapsedCount == 4)
    #expect(split.container.count == 4)
    #expect(split.container.topmost === split.container.detail)
    #expect(
      split.container.tree.description == """
        ListDetailFlow: [TestFlow<Root> + TestFlow<Middle>]
        ├─ TestFlow<Root> (primary): [list.l1, list.l2]
        └─ TestFlow<Middle> (detail): [note.n1, note.n2]
        """)
    split.container.handle(.widthChanged(.regular))
    #expect(split.container.tree == before)
    #expect(list != nil && note != nil)
    #expect(journal.entries.isEmpty)
  }

  @Test func aPopInTheDetailsPartOfTheCollapsedStackPopsTheDetail() {
    let split = makeSplit()
    split.container.handle(.widthChanged(.compact))
    split.container.handle(.userPopped(toIndex: 2))
    #expect(split.container.detail?.stackDescription == ["note.n1"])
    #expect(split.container.collapsedCount == 3)
  }

  @Test func aPopBelowTheSeamClosesTheDetailOnceAsTheUsersAndPopsTheList() {
    let journal = Journal()
    let split = makeSplit(journal: journal) { journal.record("ended: \($0)") }
    split.container.handle(.widthChanged(.compact))
    split.container.handle(.userPopped(toIndex: 0))
    #expect(split.container.detail == nil)
    #expect(split.container.primary?.stackDescription == ["list.l1"])
    #expect(journal.entries.filter { $0.hasPrefix("ended") } == ["ended: dismissedByUser"])
    #expect(journal.entries.contains("deinit note"))
    // Expanding after the detail closed shows no detail: the host's placeholder.
    split.container.handle(.widthChanged(.regular))
    #expect(split.container.detail == nil)
    #expect(split.container.topmost === split.container.primary)
  }

  @Test func aPushOnTheListWhileCollapsedLandsBelowTheSeamAndShowsWhenTheDetailCloses() {
    let split = makeSplit()
    split.container.handle(.widthChanged(.compact))
    let list = split.container.primary as? StackContainer<TestScreen>
    list?.push(TestScreen("list.l3"))
    #expect(split.container.topmost === split.container.detail)
    #expect(split.container.collapsedCount == 5)
    // Popping to the list's new top closes the detail and pops nothing of the list.
    split.container.handle(.userPopped(toIndex: 2))
    #expect(split.container.detail == nil)
    #expect(list?.stackDescription == ["list.l1", "list.l2", "list.l3"])
  }

  @Test func anInteractivePopOfTheDetailsRootClosesTheDetail() {
    let journal = Journal()
    let split = ListDetailFlow()
    let list = TestFlow<Root>("list", screens: ["l1"])
    split.container.setPrimary(list.container)
    do {
      let note = TestFlow<Middle>("note", journal: journal)
      split.container.showDetail(note.container) { journal.record("ended: \($0)") }
    }
    split.container.handle(.widthChanged(.compact))
    split.container.handle(.interactivePopBegan)
    split.container.handle(.interactivePopCommitted)
    #expect(split.container.detail == nil)
    #expect(journal.entries.first == "ended: dismissedByUser")
  }

  @Test func anInteractivePopIsIgnoredWhenAColumnChangedAfterItBegan() {
    let split = makeSplit()
    split.container.handle(.widthChanged(.compact))
    split.container.handle(.interactivePopBegan)
    let detail = split.container.detail as? StackContainer<TestScreen>
    detail?.push(TestScreen("note.n3"))
    let diagnostics = withRecordedDiagnostics {
      split.container.handle(.interactivePopCommitted)
    }
    #expect(diagnostics.map(\.code) == [.interactivePop])
    #expect(split.container.collapsedCount == 5)
  }

  @Test func theHostsPopsOnASplitSideBySideAreMisuseAndWidthsGoToSplitsOnly() {
    let split = makeSplit()
    let popped = withRecordedDiagnostics { split.container.handle(.userPopped(toIndex: 0)) }
    #expect(popped.map(\.code) == [.screenNotFound])
    let list = split.container.primary
    let width = withRecordedDiagnostics { list?.handle(.widthChanged(.compact)) }
    #expect(width.map(\.code) == [.splitNotFound])
    #expect(split.container.detail != nil)
  }

  @Test func aColumnPresentsOverTheWholeSplitOneAtATime() {
    let journal = Journal()
    let split = makeSplit(journal: journal)
    let modal = TestFlow<Top>("modal", journal: journal)
    split.container.detail?.present(modal.container) { journal.record("modal ended: \($0)") }
    #expect(modal.container.presenter === split.container)
    #expect(split.container.presented === modal.container)
    #expect(split.container.topmost === modal.container)
    let other = TestFlow<Extra>("other")
    let second = withRecordedDiagnostics { split.container.primary?.present(other.container) }
    #expect(second.map(\.code) == [.alreadyPresenting])
    split.container.detail?.dismissPresented()
    #expect(split.container.presented == nil)
    #expect(journal.entries.first == "modal ended: dismissedByPresenter")
  }

  @Test func aDetailThatFinishesItselfEndsAsFinished() {
    let journal = Journal()
    let split = makeSplit(journal: journal) { journal.record("ended: \($0)") }
    split.container.detail?.finish()
    #expect(split.container.detail == nil)
    #expect(journal.entries.first == "ended: finished")
  }

  @Test func releasingTheSplitTearsDownBothColumnsAndReleasesEveryFlow() {
    let journal = Journal()
    weak let list: AnyObject?
    weak let note: AnyObject?
    weak let modal: AnyObject?
    do {
      let split = makeSplit(journal: journal) { journal.record("note ended: \($0)") }
      list = split.container.primary?.owner
      note = split.container.detail?.owner
      let sheet = TestFlow<Top>("modal", journal: journal)
      modal = sheet
      split.container.detail?.present(sheet.container)
    }
    #expect(list == nil && note == nil && modal == nil)
    #expect(journal.entries.contains("note ended: tornDown"))
  }

  @Test func aContainerThatCannotBeAColumnIsReportedAndChangesNothing() {
    let split = makeSplit()
    let tabs = TabsFlow()
    let tab = TestFlow<Extra>("tab")
    tabs.container.setTabs([tab.container])
    let asTab = withRecordedDiagnostics { split.container.showDetail(tab.container) }
    let itself = withRecordedDiagnostics { split.container.showDetail(split.container) }
    let ownerless = withRecordedDiagnostics {
      split.container.showDetail(StackContainer(root: 1))
    }
    let primary = split.container.primary
    let elsewhere = withRecordedDiagnostics { split.container.showDetail(primary!) }
    #expect(
      [asTab, itself, ownerless, elsewhere].map { $0.map(\.code) } == [
        [.invalidColumn], [.invalidColumn], [.invalidColumn], [.invalidColumn],
      ])
    #expect(itself.first?.message.contains("cannot be its own column") == true)
    #expect(split.container.detail?.owner is TestFlow<Middle>)
  }

  @Test func observersHearColumnsAndWidthsWithTheirCauses() {
    let split = makeSplit()
    var heard: [String] = []
    let token = split.container.observeEvents { heard.append("\($0)") }
    let next = TestFlow<Top>("next")
    split.container.showDetail(next.container, animated: false)
    split.container.handle(.widthChanged(.compact))
    split.container.handle(.userPopped(toIndex: 1))
    token.cancel()
    #expect(
      heard == [
        "ListDetailFlow@0 close detail TestFlow<Middle> (dismissedByPresenter) (program)",
        "ListDetailFlow@0 show detail TestFlow<Top> (program)",
        "ListDetailFlow@0 width compact (user)",
        "ListDetailFlow@0 close detail TestFlow<Top> (dismissedByUser) (user)",
      ])
  }

  @Test func aCallbackThatShowsAnotherDetailWhileOneEndsRunsAfterTheChange() {
    let journal = Journal()
    let split = ListDetailFlow()
    let list = TestFlow<Root>("list")
    split.container.setPrimary(list.container)
    let replacement = TestFlow<Extra>("replacement")
    do {
      let note = TestFlow<Middle>("note", journal: journal)
      split.container.showDetail(note.container) { [weak split] _ in
        journal.record("note ended, detail is \(split?.container.detail?.owner is TestFlow<Top>)")
        split?.container.showDetail(replacement.container)
      }
    }
    let next = TestFlow<Top>("next")
    split.container.showDetail(next.container)
    // The callback saw the change whole, and its own request ran after it.
    #expect(journal.entries.first == "note ended, detail is true")
    #expect(split.container.detail === replacement.container)
  }

  @Test func observationTracksTheColumnsAndTheWidth() {
    let split = makeSplit()
    let changed = SendableCounter()
    withObservationTracking {
      _ = split.container.detail
    } onChange: {
      changed.increment()
    }
    split.container.handle(.widthChanged(.compact))
    #expect(changed.value == 1)
  }

  /// A way a detail ends.
  enum DetailEnd: String, CaseIterable, CustomStringConvertible {
    case replaced, closed, finished, poppedBelowTheSeam

    var description: String { rawValue }

    /// How the detail's caller hears it ended.
    var ending: PresentationEnding {
      switch self {
      case .replaced, .closed: .dismissedByPresenter
      case .finished: .finished
      case .poppedBelowTheSeam: .dismissedByUser
      }
    }
  }

  @Test(arguments: DetailEnd.allCases)
  func whatTheDetailPresentedEndsFirstThenTheDetailThenItsFlow(_ end: DetailEnd) {
    let journal = Journal()
    let split = makeSplit(journal: journal) { journal.record("note ended: \($0)") }
    weak let editor: TestFlow<Top>?
    do {
      let made = TestFlow<Top>("editor", journal: journal)
      editor = made
      split.container.detail?.present(made.container) { journal.record("editor ended: \($0)") }
    }
    #expect(split.container.presented === editor?.container)
    let next = TestFlow<Extra>("next")
    switch end {
    case .replaced: split.container.showDetail(next.container)
    case .closed: split.container.closeDetail()
    case .finished: split.container.detail?.finish()
    case .poppedBelowTheSeam:
      split.container.handle(.widthChanged(.compact))
      split.container.handle(.userPopped(toIndex: 0))
    }
    #expect(editor == nil)
    #expect(split.container.presented == nil)
    #expect(
      journal.entries.filter { !$0.hasPrefix("deinit screen") } == [
        "editor ended: tornDown", "deinit editor", "note ended: \(end.ending)", "deinit note",
      ])
    #expect(
      split.container.topmost === (end == .replaced ? next.container : split.container.primary))
  }

  @Test func whatThePrimaryPresentedEndsWithItAndWhatTheSplitPresentedStays() {
    let journal = Journal()
    let split = makeSplit(journal: journal)
    let modal = TestFlow<Top>("modal", journal: journal)
    split.container.primary?.present(modal.container) { journal.record("modal ended: \($0)") }
    // The detail going does not end what the list presented.
    split.container.closeDetail()
    #expect(split.container.presented === modal.container)
    journal.entries.removeAll()
    let list = TestFlow<Extra>("other list")
    split.container.setPrimary(list.container)
    #expect(split.container.presented == nil)
    #expect(
      journal.entries.filter { !$0.hasPrefix("deinit screen") } == [
        "modal ended: tornDown", "deinit list",
      ])
    // What the split's own flow presents stays whatever its columns do.
    let cover = TestFlow<Middle>("cover")
    split.container.present(cover.container)
    let note = TestFlow<Root>("note")
    split.container.showDetail(note.container)
    split.container.closeDetail()
    #expect(split.container.presented === cover.container)
  }

  @Test func aSnapshotTakenAfterTheDetailClosedRestoresTheListWithNothingOverIt() throws {
    let wide = WideNotes()
    wide.list.container.push("folder work")
    let note = EditableNoteFlow(id: 1)
    wide.container.showDetail(note.container)
    let editor = EditorFlow(noteID: 1)
    note.container.present(editor.container)
    wide.container.closeDetail()
    let snapshot = try FlowRestorer(root: wide).snapshot()
    let fresh = WideNotes()
    let report = FlowRestorer(root: fresh).restore(snapshot)
    #expect(report.error == nil)
    #expect(fresh.container.tree == wide.container.tree)
    #expect(fresh.list.container.stack == ["list", "folder work"])
  }

  @Test func aSecondOnEndForTheDetailShownIsMisuseAndIsNeverCalled() {
    let journal = Journal()
    let split = makeSplit(journal: journal) { journal.record("first heard \($0)") }
    guard let detail = split.container.detail else { return }
    let reported = withRecordedDiagnostics {
      split.container.showDetail(detail) { journal.record("second heard \($0)") }
    }
    #expect(reported.map(\.code) == [.invalidColumn])
    #expect(reported.first?.message.contains("onEnd") == true)
    split.container.closeDetail()
    #expect(journal.entries.first == "first heard dismissedByPresenter")
    #expect(!journal.entries.contains { $0.hasPrefix("second") })
  }

  @Test func observationHearsTheCollapsedCountChangeWhenAColumnsStackChanges() {
    let split = makeSplit()
    split.container.handle(.widthChanged(.compact))
    let collapsed = SendableCounter()
    withObservationTracking {
      _ = split.container.collapsedCount
    } onChange: {
      collapsed.increment()
    }
    let counted = SendableCounter()
    withObservationTracking {
      _ = split.container.count
    } onChange: {
      counted.increment()
    }
    (split.container.detail as? StackContainer<TestScreen>)?.push(TestScreen("note.n3"))
    #expect(collapsed.value == 1)
    #expect(counted.value == 1)
    #expect(split.container.collapsedCount == 5)
    // The list's stack too.
    withObservationTracking {
      _ = split.container.collapsedCount
    } onChange: {
      collapsed.increment()
    }
    _ = (split.container.primary as? StackContainer<TestScreen>)?.pop()
    #expect(collapsed.value == 2)
  }

  @Test func aWidthChangeDuringAnInteractivePopOfTheCollapsedStackEndsTheGesture() {
    let split = makeSplit()
    split.container.handle(.widthChanged(.compact))
    split.container.handle(.interactivePopBegan)
    split.container.handle(.widthChanged(.regular))
    split.container.handle(.widthChanged(.compact))
    // The gesture ended with the first change: a new one begins, and the old commit is stale.
    let began = withRecordedDiagnostics { split.container.handle(.interactivePopBegan) }
    #expect(began.isEmpty)
    split.container.handle(.interactivePopCommitted)
    #expect(split.container.collapsedCount == 3)
  }

  @Test func aHundredThousandCollapsesAndExpansionsLeakNothing() {
    let journal = Journal()
    weak let list: AnyObject?
    weak let note: AnyObject?
    do {
      let split = makeSplit(journal: journal)
      list = split.container.primary?.owner
      note = split.container.detail?.owner
      for _ in 0..<100_000 {
        split.container.handle(.widthChanged(.compact))
        split.container.handle(.widthChanged(.regular))
      }
      #expect(journal.entries.isEmpty)
      #expect(list != nil && note != nil)
    }
    #expect(list == nil && note == nil)
  }
}
