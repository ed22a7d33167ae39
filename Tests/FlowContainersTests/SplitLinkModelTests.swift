import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

// The split of the link model test: a list (`list`, `folder/<n>`) beside a detail of one of two
// declared types, a note (`note/<n>`, `note/<n>/page/<p>`) or a file (`file/<n>`); both take
// `item/<n>`, so the live detail's type decides where it goes. Every flow and screen is counted
// while alive, and every detail's ending goes to one place, which may navigate.

/// A flow of the link model test, by the id ``LiveCounts`` gave it.
@MainActor
private protocol LinkModelIdentified: AnyObject {
  var uid: Int { get }
}

/// Where the link model's flows report, and what a detail's ending does.
@MainActor
private final class LinkModelWorld {
  /// What a detail's ending asks for, by its note (its first route).
  enum Reaction: CustomStringConvertible {
    /// Pushes a screen (9) on the list.
    case push
    /// Opens a link, in a task of its own, as an app's callback would.
    case open(ModelLink)
    /// Applies a plan at once, inside the change: the router must refuse it.
    case applyInside(ModelLink)

    nonisolated var description: String {
      switch self {
      case .push: "push"
      case .open(let link): "open \(link)"
      case .applyInside(let link): "apply \(link) inside"
      }
    }
  }

  let counts: LiveCounts
  var reactions: [Int: Reaction] = [:]
  /// Pushes (9) on the list the split's observer still owes: each detail shown takes one.
  var observerPushes = 0
  weak var router: DeepLinkRouter?
  /// The links callbacks opened, oldest first, not yet awaited.
  var opened: [Task<LinkOutcome, Never>] = []
  /// How many of those tasks may open their link: the test lets one go at a time, so the model
  /// sees each link's outcome before the next one runs.
  private var turns = 0
  private var tickets = 0
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

  /// Waits until the test lets the task holding `ticket` go.
  func wait(for ticket: Int) async {
    guard turns <= ticket else { return }
    await withCheckedContinuation { waiting[ticket] = $0 }
  }

  /// Lets the oldest task that waits go.
  func letNextGo() {
    waiting.removeValue(forKey: turns)?.resume()
    turns += 1
  }
  /// How many plans were applied inside a change, and what those not refused returned.
  var appliedInside = 0
  var notRefused: [LinkOutcome] = []
  /// How many endings flows have heard, in all.
  var endingsHeard = 0
  /// What the router's `onHeldLinkEnd` heard of held links, oldest first.
  var heldLinkNews: [String] = []

  func heard(_ request: NavigationRequest, _ outcome: LinkOutcome) {
    if case .dropped(let reason) = outcome {
      heldLinkNews.append("dropped \(request): \(reason)")
    } else {
      heldLinkNews.append("resumed \(request): \(LinkModelWorld.kind(of: outcome))")
    }
  }

  /// What an outcome is, without its plan.
  static func kind(of outcome: LinkOutcome) -> String {
    switch outcome {
    case .applied: "applied"
    case .interfered: "interfered"
    case .held: "held"
    case .dropped: "dropped"
    case .failed: "failed"
    }
  }

  init(counts: LiveCounts) { self.counts = counts }

  /// Hears a detail's ending, once, and does what its note's reaction says.
  func detailEnded(
    _ uid: Int, note: Int, as ending: PresentationEnding, in split: LinkModelSplit?
  ) {
    counts.endings[uid, default: []].append(ending)
    endingsHeard += 1
    guard ending != .tornDown, let reaction = reactions[note] else { return }
    switch reaction {
    case .push:
      split?.list.container.push(ModelScreen(9, counts: counts))
    case .open(let link):
      // Once: two notes that open each other would otherwise never settle.
      reactions[note] = nil
      guard let router else { return }
      let ticket = tickets
      tickets += 1
      opened.append(
        Task {
          await self.wait(for: ticket)
          return await router.open(link.text)
        })
    case .applyInside(let link):
      guard let router, case .success(let plan) = router.plan(for: link.deepLink) else { return }
      appliedInside += 1
      let outcome = router.apply(plan)
      if outcome != .failed(.treeChanging) { notRefused.append(outcome) }
    }
  }
}

@MainActor
private final class LinkModelList: LinkableFlow, LinkModelIdentified {
  let container = StackContainer<ModelScreen>()
  let uid: Int
  let counts: LiveCounts

  init(counts: LiveCounts) {
    self.counts = counts
    uid = counts.makeID()
    counts.flows += 1
    container.owner = self
    container.replace(with: [ModelScreen(0, counts: counts)], animated: false)
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [
    .pattern("list") { _ in [0] },
    .pattern("folder/:n<Int>", parameters: folder) { [0, try $0.int("n")] },
  ]
  static let subFlows: [SubFlow<LinkModelList>] = []

  static let folder: @Sendable ([Int]) -> [String: String]? = { stack in
    stack.count == 2 && stack[0] == 0 ? ["n": "\(stack[1])"] : nil
  }

  func route(for screen: ModelScreen) -> Int? { screen.value }
  func makeScreen(for route: Int) -> ModelScreen { ModelScreen(route, counts: counts) }
}

@MainActor
private final class LinkModelNote: LinkableFlow, LinkModelIdentified, InterruptionAware {
  let container = StackContainer<ModelScreen>()
  let uid: Int
  let note: Int
  let counts: LiveCounts
  /// Why the detail objects to being replaced or closed, if it does.
  var objection: String?

