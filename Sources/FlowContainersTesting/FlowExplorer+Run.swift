import FlowContainers

/// A state found, with the fewest steps to it and the steps to try from it besides the links,
/// which every state tries.
private struct Found {
  let key: StateKey
  let steps: [ExplorationStep]
  let candidates: [ExplorationStep]
}

/// Holds a value until it is let go of.
private final class Holder<Value> {
  var value: Value?
}

/// Two states are the same when their tree values, their routes and the app's own states match.
struct StateKey: Hashable {
  let tree: FlowTree
  let snapshot: FlowSnapshot?
  let app: AnyHashable?
}

/// An app reached by following steps, held so that the walk can release it where it records
/// what the release reports.
@MainActor
final class Reached<App: ExplorableApp> {
  var app: App?
  let diagnostics: [FlowDiagnostic]
  /// What the last step did.
  let last: StepResult
  /// The app's own state, read from it (``FlowExplorer/appState``).
  private let appState: (@MainActor (_ app: App) -> AnyHashable)?
  /// The state's key, read once.
  private var known: StateKey??

  init(
    app: App, diagnostics: [FlowDiagnostic], last: StepResult,
    appState: (@MainActor (_ app: App) -> AnyHashable)?
  ) {
    self.app = app
    self.diagnostics = diagnostics
    self.last = last
    self.appState = appState
  }

  /// Whether the last step was a link that failed cleanly in a router that holds nothing: the
  /// app is still in the state before it, and can take the next step from there.
  var failedCleanly: Bool {
    last == .failed && diagnostics.isEmpty && app?.router?.heldLink == nil
  }

  /// The state the app is in: its tree value, its routes and its own state; `nil` once
  /// released.
  var key: StateKey? {
    if let known { return known }
    var key: StateKey?
    if let app {
      key = StateKey(
        tree: app.rootNode.tree, snapshot: try? app.restorer.snapshot(), app: appState?(app))
    }
    known = key
    return key
  }
}

extension FlowExplorer {
  /// One exploration: the breadth-first walk, its checks, and what it found.
  @MainActor
  struct Run {
    let explorer: FlowExplorer
    private var seen: Set<StateKey> = []
    private var queue: [Found] = []
    private var links: [String] = []
    private var reachedFlows: Set<FlowName> = []
    private var failures: [ExplorationFailure] = []
    private var waived: [WaivedFailure] = []
    private var unshareable: [UnshareableState] = []
    private var signatures: Set<String> = []
    private var refusals = 0
    private var deepest = 0

    init(explorer: FlowExplorer) {
      self.explorer = explorer
    }

    var report: ExplorationReport {
      ExplorationReport(
        statesVisited: seen.count, deepestPath: deepest,
        isExhaustive: seen.count < explorer.stateBudget, refusals: refusals,
        reachedFlows: reachedFlows.sorted { $0.rawValue < $1.rawValue }, failures: failures,
        waived: waived, unshareable: unshareable)
    }

    mutating func start() async {
      let first = await take([])
      guard let declared = read(first) else { return release(first, steps: []) }
      await admit(first, steps: [])
      var head = 0
      while head < queue.count, seen.count < explorer.stateBudget {
        let state = queue[head]
        head += 1
        guard state.steps.count < explorer.maxDepth else { continue }
        // An app still in this state, after links that failed: the next link starts there.
        var parked: Reached<App>?
        for step in links.lazy.map(ExplorationStep.open) + state.candidates {
          guard seen.count < explorer.stateBudget else { break }
          let path = state.steps + [step]
          let reached: Reached<App>
          if case .open = step, let app = parked {
            reached = await advance(app, by: step, steps: path)
          } else {
            if let app = parked { release(app, steps: state.steps) }
            reached = await take(path)
          }
          parked = nil
          if reached.last == .refused || reached.last == .failed { refusals += 1 }
          if reached.failedCleanly, reached.key == state.key {
            parked = reached
            continue
          }
          await goOn(from: reached, steps: path)
        }
        if let app = parked { release(app, steps: state.steps) }
      }
      for (flow, parent) in declared
      where !reachedFlows.contains(flow) && !explorer.mayStayUnreached.contains(flow) {
        let by = parent.map { "declared by \($0)" } ?? "the root"
        let extent = report.isExhaustive ? "within \(explorer.maxDepth) steps" : "within budget"
        fail(
          .unreachedFlow, flow.rawValue, steps: [],
          "\(flow), \(by), is in no state reached \(extent)")
      }
      for waiver in explorer.waivers where !waived.contains(where: { $0.waiver == waiver }) {
        fail(
          .unusedWaiver, "\(waiver)", steps: [],
          "no failure matches the waiver \(waiver); remove it")
      }
    }

