import FlowContainers
import FlowContainersTesting

/// Runs random operations on a real tree while observers and `onEnd` closures navigate too, at
/// random, and checks the invariants that hold whatever the callbacks do.
///
/// No reference model predicts the tree here (callbacks change it in ways only the run knows);
/// instead every observer replays what it hears, and its replay must equal the tree at every
/// event it receives: an observer never sees a sequence that does not replay to the tree.
@MainActor
final class ReentrantModelRun {
  /// What a run exercised.
  struct Coverage {
    var steps = 0
    var reentrantRequests = 0
    var eventsChecked = 0
    var changesChecked = 0
    var maxDepth = 0
    var linksApplied = 0
    var linksRefusedMidChange = 0
    var interfered = 0
  }

  /// A stack mirror kept by one change observer.
  private final class StackMirror {
    var values: [Int]
    var token: ObserverToken?
    init(_ values: [Int]) { self.values = values }
  }

  let counts = LiveCounts()
  private(set) var root: ModelFlow?
  private var router: DeepLinkRouter?
  private var generator: SplitMix64
  private(set) var coverage = Coverage()
  private(set) var violations: [String] = []
  /// How many more requests callbacks may make in the current step.
  private var budget = 0
  /// The stack sizes of the chain, replayed from the root's events.
  private var replayed: [Int]
  private var treeToken: ObserverToken?
  private var mirrors: [ObjectIdentifier: StackMirror] = [:]

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
    let root = ModelFlow(counts: counts)
    self.root = root
    router = DeepLinkRouter(root: root, scheme: "m")
    replayed = [root.container.count]
    treeToken = root.container.observeEvents { [weak self] event in self?.heard(event) }
    mirror(root.container)
  }

  /// Runs `steps` random operations, checking after each; returns the first violation.
  func run(steps: Int) -> String? {
    for step in 0..<steps {
      let operation = Self.randomOperation(using: &generator)
      budget = 4
      let diagnostics = withRecordedDiagnostics { perform(operation, fromCallback: false) }
      budget = 0
      for diagnostic in diagnostics where diagnostic.fileID.hasPrefix("FlowContainers/") {
        violations.append("the library reported misuse from its own code: \(diagnostic)")
      }
      checkTree()
      coverage.steps += 1
      if let first = violations.first { return "step \(step) (\(operation)): \(first)" }
    }
    treeToken = nil
    mirrors.removeAll()
    router = nil
    root = nil
    if counts.flows != 0 || counts.screens != 0 {
      return "after teardown \(counts.flows) flows and \(counts.screens) screens live"
    }
    for (id, endings) in counts.endings where endings.count > 1 {
      return "flow \(id) ended \(endings.count) times: \(endings)"
    }
    return nil
  }

  static func randomOperation(using generator: inout SplitMix64) -> ModelOperation {
    while true {
      let operation = ModelOperation.random(using: &generator)
      if case .restoreIntoFreshRoot = operation { continue }
      return operation
    }
  }

  // MARK: Navigating, from the run and from callbacks

  private func chain() -> [StackContainer<ModelScreen>] {
    var levels: [StackContainer<ModelScreen>] = []
    var node: ContainerNode? = root?.container
    while let current = node as? StackContainer<ModelScreen> {
      levels.append(current)
      node = current.presented
    }
    return levels
  }

  /// Called by observers and `onEnd` closures: sometimes asks for more navigation.
  private func maybeNavigate() {
    guard budget > 0, Int.random(in: 0..<100, using: &generator) < 35 else { return }
    budget -= 1
    coverage.reentrantRequests += 1
    perform(Self.randomOperation(using: &generator), fromCallback: true)
  }

  private func perform(_ operation: ModelOperation, fromCallback: Bool) {
    let levels = chain()
    guard !levels.isEmpty else { return }
    func container(_ level: Int) -> StackContainer<ModelScreen> { levels[level % levels.count] }
    switch operation {
    case .push(let level, let value): container(level).push(ModelScreen(value, counts: counts))
    case .pop(let level): container(level).pop()
    case .popToRoot(let level): container(level).popToRoot()
    case .popTo(let level, let index): container(level).pop(toIndex: index % 4)
    case .userPopped(let level, let index):
      container(level).handle(.userPopped(toIndex: index % 4))
    case .replace(let level, let values):
      container(level).replace(with: values.map { ModelScreen($0, counts: counts) })
    case .present(let level, let values):
      let flow = ModelFlow(counts: counts, stack: values)
      let id = flow.id
      let counts = counts
      container(level).present(flow.container) { [weak self] ending in
        counts.endings[id, default: []].append(ending)
        self?.maybeNavigate()
      }
    case .presentForResult(let level, let values):
      let flow = ModelFlow(counts: counts, stack: values)
      let id = flow.id
      let counts = counts
      container(level).present(flow.result) { [weak self] result in
        counts.record(result, of: id)
        self?.maybeNavigate()
      }
    case .finishWithValue(let level, let value):
      (container(level).owner as? ModelFlow)?.result.finish(with: value)
    case .dismissPresented(let level): container(level).dismissPresented()
    case .dismissSelf(let level): container(level).dismiss()
    case .userDismissed(let level): container(level).handle(.userDismissed)
    case .interactiveBegan(let level): container(level).handle(.interactivePopBegan)
    case .interactiveCommitted(let level): container(level).handle(.interactivePopCommitted)
    case .interactiveCancelled(let level): container(level).handle(.interactivePopCancelled)
    case .interactiveGesture(let level, let commit):
      container(level).handle(.interactivePopBegan)
      container(level).handle(commit ? .interactivePopCommitted : .interactivePopCancelled)
    case .link(let text):
      guard let router, let link = try? DeepLink(parsing: text),
        case .success(let plan) = router.plan(for: link)
      else { return }
      let outcome = router.apply(plan)
      switch outcome {
      case .applied(let plan):
        coverage.linksApplied += 1
        if (try? router.restorer.snapshot())?.levels.map(\.routes) != plan.levels.map(\.routes) {
          violations.append("\(text) reported applied, but the tree is \(treeText())")
        }
      case .interfered: coverage.interfered += 1
      case .failed(let failure) where failure == .treeChanging:
        coverage.linksRefusedMidChange += 1
        if !fromCallback { violations.append("\(text) refused outside any callback") }
      default: break
      }
    case .snapshotAndRestore:
      guard let router, let snapshot = try? router.restorer.snapshot() else { return }
      let report = router.restorer.restore(snapshot)
      if !fromCallback, !report.isComplete {
        violations.append("restoring the tree's own snapshot was incomplete: \(report)")
      }
    case .restoreIntoFreshRoot, .selectTab, .userSelectTab, .userReselectTab, .removeTab, .addTab:
      break  // this run has no tabs
    }
  }

  // MARK: What observers hear

  /// Replays `event` onto the chain's stack sizes, checks the replay against the tree, then
  /// sometimes navigates.
  private func heard(_ event: NavigationEvent) {
    let depth = event.depth
    switch event.action {
    case .stack(_, let added, let removed):
      guard depth < replayed.count else {
        return violations.append("\(event) at a depth the replay does not have")
      }
      replayed[depth] += added - removed
    case .attached(.presented, _):
      guard replayed.count == depth + 1 else {
        return violations.append("\(event) while the replay has \(replayed.count) levels")
      }
      let levels = chain()
      guard depth + 1 < levels.count else {
        return violations.append("\(event), but the tree has \(levels.count) levels")
      }
      replayed.append(levels[depth + 1].count)
      mirror(levels[depth + 1])
    case .detached(.presented, _, _):
      guard replayed.count == depth + 2 else {
        return violations.append("\(event) while the replay has \(replayed.count) levels")
      }
      replayed.removeLast()
    case .interactivePopBegan, .interactivePopCancelled:
      break
    case .tabSelected, .tabReselected, .tabsReordered, .attached(.tab, _), .detached(.tab, _, _):
      return violations.append("\(event): this run has no tabs")
    case .attached(.column, _), .detached(.column, _, _), .widthChanged:
      return violations.append("\(event): this run has no splits")
    case .attached(.root, _), .detached(.root, _, _):
      return violations.append("\(event): nothing hangs as a root")
    }
    coverage.eventsChecked += 1
    let live = chain().map(\.count)
    if live != replayed {
      violations.append("after \(event) the replay is \(replayed), the tree \(live)")
    }
    maybeNavigate()
  }

  /// Mirrors `container`'s screens from its change observers' deliveries.
  private func mirror(_ container: StackContainer<ModelScreen>) {
    let key = ObjectIdentifier(container)
    guard mirrors[key] == nil else { return }
    let mirror = StackMirror(container.stack.map(\.value))
    mirror.token = container.observeChanges { [weak self, weak container, mirror] change in
      mirror.values.removeLast(min(change.removed.count, mirror.values.count))
      mirror.values.append(contentsOf: change.added.map(\.value))
      guard let self, let container else { return }
      self.coverage.changesChecked += 1
      let live = container.stack.map(\.value)
      if live != mirror.values {
        self.violations.append(
          "after \(change.operation) the change replay is \(mirror.values), the stack \(live)")
      }
      self.maybeNavigate()
    }
    mirrors[key] = mirror
  }

  // MARK: After each step

  private func treeText() -> String { root?.container.tree.description ?? "(none)" }

  private func checkTree() {
    let levels = chain()
    coverage.maxDepth = max(coverage.maxDepth, levels.count)
    if levels.map(\.count) != replayed {
      violations.append("the replay is \(replayed), the tree \(levels.map(\.count))")
    }
    for (depth, level) in levels.enumerated() {
      if level.depth != depth { violations.append("level \(depth) says depth \(level.depth)") }
      if level.topmost !== levels.last {
        violations.append("level \(depth)'s topmost is not the top of the chain")
      }
      if level.isFinished { violations.append("level \(depth) is finished but in the tree") }
      if depth > 0, level.presenter !== levels[depth - 1] {
        violations.append("level \(depth)'s presenter is not level \(depth - 1)")
      }
      if let flow = level.owner as? ModelFlow, counts.endings[flow.id] != nil {
        violations.append("live flow \(flow.id) has ended: \(counts.endings[flow.id] ?? [])")
      }
    }
    if counts.flows != levels.count {
      violations.append("\(counts.flows) flows live, the tree has \(levels.count): \(treeText())")
    }
    let screens = levels.reduce(0) { $0 + $1.count }
    if counts.screens != screens {
      violations.append("\(counts.screens) screens live, the tree has \(screens)")
    }
    for (id, endings) in counts.endings where endings.count > 1 {
      violations.append("flow \(id) ended \(endings.count) times: \(endings)")
    }
    // Mirrors of containers that left the tree are dropped.
    let live = Set(levels.map(ObjectIdentifier.init))
    mirrors = mirrors.filter { live.contains($0.key) }
  }
}