  init(note: Int, counts: LiveCounts) {
    self.note = note
    self.counts = counts
    uid = counts.makeID()
    counts.flows += 1
    container.owner = self
    container.replace(with: [ModelScreen(note, counts: counts)], animated: false)
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [
    .pattern("note/:n<Int>", parameters: alone) { [try $0.int("n")] },
    .pattern("note/:n<Int>/page/:p<Int>", parameters: page) { [try $0.int("n"), try $0.int("p")] },
    .pattern("item/:n<Int>") { [try $0.int("n")] },
  ]
  static let subFlows: [SubFlow<LinkModelNote>] = []

  static let alone: @Sendable ([Int]) -> [String: String]? = { stack in
    stack.count == 1 ? ["n": "\(stack[0])"] : nil
  }

  static let page: @Sendable ([Int]) -> [String: String]? = { stack in
    stack.count == 2 ? ["n": "\(stack[0])", "p": "\(stack[1])"] : nil
  }

  func route(for screen: ModelScreen) -> Int? { screen.value }
  func makeScreen(for route: Int) -> ModelScreen { ModelScreen(route, counts: counts) }

  func objection(toInterruptionBy request: NavigationRequest) -> String? { objection }
}

@MainActor
private final class LinkModelFile: LinkableFlow, LinkModelIdentified, InterruptionAware {
  let container = StackContainer<ModelScreen>()
  let uid: Int
  let note: Int
  let counts: LiveCounts
  /// Why the detail objects to being replaced or closed, if it does.
  var objection: String?

  init(note: Int, counts: LiveCounts) {
    self.note = note
    self.counts = counts
    uid = counts.makeID()
    counts.flows += 1
    container.owner = self
    container.replace(with: [ModelScreen(note, counts: counts)], animated: false)
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [
    .pattern("file/:n<Int>", parameters: LinkModelNote.alone) { [try $0.int("n")] },
    .pattern("item/:n<Int>") { [try $0.int("n")] },
  ]
  static let subFlows: [SubFlow<LinkModelFile>] = []

  func route(for screen: ModelScreen) -> Int? { screen.value }
  func makeScreen(for route: Int) -> ModelScreen { ModelScreen(route, counts: counts) }

  func objection(toInterruptionBy request: NavigationRequest) -> String? { objection }
}

/// A modal a column presents over the split: no restorable flow, so links and restorations
/// dismiss it and snapshots leave it out.
@MainActor
private final class LinkModelModal: LinkModelIdentified {
  let container = StackContainer<ModelScreen>()
  let uid: Int
  let counts: LiveCounts

  init(counts: LiveCounts) {
    self.counts = counts
    uid = counts.makeID()
    counts.flows += 1
    container.owner = self
    container.replace(with: [ModelScreen(0, counts: counts)], animated: false)
  }

  isolated deinit { counts.flows -= 1 }
}

/// The split: the list beside a note or a file, made on demand (never for a note of 90 or
/// more, whose factory refuses).
@MainActor
private final class LinkModelSplit: SplitFlow, LinkModelIdentified {
  let container = SplitContainer()
  let list: LinkModelList
  let uid: Int
  let world: LinkModelWorld

  init(world: LinkModelWorld) {
    self.world = world
    list = LinkModelList(counts: world.counts)
    uid = world.counts.makeID()
    world.counts.flows += 1
    container.owner = self
    container.setPrimary(list.container)
  }

  isolated deinit { world.counts.flows -= 1 }

  static let primaryFlow: any RestorableFlow.Type = LinkModelList.self
  static let detailFlows: [DetailFlow<LinkModelSplit>] = [
    .flow(LinkModelNote.self) { split, routes in
      guard let note = routes.first, note < 90 else { return nil }
      return LinkModelNote(note: note, counts: split.world.counts)
    } onEnd: { split, detail, ending in
      split.world.detailEnded(detail.uid, note: detail.note, as: ending, in: split)
    },
    .flow(LinkModelFile.self) { split, routes in
      guard let note = routes.first, note < 90 else { return nil }
      return LinkModelFile(note: note, counts: split.world.counts)
    } onEnd: { split, detail, ending in
      split.world.detailEnded(detail.uid, note: detail.note, as: ending, in: split)
    },
  ]
}

/// A link of the model test, and where the model says it goes.
private enum ModelLink: CustomStringConvertible {
  case list
  case folder(Int)
  case note(Int)
  case page(Int, Int)
  case file(Int)
  case item(Int)
  case nowhere

  var text: String {
    switch self {
    case .list: "m://list"
    case .folder(let n): "m://folder/\(n)"
    case .note(let n): "m://note/\(n)"
    case .page(let n, let p): "m://note/\(n)/page/\(p)"
    case .file(let n): "m://file/\(n)"
    case .item(let n): "m://item/\(n)"
    case .nowhere: "m://nowhere"
    }
  }

  var description: String { text }

