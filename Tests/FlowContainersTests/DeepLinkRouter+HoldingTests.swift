import FlowContainers
import FlowContainersTesting
import Testing

@MainActor
struct DeepLinkGuardTests {
  @Test func aGuardedLinkIsHeldWhileSignInIsPresentedAndResumesAfter() async throws {
    let linked = LinkedApp(signedIn: false)
    #expect(await linked.open("notes://note/2/edit").summary == "held(guardRequired(signed-in))")
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SignInFlow (sheet): [sign-in]
        """)
    #expect(linked.router.heldLink?.request.description == "notes://note/2/edit")
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ EditorFlow (sheet): [edit]
        """)
    #expect(linked.log.entries == ["resumed notes://note/2/edit: applied"])
    #expect(linked.router.heldLink == nil)
  }

  @Test func cancellingTheGuardDropsTheHeldLinkAndSaysSo() async throws {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/2/edit")
    linked.signIn?.cancel()
    await linked.router.waitForPendingWork()
    #expect(linked.tree == "AppFlow: [library]")
    #expect(linked.log.entries == ["dropped notes://note/2/edit: guardNotSatisfied(signed-in)"])
    #expect(linked.router.heldLink == nil)
  }

  @Test func theUserClosingTheGuardDropsTheLinkToo() async throws {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/1/edit")
    linked.app.container.topmost.handle(.userDismissed)
    #expect(linked.log.entries == ["dropped notes://note/1/edit: guardNotSatisfied(signed-in)"])
  }

  @Test func aNewerLinkReplacesTheHeldOne() async throws {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/1/edit")
    #expect(await linked.open("notes://note/3/edit").summary == "held(guardRequired(signed-in))")
    #expect(linked.log.entries == ["dropped notes://note/1/edit: superseded"])
    // Still one sign-in flow, not two.
    #expect(linked.app.container.presented?.presented == nil)
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    #expect((linked.app.container.presentedFlow as? EditorFlow)?.noteID == 3)
  }

  @Test func aPlanAppliedAndHeldWhileAnotherLinkIsHeldReplacesIt() async throws {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/1/edit")
    let plan = try linked.router.plan(for: DeepLink(parsing: "notes://note/3/edit")).get()
    #expect(linked.router.apply(plan).summary == "held(guardRequired(signed-in))")
    #expect(linked.router.heldLink?.request.description == "notes://note/3/edit")
    #expect(linked.log.entries == ["dropped notes://note/1/edit: superseded"])
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    #expect((linked.app.container.presentedFlow as? EditorFlow)?.noteID == 3)
  }

  @Test func aPlanAppliedAfterSignInBeforeTheHeldLinkResumesWins() async throws {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/1/edit")
    // Signing in ends the guard: the held link resumes on the next turn of the main actor.
    linked.signIn?.signIn()
    let plan = try linked.router.plan(for: DeepLink(parsing: "notes://note/2")).get()
    #expect(linked.router.apply(plan).summary == "applied")
    await linked.router.waitForPendingWork()
    #expect(linked.tree == "AppFlow: [library, note(2)]")
    #expect(linked.log.entries == ["dropped notes://note/1/edit: superseded"])
  }

  @Test func anUnguardedLinkWhileOneIsHeldReplacesItAndDismissesTheGuard() async throws {
    let linked = LinkedApp(signedIn: false)
    _ = await linked.open("notes://note/1/edit")
    #expect(await linked.open("notes://settings").summary == "applied")
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
        """)
    #expect(linked.log.entries == ["dropped notes://note/1/edit: superseded"])
    #expect(linked.router.heldLink == nil)
  }

  @Test func aHeldLinkExpires() async throws {
    var clock = ContinuousClock.now
    let linked = LinkedApp(signedIn: false)
    let router = DeepLinkRouter(root: linked.app, scheme: "notes", now: { clock })
    router.heldLinkExpiry = .seconds(60)
    router.onHeldLinkEnd = { [log = linked.log] in log.heard($0, $1) }
    let session = linked.app.session
    router.setGuard(
      for: .signedIn, isSatisfied: { session.isSignedIn },
      makeGuardFlow: { SignInFlow(session: session) })
    _ = await router.open("notes://note/1/edit")
    clock = clock.advanced(by: .seconds(61))
    linked.signIn?.signIn()
    await router.waitForPendingWork()
    #expect(linked.log.entries == ["dropped notes://note/1/edit: expired"])
    #expect(linked.tree == "AppFlow: [library]")
  }

  @Test(arguments: [
    "notes://note/2/edit", "NOTES://NOTE/2/edit", "notes://note/2/%65dit", "notes:note/2/edit",
    "notes://note/2/edit?signedIn=1", "notes:///note//2//edit//", "notes://note/2/edit#ok",
    "notes://note/2/edit/preview", "notes://note/0002/edit", "notes://note/+2/edit",
  ])
  func aProtectedFlowIsNeverReachedWithoutPassingItsGuard(text: String) async throws {
    let linked = LinkedApp(signedIn: false)
    let outcome = await linked.open(text)
    #expect(!linked.tree.contains("EditorFlow"), "\(text): \(outcome.summary)")
    if case .applied = outcome { Issue.record("\(text) was applied while signed out") }
    // Planning alone (a dry run) reveals the target but moves nothing; applying checks guards.
    if let plan = try? linked.plan(text) {
      let applied = linked.router.apply(plan)
      if case .applied = applied { Issue.record("\(text): a plan was applied while signed out") }
    }
    #expect(!linked.tree.contains("EditorFlow"))
  }

  @Test func aPlanMadeWhileSignedInIsHeldIfAppliedAfterSigningOut() async throws {
    let linked = LinkedApp(signedIn: true)
    let plan = try linked.plan("notes://note/2/edit")
    linked.app.session.isSignedIn = false
    #expect(linked.router.apply(plan).summary == "held(guardRequired(signed-in))")
    #expect(!linked.tree.contains("EditorFlow"))
  }

  @Test func aRequirementWithoutAGuardFailsRatherThanLettingTheLinkThrough() async throws {
    let app = AppFlow()
    let router = DeepLinkRouter(root: app, scheme: "notes")
    #expect(await router.open("notes://note/1/edit") == .failed(LinkFailure.noGuard(.signedIn)))
    #expect(app.container.presented == nil)
  }

  @Test func signInPresentedOverAModalStaysOverItAndTheLinkResumesAfter() async throws {
    let linked = LinkedApp(signedIn: false)
    #expect(await linked.open("notes://settings/account").summary == "applied")
    _ = await linked.open("notes://note/2/edit")
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
           └─ AccountFlow (sheet): [account]
              └─ SignInFlow (sheet): [sign-in]
        """)
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    #expect(
      linked.tree == """
        AppFlow: [library, note(2)]
        └─ EditorFlow (sheet): [edit]
        """)
  }
}

