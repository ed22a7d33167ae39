import FlowContainers
import FlowContainersTesting
import Foundation

/// Runs operations on a real tree and on a reference model side by side.
@MainActor
struct ModelRun {
  struct Failure: Error {
    let step: Int
    let message: String
  }

  /// What a run exercised, so a test can check that runs reach what they are meant to.
  struct Coverage {
    var steps = 0
    var maxDepth = 0
    var linksApplied = 0
    var linksRejected = 0
    var misuseReports = 0
    var freshRootRestores = 0
    var endings: [PresentationEnding: Int] = [:]
    var interactiveCommits = 0

    mutating func add(_ other: Coverage) {
      steps += other.steps
      maxDepth = max(maxDepth, other.maxDepth)
      linksApplied += other.linksApplied
      linksRejected += other.linksRejected
      misuseReports += other.misuseReports
      freshRootRestores += other.freshRootRestores
      endings.merge(other.endings, uniquingKeysWith: +)
      interactiveCommits += other.interactiveCommits
    }
  }

  var coverage = Coverage()

  /// The model of one level: which flow, what stack, and what an interactive pop needs.
  struct Level: Equatable {
    var id: Int
    var stack: [Int]
    var generation = 0
    var pendingPop: Int?
    /// How the level was presented; `nil` for the root.
    var style: PresentationStyle?
  }

  /// The style a `present` step uses: one of three, chosen by its values, so runs present each.
  static func style(for values: [Int]) -> PresentationStyle {
    let styles: [PresentationStyle] = [
      .sheet, .fullScreenCover, PresentationStyle(rawValue: "model-custom"),
    ]
    return styles[values.reduce(0) { ($0 &+ $1) & 0xFFFF } % styles.count]
  }

  let counts = LiveCounts()
  var root: ModelFlow?
  var router: DeepLinkRouter?
  var model: [Level]
  /// Every flow whose presentation has ended, with the ending the model expects (`nil`: any).
  var ended: [Int: PresentationEnding?] = [:]

  init() {
    let root = ModelFlow(counts: counts)
    self.root = root
    router = DeepLinkRouter(root: root, scheme: "m")
    model = [Level(id: root.id, stack: [0])]
  }

  // MARK: Running

  static func execute(
    _ operations: [ModelOperation], tamper: ((ModelFlow) -> Void)? = nil
  ) -> Failure? {
    var coverage = Coverage()
    return execute(operations, coverage: &coverage, tamper: tamper)
  }

  static func execute(
    _ operations: [ModelOperation], coverage: inout Coverage,
    tamper: ((ModelFlow) -> Void)? = nil
  ) -> Failure? {
    var run = ModelRun()
    defer { coverage.add(run.coverage) }
    for (step, operation) in operations.enumerated() {
      var expected = 0
      let diagnostics = withRecordedDiagnostics { expected = run.apply(operation) }
      if step == operations.count - 1, let tamper, let root = run.root { tamper(root) }
      if diagnostics.count != expected {
        return Failure(
          step: step,
          message: "\(operation): expected \(expected) diagnostics, got \(diagnostics.map(\.code))")
      }
      if let problem = run.check() {
        return Failure(step: step, message: "\(operation): \(problem)")
      }
      run.coverage.steps += 1
      run.coverage.misuseReports += diagnostics.count
      run.coverage.maxDepth = max(run.coverage.maxDepth, run.model.count)
    }
    run.router = nil
    run.root = nil
    if run.counts.flows != 0 || run.counts.screens != 0 {
      return Failure(
        step: operations.count,
        message: "after teardown \(run.counts.flows) flows and \(run.counts.screens) screens live")
    }
    for (id, endings) in run.counts.endings where endings.count > 1 {
      return Failure(step: operations.count, message: "flow \(id) ended \(endings.count) times")
    }
    return nil
  }

  /// The shortest subsequence of `operations` that still fails, by removing ever smaller chunks.
  static func shrink(
    _ operations: [ModelOperation],
    failing: ([ModelOperation]) -> Failure? = { execute($0) }
  ) -> (operations: [ModelOperation], failure: Failure) {
    var current = operations
    guard var failure = failing(current) else {
      return (current, Failure(step: 0, message: "did not fail again"))
    }
    var chunk = max(1, current.count / 2)
    while true {
      var removedAny = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(current.count, start + chunk))
        if let candidateFailure = failing(candidate) {
          current = candidate
          failure = candidateFailure
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk == 1 && !removedAny { return (current, failure) }
      chunk = max(1, removedAny ? chunk : chunk / 2)
    }
  }