  var deepLink: DeepLink {
    // Every text above parses.
    (try? DeepLink(parsing: text)) ?? DeepLink(scheme: "m", components: [])
  }
}

/// Links, restorations and widths at random on a split behind a router, and on a model.
///
/// The steps: deep links and typed destinations, snapshots and restorations (into the live
/// split, into a fresh one of either width, and adopting a fresh one), widths, the user's pops
/// of the collapsed stack and of each column, details shown, closed and finishing themselves,
/// modals over the split, details that object (a link held until the detail ends, then
/// resumed, or superseded; a restoration that keeps the detail and says why), and endings and
/// observers whose callbacks navigate (push on the list, open a link, apply a plan inside the
/// change). After every step, and every link a callback opened, the columns, the width, the
/// topmost layer, the current link and its round trip, the live flows and screens, every
/// ending, every outcome, the held link and what the router's `onHeldLinkEnd` heard of it must agree
/// with the model, and nothing may be reported as misuse. `FLOW_SPLIT_LINK_STEPS` sets the
/// steps per seed
/// (2,500 by default) and `FLOW_MODEL_SEED` the first of the six seeds.
@MainActor
struct SplitLinkModelTests {
  /// The detail in the model.
  private struct Detail: Equatable, CustomStringConvertible {
    /// The flow's id, once the model has seen the flow a link or a restoration made.
    var uid: Int?
    var file: Bool
    var routes: [Int]
    /// Whether the split's declaration made it (a link or a restoration), whose `onEnd` is not
    /// called when the split itself is released.
    var declared = true
    /// Whether it objects to being replaced or closed.
    var objects = false

    var description: String { "\(file ? "file" : "note") \(uid.map(String.init) ?? "?") \(routes)" }
  }

  /// What a snapshot saved, in the model.
  private struct Saved: CustomStringConvertible {
    var snapshot: FlowSnapshot
    var list: [Int]
    var detail: Detail?

    var description: String { "\(list) \(detail.map(\.description) ?? "no detail")" }
  }

  /// A link or a typed destination, as the model follows it.
  private enum Request: CustomStringConvertible {
    case link(ModelLink)
    case destination(Target, LinkDestination)

    var description: String {
      switch self {
      case .link(let link): "link \(link)"
      case .destination(_, let destination): "destination \(destination)"
      }
    }
  }

  /// Where a link or a destination goes in the model.
  private enum Target {
    case list([Int])
    case detail(file: Bool, [Int])
    case nowhere
  }

  @MainActor
  private final class Run {
    let seed: UInt64
    let counts = LiveCounts()
    let world: LinkModelWorld
    var split: LinkModelSplit
    var router: DeepLinkRouter
    var observer: ObserverToken?
    var generator: SplitMix64

    var list: [Int] = [0]
    var detail: Detail?
    var width = SplitWidth.regular
    var modal: Int?
    /// Whether the detail asked for the modal: it ends, torn down, when the detail ends.
    var modalAskedByDetail = false
    /// Flows that have ended, each with the ending the model expects.
    var ended: [Int: PresentationEnding] = [:]
    /// Flows that have ended since the last check.
    var newlyEnded: [Int] = []
    var seen: Set<Int> = []
    var saved: [Saved] = []
    /// Links callbacks opened, in the model, oldest first.
    var pendingLinks: [ModelLink] = []
    var appliedInside = 0
    /// What each note's ending does, in the model.
    var reactions: [Int: LinkModelWorld.Reaction] = [:]
    /// The request held on the detail's objection, and the detail it waits for.
    var held: (request: Request, on: Int)?
    /// The held request that resumes once the step is over.
    var resuming: Request?
    var heldLinkNews: [String] = []
    /// The pushes the model says the observer owes.
    var observerPushes = 0
    var log: [String] = []
    var coverage: [String: Int] = [:]

    init(seed: UInt64) {
      self.seed = seed
      generator = SplitMix64(seed: seed)
      world = LinkModelWorld(counts: counts)
      split = LinkModelSplit(world: world)
      router = DeepLinkRouter(root: split, scheme: "m")
      world.router = router
      router.onHeldLinkEnd = { [weak world] in world?.heard($0, $1) }
      observe()
    }

    func int(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }

    func coin() -> Bool { int(2) == 0 }

    func count(_ key: String) { coverage[key, default: 0] += 1 }

    /// The split's observer: each detail shown pays one push the observer owes.
    func observe() {
      let world = world
      observer = split.container.observeEvents { [weak split = split] event in
        guard case .attached(.column(.detail), _) = event.action, world.observerPushes > 0 else {
          return
        }
        world.observerPushes -= 1
        split?.list.container.push(ModelScreen(9, counts: world.counts))
      }
    }

    // MARK: The model's rules

    /// A detail shown: the observer pushes if it owes a push.
    func detailShown(_ new: Detail) {
      detail = new
      if observerPushes > 0 {
        observerPushes -= 1
        list.append(9)
        count("observer push")
      }
    }

    /// The detail ends: its reaction, after the change.
    func detailEnds(as ending: PresentationEnding, pushes: inout Int) {
      guard let old = detail else { return }
      detail = nil
      end(old, as: ending, pushes: &pushes)
    }

