import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// A tab bar over the linkable test app: tab 0 the app (library, notes, editor, settings),
/// tab 1 a gallery.
@MainActor
final class TabbedApp: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [AppFlow.self, Gallery.self]
  let app = AppFlow()

  init() {
    container.owner = self
    let gallery = Gallery()
    container.setTabs([app.container, gallery.container])
  }

  var gallery: Gallery? { container.tabs[1].owner as? Gallery }
}

/// A tab bar whose one tab is an editor: no link but "edit" and "edit/preview" matches it.
@MainActor
final class EditorTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [EditorFlow.self]

  init() {
    container.owner = self
    let editor = EditorFlow(noteID: 1)
    container.setTabs([editor.container])
  }
}

/// Two tab flow types that give themselves one `flowName`: snapshots cannot tell them apart.
@MainActor
final class TwinTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [LeftTwin.self, RightTwin.self]

  init() {
    container.owner = self
    let left = LeftTwin()
    let right = RightTwin()
    container.setTabs([left.container, right.container])
  }
}

@MainActor
final class LeftTwin: LinkableFlow {
  let container = StackContainer<String>(root: "left")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [.pattern("left") { _ in ["left"] }]
  static let subFlows: [SubFlow<LeftTwin>] = []
  static let flowName: FlowName = "Twin"
}

@MainActor
final class RightTwin: LinkableFlow {
  let container = StackContainer<String>(root: "right")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [.pattern("right") { _ in ["right"] }]
  static let subFlows: [SubFlow<RightTwin>] = []
  static let flowName: FlowName = "Twin"
}

