import FlowContainers
import FlowContainersTesting
import Foundation
import Synchronization
import Testing

/// Resolution asks each candidate flow type's `canHandle(_:)` and obeys it, and costs in
/// proportion to the link, whatever the sub-flow declarations.
@MainActor
struct DeepLinkResolutionTests {
  @Test func aSubFlowTypeThatRefusesALinkIsNotPresentedForIt() async {
    let root = PickyRoot()
    let router = DeepLinkRouter(root: root, scheme: "notes")
    let secret = try? DeepLink(parsing: "notes://settings/secret")
    #expect(secret.map(PickyRoot.canHandle) == false)
    let outcome = await router.open("notes://settings/secret")
    if case .applied = outcome { Issue.record("a link the sub-flow refuses was applied") }
    #expect(root.container.presented == nil)
    #expect(await router.open("notes://settings").summary == "applied")
    #expect(root.container.presentedFlow is PickySettings)
  }

  @Test func subFlowTypesThatPresentEachOtherWithoutConsumingResolveInLinearTime() async {
    Resolutions.count.reset()
    let root = LoopRoot()
    let router = DeepLinkRouter(root: root, scheme: "notes")
    let outcome = await router.open("notes://x")
    if case .applied = outcome { Issue.record("an unhandled link was applied") }
    // Two types that hand the link to each other, 32 levels deep: 2^32 paths unless each
    // (type, link, depth) is resolved once.
    #expect(Resolutions.count.value <= 4 * 2 * 33)
  }

  @Test func subFlowTypesThatConsumeOneComponentEachResolveInLinearTime() async {
    Resolutions.count.reset()
    let root = StepRoot()
    let router = DeepLinkRouter(root: root, scheme: "notes")
    let components = (0..<24).map { "\($0)" }.joined(separator: "/")
    let outcome = await router.open("notes://\(components)/end")
    if case .applied = outcome { Issue.record("an unhandled link was applied") }
    #expect(Resolutions.count.value <= 4 * 2 * 33 * 26)
  }
}

/// Counts how often route builders run, across the types below.
enum Resolutions {
  static let count = ResettableCounter()
}

final class ResettableCounter: Sendable {
  private let storage = Mutex(0)
  var value: Int { storage.withLock { $0 } }
  func increment() { storage.withLock { $0 += 1 } }
  func reset() { storage.withLock { $0 = 0 } }
}

@MainActor
private final class PickyRoot: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [.pattern("*") { _ in ["home"] }]
  static let subFlows: [SubFlow<PickyRoot>] = [
    .flow(PickySettings.self) { _, _ in PickySettings() }
  ]
}

/// Its patterns match `settings` and `settings/<page>`, but it refuses any link that mentions
/// `secret`.
@MainActor
private final class PickySettings: LinkableFlow {
  let container = StackContainer<String>(root: "settings")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("settings") { _ in ["settings"] },
    .pattern("settings/:page") { _ in ["settings"] },
  ]
  static let subFlows: [SubFlow<PickySettings>] = []
  static func canHandle(_ link: DeepLink) -> Bool {
    !link.remaining.contains("secret") && routes.resolve(link) != nil
  }
}

@MainActor
private final class LoopRoot: LinkableFlow {
  let container = StackContainer<String>(root: "root")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [.pattern("*") { _ in ["root"] }]
  static let subFlows: [SubFlow<LoopRoot>] = [
    .flow(LoopA.self) { _, _ in LoopA() }, .flow(LoopB.self) { _, _ in LoopB() },
  ]
}

@MainActor
private final class LoopA: LinkableFlow {
  let container = StackContainer<String>(root: "a")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("*") { _ in
      Resolutions.count.increment()
      return ["a"]
    }
  ]
  static let subFlows: [SubFlow<LoopA>] = [
    .flow(LoopA.self) { _, _ in LoopA() }, .flow(LoopB.self) { _, _ in LoopB() },
  ]
}

@MainActor
private final class LoopB: LinkableFlow {
  let container = StackContainer<String>(root: "b")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern("*") { _ in
      Resolutions.count.increment()
      return ["b"]
    }
  ]
  static let subFlows: [SubFlow<LoopB>] = [
    .flow(LoopA.self) { _, _ in LoopA() }, .flow(LoopB.self) { _, _ in LoopB() },
  ]
}

@MainActor
private final class StepRoot: LinkableFlow {
  let container = StackContainer<String>(root: "root")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [.pattern("*") { _ in ["root"] }]
  static let subFlows: [SubFlow<StepRoot>] = [
    .flow(StepA.self) { _, _ in StepA() }, .flow(StepB.self) { _, _ in StepB() },
  ]
}

/// Consumes one number and hands the rest on; nothing matches `end`, so no link resolves.
@MainActor
private final class StepA: LinkableFlow {
  let container = StackContainer<String>(root: "a")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern(":s<Int>/*") { _ in
      Resolutions.count.increment()
      return ["a"]
    }
  ]
  static let subFlows: [SubFlow<StepA>] = [
    .flow(StepA.self) { _, _ in StepA() }, .flow(StepB.self) { _, _ in StepB() },
  ]
}

@MainActor
private final class StepB: LinkableFlow {
  let container = StackContainer<String>(root: "b")
  init() { container.owner = self }
  static let routes: RouteTable<String> = [
    .pattern(":s<Int>/*") { _ in
      Resolutions.count.increment()
      return ["b"]
    }
  ]
  static let subFlows: [SubFlow<StepB>] = [
    .flow(StepA.self) { _, _ in StepA() }, .flow(StepB.self) { _, _ in StepB() },
  ]
}
