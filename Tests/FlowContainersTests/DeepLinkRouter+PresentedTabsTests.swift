import FlowContainers
import Foundation
import Testing

/// A mail tab: "inbox" and "inbox/:id".
@MainActor
final class Inbox: LinkableFlow {
  let container = StackContainer<String>(root: "inbox")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("inbox") { _ in ["inbox"] },
    .pattern("inbox/:id") { match in ["inbox", try match.string("id")] },
  ]
  static let subFlows: [SubFlow<Inbox>] = []
}

/// A mail tab: "outbox" and "outbox/:id".
@MainActor
final class Outbox: LinkableFlow {
  let container = StackContainer<String>(root: "outbox")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("outbox") { _ in ["outbox"] },
    .pattern("outbox/:id", parameters: lastParameter) { match in
      ["outbox", try match.string("id")]
    },
  ]
  static let subFlows: [SubFlow<Outbox>] = []

  /// The id of `outbox/:id`'s stack, for sharing it as a link.
  static let lastParameter: @Sendable ([String]) -> [String: String]? = { stack in
    stack.count == 2 ? ["id": stack[1]] : nil
  }
}

/// A tab bar of an inbox (tab 0) and an outbox (tab 1).
@MainActor
final class MailTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [Inbox.self, Outbox.self]

  init() {
    container.owner = self
    let inbox = Inbox()
    let outbox = Outbox()
    container.setTabs([inbox.container, outbox.container])
  }
}

/// A linkable stack root that declares the mail tab bar as a sub-flow: "desk", "desk/*".
@MainActor
final class Desk: LinkableFlow {
  let container = StackContainer<String>(root: "desk")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("desk") { _ in ["desk"] },
    .pattern("desk/*") { _ in ["desk"] },
  ]
  static let subFlows: [SubFlow<Desk>] = [
    .flow(MailTabs.self, style: .fullScreenCover) { _, _ in MailTabs() }
  ]

  var mail: MailTabs? { container.presented?.owner as? MailTabs }
}