/// Links through a tab bar: the tab whose type can handle the link is selected, its live flow
/// reused, a modal over the tab bar dismissed, and the link followed inside the tab.
@MainActor
struct DeepLinkRouterTabsTests {
  @Test func aLinkForAnotherTabSelectsItAndFollowsTheLinkInsideIt() async throws {
    let tabs = TabbedApp()
    weak let gallery = tabs.gallery
    let router = DeepLinkRouter(root: tabs, scheme: "art")
    router.webHosts = []
    var heard: [String] = []
    let token = tabs.container.observeEvents { event in
      if event.depth == 0 { heard.append("\(event)") }
    }
    let plan = try router.plan(for: DeepLink(parsing: "art://slides")).get()
    #expect(
      plan.steps.map(\.description) == [
        "select tab 1 Gallery@1", "present Slides@2 as fullScreenCover with [slide]",
      ])
    // The tab bar is the plan's first level, as any root is; the tab is the next.
    #expect(
      plan.levels.map(\.flow) == [TabbedApp.self, Gallery.self, Slides.self].map(FlowName.init))
    #expect(plan.levels.map(\.isReused) == [true, true, false])
    #expect(router.apply(plan).summary == "applied")
    token.cancel()
    #expect(tabs.container.selectedIndex == 1)
    // The live tab flow was reused, not recreated.
    #expect(tabs.container.tabs[1].owner === gallery)
    #expect(tabs.container.topmost.owner is Slides)
    #expect(heard == ["TabbedApp@0 select tab 1 Gallery (deepLink)"])
  }

  @Test func theSelectedTabIsAskedFirstAndAModalOverTheTabsIsDismissed() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    let cover = TestFlow<Top>("cover")
    tabs.container.present(cover.container)
    weak let weakCover = cover
    _ = consume cover
    let outcome = await router.open("notes://note/2")
    #expect(outcome.summary == "applied")
    #expect(weakCover == nil)
    #expect(tabs.container.presented == nil)
    #expect(tabs.container.selectedIndex == 0)
    #expect(tabs.app.container.stack == [.library, .note(2)])
  }

  @Test func aLinkNoTabCanHandleFailsAndMovesNothing() async throws {
    let tabs = TabbedApp()
    tabs.container.select(1)
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    let before = tabs.container.tree.description
    // Gallery's catch-all takes unknown links, so use one that the gallery's sub-flows cannot
    // handle either and that the app's patterns reject.
    let outcome = await router.open("notes://note/x")
    #expect(outcome.summary.hasPrefix("failed"))
    #expect(tabs.container.tree.description == before)
    #expect(tabs.container.selectedIndex == 1)
  }

  @Test func aLinkNoTabCanHandleStopsWhereItWouldInTheFirstTabWhosePatternsMatch() async throws {
    // The app's patterns take "note/2" and leave "nowhere", which none of its sub-flows can
    // take; the gallery's catch-all would take all of it. Which tab is selected does not change
    // where resolution stopped.
    let link = try DeepLink(parsing: "notes://note/2/nowhere")
    let expected = LinkFailure.noSubFlow(flow: FlowName(AppFlow.self), remaining: ["nowhere"])
    for selected in [0, 1] {
      let tabs = TabbedApp()
      tabs.container.select(selected)
      let router = DeepLinkRouter(root: tabs, scheme: "notes")
      #expect(router.plan(for: link) == .failure(expected), "tab \(selected) selected")
    }
  }

  @Test func aLinkNoTabsPatternsMatchStopsAtTheTabBar() async throws {
    let tabs = EditorTabs()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    let before = tabs.container.tree.description
    let outcome = await router.open("notes://nowhere")
    #expect(
      outcome
        == .failed(
          LinkFailure.noSubFlow(flow: FlowName(EditorTabs.self), remaining: ["nowhere"])))
    #expect(tabs.container.tree.description == before)
  }

  @Test func twoTabFlowTypesWithOneNameAreReportedWhenASnapshotIsRestored() throws {
    let tabs = TwinTabs()
    let data = try DeepLinkRouter(root: tabs, scheme: "twins").restorer.snapshot().jsonData()
    let fresh = TwinTabs()
    let router = DeepLinkRouter(root: fresh, scheme: "twins")
    var report: RestorationReport?
    let diagnostics = withRecordedDiagnostics { report = router.restorer.restore(from: data) }
    #expect(diagnostics.map(\.code) == [.inconsistentRoute])
    let message = diagnostics.first?.message ?? ""
    #expect(message.contains(#"two flow types are named "Twin""#), "\(message)")
    #expect(message.contains("LeftTwin") && message.contains("RightTwin"), "\(message)")
    #expect(report != nil)
  }

  @Test func aPlanMadeBeforeTheTabsChangedIsStale() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "art")
    let plan = try router.plan(for: DeepLink(parsing: "art://slides")).get()
    tabs.container.select(1)
    #expect(
      router.apply(plan).summary == "failed(the plan is stale: the tree changed after it was made)")
  }

  @Test func aDestinationInAnotherTabSelectsIt() async {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    tabs.container.select(1)
    let outcome = await router.open(.root(AppFlow.self, showing: [.library, .note(3)]))
    #expect(outcome.summary == "applied")
    #expect(tabs.container.selectedIndex == 0)
    #expect(tabs.app.container.stack == [.library, .note(3)])
  }

  @Test func snapshotsAndSharingWorkOnTheSelectedTab() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    _ = await router.open("notes://note/1")
    #expect(try router.currentLink().get().description == "notes://note/1")
    let snapshot = try router.restorer.snapshot()
    #expect(snapshot.levels.map(\.flow) == ["TabbedApp"])
    #expect(snapshot.levels.first?.tabs?.selected == 0)
    #expect(
      snapshot.levels.first?.tabs?.trees.map { $0.levels.map(\.flow) } == [
        ["AppFlow"], ["Gallery"],
      ])
    tabs.container.select(1)
    #expect(try router.restorer.snapshot().levels.first?.tabs?.selected == 1)
  }

  @Test func aSnapshotSavesTheSelectedTabAndRestoringSelectsItAgain() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "art")
    _ = await router.open("art://slides")
    let data = try router.restorer.snapshot().jsonData()
    #expect(String(decoding: data, as: UTF8.self).contains(#""selected":1"#))

    let fresh = TabbedApp()
    let freshRouter = DeepLinkRouter(root: fresh, scheme: "art")
    let report = freshRouter.restorer.restore(from: data)
    #expect(report.isComplete)
    #expect(fresh.container.selectedIndex == 1)
    #expect(fresh.container.topmost.owner is Slides)
  }

  @Test func aSnapshotOfATabThatIsGoneFallsBackWithAReport() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "art")
    _ = await router.open("art://slides")
    let data = try router.restorer.snapshot().jsonData()

    let fresh = TabbedApp()
    fresh.container.removeTab(at: 1)
    let report = DeepLinkRouter(root: fresh, scheme: "art").restorer.restore(from: data)
    // The saved selected tab is gone: it is dropped with a report, and nothing else was saved.
    #expect(report.error == nil)
    #expect(report.dropped.map(\.reason) == ["tab 1 is no longer there"])
    #expect(fresh.container.selectedIndex == 0)
    #expect(fresh.app.container.stack == [.library])
  }

  @Test func aFlowOverTheTabsThatObjectsHoldsTheLinkUntilItIsDismissed() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "art")
    let editor = EditorFlow(noteID: 4)
    editor.hasUnsavedChanges = true
    tabs.container.present(editor.container)
    let outcome = await router.open("art://slides")
    #expect(outcome.summary.hasPrefix("held"))
    #expect(editor.objectedTo.count == 1)
    #expect(tabs.container.selectedIndex == 0)
    #expect(tabs.container.presented === editor.container)
    // Once the editor is gone, the held link resumes and lands in its tab.
    editor.hasUnsavedChanges = false
    editor.container.dismiss()
    await router.waitForPendingWork()
    #expect(tabs.container.selectedIndex == 1)
    #expect(tabs.container.topmost.owner is Slides)
  }

  @Test func aSnapshotHoldsEveryTabsTreeAndRestoringRebuildsEachTab() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    _ = await router.open("notes://note/2")
    _ = await router.open("notes://slides")
    #expect(tabs.container.selectedIndex == 1)
    let snapshot = try router.restorer.snapshot()
    let saved = try #require(snapshot.levels.first?.tabs)
    #expect(saved.selected == 1)
    #expect(saved.trees.count == 2)
    #expect(saved.trees.first?.levels.first?.routes.count == 2)
    let data = try snapshot.jsonData()

    let fresh = TabbedApp()
    let report = DeepLinkRouter(root: fresh, scheme: "notes").restorer.restore(from: data)
    #expect(report.isComplete)
    #expect(fresh.container.selectedIndex == 1)
    #expect(fresh.container.topmost.owner is Slides)
    #expect(fresh.app.container.stack == [.library, .note(2)])
    // The typed snapshot restores the same way.
    let typed = TabbedApp()
    #expect(DeepLinkRouter(root: typed, scheme: "notes").restorer.restore(snapshot).isComplete)
    #expect(typed.app.container.stack == [.library, .note(2)])
  }

  @Test func aSavedTabThatIsGoneIsDroppedWithAReportAndTheRestIsRestored() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    _ = await router.open("notes://slides")
    _ = await router.open("notes://note/3")
    #expect(tabs.container.selectedIndex == 0)
    let data = try router.restorer.snapshot().jsonData()

    let fresh = TabbedApp()
    fresh.container.removeTab(at: 1)
    let report = DeepLinkRouter(root: fresh, scheme: "notes").restorer.restore(from: data)
    #expect(report.error == nil)
    #expect(report.dropped.map(\.reason) == ["tab 1 is no longer there"])
    #expect(fresh.app.container.stack == [.library, .note(3)])
  }

  /// A tab bar's saved state: note 2 open in the app's tab, and the slides up in the gallery's,
  /// which is selected.
  private func savedNoteAndSlides() async throws -> Data {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    _ = await router.open("notes://note/2")
    _ = await router.open("notes://slides")
    return try router.restorer.snapshot().jsonData()
  }

  @Test func restoringATabBarIsOnePlanWithEveryChangeBetweenOneWillAndOneDidApply() async throws {
    let data = try await savedNoteAndSlides()

    let fresh = TabbedApp()
    let freshRouter = DeepLinkRouter(root: fresh, scheme: "notes")
    var heard: [String] = []
    let plans = freshRouter.restorer.observePlans { event in
      switch event {
      case .willApply(let plan): heard.append("willApply \(plan.request)")
      case .didApply: heard.append("didApply")
      }
    }
    let events = fresh.container.observeEvents { heard.append("\($0.flow) \($0.action)") }
    let report = freshRouter.restorer.restore(from: data)
    plans.cancel()
    events.cancel()
    #expect(report.isComplete)
    #expect(heard.first == "willApply restoration")
    #expect(heard.last == "didApply")
    #expect(heard.filter { $0.hasPrefix("willApply") || $0 == "didApply" }.count == 2)
    // The selection and both tabs' changes, all inside the one plan.
    #expect(heard.contains("TabbedApp tabSelected(index: 1, flow: \"Gallery\")"))
    #expect(heard.contains { $0.hasPrefix("AppFlow stack(") })
    #expect(heard.contains { $0.hasPrefix("Gallery attached(") && $0.contains(".presented(") })
  }

  @Test func aSavedTabIsRestoredIntoTheTabOfItsFlowWhereverTheTabsNowStand() async throws {
    let data = try await savedNoteAndSlides()

    let fresh = TabbedApp()
    let app = fresh.app
    let gallery = try #require(fresh.gallery)
    // The tabs now stand the other way round: each saved tree goes to its flow's tab.
    fresh.container.setTabs([gallery.container, app.container], selected: 1)
    let report = DeepLinkRouter(root: fresh, scheme: "notes").restorer.restore(from: data)
    #expect(report.isComplete)
    #expect(app.container.stack == [.library, .note(2)])
    #expect(gallery.container.presented?.owner is Slides)
    #expect(fresh.container.selectedTab === gallery.container)
  }

  @Test func aBadEntryForOneTabChangesNoOtherTab() async throws {
    let fresh = TabbedApp()
    _ = await DeepLinkRouter(root: fresh, scheme: "notes").open("notes://slides")
    #expect(fresh.gallery?.container.presented?.owner is Slides)
    fresh.container.select(0)
    // The app's tree is fine; the gallery's names a route of another flow's type.
    let snapshot = FlowSnapshot(levels: [
      .init(
        flow: "TabbedApp", routes: [],
        tabs: .init(
          trees: [
            FlowSnapshot(levels: [
              .init(
                flow: "AppFlow", routes: [AnyRoute(AppRoute.library), AnyRoute(AppRoute.note(2))])
            ]),
            FlowSnapshot(levels: [.init(flow: "Gallery", routes: [AnyRoute(AppRoute.library)])]),
          ], selected: 0))
    ])
    let report = DeepLinkRouter(root: fresh, scheme: "notes").restorer.restore(snapshot)
    #expect(report.error == nil)
    #expect(report.dropped.count == 1)
    #expect(report.dropped.allSatisfy { $0.reason.hasPrefix("in tab 1: ") })
    #expect(fresh.app.container.stack == [.library, .note(2)])
    #expect(fresh.container.selectedIndex == 0)
  }

  @Test func aGuardForALinkIntoAnotherTabIsPresentedWhereTheUserIsAndTheLinkResumesAfter() async {
    let tabs = TabbedApp()
    tabs.app.session.isSignedIn = false
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    router.setGuard(
      for: .signedIn, isSatisfied: { tabs.app.session.isSignedIn },
      makeGuardFlow: { SignInFlow(session: tabs.app.session) })
    tabs.container.select(1)
    let outcome = await router.open("notes://note/2/edit")
    #expect(outcome.summary.hasPrefix("held"))
    // The user is on tab 1: the sign-in flow is shown there, over what they see.
    #expect(tabs.container.selectedIndex == 1)
    let signIn = tabs.container.topmost.owner as? SignInFlow
    #expect(signIn != nil)
    #expect(tabs.container.tabs[1].presented === signIn?.container)
    signIn?.signIn()
    await router.waitForPendingWork()
    #expect(tabs.container.selectedIndex == 0)
    #expect(tabs.container.topmost.owner is EditorFlow)
  }

  @Test func anObserverOnATabThatIsCancelledLeavesTheTabContainersObserverHearingIt() {
    let tabs = TabbedApp()
    var heard = 0
    let token = tabs.container.observeEvents { _ in heard += 1 }
    let tabToken = tabs.app.container.observeEvents { _ in }
    tabToken.cancel()
    tabs.app.container.push(.note(1))
    token.cancel()
    #expect(heard == 1)
  }

  @Test func aRestorationThatFailsLeavesTheSelectedTabAsItWas() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    _ = await router.open("notes://slides")
    let data = try router.restorer.snapshot().jsonData()
    let fresh = TabbedApp()
    // Tab 1 now holds a flow of another type: its saved levels do not fit.
    let other = AppFlow()
    fresh.container.setTabs([fresh.app.container, other.container])
    let report = DeepLinkRouter(root: fresh, scheme: "notes").restorer.restore(from: data)
    // The saved selected tab is dropped with a report; the others are restored.
    #expect(report.error == nil)
    #expect(report.dropped.map(\.reason) == ["tab 1 is no longer there"])
    #expect(fresh.container.selectedIndex == 0)
  }

  /// A tab bar's snapshot as JSON, with `edit` applied to its top-level object.
  private func editedSnapshot(
    _ edit: (inout [String: Any]) -> Void
  ) async throws -> Data {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    _ = await router.open("notes://slides")
    _ = await router.open("notes://note/3")
    let data = try router.restorer.snapshot().jsonData()
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    edit(&object)
    return try JSONSerialization.data(withJSONObject: object)
  }

  /// Applies `edit` to the `tabs` object of the tab bar's level of a snapshot's JSON object.
  private func editTabs(_ object: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
    var levels = object["levels"] as? [[String: Any]] ?? []
    var tabs = levels.first?["tabs"] as? [String: Any] ?? [:]
    edit(&tabs)
    if !levels.isEmpty { levels[0]["tabs"] = tabs }
    object["levels"] = levels
  }

  @Test func aTabBarSnapshotThatCannotBeReadChangesNothingAndMovesNoSelection() async throws {
    let broken: [(inout [String: Any]) -> Void] = [
      { $0["levels"] = [["flow": 7]] },
      { self.editTabs(&$0) { $0["trees"] = [["levels": "one"]] } },
      { self.editTabs(&$0) { $0["trees"] = 3 } },
      { self.editTabs(&$0) { $0["selected"] = "one" } },
    ]
    for breaking in broken {
      let data = try await editedSnapshot { object in
        self.editTabs(&object) { $0["selected"] = 1 }
        breaking(&object)
      }
      let fresh = TabbedApp()
      let router = DeepLinkRouter(root: fresh, scheme: "notes")
      let recorder = NavigationRecorder(fresh.container)
      let before = fresh.container.tree.description
      let report = router.restorer.restore(from: data)
      #expect(report.error != nil)
      #expect(recorder.descriptions.isEmpty)
      #expect(fresh.container.tree.description == before)
    }
  }

  @Test func aTabListedTwiceIsReportedAndTheRestorationIsNotComplete() async throws {
    let data = try await editedSnapshot { object in
      self.editTabs(&object) { tabs in
        let trees = tabs["trees"] as? [Any] ?? []
        tabs["trees"] = trees + trees.suffix(1)
      }
    }
    let fresh = TabbedApp()
    let report = DeepLinkRouter(root: fresh, scheme: "notes").restorer.restore(from: data)
    #expect(report.error == nil)
    #expect(!report.isComplete)
    #expect(report.dropped.map(\.reason) == ["tab 2 is listed twice"])
    #expect(fresh.container.tabs[1].presented?.owner is Slides)
  }

  @Test func aRouterWhoseTabBarIsReleasedFailsAsForAReleasedRoot() async {
    var tabs: TabbedApp? = TabbedApp()
    let router = DeepLinkRouter(root: tabs!, scheme: "notes")
    tabs = nil
    #expect(
      await router.open("notes://note/1").summary.hasPrefix(
        "failed(the root flow has been released;"))
  }

  @Test func aRouterWhoseTabBarIsReleasedWorksOnNoTabThatSomethingElseStillHolds() async throws {
    var tabs: TabbedApp? = TabbedApp()
    let router = try #require(tabs.map { DeepLinkRouter(root: $0, scheme: "notes") })
    // Something outside the bar still holds a tab's flow.
    let orphan = try #require(tabs?.app)
    tabs = nil
    #expect(await router.open("notes://note/2") == .failed(LinkFailure.rootReleased))
    #expect(orphan.container.stack == [.library])
    #expect(throws: RestorationError.self) { try router.restorer.snapshot() }
    let report = router.restorer.restore(FlowSnapshot(levels: [.init(flow: "AppFlow", routes: [])]))
    #expect(report.error == .rootReleased)
    #expect(orphan.container.stack == [.library])
  }

  @Test func theRouterOfATabBarHasTheBarsFlowAsItsRoot() {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    #expect(router.root === tabs)
    tabs.container.select(1)
    // Whatever is selected: the root is the tree's root, not a tab.
    #expect(router.root === tabs)
  }

  @Test func selectingATabIsAStepOfThePlanAppliedInsideItsWillAndDidApply() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    tabs.container.select(1)
    var heard: [String] = []
    let plans = router.restorer.observePlans { event in
      switch event {
      case .willApply: heard.append("willApply")
      case .didApply: heard.append("didApply")
      }
    }
    let events = tabs.container.observeEvents { heard.append("\($0)") }
    let plan = try router.plan(for: DeepLink(parsing: "notes://note/2")).get()
    #expect(
      plan.steps.map(\.description) == ["select tab 0 AppFlow@1", "AppFlow@1: push [note(2)]"])
    #expect(router.apply(plan).summary == "applied")
    plans.cancel()
    events.cancel()
    #expect(
      heard == [
        "willApply", "TabbedApp@0 select tab 0 AppFlow (deepLink)",
        "AppFlow@1 push +1 -0 (deepLink, animated)", "didApply",
      ])
  }

  @Test func aPlanIntoATabIsStaleOnceSomethingIsPresentedOverTheBar() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    let plan = try router.plan(for: DeepLink(parsing: "notes://note/2")).get()
    let cover = TestFlow<Top>("cover")
    tabs.container.present(cover.container)
    #expect(router.apply(plan) == .failed(LinkFailure.stalePlan))
    #expect(tabs.container.presented === cover.container)
    #expect(tabs.app.container.stack == [.library])
  }

  @Test func aPlanIntoATabIsStaleOnceTheTabsAreReordered() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "art")
    let plan = try router.plan(for: DeepLink(parsing: "art://slides")).get()
    let app = tabs.app
    let gallery = try #require(tabs.gallery)
    tabs.container.setTabs([gallery.container, app.container], selected: 1)
    #expect(router.apply(plan) == .failed(LinkFailure.stalePlan))
    #expect(tabs.container.selectedIndex == 1)
    #expect(gallery.container.presented == nil)
  }
}
