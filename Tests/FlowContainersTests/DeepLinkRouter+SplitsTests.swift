import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// A split the linkable app presents, whose flow objects to being dismissed while it has a
/// reason.
@MainActor
final class ObjectingSplit: InterruptionAware {
  let container = SplitContainer()
  var reason: String?

  init() {
    container.owner = self
    let list = TestFlow<Root>("list")
    container.setPrimary(list.container)
  }

  func objection(toInterruptionBy request: NavigationRequest) -> String? { reason }
}

/// Links into and through splits.
@MainActor
struct DeepLinkRouterSplitsTests {
  @Test func aLinkThatFailsWhileASplitIsPresentedLeavesTheTreeAsItWas() async {
    let app = AppFlow()
    let router = DeepLinkRouter(root: app, scheme: "notes")
    let split = ObjectingSplit()
    app.container.present(split.container)
    let before = app.container.tree
    let outcome = await router.open("notes://note/9")
    guard case .failed = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(app.container.tree == before)
  }

  @Test func aLinkThatWouldDismissAPresentedSplitAsksTheSplitsFlowFirst() async {
    let app = AppFlow()
    let router = DeepLinkRouter(root: app, scheme: "notes")
    let split = ObjectingSplit()
    split.reason = "a draft is open"
    app.container.present(split.container)
    let outcome = await router.open("notes://note/2")
    #expect(outcome == .held(.objection(flow: "ObjectingSplit", reason: "a draft is open")))
    #expect(app.container.presented === split.container)
  }
}

/// Links into a root split: the detail for a note, the primary for the list.
@MainActor
struct DeepLinkRouterRootSplitTests {
  private func plan(_ outcome: LinkOutcome) -> String? {
    guard case .applied(let plan) = outcome else { return nil }
    return plan.description
  }