    func end(_ old: Detail, as ending: PresentationEnding, pushes: inout Int) {
      // What the detail presented ends first.
      if modalAskedByDetail { dismissModal(as: .tornDown) }
      if let uid = old.uid, ending != .tornDown || !old.declared { flowEnded(uid, as: ending) }
      if let waiting = held, waiting.on == old.uid, ending != .tornDown {
        held = nil
        resuming = waiting.request
      }
      guard ending != .tornDown, let note = old.routes.first, let reaction = reactions[note]
      else { return }
      switch reaction {
      case .push:
        pushes += 1
        count("ending push")
      case .open(let link):
        reactions[note] = nil
        pendingLinks.append(link)
      case .applyInside(let link):
        guard case .success = router.plan(for: link.deepLink) else { return }
        appliedInside += 1
        count("refused inside a change")
      }
    }

    func flowEnded(_ uid: Int, as ending: PresentationEnding) {
      ended[uid] = ending
      newlyEnded.append(uid)
    }

    func dismissModal(as ending: PresentationEnding) {
      if let id = modal { flowEnded(id, as: ending) }
      modal = nil
      modalAskedByDetail = false
    }

    func target(of link: ModelLink) -> Target {
      switch link {
      case .list: .list([0])
      case .folder(let n): .list([0, n])
      case .note(let n): .detail(file: false, [n])
      case .page(let n, let p): .detail(file: false, [n, p])
      case .file(let n): .detail(file: true, [n])
      case .item(let n): .detail(file: detail?.file == true, [n])
      case .nowhere: .nowhere
      }
    }

    /// Whether a link or destination to `target` fails before it changes anything.
    func fails(_ target: Target) -> Bool {
      switch target {
      case .nowhere: return true
      case .list: return false
      case .detail(let file, let routes):
        return !keeps(file: file, routes) && (routes.first ?? 0) >= 90
      }
    }

    /// Whether the live detail stays for a detail of type `file` showing `routes`.
    func keeps(file: Bool, _ routes: [Int]) -> Bool {
      guard let detail else { return false }
      return detail.file == file && detail.routes.first == routes.first
    }

    /// A plan to `target` in the model (with the modal dismissed and the detail kept,
    /// replaced or closed), then what callbacks asked for; whether the outcome is applied or
    /// interfered is left to `expectedOutcome`.
    func apply(_ target: Target) {
      var pushes = 0
      switch target {
      case .nowhere: return
      case .list(let routes):
        dismissModal(as: .dismissedByPresenter)
        detailEnds(as: .dismissedByPresenter, pushes: &pushes)
        list = routes
      case .detail(let file, let routes):
        dismissModal(as: .dismissedByPresenter)
        if keeps(file: file, routes) {
          detail?.routes = routes
        } else {
          let old = detail
          detail = nil
          if let old { end(old, as: .dismissedByPresenter, pushes: &pushes) }
          detailShown(Detail(uid: nil, file: file, routes: routes))
        }
      }
      list += Array(repeating: 9, count: pushes)
    }

    /// Whether the model shows `target` now.
    func shows(_ target: Target) -> Bool {
      guard modal == nil else { return false }
      switch target {
      case .nowhere: return false
      case .list(let routes): return detail == nil && list == routes
      case .detail(let file, let routes): return detail?.file == file && detail?.routes == routes
      }
    }

    /// What the model expects of an outcome, as `onHeldLinkEnd` names it.
    func kind(of expected: Expected) -> String {
      switch expected {
      case .failed: "failed"
      case .held: "held"
      case .done(let target): shows(target) ? "applied" : "interfered"
      }
    }

    /// Whether `outcome` is the one the model expects.
    func verify(_ outcome: LinkOutcome, _ expected: Expected) -> String? {
      switch (outcome, expected) {
      case (.failed, .failed): return nil
      case (.held(let reason), .held(let file)):
        let flow: FlowName = file ? "LinkModelFile" : "LinkModelNote"
        return reason == .objection(flow: flow, reason: "busy") ? nil : "held for \(reason)"
      case (.applied, .done(let target)) where shows(target): return nil
      case (.interfered, .done(let target)) where !shows(target):
        count("interfered")
        return nil
      default:
        return "outcome \(outcome), the model expected \(kind(of: expected))"
      }
    }

    // MARK: Steps

    func randomLink() -> ModelLink {
      let n = int(10) == 0 ? 95 : int(5)
      switch int(13) {
      case 0: return .list
      case 1, 2: return .folder(int(4))
      case 3, 4, 5: return .note(n)
      case 6, 7: return .page(n, int(3))
      case 8, 9: return .file(n)
      case 10, 11: return .item(n)
      default: return .nowhere
      }
    }

    /// Opens `link` through the router and checks its outcome against the model's.
    func open(_ link: ModelLink) async -> String? {
      supersede()
      let outcome = await router.open(link.text)
      log.append("  \(outcome)")
      return verify(outcome, follow(.link(link)))
    }

    /// A newer request drops the held one.
    func supersede() {
      guard let waiting = held else { return }
      held = nil
      heldLinkNews.append("dropped \(name(of: waiting.request)): superseded")
    }

    /// How the router names `request`.
    func name(of request: Request) -> String {
      switch request {
      case .link(let link): "\(link.deepLink)"
      case .destination(_, let destination): "\(destination)"
      }
    }

