import FlowContainers

/// A state found, with the fewest steps to it and the steps to try from it besides the links,
/// which every state tries.
private struct Found {
  let key: StateKey
  let steps: [ExplorationStep]
  let candidates: [ExplorationStep]
}

/// Two states are the same when their tree values and their routes match.
private struct StateKey: Hashable {
  let tree: FlowTree?
  let snapshot: FlowSnapshot?
}

/// An app reached by following steps, held so that a check can release it.
@MainActor
final class Reached<App: ExplorableApp> {
  var app: App?
  let diagnostics: [FlowDiagnostic]
  /// What the last step did.
  let last: StepResult

  init(app: App, diagnostics: [FlowDiagnostic], last: StepResult) {
    self.app = app
    self.diagnostics = diagnostics
    self.last = last
  }

  /// Whether the last step was a link that failed cleanly in a router that holds nothing: the
  /// app is still in the state before it, and can take the next step from there.
  var failedCleanly: Bool {
    last == .failed && diagnostics.isEmpty && app?.router.heldLink == nil
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
        reachedFlows: reachedFlows.sorted { $0.rawValue < $1.rawValue }, failures: failures)
    }

    mutating func start() async {
      let first = await reach([])
      guard let declared = read(first) else { return }
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
            reached = await advance(app, by: step)
          } else {
            reached = await reach(path)
          }
          parked = nil
          if reached.last == .refused || reached.last == .failed { refusals += 1 }
          if reached.failedCleanly, key(of: reached) == state.key {
            parked = reached
            continue
          }
          // A link held by a guard goes on through each action of the guard's flow (sign in):
          // what it leads to once the guard is satisfied has a path of its own, whichever link
          // first reached the guard's flow. When that state is known, the first action goes on
          // in the same app.
          let satisfying = guardSteps(in: reached)
          var goingOn: Reached<App>?
          if let first = satisfying.first, let held = key(of: reached), seen.contains(held) {
            misuse(reached.diagnostics, steps: path, while: nil)
            goingOn = await advance(reached, by: first)
          } else {
            await admit(reached, steps: path)
          }
          for step in satisfying where seen.count < explorer.stateBudget {
            let next: Reached<App>
            if step == satisfying.first, let app = goingOn {
              next = app
            } else {
              next = await reach(path + [step])
            }
            await admit(next, steps: path + [step])
          }
        }
      }
      for (flow, parent) in declared
      where !reachedFlows.contains(flow) && !explorer.mayStayUnreached.contains(flow) {
        let by = parent.map { "declared by \($0)" } ?? "the root"
        let extent = report.isExhaustive ? "within \(explorer.maxDepth) steps" : "within budget"
        fail(
          .unreachedFlow, flow.rawValue, steps: [],
          "\(flow), \(by), is in no state reached \(extent)")
      }
    }

    /// Reads the links and the declared flows from the root of a fresh app.
    private mutating func read(
      _ fresh: Reached<App>
    ) -> [(flow: FlowName, declaredBy: FlowName?)]? {
      guard let router = fresh.app?.router, let root = router.root else { return nil }
      var declarations = Declarations(samples: explorer.samples)
      links = declarations.links(root: root, scheme: router.scheme)
      for link in links { explorer.parsedLinks[link] = try? DeepLink(parsing: link) }
      return Declarations.declaredFlows(root: root)
    }

    /// The registered actions of the guard's flow, when the router holds a link for a guard.
    private func guardSteps(in reached: Reached<App>) -> [ExplorationStep] {
      guard let router = reached.app?.router, case .guardRequired? = router.heldLink?.reason,
        let flow = Tree.rootNode(of: router)?.topmost.flowName
      else { return [] }
      let owner = Tree.rootNode(of: router)?.topmost.owner
      return explorer.actions.filter { action in
        action.flow == flow && owner.map(action.isAvailable) == true
      }.map { .action($0.name, on: flow) }
    }

    /// A fresh app after `steps`, and the misuse they reported.
    private func reach(_ steps: [ExplorationStep]) async -> Reached<App> {
      var last = StepResult.taken
      let (app, diagnostics) = await explorer.recording { () async -> App in
        let app = explorer.makeApp()
        for step in steps { last = await explorer.perform(step, on: app) }
        return app
      }
      return Reached(app: app, diagnostics: diagnostics, last: last)
    }

    /// The app of `reached`, moved on by `step`; `reached` lets go of it.
    private func advance(_ reached: Reached<App>, by step: ExplorationStep) async -> Reached<App> {
      guard let app = reached.app else { return reached }
      reached.app = nil
      var last = StepResult.taken
      let ((), diagnostics) = await explorer.recording { () async in
        last = await explorer.perform(step, on: app)
      }
      return Reached(app: app, diagnostics: diagnostics, last: last)
    }

    /// Checks a state reached by `steps` if it is new, and queues it; releases the app.
    private mutating func admit(_ reached: Reached<App>, steps: [ExplorationStep]) async {
      if !reached.diagnostics.isEmpty { misuse(reached.diagnostics, steps: steps, while: nil) }
      guard let key = key(of: reached), seen.insert(key).inserted else { return }
      deepest = max(deepest, steps.count)
      for level in key.tree?.levels ?? [] { reachedFlows.insert(level.flow) }
      await check(reached, steps: steps)
      checkTeardown(reached, steps: steps)
    }

    private func key(of reached: Reached<App>) -> StateKey? {
      guard let app = reached.app else { return nil }
      let root = Tree.rootNode(of: app.router)
      return StateKey(tree: root?.tree, snapshot: try? app.router.restorer.snapshot())
    }

    /// Queues a new state and checks its snapshot and its link; the app stays held by `reached`
    /// alone, so that the teardown check can release it.
    private mutating func check(_ reached: Reached<App>, steps: [ExplorationStep]) async {
      guard let app = reached.app else { return }
      guard let key = key(of: reached) else { return }
      queue.append(
        Found(key: key, steps: steps, candidates: explorer.candidates(in: app)))
      await checkSnapshot(of: app, steps: steps)
      await checkLink(of: app, steps: steps)
    }

    private mutating func checkSnapshot(of app: App, steps: [ExplorationStep]) async {
      guard let root = Tree.rootNode(of: app.router) else { return }
      let snapshot: FlowSnapshot
      do {
        snapshot = try app.router.restorer.snapshot()
      } catch {
        return fail(.snapshotDoesNotRestore, "snapshot", steps: steps, "\(error)")
      }
      let (outcome, diagnostics) = await explorer.recording {
        () async -> (RestorationReport, [ComparedLevel])? in
        let fresh = explorer.makeApp()
        let report = fresh.router.restorer.restore(snapshot)
        guard let restored = Tree.rootNode(of: fresh.router) else { return nil }
        return (report, Checks.savedLevels(of: restored))
      }
      misuse(diagnostics, steps: steps, while: "restoring its snapshot")
      guard let (report, restored) = outcome else { return }
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
      guard case .success(let link) = app.router.currentLink(),
        let root = Tree.rootNode(of: app.router)
      else { return }
      let expected = Checks.shownPath(of: root.tree)
      let (outcome, diagnostics) = await explorer.recording {
        () async -> (LinkOutcome, [ComparedLevel]?) in
        let fresh = explorer.makeApp()
        let outcome = await fresh.router.open(link)
        await fresh.router.waitForPendingWork()
        return (outcome, Tree.rootNode(of: fresh.router).map { Checks.shownPath(of: $0.tree) })
      }
      misuse(diagnostics, steps: steps, while: "opening its link \(link)")
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
      guard let opened = outcome.1, opened != expected else { return }
      let first = zip(expected, opened).first { $0 != $1 }?.0 ?? expected.last
      fail(
        .linkDoesNotReopen, first?.flow.rawValue ?? "", steps: steps,
        "the link it shares, \(link), opens another path in a fresh app\n  shown:"
          + "\n\(expected.dump)\n  opened:\n\(opened.dump)")
    }

    /// Dismisses everything, releases the app, and checks that nothing of its tree is left.
    private mutating func checkTeardown(_ reached: Reached<App>, steps: [ExplorationStep]) {
      guard let tracked = dismissEverything(reached, steps: steps) else { return }
      reached.app = nil
      let leaked = tracked.filter { $0.object != nil }.map(\.name)
      guard !leaked.isEmpty else { return }
      fail(
        .leak, leaked.joined(separator: ", "), steps: steps,
        "still alive once everything was dismissed and the app released: "
          + leaked.joined(separator: ", "))
    }

    /// Tracks what the tree of `reached` holds, then dismisses everything in it.
    private mutating func dismissEverything(
      _ reached: Reached<App>, steps: [ExplorationStep]
    ) -> [Tracked]? {
      guard let app = reached.app, let root = Tree.rootNode(of: app.router) else { return nil }
      var tracked = Checks.track(root)
      tracked.append(Tracked(object: app, name: "the app, \(type(of: app))"))
      let diagnostics = explorer.recordingNow { Checks.dismissEverything(root) }
      misuse(diagnostics, steps: steps, while: "dismissing everything")
      return tracked
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

    /// Records a failure, unless one of the same kind and signature was found on a shorter path.
    private mutating func fail(
      _ kind: ExplorationFailure.Kind, _ signature: String, steps: [ExplorationStep],
      _ message: String
    ) {
      guard signatures.insert("\(kind.rawValue): \(signature)").inserted else { return }
      failures.append(ExplorationFailure(kind: kind, steps: steps, message: message))
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
