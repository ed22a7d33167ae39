import FlowContainers
import Testing

@MainActor
struct DeepLinkValidationTests {
  struct Rejected: Error, CustomStringConvertible {
    let description: String
  }

  @Test func theValidatorsErrorArrivesAsThrownNotAsText() async throws {
    let linked = LinkedApp()
    linked.router.validator = { _ in throw NoteMissing(id: 8) }
    let outcome = await linked.open("notes://note/2")
    guard case .failed(let failure) = outcome, case .rejected(let thrown) = failure else {
      Issue.record("expected a rejection, got \(outcome)")
      return
    }
    #expect((thrown.error as? NoteMissing)?.id == 8)
    #expect(failure.description == "rejected: note 8 does not exist")
  }

  @Test func theValidatorCanRejectATargetAndNothingMoves() async throws {
    let linked = LinkedApp()
    linked.router.validator = { plan in
      if let routes = plan.routes(of: AppFlow.self), routes.contains(.note(3)) {
        throw Rejected(description: "note 3 is private")
      }
    }
    #expect(
      await linked.open("notes://note/3")
        == .failed(LinkFailure.rejected(ThrownError(Rejected(description: "note 3 is private")))))
    #expect(linked.tree == "AppFlow: [library]")
    #expect(await linked.open("notes://note/2").summary == "applied")
  }

  @Test func aNewerLinkCancelsAnOlderOneStillBeingValidated() async throws {
    let linked = LinkedApp()
    var release: CheckedContinuation<Void, Never>?
    var cancelled: [String] = []
    linked.router.validator = { plan in
      let target = plan.request.link?.description ?? ""
      if target.hasSuffix("/1") {
        await withCheckedContinuation { release = $0 }
        if Task.isCancelled { cancelled.append(target) }
      }
    }
    async let first = linked.open("notes://note/1")
    while release == nil { await Task.yield() }
    #expect(await linked.open("notes://note/2").summary == "applied")
    release?.resume()
    #expect(await first == .dropped(.superseded))
    #expect(cancelled == ["notes://note/1"])
    #expect(linked.app.container.stack == [.library, .note(2)])
  }

  @Test func aPlanAppliedWhileAnOlderLinkIsBeingValidatedWins() async throws {
    let linked = LinkedApp()
    var release: CheckedContinuation<Void, Never>?
    linked.router.validator = { plan in
      if plan.request.link?.description.hasSuffix("/1") == true {
        await withCheckedContinuation { release = $0 }
      }
    }
    async let first = linked.open("notes://note/1")
    while release == nil { await Task.yield() }
    let plan = try linked.router.plan(for: DeepLink(parsing: "notes://note/2")).get()
    #expect(linked.router.apply(plan).summary == "applied")
    release?.resume()
    #expect(await first == .dropped(.superseded))
    #expect(linked.app.container.stack == [.library, .note(2)])
  }

  @Test func theTreeMovingDuringValidationIsPlannedAgainNotAppliedStale() async throws {
    let linked = LinkedApp()
    linked.router.validator = { [app = linked.app] _ in
      // The user opens settings while the validator runs.
      let settings = SettingsFlow()
      app.container.present(settings.container)
    }
    #expect(await linked.open("notes://note/2").summary == "applied")
    #expect(linked.tree == "AppFlow: [library, note(2)]")
  }

  @Test func guardsAreCheckedBeforeTheValidatorRuns() async throws {
    let linked = LinkedApp(signedIn: false)
    var validated = 0
    linked.router.validator = { _ in validated += 1 }
    #expect(await linked.open("notes://note/2/edit").summary == "held(guardRequired(signed-in))")
    #expect(validated == 0)
    linked.signIn?.signIn()
    await linked.router.waitForPendingWork()
    #expect(validated == 1)
    #expect(linked.tree.contains("EditorFlow"))
  }
}