@MainActor
struct DeepLinkObjectionTests {
  func editingWithUnsavedChanges(_ linked: LinkedApp) async throws -> EditorFlow {
    #expect(await linked.open("notes://note/1/edit").summary == "applied")
    let editor = try #require(linked.app.container.presentedFlow as? EditorFlow)
    editor.hasUnsavedChanges = true
    return editor
  }

  @Test func anObjectionHoldsTheLinkUntilTheObjectingFlowGoesAway() async throws {
    let linked = LinkedApp()
    let editor = try await editingWithUnsavedChanges(linked)
    let before = linked.tree
    #expect(
      await linked.open("notes://settings").summary
        == "held(objection(flow: \"EditorFlow\", reason: \"note 1 has unsaved changes\"))")
    #expect(linked.tree == before)
    editor.hasUnsavedChanges = false
    editor.container.dismiss()
    await linked.router.waitForPendingWork()
    #expect(
      linked.tree == """
        AppFlow: [library]
        └─ SettingsFlow (sheet): [settings]
        """)
    #expect(linked.log.entries == ["resumed notes://settings: applied"])
  }

  @Test func anObjectionDropsTheLinkUnderTheDropPolicy() async throws {
    let linked = LinkedApp()
    linked.router.dropsObjectedLinks = true
    _ = try await editingWithUnsavedChanges(linked)
    let before = linked.tree
    #expect(
      await linked.open("notes://settings").summary
        == "dropped(objection(flow: \"EditorFlow\", reason: \"note 1 has unsaved changes\"))")
    #expect(linked.tree == before)
    #expect(linked.router.heldLink == nil)
  }

  @Test func aFlowThatIsReusedIsNotAsked() async throws {
    let linked = LinkedApp()
    _ = try await editingWithUnsavedChanges(linked)
    #expect(await linked.open("notes://note/1/edit/preview").summary == "applied")
  }
}

/// A route that is an object, so a test can tell whether anything still holds a request.
final class Marker: Hashable, Codable, Sendable, CustomStringConvertible {
  let id: Int
  init(_ id: Int) { self.id = id }
  static func == (lhs: Marker, rhs: Marker) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  var description: String { "marker \(id)" }
}

/// A root whose screens are markers, and a modal over it that objects to every link.
@MainActor
final class MarkedRoot: LinkableFlow {
  let container = StackContainer<Marker>(root: Marker(0))
  init() { container.owner = self }
  static let routes: RouteTable<Marker> = []
  static let subFlows: [SubFlow<MarkedRoot>] = []
}

@MainActor
final class BusyFlow: InterruptionAware {
  let container = StackContainer<String>(root: "busy")
  init() { container.owner = self }
  func objection(toInterruptionBy request: NavigationRequest) -> String? { "busy" }
}

@MainActor
struct DeepLinkHeldLinkMemoryTests {
  @Test func aSupersededHeldLinkKeepsNothingAlive() async {
    let root = MarkedRoot()
    let router = DeepLinkRouter(root: root, scheme: "m")
    let busy = BusyFlow()
    root.container.present(busy.container)
    weak var first: Marker?
    do {
      let marker = Marker(1)
      first = marker
      let outcome = await router.open(.root(MarkedRoot.self, showing: [Marker(0), marker]))
      #expect(outcome.summary.hasPrefix("held"))
    }
    for id in 2..<100 {
      _ = await router.open(.root(MarkedRoot.self, showing: [Marker(0), Marker(id)]))
    }
    #expect(first == nil)
    #expect(router.heldLink?.request.description.contains("marker 99") == true)
    // The newest held link still resumes once the objecting flow is gone.
    busy.container.dismiss()
    await router.waitForPendingWork()
    #expect(root.container.stack.map(\.id) == [0, 99])
  }
}