    /// What the model expects of a request.
    enum Expected {
      case failed
      /// Held on the live detail's objection: a note's or a file's.
      case held(file: Bool)
      case done(Target)
    }

    /// Follows `request` in the model: it fails, is held on the detail's objection, or is
    /// applied.
    func follow(_ request: Request) -> Expected {
      let target: Target
      switch request {
      case .link(let link): target = self.target(of: link)
      case .destination(let explicit, _): target = explicit
      }
      if case .nowhere = target {
        count("link failed")
        return .failed
      }
      if let live = detail, live.objects, let uid = live.uid {
        let replaced: Bool
        switch target {
        case .detail(let file, let routes): replaced = !keeps(file: file, routes)
        default: replaced = true
        }
        if replaced {
          held = (request, uid)
          count("held")
          return .held(file: live.file)
        }
      }
      if fails(target) {
        count("link failed")
        return .failed
      }
      apply(target)
      count("link applied")
      return .done(target)
    }

    /// One random step; a problem, if the tree and the model disagree.
    func step() async -> String? {
      switch int(24) {
      case 0, 1, 2, 3, 4:
        let link = randomLink()
        log.append("open \(link)")
        return await open(link)
      case 5:
        let n = int(10) == 0 ? 95 : int(5)
        let destination: LinkDestination
        let target: Target
        switch int(3) {
        case 0:
          target = .list([0, n])
          destination = .root(LinkModelList.self, showing: [0, n])
        case 1:
          target = .detail(file: false, [n, 1])
          destination = .root(LinkModelNote.self, showing: [n, 1])
        default:
          target = .detail(file: true, [n])
          destination = .root(LinkModelFile.self, showing: [n])
        }
        log.append("destination \(target)")
        supersede()
        let outcome = await router.open(destination)
        count("destination")
        return verify(outcome, follow(.destination(target, destination)))
      case 6:
        log.append("snapshot")
        do {
          saved.append(Saved(snapshot: try router.restorer.snapshot(), list: list, detail: detail))
        } catch {
          return "the snapshot failed: \(error)"
        }
        if saved.count > 4 { saved.removeFirst() }
        count("snapshot")
        return nil
      case 7, 8:
        guard let chosen = saved.randomElement(using: &generator) else { return nil }
        let json = coin()
        log.append("restore \(json ? "from JSON " : "")\(chosen)")
        let report: RestorationReport
        if json {
          guard let data = try? chosen.snapshot.jsonData() else { return "no JSON" }
          report = router.restorer.restore(from: data)
        } else {
          report = router.restorer.restore(chosen.snapshot)
        }
        let objected = restore(chosen)
        count("restore")
        if report.error != nil { return "restoration failed: \(report)" }
        let reasons = report.dropped.map(\.reason)
        if objected != nil, reasons.count != 1 || reasons.first?.contains("busy") != true {
          return "the objecting detail was not reported: \(reasons)"
        }
        if objected == nil, !reasons.isEmpty { return "restoration dropped \(reasons)" }
        return nil
      case 9:
        guard let chosen = saved.randomElement(using: &generator) else { return nil }
        return freshRestoresAgree(chosen)
      case 10:
        guard let chosen = saved.randomElement(using: &generator) else { return nil }
        return adopt(chosen)
      case 11:
        width = width == .compact ? .regular : .compact
        log.append("width \(width)")
        split.container.handle(.widthChanged(width))
        return nil
      case 12:
        let onDetail = coin()
        guard let node = onDetail ? split.container.detail : split.container.primary,
          let stack = node as? StackContainer<ModelScreen>
        else { return nil }
        log.append("push on \(onDetail ? "detail" : "list")")
        stack.push(ModelScreen(1, counts: counts))
        if onDetail { detail?.routes.append(1) } else { list.append(1) }
        return nil
      case 13:
        hostPop()
        return nil
      case 14:
        guard detail != nil else { return nil }
        var pushes = 0
        if coin() {
          log.append("close detail")
          split.container.closeDetail()
          detailEnds(as: .dismissedByPresenter, pushes: &pushes)
        } else {
          log.append("the detail finishes")
          split.container.detail?.finish()
          detailEnds(as: .finished, pushes: &pushes)
        }
        list += Array(repeating: 9, count: pushes)
        return nil
      case 15:
        showDetail()
        return nil
      case 16:
        if modal != nil {
          log.append("dismiss the modal")
          let asker = coin() ? split.container.detail : split.container.primary
          (asker ?? split.container).dismissPresented()
          dismissModal(as: .dismissedByPresenter)
          return nil
        }
        let onDetail = coin()
        guard let asker = onDetail ? split.container.detail : split.container.primary else {
          return nil
        }
        log.append("present a modal from the \(onDetail ? "detail" : "list")")
        let presented = LinkModelModal(counts: counts)
        let uid = presented.uid
        let world = world
        asker.present(presented.container) {
          world.counts.endings[uid, default: []].append($0)
          world.endingsHeard += 1
        }
        modal = uid
        modalAskedByDetail = onDetail
        seen.insert(uid)
        return nil
      case 17, 18:
        let note = int(5)
        let reaction: LinkModelWorld.Reaction?
        switch int(4) {
        case 0: reaction = .push
        case 1: reaction = .open(randomLink())
        case 2: reaction = .applyInside(randomLink())
        default: reaction = nil
        }
        log.append("note \(note) reacts \(reaction.map(\.description) ?? "nothing")")
        world.reactions[note] = reaction
        reactions[note] = reaction
        if coin() {
          world.observerPushes += 1
          observerPushes += 1
        }
        return nil
      case 19, 20:
        guard let live = detail else { return nil }
        let objects = coin()
        log.append(objects ? "the detail objects" : "the detail does not object")
        let reason = objects ? "busy" : nil
        if let note = split.container.detail?.owner as? LinkModelNote { note.objection = reason }
        if let file = split.container.detail?.owner as? LinkModelFile { file.objection = reason }
        detail?.objects = objects && live.uid != nil
        return nil
      default:
        // A width the host reports again changes nothing.
        log.append("same width")
        split.container.handle(.widthChanged(width))
        return nil
      }
    }

