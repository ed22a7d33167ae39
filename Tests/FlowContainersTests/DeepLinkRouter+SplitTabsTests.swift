import FlowContainers
import FlowContainersTesting
import Testing

/// A tab bar's router with a split tab, its guard and its held-link log wired up.
@MainActor
struct LinkedWideTabs {
  let tabs: WideTabs
  let router: DeepLinkRouter
  let session = Session()
  let log = RouterLog()

  init(signedIn: Bool = true, journal: Journal? = nil) {
    tabs = WideTabs(journal: journal)
    router = DeepLinkRouter(root: tabs, scheme: "notes")
    router.onHeldLinkEnd = { [log] in log.heard($0, $1) }
    session.isSignedIn = signedIn
    router.setGuard(
      for: .signedIn, isSatisfied: { [session] in session.isSignedIn },
      makeGuardFlow: { [session] in SignInFlow(session: session) })
  }

  var tree: String { tabs.container.tree.description }

  func open(_ text: String) async -> String? {
    guard case .applied(let plan) = await router.open(text) else { return nil }
    return plan.description
  }
}

/// Links through a root tab bar into a tab that is a split: the tab is selected, and the link
/// goes on in the split's column whose flow type handles it, by the split's rules.
@MainActor
struct DeepLinkRouterSplitTabsTests {
  @Test func aLinkToANoteSelectsTheSplitTabAndShowsTheNoteAsItsDetailWhateverTheWidth() async {
    for width in [SplitWidth.regular, .compact] {
      let linked = LinkedWideTabs()
      linked.tabs.notes.container.handle(.widthChanged(width))
      linked.tabs.container.select(1)
      #expect(
        await linked.open("notes://note/2") == """
          plan for notes://note/2
            1. select tab 0 WideNotes@1
            2. show EditableNoteFlow@2 as detail with [note(2)]
          """)
      #expect(linked.tabs.container.selectedIndex == 0)
      #expect(linked.tabs.note?.id == 2)
    }
  }

  @Test func theSelectedTabIsAskedFirstThenTheOthersInOrder() async {
    let linked = LinkedWideTabs()
    #expect(
      await linked.open("notes://help/about") == """
        plan for notes://help/about
          1. select tab 1 HelpTab@1
          2. HelpTab@1: push [about]
        """)
    #expect(
      await linked.open("notes://folder/work") == """
        plan for notes://folder/work
          1. select tab 0 WideNotes@1
          2. NoteListFlow@2: push [folder work]
        """)
    #expect(linked.tabs.help.container.stack == ["help", "about"])
  }

  @Test func aLinkToTheNoteShownKeepsTheDetailAndAnotherReplacesItWhichEndsOnce() async {
    let journal = Journal()
    let linked = LinkedWideTabs(journal: journal)
    weak let first: EditableNoteFlow?
    _ = await linked.open("notes://note/1")
    first = linked.tabs.note
    #expect(
      await linked.open("notes://note/1") == """
        plan for notes://note/1
          (nothing to do)
        """)
    #expect(linked.tabs.note === first)
    #expect(
      await linked.open("notes://note/3") == """
        plan for notes://note/3
          1. show EditableNoteFlow@2 as detail with [note(3)]
        """)
    #expect(first == nil)
    #expect(journal.entries == ["note 1 ended: dismissedByPresenter", "deinit note 1"])
  }

  @Test func aLinkIntoTheListClosesTheDetail() async {
    let journal = Journal()
    let linked = LinkedWideTabs(journal: journal)
    _ = await linked.open("notes://note/1")
    #expect(
      await linked.open("notes://folder/work") == """
        plan for notes://folder/work
          1. close detail EditableNoteFlow@2
          2. NoteListFlow@2: push [folder work]
        """)
    #expect(linked.tabs.note == nil)
    #expect(journal.entries == ["note 1 ended: dismissedByPresenter", "deinit note 1"])
  }

  @Test func aLinkIntoTheDetailsEditorWaitsForItsGuardThenShowsItOverTheSplit() async throws {
    let linked = LinkedWideTabs(signedIn: false)
    linked.tabs.container.select(1)
    #expect(
      await linked.router.open("notes://note/2/edit").summary == "held(guardRequired(signed-in))")
    #expect(linked.tabs.note == nil)
    (linked.tabs.container.topmost.owner as? SignInFlow)?.signIn()
    await linked.router.waitForPendingWork()
    #expect(linked.log.entries == ["resumed notes://note/2/edit: applied"])
    #expect(linked.tabs.container.selectedIndex == 0)
    #expect(linked.tabs.note?.id == 2)
    #expect(linked.tabs.container.topmost.owner is EditorFlow)
    #expect(try linked.router.currentLink().get().description == "notes://note/2/edit")
  }

  @Test func aLinkIntoTheListDismissesTheEditorTheDetailPresents() async {
    let journal = Journal()
    let linked = LinkedWideTabs(journal: journal)
    _ = await linked.open("notes://note/2/edit")
    #expect(linked.tabs.container.topmost.owner is EditorFlow)
    #expect(
      await linked.open("notes://list") == """
        plan for notes://list
          1. dismiss EditorFlow@2
          2. close detail EditableNoteFlow@2
        """)
    #expect(linked.tabs.container.topmost === linked.tabs.notes.list.container)
    #expect(
      journal.entries == [
        "deinit EditorFlow(2)", "note 2 ended: dismissedByPresenter", "deinit note 2",
      ])
  }

  @Test func anEditorWithUnsavedChangesHoldsALinkToAnotherNoteUntilItEndsThenTheLinkResumes()
    async
  {
    let linked = LinkedWideTabs()
    _ = await linked.open("notes://note/2/edit")
    let editor = linked.tabs.container.topmost.owner as? EditorFlow
    editor?.hasUnsavedChanges = true
    let outcome = await linked.router.open("notes://note/3")
    #expect(
      outcome.summary
        == #"held(objection(flow: "EditorFlow", reason: "note 2 has unsaved changes"))"#)
    #expect(linked.tabs.note?.id == 2)
    editor?.hasUnsavedChanges = false
    editor?.container.dismiss()
    await linked.router.waitForPendingWork()
    #expect(linked.log.entries == ["resumed notes://note/3: applied"])
    #expect(linked.tabs.note?.id == 3)
    #expect(linked.tabs.notes.container.presented == nil)
  }

  @Test func aTypedDestinationReachesTheDetailAndItsEditorInTheSplitTab() async {
    let linked = LinkedWideTabs()
    linked.tabs.container.select(1)
    let outcome = await linked.router.open(
      .root(EditableNoteFlow.self, showing: [.note(4)]).then(EditorFlow.self, showing: [.edit]))
    #expect(outcome.summary == "applied")
    #expect(linked.tabs.container.selectedIndex == 0)
    #expect(linked.tabs.note?.id == 4)
    #expect(linked.tabs.container.topmost.owner is EditorFlow)
    _ = await linked.router.open(.root(NoteListFlow.self, showing: ["list", "folder x"]))
    #expect(linked.tabs.note == nil)
    #expect(linked.tabs.notes.list.container.stack == ["list", "folder x"])
  }

  @Test func theLinkOfASplitTabIsItsShownColumnsLink() async throws {
    let linked = LinkedWideTabs()
    _ = await linked.open("notes://note/5")
    #expect(try linked.router.currentLink().get().description == "notes://note/5")
    _ = await linked.open("notes://folder/home")
    #expect(try linked.router.currentLink().get().description == "notes://folder/home")
    _ = await linked.open("notes://help")
    #expect(try linked.router.currentLink().get().description == "notes://help")
  }

  @Test func aLinkNoTabHandlesFailsAndChangesNothing() async {
    let linked = LinkedWideTabs()
    _ = await linked.open("notes://note/1")
    let before = linked.tabs.container.tree
    let outcome = await linked.router.open("notes://settings")
    #expect(outcome.summary.hasPrefix("failed("))
    #expect(linked.tabs.container.tree == before)
  }

  @Test func aDetailsOnEndThatNavigatesDuringALinkIntoTheSplitTabRunsAfterIt() async {
    let journal = Journal()
    let linked = LinkedWideTabs(journal: journal)
    _ = await linked.open("notes://note/1")
    let three = EditableNoteFlow(id: 3, journal: journal)
    linked.tabs.notes.onDetailEnd = { split in
      split.onDetailEnd = nil
      split.container.showDetail(three.container, animated: false)
    }
    var heard: [String] = []
    let token = linked.tabs.notes.container.observeEvents { heard.append("\($0)") }
    let outcome = await linked.router.open("notes://note/2")
    token.cancel()
    guard case .interfered(let plan, let operation, _, _) = outcome else {
      Issue.record("expected the callback's request to interfere, got \(outcome)")
      return
    }
    #expect(plan.steps.count == 1)
    #expect(operation == "showDetail(_:)")
    #expect(linked.tabs.notes.container.detail === three.container)
    #expect(
      journal.entries == [
        "note 1 ended: dismissedByPresenter", "deinit note 1",
        "note 2 ended: dismissedByPresenter", "deinit note 2",
      ])
    #expect(
      heard == [
        "WideNotes@1 close detail EditableNoteFlow (dismissedByPresenter) (deepLink, animated)",
        "WideNotes@1 show detail EditableNoteFlow (deepLink, animated)",
        "WideNotes@1 close detail EditableNoteFlow (dismissedByPresenter) (program)",
        "WideNotes@1 show detail EditableNoteFlow (program)",
      ])
  }

  @Test func aRouterOverASplitTabRestoresAndLeaksNothing() async throws {
    weak let released: WideTabs?
    weak let split: WideNotes?
    weak let note: EditableNoteFlow?
    weak let editor: EditorFlow?
    do {
      let linked = LinkedWideTabs()
      released = linked.tabs
      split = linked.tabs.notes
      _ = await linked.open("notes://note/8/edit")
      note = linked.tabs.note
      editor = linked.tabs.container.topmost.owner as? EditorFlow
      #expect(editor != nil)
      let saved = try linked.router.restorer.snapshot()
      _ = await linked.open("notes://help")
      _ = await linked.open("notes://list")
      #expect(note == nil)
      #expect(editor == nil)
      #expect(linked.router.restorer.restore(saved).error == nil)
      #expect(try linked.router.currentLink().get().description == "notes://note/8/edit")
      #expect(linked.tabs.container.selectedIndex == 0)
    }
    #expect(released == nil)
    #expect(split == nil)
  }
}