  // MARK: Applying one operation to both

  private func container(_ level: Int) -> StackContainer<ModelScreen>? {
    var node: ContainerNode? = root?.container
    for _ in 0..<level { node = node?.presented }
    return node as? StackContainer<ModelScreen>
  }

  /// Applies `operation` to the real tree and the model; returns how many misuse reports the
  /// model expects.
  mutating func apply(_ operation: ModelOperation) -> Int {
    let count = model.count
    switch operation {
    case .push(let level, let value):
      let l = level % count
      container(l)?.push(ModelScreen(value, counts: counts))
      model[l].stack.append(value)
      model[l].generation += 1
      return 0
    case .pop(let level):
      let l = level % count
      container(l)?.pop()
      guard model[l].stack.count > 1 else { return 1 }
      model[l].stack.removeLast()
      model[l].generation += 1
      return 0
    case .popToRoot(let level):
      let l = level % count
      container(l)?.popToRoot()
      if model[l].stack.count > 1 {
        model[l].stack.removeSubrange(1...)
        model[l].generation += 1
      }
      return 0
    case .popTo(let level, let index), .userPopped(let level, let index):
      let l = level % count
      let i = index % (model[l].stack.count + 1)
      if case .popTo = operation {
        container(l)?.pop(toIndex: i)
      } else {
        container(l)?.handle(.userPopped(toIndex: i))
      }
      guard i < model[l].stack.count else { return 1 }
      if i + 1 < model[l].stack.count {
        model[l].stack.removeSubrange((i + 1)...)
        model[l].generation += 1
      }
      return 0
    case .replace(let level, let values):
      let l = level % count
      container(l)?.replace(with: values.map { ModelScreen($0, counts: counts) })
      model[l].stack = values
      model[l].generation += 1
      return 0
    case .present(let level, let values):
      let l = level % count
      let flow = ModelFlow(counts: counts, stack: values)
      let id = flow.id
      let endings = counts
      let style = Self.style(for: values)
      container(l)?.present(flow.container, style: style) {
        endings.endings[id, default: []].append($0)
      }
      guard l == count - 1 else { return 1 }
      model[l].generation += 1
      model.append(Level(id: id, stack: values, style: style))
      return 0
    case .dismissPresented(let level):
      let l = level % count
      container(l)?.dismissPresented()
      guard l < count - 1 else { return 1 }
      end(from: l + 1, first: .dismissedByPresenter)
      return 0
    case .dismissSelf(let level), .userDismissed(let level):
      let l = level % count
      if case .dismissSelf = operation {
        container(l)?.dismiss()
      } else {
        container(l)?.handle(.userDismissed)
      }
      guard l > 0 else { return 1 }
      end(
        from: l,
        first: { if case .dismissSelf = operation { .finished } else { .dismissedByUser } }())
      return 0
    case .interactiveBegan(let level):
      let l = level % count
      container(l)?.handle(.interactivePopBegan)
      guard model[l].pendingPop == nil, model[l].stack.count > 1 else { return 1 }
      model[l].pendingPop = model[l].generation
      return 0
    case .interactiveCommitted(let level):
      let l = level % count
      container(l)?.handle(.interactivePopCommitted)
      guard let began = model[l].pendingPop else { return 1 }
      model[l].pendingPop = nil
      guard began == model[l].generation, model[l].stack.count > 1 else { return 1 }
      coverage.interactiveCommits += 1
      model[l].stack.removeLast()
      model[l].generation += 1
      return 0
    case .interactiveCancelled(let level):
      let l = level % count
      container(l)?.handle(.interactivePopCancelled)
      guard model[l].pendingPop != nil else { return 1 }
      model[l].pendingPop = nil
      return 0
    case .interactiveGesture(let level, let commit):
      return apply(.interactiveBegan(level: level))
        + apply(commit ? .interactiveCommitted(level: level) : .interactiveCancelled(level: level))
    case .link(let text):
      applyLink(text)
      return 0
    case .snapshotAndRestore:
      guard let router, let snapshot = try? router.snapshot() else { return 0 }
      let decoded = (try? snapshot.jsonData()).flatMap {
        try? FlowSnapshot.decode($0, root: ModelFlow.self)
      }
      if decoded != snapshot { model[0].stack = [-1] }  // make the check fail loudly
      if !router.restore(snapshot).isComplete { model[0].stack = [-2] }
      return 0
    case .restoreIntoFreshRoot:
      guard let data = try? router?.snapshot().jsonData() else { return 0 }
      let fresh = ModelFlow(counts: counts)
      let freshRouter = DeepLinkRouter(root: fresh, scheme: "m")
      let firstNewID = counts.nextID
      let report = freshRouter.restore(from: data)
      if !report.isComplete { model[0].stack = [-3] }
      for id in model.dropFirst().map(\.id) { ended[id] = .some(nil) }
      model = model.enumerated().map { index, level in
        Level(
          id: index == 0 ? fresh.id : firstNewID + index - 1, stack: level.stack,
          style: level.style)
      }
      root = fresh  // the old root, and the whole old tree with it, goes here
      coverage.freshRootRestores += 1
      router = freshRouter
      return 0
    }
  }