  @Test func aLinkToANoteShowsItAsTheDetailWhateverTheWidth() async {
    for width in [SplitWidth.regular, .compact] {
      let split = NotesSplit()
      split.container.handle(.widthChanged(width))
      let router = DeepLinkRouter(root: split, scheme: "notes")
      let outcome = await router.open("notes://note/2")
      #expect(
        plan(outcome) == """
          plan for notes://note/2
            1. show NoteDetailFlow@1 as detail with [note(2)]
          """)
      #expect((split.container.detail?.owner as? NoteDetailFlow)?.id == 2)
      #expect(split.container.tree.shownLevels.last == 2)
    }
  }

  @Test func aLinkToTheNoteShownKeepsItsDetailAndMovesItsStack() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/2")
    let detail = split.container.detail
    #expect(
      plan(await router.open("notes://note/2/history")) == """
        plan for notes://note/2/history
          1. NoteDetailFlow@1: push [history]
        """)
    #expect(split.container.detail === detail)
    #expect(
      plan(await router.open("notes://note/2")) == """
        plan for notes://note/2
          1. NoteDetailFlow@1: pop to 0
        """)
    #expect(split.container.detail === detail)
  }

  @Test func aLinkToAnotherNoteReplacesTheDetailWhichEndsOnceAndIsReleased() async {
    let journal = Journal()
    let split = NotesSplit(journal: journal)
    let router = DeepLinkRouter(root: split, scheme: "notes")
    weak let first: NoteDetailFlow?
    _ = await router.open("notes://note/1/history")
    first = split.container.detail?.owner as? NoteDetailFlow
    #expect(first != nil)
    #expect(
      plan(await router.open("notes://note/3")) == """
        plan for notes://note/3
          1. show NoteDetailFlow@1 as detail with [note(3)]
        """)
    #expect(first == nil)
    #expect(journal.entries == ["note 1 ended: dismissedByPresenter", "deinit note 1"])
    #expect((split.container.detail?.owner as? NoteDetailFlow)?.id == 3)
  }

  @Test func aLinkTheListHandlesGoesIntoThePrimaryAndClosesTheDetail() async {
    let journal = Journal()
    let split = NotesSplit(journal: journal)
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/1")
    #expect(
      plan(await router.open("notes://folder/work")) == """
        plan for notes://folder/work
          1. close detail NoteDetailFlow@1
          2. NoteListFlow@1: push [folder work]
        """)
    #expect(split.container.detail == nil)
    #expect(split.list.container.stack == ["list", "folder work"])
    #expect(journal.entries == ["note 1 ended: dismissedByPresenter", "deinit note 1"])
    #expect(
      plan(await router.open("notes://folder/work")) == """
        plan for notes://folder/work
          (nothing to do)
        """)
  }

  @Test func whatTheSplitPresentsOverAnotherColumnIsDismissedFirst() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    let modal = TestFlow<Top>("modal")
    split.list.container.present(modal.container)
    #expect(
      plan(await router.open("notes://note/4")) == """
        plan for notes://note/4
          1. dismiss TestFlow<Top>@1
          2. show NoteDetailFlow@1 as detail with [note(4)]
        """)
    #expect(split.container.presented == nil)
  }

  @Test func aLinkNoColumnHandlesFailsAndChangesNothing() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/1")
    let before = split.container.tree
    let outcome = await router.open("notes://settings")
    #expect(
      outcome == .failed(.noSubFlow(flow: "NotesSplit", remaining: ["settings"])))
    #expect(split.container.tree == before)
  }

  @Test func aTypedDestinationReachesEitherColumn() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    let outcome = await router.open(.root(NoteDetailFlow.self, showing: [.note(7), .history]))
    #expect(
      plan(outcome)?.hasSuffix("1. show NoteDetailFlow@1 as detail with [note(7), history]")
        == true)
    #expect(split.container.detail?.tree.levels.first?.screens == ["note(7)", "history"])
    _ = await router.open(.root(NoteListFlow.self, showing: ["list", "folder x"]))
    #expect(split.container.detail == nil)
    #expect(split.list.container.stack == ["list", "folder x"])
  }

  @Test func theLinkOfASplitIsItsShownColumnsLink() async throws {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/5/history")
    #expect(try router.currentLink().get().description == "notes://note/5/history")
    _ = await router.open("notes://folder/home")
    #expect(try router.currentLink().get().description == "notes://folder/home")
  }

  @Test func aDetailsOnEndThatNavigatesDuringALinkRunsAfterItAndObserversHearItAfter() async {
    let journal = Journal()
    let split = NotesSplit(journal: journal)
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/1")
    let three = NoteDetailFlow(id: 3, journal: journal)
    split.onDetailEnd = { split in
      split.onDetailEnd = nil
      split.container.showDetail(three.container, animated: false)
    }
    var heard: [String] = []
    let token = split.container.observeEvents { heard.append("\($0)") }
    let outcome = await router.open("notes://note/2")
    token.cancel()
    guard case .interfered(let plan, let operation, _, _) = outcome else {
      Issue.record("expected the callback's request to interfere, got \(outcome)")
      return
    }
    #expect(plan.steps.count == 1)
    #expect(operation == "showDetail(_:)")
    #expect(split.container.detail === three.container)
    #expect(
      journal.entries == [
        "note 1 ended: dismissedByPresenter", "deinit note 1",
        "note 2 ended: dismissedByPresenter", "deinit note 2",
      ])
    #expect(
      heard == [
        "NotesSplit@0 close detail NoteDetailFlow (dismissedByPresenter) (deepLink, animated)",
        "NotesSplit@0 show detail NoteDetailFlow (deepLink, animated)",
        "NotesSplit@0 close detail NoteDetailFlow (dismissedByPresenter) (program)",
        "NotesSplit@0 show detail NoteDetailFlow (program)",
      ])
  }

  @Test func anObserverThatOpensALinkWhileOneIsAppliedSeesItAppliedAfter() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    var opened = false
    var heard: [String] = []
    let token = split.container.observeEvents { event in
      heard.append("\(event)")
      guard !opened else { return }
      opened = true
      Task { @MainActor in _ = await router.open("notes://folder/later") }
    }
    _ = await router.open("notes://note/1")
    await router.waitForPendingWork()
    for _ in 0..<10 where split.list.container.stack.count < 2 { await Task.yield() }
    token.cancel()
    #expect(split.list.container.stack == ["list", "folder later"])
    #expect(split.container.detail == nil)
    #expect(heard.first == "NotesSplit@0 show detail NoteDetailFlow (deepLink, animated)")
  }

  @Test func aRouterOverASplitRestoresAndLeaksNothing() async throws {
    weak let released: NotesSplit?
    weak let detail: NoteDetailFlow?
    do {
      let split = NotesSplit()
      released = split
      let router = DeepLinkRouter(root: split, scheme: "notes")
      _ = await router.open("notes://note/8/history")
      detail = split.container.detail?.owner as? NoteDetailFlow
      let saved = try router.restorer.snapshot()
      _ = await router.open("notes://list")
      #expect(router.restorer.restore(saved).error == nil)
      #expect(try router.currentLink().get().description == "notes://note/8/history")
      #expect(detail == nil)
    }
    #expect(released == nil)
  }
}

/// Links through a split a stack flow presents: the split is presented, or the one presented
/// kept, and the link goes on in the column whose flow type handles it.
@MainActor
struct DeepLinkRouterPresentedSplitTests {
  private func plan(_ outcome: LinkOutcome) -> String? {
    guard case .applied(let plan) = outcome else { return nil }
    return plan.description
  }