/// Links through a bar a stack flow presents into its split tab.
@MainActor
struct DeepLinkRouterPresentedSplitTabsTests {
  @Test func aLinkGoesIntoTheSplitTabOfThePresentedBarAndOnIntoTheDetailsEditor() async throws {
    let home = WideHome()
    let router = DeepLinkRouter(root: home, scheme: "notes")
    router.setGuard(for: .signedIn, isSatisfied: { true }, makeGuardFlow: { nil as SignInFlow? })
    let bar = WideTabs()
    home.container.present(bar.container, style: .fullScreenCover)
    bar.container.select(1)
    #expect(await router.open("notes://note/2/edit").summary == "applied")
    #expect(home.container.presented === bar.container)
    #expect(bar.container.selectedIndex == 0)
    #expect(bar.note?.id == 2)
    #expect(bar.notes.container.presented?.owner is EditorFlow)
    #expect(try router.currentLink().get().description == "notes://note/2/edit")
    #expect(await router.open("notes://folder/a").summary == "applied")
    #expect(bar.note == nil)
    #expect(bar.notes.container.presented == nil)
    #expect(bar.notes.list.container.stack == ["list", "folder a"])
  }
}

/// Links that present the bar a stack flow declares, with no bar presented yet: the made bar's
/// tab is found by its flow type, a split tab's by its columns' types, wherever it stands.
@MainActor
struct DeepLinkRouterNewSplitTabsTests {
  let home = WideHome()
  let router: DeepLinkRouter