    /// Admits the state `reached` is in, after `steps`, and goes on through a guard.
    ///
    /// A link held by a guard goes on through each action of the guard's flow (sign in), within
    /// the depth: what it leads to once the guard is satisfied has a path of its own, whichever
    /// link first reached the guard's flow. When the held state is known, the first action goes
    /// on in the same app.
    private mutating func goOn(from reached: Reached<App>, steps path: [ExplorationStep]) async {
      let satisfying = path.count < explorer.maxDepth ? guardSteps(in: reached) : []
      var goingOn: Reached<App>?
      if let first = satisfying.first, let held = reached.key, seen.contains(held) {
        goingOn = await advance(reached, by: first, steps: path + [first])
      } else {
        await admit(reached, steps: path)
      }
      for step in satisfying {
        let next: Reached<App>
        if step == satisfying.first, let app = goingOn {
          next = app
          goingOn = nil
        } else if seen.count < explorer.stateBudget {
          next = await take(path + [step])
        } else {
          break
        }
        await admit(next, steps: path + [step])
      }
      if let app = goingOn { release(app, steps: path + [satisfying[0]]) }
    }

    /// Reads the links and the flows on the route map of a fresh app (its router's, with the
    /// guards); `nil`, having failed, when its router does not follow links into its root's
    /// tree.
    private mutating func read(
      _ fresh: Reached<App>
    ) -> [(flow: FlowName, declaredBy: FlowName?)]? {
      guard let app = fresh.app else { return nil }
      // A router's map has its guard flows too, which a link held by a guard reaches.
      let map = app.router?.routeMap ?? RouteMap(root: app.root)
      if let router = app.router {
        guard router.root === app.root else {
          let why =
            router.root == nil
            ? "the root flow has been released (its router holds it weakly)"
            : "its router follows links into another tree than its root's; make the router for "
              + "the app's root flow"
          fail(.nothingToExplore, "root", steps: [], "there is nothing to explore: \(why)")
          return nil
        }
        var declarations = Declarations(samples: explorer.samples)
        links = declarations.links(of: map, scheme: router.scheme)
        for link in links { explorer.parsedLinks[link] = try? DeepLink(parsing: link) }
      }
      return Declarations.declaredFlows(of: map)
    }

    /// The registered actions of the guard's flow, when the router holds a link for a guard.
    private func guardSteps(in reached: Reached<App>) -> [ExplorationStep] {
      guard let app = reached.app, case .guardRequired? = app.router?.heldLink?.reason else {
        return []
      }
      let flow = app.rootNode.topmost.flowName
      let owner = app.rootNode.topmost.owner
      return explorer.actions.filter { action in
        action.flow == flow && owner.map(action.isAvailable) == true
      }.map { .action($0.name, on: flow) }
    }

    /// A fresh app after `steps`: the misuse they reported, and what the last one ended that
    /// outlived it, are failures of that path.
    private mutating func take(_ steps: [ExplorationStep]) async -> Reached<App> {
      var last = StepResult.taken
      var ended: [TrackedLevel] = []
      var after: Set<ObjectIdentifier> = []
      let (app, diagnostics) = await explorer.recording { () async -> App in
        let app = explorer.makeApp()
        for step in steps.dropLast() { _ = await explorer.perform(step, on: app) }
        if let step = steps.last {
          ended = Checks.track(app.rootNode)
          last = await explorer.perform(step, on: app)
          after = Checks.containers(app.rootNode)
        }
        return app
      }
      return settle(app, diagnostics, last, ended: ended, after: after, steps: steps)
    }

    /// The app of `reached`, moved on by `step` (the last of `steps`); `reached` lets go of it.
    private mutating func advance(
      _ reached: Reached<App>, by step: ExplorationStep, steps: [ExplorationStep]
    ) async -> Reached<App> {
      guard let app = reached.app else { return reached }
      reached.app = nil
      var last = StepResult.taken
      var after: Set<ObjectIdentifier> = []
      let ended = Checks.track(app.rootNode)
      let ((), diagnostics) = await explorer.recording { () async in
        last = await explorer.perform(step, on: app)
        after = Checks.containers(app.rootNode)
      }
      return settle(app, diagnostics, last, ended: ended, after: after, steps: steps)
    }