    /// The user's pops: the collapsed stack to a position, a column's own stack side by side,
    /// or an interactive pop, committed or cancelled.
    func hostPop() {
      var pushes = 0
      defer { list += Array(repeating: 9, count: pushes) }
      let count = list.count + (detail?.routes.count ?? 0)
      if width == .compact, modal == nil, count > 1, coin() {
        split.container.handle(.interactivePopBegan)
        guard coin() else {
          log.append("interactive pop cancelled")
          split.container.handle(.interactivePopCancelled)
          return
        }
        log.append("interactive pop committed")
        split.container.handle(.interactivePopCommitted)
        if let old = detail {
          if old.routes.count > 1 {
            detail?.routes.removeLast()
          } else {
            detailEnds(as: .dismissedByUser, pushes: &pushes)
          }
        } else {
          list.removeLast()
        }
        self.count("interactive pop")
        return
      }
      if width == .compact {
        let index = int(count)
        log.append("collapsed pop to \(index)")
        split.container.handle(.userPopped(toIndex: index))
        if index >= list.count, detail != nil {
          let kept = index - list.count + 1
          let count = detail?.routes.count ?? 0
          detail?.routes.removeLast(count - kept)
        } else {
          detailEnds(as: .dismissedByUser, pushes: &pushes)
          list = Array(list.prefix(index + 1))
        }
        self.count("collapsed pop")
        return
      }
      let onDetail = coin()
      guard let node = onDetail ? split.container.detail : split.container.primary,
        node.count > 1
      else { return }
      let index = int(node.count)
      log.append("pop \(onDetail ? "detail" : "list") to \(index)")
      node.handle(.userPopped(toIndex: index))
      if onDetail {
        let count = detail?.routes.count ?? 0
        detail?.routes.removeLast(count - index - 1)
      } else {
        list = Array(list.prefix(index + 1))
      }
    }

    /// The program shows a detail it made itself, with its own `onEnd`.
    func showDetail() {
      let note = int(5)
      let file = coin()
      let made: any LinkModelIdentified
      let node: ContainerNode
      if file {
        let flow = LinkModelFile(note: note, counts: counts)
        (made, node) = (flow, flow.container)
      } else {
        let flow = LinkModelNote(note: note, counts: counts)
        (made, node) = (flow, flow.container)
      }
      log.append("show \(file ? "file" : "note") \(note)")
      let world = world
      let uid = made.uid
      split.container.showDetail(node) { [weak split = split] ending in
        world.detailEnded(uid, note: note, as: ending, in: split)
      }
      var pushes = 0
      let old = detail
      detail = nil
      if let old { end(old, as: .dismissedByPresenter, pushes: &pushes) }
      seen.insert(made.uid)
      detailShown(Detail(uid: made.uid, file: file, routes: [note], declared: false))
      list += Array(repeating: 9, count: pushes)
    }

    /// A restoration of `chosen` into the live split, in the model; the objecting detail it
    /// kept, if it kept one.
    func restore(_ chosen: Saved) -> Detail? {
      var pushes = 0
      supersede()
      list = chosen.list
      // The objecting detail stays as it is, with what hangs over it.
      if let live = detail, live.objects,
        chosen.detail.map({ !keeps(file: $0.file, $0.routes) }) ?? true
      {
        count("restoration objected to")
        return live
      }
      dismissModal(as: .dismissedByPresenter)
      defer { list += Array(repeating: 9, count: pushes) }
      if let next = chosen.detail {
        if keeps(file: next.file, next.routes) {
          detail?.routes = next.routes
        } else {
          let old = detail
          detail = nil
          if let old { end(old, as: .dismissedByPresenter, pushes: &pushes) }
          detailShown(Detail(uid: nil, file: next.file, routes: next.routes))
        }
      } else {
        detailEnds(as: .dismissedByPresenter, pushes: &pushes)
      }
      return nil
    }