  init() {
    router = DeepLinkRouter(root: home, scheme: "notes")
    router.setGuard(for: .signedIn, isSatisfied: { true }, makeGuardFlow: { nil as SignInFlow? })
  }

  var bar: WideTabs? { home.container.presented?.owner as? WideTabs }

  @Test func aLinkToTheTabAfterTheSplitTabPresentsTheBarWithThatTabSelected() async throws {
    #expect(await router.open("notes://help/about").summary == "applied")
    #expect(bar?.container.selectedIndex == 1)
    #expect(bar?.help.container.stack == ["help", "about"])
    #expect(try router.currentLink().get().description == "notes://help/about")
    #expect(
      home.container.tree.description == """
        WideHome: [home]
        └─ WideTabs (fullScreenCover): [WideNotes, HelpTab*]
           ├─ WideNotes (tab 0): [NoteListFlow, no detail]
           │  └─ NoteListFlow (primary): [list]
           └─ HelpTab (tab 1, selected): [help, about]
        """)
  }

  @Test func aLinkToANotePresentsTheBarAndShowsTheNoteAsTheSplitTabsDetail() async throws {
    #expect(
      try router.plan(for: DeepLink(parsing: "notes://note/2")).get().description == """
        plan for notes://note/2
          1. present WideTabs@1 as fullScreenCover with []
          2. select tab 0 WideNotes@2
          3. show EditableNoteFlow@3 as detail with [note(2)]
        """)
    #expect(await router.open("notes://note/2").summary == "applied")
    #expect(bar?.container.selectedIndex == 0)
    #expect(bar?.note?.id == 2)
    #expect(try router.currentLink().get().description == "notes://note/2")
    #expect(
      home.container.tree.description == """
        WideHome: [home]
        └─ WideTabs (fullScreenCover): [WideNotes*, HelpTab]
           ├─ WideNotes (tab 0, selected): [NoteListFlow, EditableNoteFlow]
           │  ├─ NoteListFlow (primary): [list]
           │  └─ EditableNoteFlow (detail): [note(2)]
           └─ HelpTab (tab 1): [help]
        """)
  }

  @Test func aLinkToAFolderPresentsTheBarAndPushesTheFolderOnTheSplitTabsList() async throws {
    #expect(await router.open("notes://folder/x").summary == "applied")
    #expect(bar?.container.selectedIndex == 0)
    #expect(bar?.note == nil)
    #expect(bar?.notes.list.container.stack == ["list", "folder x"])
    #expect(try router.currentLink().get().description == "notes://folder/x")
    #expect(
      home.container.tree.description == """
        WideHome: [home]
        └─ WideTabs (fullScreenCover): [WideNotes*, HelpTab]
           ├─ WideNotes (tab 0, selected): [NoteListFlow, no detail]
           │  └─ NoteListFlow (primary): [list, folder x]
           └─ HelpTab (tab 1): [help]
        """)
  }

  @Test func aTypedDestinationPresentsTheBarAndGoesIntoTheSplitTabsColumnsOrAnotherTab() async {
    let note = LinkDestination.root(WideHome.self, showing: ["home"])
      .then(EditableNoteFlow.self, showing: [.note(6)]).then(EditorFlow.self, showing: [.edit])
    #expect(await router.open(note).summary == "applied")
    let presented = bar
    #expect(presented?.container.selectedIndex == 0)
    #expect(presented?.note?.id == 6)
    #expect(presented?.notes.container.presented?.owner is EditorFlow)
    let list = LinkDestination.root(WideHome.self, showing: ["home"])
      .then(NoteListFlow.self, showing: ["list", "folder y"])
    #expect(await router.open(list).summary == "applied")
    #expect(bar === presented)
    #expect(presented?.note == nil)
    #expect(presented?.notes.list.container.stack == ["list", "folder y"])
    home.container.dismissPresented(animated: false)
    let help = LinkDestination.root(WideHome.self, showing: ["home"])
      .then(HelpTab.self, showing: ["help", "about"])
    #expect(await router.open(help).summary == "applied")
    #expect(bar?.container.selectedIndex == 1)
    #expect(bar?.help.container.stack == ["help", "about"])
  }

  @Test func aBarALinkPresentsIsReleasedWithItsSplitTabAndNoteWhenDismissed() async {
    weak let presented: WideTabs?
    weak let split: WideNotes?
    weak let note: EditableNoteFlow?
    weak let editor: EditorFlow?
    do {
      #expect(await router.open("notes://note/3/edit").summary == "applied")
      presented = bar
      split = bar?.notes
      note = bar?.note
      editor = bar?.notes.container.presented?.owner as? EditorFlow
      #expect(note?.id == 3)
      #expect(editor != nil)
      home.container.dismissPresented(animated: false)
    }
    #expect(presented == nil)
    #expect(split == nil)
    #expect(note == nil)
    #expect(editor == nil)
  }
}