    /// `app` after `steps`, once the misuse they reported and what the last one ended that
    /// outlived it (the levels of `ended`, tracked before it, that are not in `after`) are
    /// reported.
    private mutating func settle(
      _ app: App, _ diagnostics: [FlowDiagnostic], _ last: StepResult, ended: [TrackedLevel],
      after: Set<ObjectIdentifier>, steps: [ExplorationStep]
    ) -> Reached<App> {
      misuse(diagnostics, steps: steps, while: nil)
      let outlived = ended.filter { level in
        !after.contains(level.id) && level.objects.contains { $0.object != nil }
      }
      if !outlived.isEmpty {
        var flows: [FlowName] = []
        for level in outlived where !flows.contains(level.flow) { flows.append(level.flow) }
        let names = flows.map(\.rawValue).joined(separator: ", ")
        let alive = outlived.flatMap(\.objects).filter { $0.object != nil }
        fail(
          .notReleasedWhenDismissed, names, steps: steps,
          "the last step ended \(names), but it is still alive while the app lives: "
            + alive.map(\.name).joined(separator: ", "))
      }
      return Reached(
        app: app, diagnostics: diagnostics, last: last, appState: explorer.appState)
    }

    /// Releases the app of `reached`, which `steps` reached, recording the misuse its release
    /// reports (in a synchronous recording: an `isolated deinit` sees no task-local handler).
    private mutating func release(_ reached: Reached<App>, steps: [ExplorationStep]) {
      let diagnostics = explorer.recordingNow { reached.app = nil }
      misuse(diagnostics, steps: steps, while: "releasing the app")
    }

    /// Checks a state reached by `steps` if it is new, and queues it; releases the app.
    private mutating func admit(_ reached: Reached<App>, steps: [ExplorationStep]) async {
      guard let key = reached.key, seen.insert(key).inserted else {
        return release(reached, steps: steps)
      }
      deepest = max(deepest, steps.count)
      for level in key.tree.levels { reachedFlows.insert(level.flow) }
      await check(reached, key: key, steps: steps)
      checkTeardown(reached, steps: steps)
    }

    /// Queues a new state and checks its snapshot and its link; the app stays held by `reached`
    /// alone, so that the teardown check can release it.
    private mutating func check(
      _ reached: Reached<App>, key: StateKey, steps: [ExplorationStep]
    ) async {
      guard let app = reached.app else { return }
      queue.append(
        Found(key: key, steps: steps, candidates: explorer.candidates(in: app)))
      await checkSnapshot(of: app, steps: steps)
      await checkLink(of: app, steps: steps)
    }

    private mutating func checkSnapshot(of app: App, steps: [ExplorationStep]) async {
      let root = app.rootNode
      let snapshot: FlowSnapshot
      do {
        snapshot = try app.restorer.snapshot()
      } catch {
        return fail(.snapshotDoesNotRestore, "snapshot", steps: steps, "\(error)")
      }
      let (outcome, diagnostics) = await withFreshApp { fresh in
        (fresh.restorer.restore(snapshot), Checks.savedLevels(of: fresh.rootNode))
      }
      misuse(diagnostics, steps: steps, while: "restoring its snapshot")
      let (report, restored) = outcome
      if let error = report.error {
        return fail(
          .snapshotDoesNotRestore, "error", steps: steps,
          "its snapshot did not restore: \(error)")
      }
      let expected = Checks.savedLevels(of: root, dropping: Set(report.dropped.map(\.flow)))
      guard expected != restored else { return }
      let first = zip(expected, restored).first { $0 != $1 }?.0 ?? expected.last
      fail(
        .snapshotDoesNotRestore, first?.flow.rawValue ?? "", steps: steps,
        "its snapshot restores into a fresh app as another tree\n  saved:\n\(expected.dump)"
          + "\n  restored:\n\(restored.dump)")
    }

    private mutating func checkLink(of app: App, steps: [ExplorationStep]) async {
      guard let router = app.router else { return }
      let link: DeepLink
      switch router.currentLink() {
      case .success(let shared):
        link = shared
      case .failure(let failure):
        unshareable.append(UnshareableState(steps: steps, reason: failure))
        return checkUnshared(app, failure, steps: steps)
      }
      let expected = Checks.shownPath(of: app.rootNode.tree)
      let (outcome, diagnostics) = await withFreshApp { fresh -> (LinkOutcome, [ComparedLevel])? in
        guard let router = fresh.router else { return nil }
        let outcome = await router.open(link)
        await router.waitForPendingWork()
        return (outcome, Checks.shownPath(of: fresh.rootNode.tree))
      }
      misuse(diagnostics, steps: steps, while: "opening its link \(link)")
      guard let outcome else { return }
      switch outcome.0 {
      case .applied, .interfered:
        break
      case .held, .dropped:
        refusals += 1
        return
      case .failed(let failure):
        switch failure {
        case .cannotShow, .cannotCreate, .rejected, .noGuard:
          refusals += 1
        default:
          fail(
            .linkDoesNotReopen, "\(failure)", steps: steps,
            "the link it shares, \(link), does not open in a fresh app: \(failure)")
        }
        return
      }
      let opened = outcome.1
      guard opened != expected else { return }
      let first = zip(expected, opened).first { $0 != $1 }?.0 ?? expected.last
      fail(
        .linkDoesNotReopen, first?.flow.rawValue ?? "", steps: steps,
        "the link it shares, \(link), opens another path in a fresh app\n  shown:"
          + "\n\(expected.dump)\n  opened:\n\(opened.dump)")
    }