    /// The tree a fresh split shows once `chosen` is restored into it, compact then expanded,
    /// or regular, must be the same, and the saved one; neither leaks.
    func freshRestoresAgree(_ chosen: Saved) -> String? {
      log.append(
        "fresh restores of \(chosen)")
      let side = LinkModelWorld(counts: LiveCounts())
      var trees: [FlowTree] = []
      weak var released: LinkModelSplit?
      do {
        for compact in [false, true] {
          let fresh = LinkModelSplit(world: side)
          released = fresh
          if compact { fresh.container.handle(.widthChanged(.compact)) }
          let report = FlowRestorer(root: fresh).restore(chosen.snapshot)
          if report.error != nil || !report.dropped.isEmpty { return "fresh: \(report)" }
          if compact { fresh.container.handle(.widthChanged(.regular)) }
          trees.append(fresh.container.tree)
          let routes = (fresh.container.detail as? StackContainer<ModelScreen>)?.stack.map(\.value)
          if fresh.list.container.stack.map(\.value) != chosen.list
            || routes != chosen.detail?.routes
            || (fresh.container.detail?.owner is LinkModelFile) != (chosen.detail?.file == true)
          {
            return "a fresh split restored \(fresh.container.tree)"
          }
        }
      }
      if released != nil { return "a fresh split was not released" }
      if trees[0] != trees[1] { return "compact then regular \(trees[1]), regular \(trees[0])" }
      if side.counts.flows != 0 || side.counts.screens != 0 { return "the fresh splits leaked" }
      count("fresh restores")
      return nil
    }

    /// Restores `chosen` into a fresh split of a random width, which replaces the live one: the
    /// old split is released, its detail and modal torn down.
    func adopt(_ chosen: Saved) -> String? {
      let compact = coin()
      log.append("adopt a \(compact ? "compact" : "regular") split of \(chosen.list)")
      weak var old: LinkModelSplit?
      do {
        let fresh = LinkModelSplit(world: world)
        if compact { fresh.container.handle(.widthChanged(.compact)) }
        let report = FlowRestorer(root: fresh).restore(chosen.snapshot)
        if report.error != nil || !report.dropped.isEmpty { return "adopted: \(report)" }
        old = split
        observer = nil
        split = fresh
        router = DeepLinkRouter(root: fresh, scheme: "m")
        world.router = router
        router.onHeldLinkEnd = { [weak world] in world?.heard($0, $1) }
        observe()
      }
      if old != nil { return "the replaced split was not released" }
      // The held link went with the old router, which tells no one.
      held = nil
      var pushes = 0
      dismissModal(as: .tornDown)
      detailEnds(as: .tornDown, pushes: &pushes)
      width = compact ? .compact : .regular
      list = chosen.list
      detail = chosen.detail.map { Detail(uid: nil, file: $0.file, routes: $0.routes) }
      count("adopt")
      return nil
    }

    // MARK: Checks

    func check() -> String? {
      let container = split.container
      let listRoutes = split.list.container.stack.map(\.value)
      if container.primary !== split.list.container { return "the primary is not the list" }
      if listRoutes != list { return "list \(listRoutes), model \(list)" }
      let node = container.detail
      let routes = (node as? StackContainer<ModelScreen>)?.stack.map(\.value)
      let owner = node?.owner as? any LinkModelIdentified
      if routes != detail?.routes || (owner is LinkModelFile) != (detail?.file == true) {
        let shown = owner.map { "\($0 is LinkModelFile ? "file" : "note") \($0.uid)" } ?? "none"
        return "detail \(shown) \(routes.map { "\($0)" } ?? ""), "
          + "model \(detail.map(\.description) ?? "none")"
      }
      if let owner, let model = detail {
        if let uid = model.uid {
          if uid != owner.uid { return "detail \(owner.uid), model \(uid)" }
        } else {
          if seen.contains(owner.uid) { return "the detail \(owner.uid) is not a new one" }
          seen.insert(owner.uid)
          detail?.uid = owner.uid
        }
      }
      if container.width != width { return "width \(container.width), model \(width)" }
      if width == .compact, container.collapsedCount != list.count + (routes?.count ?? 0) {
        return "collapsed count \(container.collapsedCount)"
      }
      if container.tree.levels[0].width != width { return "the tree's width" }
      let top = (container.topmost.owner as? any LinkModelIdentified)?.uid
      if top != modal ?? detail?.uid ?? split.list.uid {
        return "topmost \(top.map(String.init) ?? "no model flow")"
      }
      if let problem = checkLink() { return problem }
      let flows = 2 + (detail == nil ? 0 : 1) + (modal == nil ? 0 : 1)
      if counts.flows != flows { return "\(counts.flows) flows live, the model has \(flows)" }
      let screens = list.count + (detail?.routes.count ?? 0) + (modal == nil ? 0 : 1)
      if counts.screens != screens { return "\(counts.screens) screens live, model \(screens)" }
      // Each flow that ended heard it once, as the model says; no other flow heard an ending.
      for id in newlyEnded where counts.endings[id] != ended[id].map({ [$0] }) {
        let expected = ended[id].map { "once as \($0)" } ?? "none"
        return "flow \(id) ended \(counts.endings[id] ?? []), expected \(expected)"
      }
      newlyEnded.removeAll()
      if world.endingsHeard != ended.count {
        let unexpected = counts.endings.filter { ended[$0.key] == nil || $0.value.count > 1 }
        return "endings the model did not expect: \(unexpected)"
      }
      if world.appliedInside != appliedInside {
        return "\(world.appliedInside) plans applied inside a change, model \(appliedInside)"
      }
      if let wrong = world.notRefused.first { return "a plan applied inside a change: \(wrong)" }
      if world.heldLinkNews != heldLinkNews {
        return
          "onHeldLinkEnd heard \(world.heldLinkNews.suffix(3)), model \(heldLinkNews.suffix(3))"
      }
      if (router.heldLink != nil) != (held != nil) {
        let model = held.map { "\($0.request)" } ?? "none"
        return "held link \(router.heldLink.map { "\($0.request)" } ?? "none"), model \(model)"
      }
      return nil
    }