/// A bar whose split tab stands after the help tab, though its declaration lists split tabs
/// first: the plan shows the declared positions, and applying it finds each tab by its type.
@MainActor
final class HelpFirstTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [HelpTab.self]
  static let splitTabFlows: [any SplitFlow.Type] = [WideNotes.self]
  let help = HelpTab()
  let notes = WideNotes()

  init() {
    container.owner = self
    container.setTabs([help.container, notes.container])
  }
}

/// A stack root that presents HelpFirstTabs as a sub-flow.
@MainActor
final class HelpFirstHome: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [.pattern("*") { _ in ["home"] }]
  static let subFlows: [SubFlow<HelpFirstHome>] = [
    .flow(HelpFirstTabs.self, style: .fullScreenCover) { _, _ in HelpFirstTabs() }
  ]
}

@MainActor
struct DeepLinkRouterNewBarTabOrderTests {
  @Test func aLinkFindsTheTabOfItsTypeInTheBarItMakesWhereverTheBarPutsIt() async throws {
    for link in ["notes://note/4", "notes://help/about"] {
      let home = HelpFirstHome()
      let router = DeepLinkRouter(root: home, scheme: "notes")
      #expect(await router.open(link).summary == "applied")
      let bar = home.container.presented?.owner as? HelpFirstTabs
      #expect(bar?.container.selectedIndex == (link == "notes://note/4" ? 1 : 0))
      #expect(try router.currentLink().get().description == link)
    }
  }
}