    /// A state that cannot share a link: a failure when the flow that fails has a pattern that
    /// builds what it shows, so that only its reverse mapping can be at fault.
    private mutating func checkUnshared(
      _ app: App, _ failure: LinkSharingFailure, steps: [ExplorationStep]
    ) {
      guard let name = failure.flowWithoutPattern, let router = app.router else { return }
      let reading = app.rootNode.read(describingScreens: false)
      let declarations = Declarations(samples: explorer.samples)
      // The level that fails is on the path the user sees, unless it is a split's column under
      // what the split presents, which `shownLevels` passes over: then it is another level.
      let shown = reading.tree.shownLevels
      let others = reading.tree.levels.indices.filter { !shown.contains($0) }
      guard let index = (shown + others).first(where: { reading.tree.levels[$0].flow == name }),
        let flow = reading.containers[index].node.owner as? any LinkableFlow,
        let built = declarations.pattern(building: flow, scheme: router.scheme)
      else { return }
      fail(
        .linkNotShared, "\(name): \(built.pattern)", steps: steps,
        "it cannot share a link (\(failure)), although \(built.pattern) builds \(name)'s "
          + "stack \(built.stack) from \(built.link)")
    }

    /// Tracks what the tree of `reached` holds, releases the app, and checks that nothing of its
    /// tree is left.
    private mutating func checkTeardown(_ reached: Reached<App>, steps: [ExplorationStep]) {
      var tracked: [Tracked] = []
      if let app = reached.app {
        tracked = Checks.track(app.rootNode).flatMap(\.objects)
        tracked.append(Tracked(object: app, name: "the app, \(type(of: app))"))
      }
      release(reached, steps: steps)
      let leaked = tracked.filter { $0.object != nil }.map(\.name)
      guard !leaked.isEmpty else { return }
      fail(
        .leak, leaked.joined(separator: ", "), steps: steps,
        "still alive once the app was released: " + leaked.joined(separator: ", "))
    }

    /// Runs `body` on a fresh app, then releases the app; returns what `body` returned and the
    /// misuse both reported.
    private func withFreshApp<Result>(
      _ body: @MainActor (App) async -> Result
    ) async -> (Result, [FlowDiagnostic]) {
      let fresh = Holder<App>()
      let (result, diagnostics) = await explorer.recording { () async -> Result in
        let app = explorer.makeApp()
        fresh.value = app
        return await body(app)
      }
      return (result, diagnostics + explorer.recordingNow { fresh.value = nil })
    }

    private mutating func misuse(
      _ diagnostics: [FlowDiagnostic], steps: [ExplorationStep], while doing: String?
    ) {
      guard !diagnostics.isEmpty else { return }
      let codes = diagnostics.map(\.code.rawValue).joined(separator: ", ")
      let during = doing.map { " while \($0)" } ?? ""
      fail(
        .misuse, codes + during, steps: steps,
        "reported misuse\(during): "
          + diagnostics.map(\.description).joined(separator: " | "))
    }

    /// Records a failure, unless one of the same kind and signature was found on a shorter
    /// path; a failure a waiver names is recorded as waived.
    private mutating func fail(
      _ kind: ExplorationFailure.Kind, _ signature: String, steps: [ExplorationStep],
      _ message: String
    ) {
      guard signatures.insert("\(kind.rawValue): \(signature)").inserted else { return }
      let failure = ExplorationFailure(kind: kind, steps: steps, message: message)
      if let waiver = explorer.waivers.first(where: { $0.kind == kind && $0.steps == steps }) {
        waived.append(WaivedFailure(failure: failure, waiver: waiver))
      } else {
        failures.append(failure)
      }
    }
  }
}

extension FlowExplorer {
  /// Runs `body`, and returns what it returned and the misuse it reported.
  func recording<Result>(
    _ body: () async -> Result
  ) async -> (Result, [FlowDiagnostic]) {
    let box = DiagnosticBox()
    let result = await MisuseReports.withHandler(box.append, operation: body)
    return (result, box.diagnostics)
  }

  /// Runs `body`, and returns the misuse it reported.
  func recordingNow(_ body: () -> Void) -> [FlowDiagnostic] {
    let box = DiagnosticBox()
    MisuseReports.withHandler(box.append, operation: body)
    return box.diagnostics
  }
}