/// Links into a tab of a tab bar that a stack flow declares as a sub-flow.
@MainActor
struct DeepLinkRouterPresentedTabsTests {
  @Test func aLinkIntoATabOfADeclaredBarPresentsTheBarSelectsTheTabAndGoesOnInside() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    let plan = try router.plan(for: DeepLink(parsing: "mail://desk/outbox/7")).get()
    #expect(
      plan.steps.map(\.description) == [
        "present MailTabs@1 as fullScreenCover with []", "select tab 1 Outbox@2",
        "Outbox@2: replace with [outbox, 7]",
      ])
    #expect(
      plan.description == """
        plan for mail://desk/outbox/7
          1. present MailTabs@1 as fullScreenCover with []
          2. select tab 1 Outbox@2
          3. Outbox@2: replace with [outbox, 7]
        """)
    #expect(plan.levels.map(\.flow) == ["Desk", "MailTabs", "Outbox"])
    #expect(plan.levels.map(\.isReused) == [true, false, false])
    var applied = 0
    let token = router.restorer.observePlans { if case .willApply = $0 { applied += 1 } }
    #expect(router.apply(plan).summary == "applied")
    token.cancel()
    #expect(applied == 1)
    #expect(desk.container.presented?.presentationStyle == .fullScreenCover)
    #expect(desk.mail?.container.selectedIndex == 1)
    #expect((desk.mail?.container.tabs[1].owner as? Outbox)?.container.stack == ["outbox", "7"])
  }

  @Test func aLinkIntoAnotherTabOfThePresentedBarKeepsTheBar() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    #expect(await router.open("mail://desk/outbox/7").summary == "applied")
    let bar = try #require(desk.mail)
    let plan = try router.plan(for: DeepLink(parsing: "mail://desk/inbox/3")).get()
    #expect(
      plan.steps.map(\.description) == [
        "select tab 0 Inbox@2", "Inbox@2: push [3]",
      ])
    #expect(plan.levels.map(\.isReused) == [true, true, true])
    #expect(router.apply(plan).summary == "applied")
    #expect(desk.mail === bar)
    #expect(bar.container.selectedIndex == 0)
    #expect((bar.container.tabs[0].owner as? Inbox)?.container.stack == ["inbox", "3"])
    #expect((bar.container.tabs[1].owner as? Outbox)?.container.stack == ["outbox", "7"])
  }

  @Test func aLinkIntoTheBarDismissesAModalOverItsTabs() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    #expect(await router.open("mail://desk/outbox/7").summary == "applied")
    let bar = try #require(desk.mail)
    let slides = Slides()
    bar.container.present(slides.container)
    let plan = try router.plan(for: DeepLink(parsing: "mail://desk/outbox/8")).get()
    #expect(
      plan.steps.map(\.description) == [
        "dismiss Slides@2", "Outbox@2: pop to 0", "Outbox@2: push [8]",
      ])
    #expect(router.apply(plan).summary == "applied")
    #expect(desk.mail === bar)
    #expect(bar.container.presented == nil)
    #expect((bar.container.tabs[1].owner as? Outbox)?.container.stack == ["outbox", "8"])
  }

  @Test func aLinkNoTabOfTheBarCanHandleFailsAndMovesNothing() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    let link = try DeepLink(parsing: "mail://desk/drafts")
    #expect(
      router.plan(for: link)
        == .failure(.noSubFlow(flow: FlowName(Desk.self), remaining: ["drafts"])))
    #expect(await router.open(link).summary.hasPrefix("failed"))
    #expect(desk.container.presented == nil)
  }

  @Test func aBarALinkPresentedIsReleasedWhenItsPresenterDismissesIt() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    weak var bar: MailTabs?
    weak var outbox: Outbox?
    do {
      #expect(await router.open("mail://desk/outbox/7").summary == "applied")
      bar = desk.mail
      outbox = desk.mail?.container.tabs[1].owner as? Outbox
      #expect(bar != nil)
      #expect(outbox != nil)
      desk.container.dismissPresented()
    }
    #expect(bar == nil)
    #expect(outbox == nil)
  }

  @Test func aBarALinkPresentedIsSavedAndRestoredByTheRoutersRestorer() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    #expect(await router.open("mail://desk/outbox/7").summary == "applied")
    let data = try router.restorer.snapshot().jsonData()
    let fresh = Desk()
    let freshRouter = DeepLinkRouter(root: fresh, scheme: "mail")
    #expect(freshRouter.restorer.restore(from: data).isComplete)
    #expect(fresh.container.tree == desk.container.tree)
  }

  @Test func theCurrentLinkGoesThroughAPresentedBarAndOpensTheSameTreeElsewhere() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    #expect(await router.open("mail://desk/outbox/7").summary == "applied")
    let link = try router.currentLink().get()
    #expect(link.description == "mail://desk/outbox/7")
    let fresh = Desk()
    #expect(await DeepLinkRouter(root: fresh, scheme: "mail").open(link).summary == "applied")
    #expect(fresh.container.tree == desk.container.tree)
  }

  @Test func aTabTheLinkWouldNotReachIsNotSharedAsOne() async throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    #expect(await router.open("mail://desk/outbox/7").summary == "applied")
    // The outbox shows a route no outbox pattern makes: no link rebuilds it.
    desk.mail?.container.tabs[1].owner.map { ($0 as? Outbox)?.container.push("draft") }
    #expect(router.currentLink().failure != nil)
  }

  @Test func aDestinationGoesIntoATabOfADeclaredBarAsTheLinkDoes() async throws {
    let linked = Desk()
    #expect(
      await DeepLinkRouter(root: linked, scheme: "mail").open("mail://desk/outbox/7").summary
        == "applied")
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    let destination = LinkDestination.root(Desk.self, showing: ["desk"])
      .then(Outbox.self, showing: ["outbox", "7"])
    #expect(await router.open(destination).summary == "applied")
    #expect(desk.container.tree == linked.container.tree)
    // Into the other tab of the bar now presented: the bar stays.
    let bar = desk.mail
    let inbox = LinkDestination.root(Desk.self, showing: ["desk"])
      .then(Inbox.self, showing: ["inbox", "3"])
    #expect(await router.open(inbox).summary == "applied")
    #expect(desk.mail === bar)
    #expect(desk.mail?.container.selectedIndex == 0)
  }

  @Test func aDestinationThroughATypeNoBarHoldsIsNotASubFlow() throws {
    let desk = Desk()
    let router = DeepLinkRouter(root: desk, scheme: "mail")
    let destination = LinkDestination.root(Desk.self, showing: ["desk"])
      .then(Desk.self, showing: ["desk"])
    #expect(router.plan(for: destination).failure == .notASubFlow("Desk", of: "Desk"))
  }
}
