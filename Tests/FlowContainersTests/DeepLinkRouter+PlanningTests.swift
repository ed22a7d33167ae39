import FlowContainers
import FlowContainersTesting
import Testing

@testable import FlowContainersLinks

@MainActor
struct DeepLinkPlanningTests {
  @Test func withNothingPresentedTheRootPushesAndPresentsTheRest() throws {
    let linked = LinkedApp()
    let plan = try linked.plan("notes://note/2/edit")
    #expect(
      plan.description == """
        plan for notes://note/2/edit
          1. AppFlow@0: push [note(2)]
          2. present EditorFlow@1 as sheet with [edit]
        """)
    #expect(plan.levels.map(\.flow) == [FlowName(AppFlow.self), FlowName(EditorFlow.self)])
    #expect(plan.levels.map(\.isReused) == [true, false])
    #expect(plan.routes(of: AppFlow.self) == [.library, .note(2)])
    #expect(plan.routes(of: EditorFlow.self) == [.edit])
    #expect(plan.routes(of: SettingsFlow.self) == nil)
  }

  @Test func planningIsADryRunThatMovesNothing() throws {
    let linked = LinkedApp()
    let recorder = NavigationRecorder(linked.app.container)
    let before = linked.tree
    _ = try linked.plan("notes://note/2/edit")
    _ = try linked.plan("notes://settings/account")
    #expect(linked.tree == before)
    #expect(recorder.events.isEmpty)
  }

  @Test func aPresentedSubFlowThatCanHandleTheRestIsReused() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://settings").summary == "applied")
    let settings = linked.app.container.presentedFlow
    let plan = try linked.plan("notes://settings/account")
    #expect(
      plan.steps == [
        .present(
          level: 2, flow: FlowName(AccountFlow.self), style: .sheet,
          routes: [AnyRoute(SettingsRoute.account)])
      ])
    #expect(plan.levels.map(\.isReused) == [true, true, false])
    #expect(linked.router.apply(plan).summary == "applied")
    #expect(linked.app.container.presentedFlow === settings)
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
           └─ AccountFlow (sheet): [account]
        """)
  }

  @Test func anUnrelatedModalThreeDeepIsDismissedAndOnlyIt() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://settings/account").summary == "applied")
    let alert = AlertFlow()
    linked.app.container.topmost.presentAlert(alert)
    let plan = try linked.plan("notes://note/2")
    #expect(
      plan.description == """
        plan for notes://note/2
          1. dismiss SettingsFlow@1
          2. AppFlow@0: push [note(2)]
        """)
  }

  @Test func aModalLinksKnowNothingAboutIsInTheWayOfAnyLink() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://settings").summary == "applied")
    let alert = AlertFlow()
    linked.app.container.topmost.presentAlert(alert)
    let plan = try linked.plan("notes://settings")
    #expect(plan.steps == [.dismiss(level: 2, flow: FlowName(AlertFlow.self))])
  }

  @Test func aSubFlowIsNotReusedWhenTheStackItWasPresentedOverChanges() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let plan = try linked.plan("notes://note/2/edit")
    #expect(
      plan.description == """
        plan for notes://note/2/edit
          1. dismiss EditorFlow@1
          2. AppFlow@0: pop to 0
          3. AppFlow@0: push [note(2)]
          4. present EditorFlow@1 as sheet with [edit]
        """)
    #expect(
      try linked.plan("notes://note/1/edit/preview").steps == [
        .push(
          level: 1, flow: FlowName(EditorFlow.self), routes: [AnyRoute(EditorRoute.preview)])
      ])
  }

  @Test func stacksChangeByTheLongestCommonPrefix() throws {
    func steps(from current: [AppRoute], to text: String) throws -> [String] {
      let linked = LinkedApp()
      linked.app.container.replace(with: current)
      return try linked.plan(text).steps.map(\.description)
    }
    #expect(try steps(from: [.library], to: "notes://library") == [])
    #expect(try steps(from: [.library], to: "notes://note/1") == ["AppFlow@0: push [note(1)]"])
    #expect(
      try steps(from: [.library, .note(1), .note(2)], to: "notes://library") == [
        "AppFlow@0: pop to 0"
      ])
    #expect(
      try steps(from: [.library, .note(1)], to: "notes://note/2") == [
        "AppFlow@0: pop to 0", "AppFlow@0: push [note(2)]",
      ])
    #expect(
      try steps(from: [.note(1)], to: "notes://library") == ["AppFlow@0: replace with [library]"])
    #expect(
      try steps(from: [], to: "notes://note/3") == ["AppFlow@0: replace with [library, note(3)]"])
  }

  @Test func aLinkNobodyCanHandleSaysWhereResolutionStoppedAndChangesNothing() async throws {
    let linked = LinkedApp()
    #expect(await linked.open("notes://settings").summary == "applied")
    let before = linked.tree
    let app = FlowName(AppFlow.self)
    let settings = FlowName(SettingsFlow.self)
    let cases: [(String, LinkFailure)] = [
      ("notes://note/2/nowhere", .noSubFlow(flow: app, remaining: ["nowhere"])),
      ("notes://settings/nowhere", .noSubFlow(flow: settings, remaining: ["nowhere"])),
      ("notes://note/abc/edit", .noSubFlow(flow: app, remaining: ["note", "abc", "edit"])),
      ("other://note/2", .unsupportedScheme(try DeepLink(parsing: "other://note/2"))),
      (
        "notes://note/%ZZ",
        .malformed(DeepLinkError(.invalidPercentEncoding("%ZZ"), input: "notes://note/%ZZ"))
      ),
    ]
    for (text, reason) in cases {
      let outcome = await linked.open(text)
      #expect(outcome == .failed(reason), "\(text)")
      #expect(linked.tree == before, "\(text)")
    }
  }

  @Test func aFailedLinkNamesTheDeepestFlowWhoseSubFlowsCouldNotTakeTheRest() throws {
    let linked = LinkedApp()
    let app = FlowName(AppFlow.self)
    let settings = FlowName(SettingsFlow.self)
    // Settings' patterns take "settings/account" but its sub-flows cannot take "x": resolution
    // goes on into the sub-flow whose patterns match to find the deepest such flow.
    let cases: [(String, LinkFailure)] = [
      ("notes://nowhere", .noSubFlow(flow: app, remaining: ["nowhere"])),
      ("notes://settings/x", .noSubFlow(flow: settings, remaining: ["x"])),
      ("notes://note/1/edit/x", .noSubFlow(flow: app, remaining: ["edit", "x"])),
    ]
    for (text, reason) in cases {
      #expect(linked.router.plan(for: try DeepLink(parsing: text)) == .failure(reason))
    }
    // A destination names the flow whose sub-flows were asked, too.
    let destination = LinkDestination.root(AppFlow.self, showing: [.library])
      .then(AccountFlow.self, showing: [.account])
    #expect(
      linked.router.plan(for: destination)
        == .failure(LinkFailure.notASubFlow(FlowName(AccountFlow.self), of: app)))
  }

  @Test func failuresDescribeThemselves() {
    #expect(
      LinkFailure.noSubFlow(flow: FlowName(AppFlow.self), remaining: ["x", "y"]).description
        == #"no sub-flow of AppFlow can handle "x/y""#)
    #expect(
      LinkFailure.noRoute(flow: FlowName(EditorFlow.self), remaining: ["z"]).description
        == #"no route in EditorFlow for "z""#)
  }

  @Test func canHandleAgreesWithResolution() throws {
    let cases: [(String, Bool)] = [
      ("notes://library", true), ("notes://note/1", true), ("notes://note/1/edit", true),
      ("notes://note/1/edit/preview", true), ("notes://note/1/nope", false),
      ("notes://settings/account", true), ("notes://settings/account/more", false),
    ]
    for (text, expected) in cases {
      #expect(AppFlow.canHandle(try DeepLink(parsing: text)) == expected, "\(text)")
      let linked = LinkedApp()
      #expect(((try? linked.plan(text)) != nil) == expected, "\(text)")
    }
    #expect(EditorFlow.canHandle(try DeepLink(parsing: "notes://edit")))
    #expect(!EditorFlow.canHandle(try DeepLink(parsing: "notes://settings")))
  }

  @Test func theCurrentTreeTurnsBackIntoALink() async throws {
    let linked = LinkedApp()
    #expect(try linked.router.currentLink().get().description == "notes://library")
    for text in ["notes://note/2", "notes://note/3/edit/preview", "notes://settings/account"] {
      #expect(await linked.open(text).summary == "applied")
      let link = try linked.router.currentLink().get()
      #expect(link.description == text)
      let fresh = LinkedApp()
      #expect(await fresh.open(link.description).summary == "applied")
      #expect(fresh.tree == linked.tree)
    }
    linked.app.container.topmost.presentAlert(AlertFlow())
    #expect(
      linked.router.currentLink()
        == .failure(LinkSharingFailure(.notLinkable(flow: FlowName(AlertFlow.self), level: 3))))
  }

  @Test func aTreeWithoutALinkSaysWhichPatternLacksAReverseMapping() async throws {
    let flow = UnmappedFlow()
    let router = DeepLinkRouter(root: flow, scheme: "u")
    #expect(try router.currentLink().get().description == "u://home")
    guard case .applied = await router.open("u://item/4") else {
      Issue.record("u://item/4 did not open")
      return
    }
    let failure = try #require(router.currentLink().failure)
    #expect(
      failure.reason
        == .noReverseMapping(
          flow: FlowName(UnmappedFlow.self), level: 0, patterns: ["item/:id<Int>"]))
    #expect(failure.description.contains("item/:id<Int> on UnmappedFlow@0 has no reverse mapping"))
  }

  @Test func aRouterWhoseRootIsGoneSaysSoWhenAskedForALink() {
    var flow: UnmappedFlow? = UnmappedFlow()
    let router = DeepLinkRouter(root: flow!, scheme: "u")
    flow = nil
    #expect(router.currentLink() == .failure(LinkSharingFailure(.rootReleased)))
  }
}

extension ContainerNode {
  /// Presents an alert over this container, whatever its screen type.
  @MainActor
  func presentAlert(_ alert: AlertFlow) {
    (self as? StackContainer<SettingsRoute>)?.present(alert.container)
    (self as? StackContainer<AppRoute>)?.present(alert.container)
    (self as? StackContainer<EditorRoute>)?.present(alert.container)
  }
}

/// A flow whose `item/:id` pattern has no reverse mapping: its stacks cannot be shared.
@MainActor
private final class UnmappedFlow: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("home") { _ in ["home"] },
    .pattern("item/:id<Int>") { ["home", "item \(try $0.int("id"))"] },
  ]
  static let subFlows: [SubFlow<UnmappedFlow>] = []
}

extension Result {
  /// The failure, if it is one.
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