  /// Removes levels `from...` from the model: the first ends as `first`, those above as torn down.
  private mutating func end(from level: Int, first: PresentationEnding) {
    for index in level..<model.count {
      ended[model[index].id] = index == level ? first : .tornDown
    }
    model.removeSubrange(level...)
    model[level - 1].generation += 1
  }

  /// Follows a link with `plan(for:)` and `apply(_:)`, and predicts it in the model.
  private mutating func applyLink(_ text: String) {
    guard let router else { return }
    let link = try? DeepLink(parsing: text)
    let outcome = link.map { link in router.plan(for: link).map { router.apply($0) } }
    // The model: `v/<n>` pairs, one level each, stack [0, n].
    guard let link, case .success(.applied) = outcome else {
      coverage.linksRejected += 1
      return
    }
    coverage.linksApplied += 1
    let components = link.components
    var targets: [[Int]] = []
    for pair in stride(from: 0, to: components.count, by: 2) {
      guard let value = Int(components[pair + 1]) else { return }
      targets.append([0, value])
    }
    var reused = 1
    while reused < targets.count, reused < model.count,
      model[reused - 1].stack == targets[reused - 1]
    {
      reused += 1
    }
    if model.count > reused { end(from: reused, first: .dismissedByPresenter) }
    for index in 0..<reused where model[index].stack != targets[index] {
      model[index].stack = targets[index]
      model[index].generation += 1
    }
    var nextID = counts.nextID - (targets.count - reused)
    for index in reused..<targets.count {
      model[index - 1].generation += 1
      // Links present with the style the sub-flow's declaration gives.
      model.append(Level(id: nextID, stack: targets[index], style: ModelFlow.linkedStyle))
      nextID += 1
    }
  }

  // MARK: Checking

  /// Compares the real tree with the model, and the live counts and endings with what the model
  /// dropped; returns what differs.
  private mutating func check() -> String? {
    var real: [(Int, [Int])] = []
    var styles: [PresentationStyle?] = []
    var node: ContainerNode? = root?.container
    var owner: AnyObject? = root
    while let current = node, let container = current as? StackContainer<ModelScreen> {
      real.append(((owner as? ModelFlow)?.id ?? -1, container.stack.map(\.value)))
      styles.append(current.presentationStyle)
      owner = current.presentedFlow
      node = current.presented
    }
    if styles.count == model.count, styles != model.map(\.style) {
      return "styles differ: real \(styles), model \(model.map(\.style))"
    }
    // Every container of the tree names the same topmost layer: the last of the chain.
    var chain: [ContainerNode] = []
    var walker: ContainerNode? = root?.container
    while let current = walker {
      chain.append(current)
      walker = current.presented
    }
    if let top = chain.last, let wrong = chain.firstIndex(where: { $0.topmost !== top }) {
      return "level \(wrong)'s topmost is not the top of the chain"
    }
    let expected = model.map { ($0.id, $0.stack) }
    if real.count != expected.count
      || !zip(real, expected).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 })
    {
      return "tree differs: real \(real), model \(expected)"
    }
    if counts.flows != model.count {
      return "\(counts.flows) flows live, the model has \(model.count)"
    }
    let screens = model.reduce(0) { $0 + $1.stack.count }
    if counts.screens != screens {
      return "\(counts.screens) screens live, the model has \(screens)"
    }
    for level in model.dropFirst() where counts.endings[level.id] != nil {
      return "live flow \(level.id) has ended: \(counts.endings[level.id] ?? [])"
    }
    for (id, expectation) in ended {
      let endings = counts.endings[id] ?? []
      for ending in endings { coverage.endings[ending, default: 0] += 1 }
      if let expectation, endings != [expectation] {
        return "flow \(id) should have ended once as \(expectation), ended \(endings)"
      }
      if expectation == nil, endings.count > 1 { return "flow \(id) ended \(endings)" }
    }
    ended.removeAll()
    return nil
  }
}