  @Test func aLinkToANotePresentsTheSplitWithTheNoteAsItsDetail() async throws {
    let home = NotesHome()
    let router = DeepLinkRouter(root: home, scheme: "notes")
    #expect(
      plan(await router.open("notes://note/3")) == """
        plan for notes://note/3
          1. present NotesSplit@1 as fullScreenCover with []
          2. show NoteDetailFlow@2 as detail with [note(3)]
        """)
    let split = home.container.presented?.owner as? NotesSplit
    #expect((split?.container.detail?.owner as? NoteDetailFlow)?.id == 3)
    #expect(try router.currentLink().get().description == "notes://note/3")
  }

  @Test func linksKeepThePresentedSplitAndItsDetailOnlyWhileItShowsTheirNote() async {
    let journal = Journal()
    let home = NotesHome(journal: journal)
    let router = DeepLinkRouter(root: home, scheme: "notes")
    _ = await router.open("notes://note/3")
    let split = home.container.presented
    #expect(
      plan(await router.open("notes://note/3/history")) == """
        plan for notes://note/3/history
          1. NoteDetailFlow@2: push [history]
        """)
    #expect(
      plan(await router.open("notes://note/4")) == """
        plan for notes://note/4
          1. show NoteDetailFlow@2 as detail with [note(4)]
        """)
    #expect(journal.entries == ["note 3 ended: dismissedByPresenter", "deinit note 3"])
    #expect(
      plan(await router.open("notes://folder/x")) == """
        plan for notes://folder/x
          1. close detail NoteDetailFlow@2
          2. NoteListFlow@2: push [folder x]
        """)
    #expect(home.container.presented === split)
    #expect(journal.entries.suffix(2) == ["note 4 ended: dismissedByPresenter", "deinit note 4"])
    #expect(
      plan(await router.open("notes://home")) == """
        plan for notes://home
          1. dismiss NotesSplit@1
        """)
    #expect(journal.entries.count == 5)
    #expect(journal.entries.last == "split ended: dismissedByPresenter")
  }

  @Test func aLinkIntoTheListOfANewSplitSetsItsStack() async {
    let home = NotesHome()
    let router = DeepLinkRouter(root: home, scheme: "notes")
    #expect(
      plan(await router.open("notes://folder/y")) == """
        plan for notes://folder/y
          1. present NotesSplit@1 as fullScreenCover with []
          2. NoteListFlow@2: replace with [list, folder y]
        """)
    let split = home.container.presented?.owner as? NotesSplit
    #expect(split?.list.container.stack == ["list", "folder y"])
    #expect(split?.container.detail == nil)
  }
}

extension DeepLinkRouterPresentedSplitTests {
  @Test func aTypedDestinationGoesThroughADeclaredSplitIntoEitherColumn() async {
    let home = NotesHome()
    let router = DeepLinkRouter(root: home, scheme: "notes")
    #expect(
      plan(
        await router.open(
          .root(NotesHome.self, showing: ["home"]).then(NoteDetailFlow.self, showing: [.note(9)])))
          == """
          plan for NotesHome [home] › NoteDetailFlow [note(9)]
            1. present NotesSplit@1 as fullScreenCover with []
            2. show NoteDetailFlow@2 as detail with [note(9)]
          """)
    #expect(
      plan(
        await router.open(
          .root(NotesHome.self, showing: ["home"]).then(NoteListFlow.self, showing: ["list"])))
          == """
          plan for NotesHome [home] › NoteListFlow [list]
            1. close detail NoteDetailFlow@2
          """)
  }
}

extension DeepLinkRouterRootSplitTests {
  @Test func aDetailThatObjectsHoldsTheLinkUntilItEndsThenTheLinkResumes() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    _ = await router.open("notes://note/1")
    let first = split.container.detail?.owner as? NoteDetailFlow
    first?.objection = "note 1 has unsaved changes"
    let outcome = await router.open("notes://note/2")
    #expect(
      outcome
        == .held(.objection(flow: "NoteDetailFlow", reason: "note 1 has unsaved changes")))
    #expect(split.container.detail === first?.container)
    let closing = await router.open("notes://folder/a")
    #expect(
      closing
        == .held(.objection(flow: "NoteDetailFlow", reason: "note 1 has unsaved changes")))
    split.container.closeDetail()
    await router.waitForPendingWork()
    #expect(split.list.container.stack == ["list", "folder a"])
    router.dropsObjectedLinks = true
    _ = await router.open("notes://note/3")
    (split.container.detail?.owner as? NoteDetailFlow)?.objection = "busy"
    #expect(
      await router.open("notes://note/4")
        == .dropped(.objection(flow: "NoteDetailFlow", reason: "busy")))
  }
}

extension DeepLinkRouterRootSplitTests {
  @Test func anObserverThatPushesWhileALinkShowsADetailRunsAfterThePlanInOneOrder() async {
    let split = NotesSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    var heard: [String] = []
    var pushed = false
    let token = split.container.observeEvents { event in
      heard.append("\(event)")
      guard !pushed else { return }
      pushed = true
      split.list.container.push("folder z", animated: false)
    }
    var plans: [String] = []
    let planToken = router.restorer.observePlans { event in
      switch event {
      case .willApply: plans.append("will apply")
      case .didApply: plans.append("did apply")
      }
    }
    let outcome = await router.open("notes://note/6")
    token.cancel()
    planToken.cancel()
    guard case .applied = outcome else {
      Issue.record("expected the plan applied, got \(outcome)")
      return
    }
    #expect(plans == ["will apply", "did apply"])
    #expect((split.container.detail?.owner as? NoteDetailFlow)?.id == 6)
    #expect(split.list.container.stack == ["list", "folder z"])
    #expect(heard.count == 2)
    #expect(heard.first == "NotesSplit@0 show detail NoteDetailFlow (deepLink, animated)")
  }
}