    /// The current link: the shown column's, when its stack makes one, and a round trip that
    /// plans nothing.
    func checkLink() -> String? {
      let expected: String?
      if modal != nil {
        expected = nil
      } else if let detail {
        switch (detail.file, detail.routes.count) {
        case (false, 1): expected = "m://note/\(detail.routes[0])"
        case (false, 2): expected = "m://note/\(detail.routes[0])/page/\(detail.routes[1])"
        case (true, 1): expected = "m://file/\(detail.routes[0])"
        default: expected = nil
        }
      } else {
        switch list.count {
        case 1: expected = "m://list"
        case 2: expected = "m://folder/\(list[1])"
        default: expected = nil
        }
      }
      switch router.currentLink() {
      case .success(let link):
        guard link.description == expected else {
          return "current link \(link), model \(expected ?? "none")"
        }
        guard case .success(let plan) = router.plan(for: link), plan.steps.isEmpty else {
          return "the current link \(link) does not plan nothing: \(router.plan(for: link))"
        }
        count("link shared")
        return nil
      case .failure(let failure):
        return expected.map { "no current link (\(failure)), model \($0)" }
      }
    }

    /// Awaits the links callbacks opened, oldest first, each checked against the model.
    func settle() async -> String? {
      await router.waitForPendingWork()
      if let request = resuming {
        resuming = nil
        log.append("  the held \(request) resumes")
        let expected = follow(request)
        heldLinkNews.append("resumed \(name(of: request)): \(kind(of: expected))")
        count("resumed")
        if let problem = check() { return problem }
      }
      while !world.opened.isEmpty {
        let task = world.opened.removeFirst()
        guard !pendingLinks.isEmpty else { return "a callback opened a link the model did not" }
        let link = pendingLinks.removeFirst()
        log.append("  a callback's link \(link)")
        supersede()
        world.letNextGo()
        let outcome = await task.value
        log.append("    \(outcome)")
        count("callback link")
        if let problem = verify(outcome, follow(.link(link))) ?? check() { return problem }
      }
      if !pendingLinks.isEmpty { return "callbacks did not open \(pendingLinks)" }
      return nil
    }
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5])
  func randomLinksRestorationsAndWidthsKeepTheSplitAndTheModelInStep(seedOffset: Int) async {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["FLOW_SPLIT_LINK_STEPS"].flatMap(Int.init) ?? 2_500
    let baseSeed = environment["FLOW_MODEL_SEED"].flatMap(UInt64.init) ?? 0x5EED
    let seed = baseSeed &+ UInt64(seedOffset)
    var run: Run? = Run(seed: seed)
    for step in 0..<steps {
      guard let live = run else { return }
      var problem: String?
      let reported = await withRecordedDiagnostics {
        problem = await live.step()
        if problem == nil { problem = live.check() }
        if problem == nil { problem = await live.settle() }
      }
      if problem == nil, !reported.isEmpty {
        problem = "misuse reported: \(reported.map(\.message))"
      }
      if let problem {
        Issue.record(
          """
          seed \(seed) (FLOW_MODEL_SEED=\(seed) FLOW_SPLIT_LINK_STEPS=\(step + 1) reproduces \
          it in the first run), step \(step): \(problem)
          last steps:
          \(live.log.suffix(30).map { "  \($0)" }.joined(separator: "\n"))
          the tree:
          \(live.split.container.tree.description)
          """)
        return
      }
    }
    // The runs must reach what they test, or passing means little.
    let coverage = run?.coverage ?? [:]
    print(
      "split link model, seed \(seed): \(steps) steps; "
        + coverage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
          separator: ", "))
    if steps >= 2_000 {
      for key in [
        "link applied", "link failed", "destination", "restore", "fresh restores", "adopt",
        "collapsed pop", "interactive pop", "callback link", "link shared", "observer push",
        "ending push", "refused inside a change", "interfered", "held", "resumed",
        "restoration objected to",
      ] {
        #expect(coverage[key, default: 0] >= 5, "\(key): \(coverage[key, default: 0])")
      }
      let endings = Set(run?.ended.values.map { $0 } ?? [])
      #expect(endings.isSuperset(of: PresentationEnding.allCases))
    }
    // Releasing the split tears down what is live and releases every flow.
    let counts = run?.counts
    let detail = run?.detail
    run = nil
    // A declared detail's `onEnd` is not called when its split is released; a program's is.
    if let detail, let uid = detail.uid {
      #expect(counts?.endings[uid] == (detail.declared ? nil : [.tornDown]))
    }
    #expect(counts?.flows == 0 && counts?.screens == 0)
  }
}
