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
    /// Tabbed runs: selections that moved to another tab, by any means.
    var tabSelections = 0
    /// Tabbed runs: tabs removed while something was presented in them.
    var tabRemovalsUnderModal = 0
    /// Tabbed runs: links that selected another tab before following the rest.
    var linksIntoOtherTabs = 0
    /// Values sub-flows finished with that reached their presenters.
    var valuesDelivered = 0

    mutating func add(_ other: Coverage) {
      steps += other.steps
      maxDepth = max(maxDepth, other.maxDepth)
      linksApplied += other.linksApplied
      linksRejected += other.linksRejected
      misuseReports += other.misuseReports
      freshRootRestores += other.freshRootRestores
      endings.merge(other.endings, uniquingKeysWith: +)
      interactiveCommits += other.interactiveCommits
      tabSelections += other.tabSelections
      tabRemovalsUnderModal += other.tabRemovalsUnderModal
      linksIntoOtherTabs += other.linksIntoOtherTabs
      valuesDelivered += other.valuesDelivered
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
    /// Whether its presenter receives its result (a link, a restoration, or a presentation
    /// for a result), so that a value it finishes with reaches the presenter.
    var returnsValue = false
  }

  /// The style a `present` step uses: one of three, chosen by its values, so runs present each.
  static func style(for values: [Int]) -> PresentationStyle {
    let styles: [PresentationStyle] = [
      .sheet, .fullScreenCover, PresentationStyle(rawValue: "model-custom"),
    ]
    return styles[values.reduce(0) { ($0 &+ $1) & 0xFFFF } % styles.count]
  }

  let counts = LiveCounts()
  /// Whether the root is a tab bar (``ModelTabs``) rather than one ``ModelFlow``.
  let tabbed: Bool
  var root: ModelFlow?
  var tabsRoot: ModelTabs?
  var router: DeepLinkRouter?
  /// The levels of each tab, bottom first; one entry when the run has no tabs.
  var tabs: [[Level]]
  /// Each tab's kind: `true` for a ``ModelTabFlow`` (`w` links), `false` for a ``ModelFlow``.
  var kinds: [Bool]
  /// The selected tab's position in `tabs`.
  var selected = 0
  /// Every flow whose presentation has ended, with the ending the model expects (`nil`: any).
  var ended: [Int: PresentationEnding?] = [:]
  /// Every flow whose presentation has ended, with the value its presenter must have received
  /// (`nil`: none).
  var delivered: [Int: Int?] = [:]

  /// The levels of the selected tab: what the stack operations act on.
  var model: [Level] {
    get { tabs[selected] }
    _modify { yield &tabs[selected] }
  }

  init(tabbed: Bool = false) {
    self.tabbed = tabbed
    if tabbed {
      let kinds = [false, true, false]
      let root = ModelTabs(kinds: kinds, counts: counts)
      tabsRoot = root
      router = DeepLinkRouter(root: root, scheme: "m")
      self.kinds = kinds
      tabs = root.container.tabs.map {
        [Level(id: ($0.owner as? any ModelIdentified)?.id ?? -1, stack: [0])]
      }
    } else {
      let root = ModelFlow(counts: counts)
      self.root = root
      router = DeepLinkRouter(root: root, scheme: "m")
      kinds = [false]
      tabs = [[Level(id: root.id, stack: [0])]]
    }
  }

  // MARK: Running

  static func execute(
    _ operations: [ModelOperation], tabbed: Bool = false, tamper: ((ModelFlow) -> Void)? = nil
  ) -> Failure? {
    var coverage = Coverage()
    return execute(operations, tabbed: tabbed, coverage: &coverage, tamper: tamper)
  }

  static func execute(
    _ operations: [ModelOperation], tabbed: Bool = false, coverage: inout Coverage,
    tamper: ((ModelFlow) -> Void)? = nil
  ) -> Failure? {
    var run = ModelRun(tabbed: tabbed)
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
      run.coverage.maxDepth = max(run.coverage.maxDepth, run.tabs.map(\.count).max() ?? 0)
    }
    run.router = nil
    run.root = nil
    run.tabsRoot = nil
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

  /// The container at the bottom of the selected tab (or of the tree, without tabs).
  private var base: ContainerNode? {
    if tabbed {
      guard let tabs = tabsRoot?.container.tabs, selected < tabs.count else { return nil }
      return tabs[selected]
    }
    return root?.container
  }

  private func container(_ level: Int) -> StackContainer<ModelScreen>? {
    var node = base
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
    case .presentForResult(let level, let values):
      let l = level % count
      let flow = ModelFlow(counts: counts, stack: values)
      let id = flow.id
      let counts = counts
      let style = Self.style(for: values)
      container(l)?.present(flow.result, style: style) { counts.record($0, of: id) }
      guard l == count - 1 else { return 1 }
      model[l].generation += 1
      model.append(Level(id: id, stack: values, style: style, returnsValue: true))
      return 0
    case .finishWithValue(let level, let value):
      let l = level % count
      (container(l)?.owner as? any ModelIdentified)?.result.finish(with: value)
      guard l > 0 else { return 1 }
      let returnsValue = model[l].returnsValue
      let id = model[l].id
      end(from: l, first: .finished)
      if returnsValue {
        delivered[id] = .some(value)
        coverage.valuesDelivered += 1
      }
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
    case .selectTab, .userSelectTab, .userReselectTab, .removeTab, .addTab:
      return applyTabOperation(operation)
    case .snapshotAndRestore:
      guard let router, let snapshot = try? router.restorer.snapshot() else { return 0 }
      if tabbed {
        // Through the encoding, as an app would; the tree must not move.
        let data = try? snapshot.jsonData()
        if data.map({ router.restorer.restore(from: $0).isComplete }) != true {
          model[0].stack = [-2]
        }
        if (try? router.restorer.snapshot()) != snapshot { model[0].stack = [-1] }
        return 0
      }
      let decoded = (try? snapshot.jsonData()).flatMap {
        try? FlowSnapshot.decode($0, root: ModelFlow.self)
      }
      if decoded != snapshot { model[0].stack = [-1] }  // make the check fail loudly
      if !router.restorer.restore(snapshot).isComplete { model[0].stack = [-2] }
      return 0
    case .restoreIntoFreshRoot:
      guard let data = try? router?.restorer.snapshot().jsonData() else { return 0 }
      if tabbed {
        restoreIntoFreshTabs(data)
        return 0
      }
      let fresh = ModelFlow(counts: counts)
      let freshRouter = DeepLinkRouter(root: fresh, scheme: "m")
      let firstNewID = counts.nextID
      let report = freshRouter.restorer.restore(from: data)
      if !report.isComplete { model[0].stack = [-3] }
      for id in model.dropFirst().map(\.id) {
        ended[id] = .some(nil)
        delivered[id] = .some(nil)
      }
      model = model.enumerated().map { index, level in
        Level(
          id: index == 0 ? fresh.id : firstNewID + index - 1, stack: level.stack,
          style: level.style, returnsValue: index > 0)
      }
      root = fresh  // the old root, and the whole old tree with it, goes here
      coverage.freshRootRestores += 1
      router = freshRouter
      return 0
    }
  }

  /// Applies a tab operation to the tab bar and the model; a run without tabs ignores them.
  private mutating func applyTabOperation(_ operation: ModelOperation) -> Int {
    guard let container = tabsRoot?.container else { return 0 }
    switch operation {
    case .selectTab(let index):
      let i = index % tabs.count
      container.select(i)
      if i != selected { coverage.tabSelections += 1 }
      selected = i
      return 0
    case .userSelectTab(let index):
      let i = index % (tabs.count + 1)
      container.handle(.userSelectedTab(index: i))
      guard i < tabs.count else { return 1 }
      if i == selected {
        reselect()
      } else {
        coverage.tabSelections += 1
        selected = i
      }
      return 0
    case .userReselectTab:
      container.handle(.userSelectedTab(index: selected))
      reselect()
      return 0
    case .removeTab(let index):
      guard tabs.count > 1 else { return 0 }
      let i = index % tabs.count
      container.removeTab(at: i)
      if tabs[i].count > 1 { coverage.tabRemovalsUnderModal += 1 }
      // What the tab presented is torn down; the tab's own flow was no presentation.
      for level in tabs[i].dropFirst() {
        ended[level.id] = .tornDown
        delivered[level.id] = .some(nil)
      }
      tabs.remove(at: i)
      kinds.remove(at: i)
      if selected > i || selected == tabs.count {
        selected -= 1
        if selected != i { coverage.tabSelections += 1 }
      }
      return 0
    case .addTab(let kind, let index):
      guard tabs.count < 5 else { return 0 }
      let i = index % (tabs.count + 1)
      let flow: any ModelIdentified =
        kind ? ModelTabFlow(counts: counts) as any ModelIdentified : ModelFlow(counts: counts)
      container.addTab(flow.node, at: i)
      tabs.insert([Level(id: flow.id, stack: [0])], at: i)
      kinds.insert(kind, at: i)
      if selected >= i { selected += 1 }
      return 0
    default:
      return 0
    }
  }

  /// The user re-selected the selected tab: it pops to its root.
  private mutating func reselect() {
    guard model[0].stack.count > 1 else { return }
    model[0].stack.removeSubrange(1...)
    model[0].generation += 1
  }

  /// Restores `data` into a fresh tab bar with tabs of the same kinds; the old tree goes.
  private mutating func restoreIntoFreshTabs(_ data: Data) {
    let fresh = ModelTabs(kinds: kinds, counts: counts)
    let freshRouter = DeepLinkRouter(root: fresh, scheme: "m")
    let report = freshRouter.restorer.restore(from: data)
    if !report.isComplete { model[0].stack = [-3] }
    for tab in tabs {
      for level in tab.dropFirst() {
        ended[level.id] = .some(nil)
        delivered[level.id] = .some(nil)
      }
    }
    // The new flows' ids are read from the new tree; `check` compares everything else.
    for (t, node) in fresh.container.tabs.enumerated() where t < tabs.count {
      let ids = node.layersToTop.map { ($0.owner as? any ModelIdentified)?.id ?? -1 }
      tabs[t] = tabs[t].enumerated().map { index, level in
        Level(
          id: index < ids.count ? ids[index] : -1, stack: level.stack, style: level.style,
          returnsValue: index > 0)
      }
    }
    tabsRoot = fresh  // the old tab bar, and every old tab's tree with it, goes here
    coverage.freshRootRestores += 1
    router = freshRouter
  }

  /// Removes levels `from...` from the model: the first ends as `first`, those above as torn down.
  private mutating func end(from level: Int, first: PresentationEnding) {
    for index in level..<model.count {
      ended[model[index].id] = index == level ? first : .tornDown
      delivered[model[index].id] = .some(nil)
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
    if tabbed {
      // The selected tab is asked first, then the others in order; `w` links go to a
      // `ModelTabFlow` tab, `v` links to a `ModelFlow` tab.
      let order = [selected] + tabs.indices.filter { $0 != selected }
      guard let tab = order.first(where: { kinds[$0] == (components.first == "w") }) else {
        model[0].stack = [-4]  // the router applied a link no tab can take
        return
      }
      if tab != selected { coverage.linksIntoOtherTabs += 1 }
      selected = tab
    }
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
      model.append(
        Level(
          id: nextID, stack: targets[index], style: ModelFlow.linkedStyle, returnsValue: true))
      nextID += 1
    }
  }

  // MARK: Checking

  /// Compares the real tree with the model, and the live counts and endings with what the model
  /// dropped; returns what differs.
  mutating func check() -> String? {
    var bases: [ContainerNode] = root.map { [$0.container] } ?? []
    if let container = tabsRoot?.container {
      bases = container.tabs
      let ids = bases.map { ($0.owner as? any ModelIdentified)?.id ?? -1 }
      let expected = tabs.map { $0.first?.id ?? -1 }
      if ids != expected { return "tabs differ: real \(ids), model \(expected)" }
      if container.selectedIndex != selected {
        return "selected tab \(container.selectedIndex ?? -1), model \(selected)"
      }
    }
    if bases.count != tabs.count { return "\(bases.count) tabs, the model has \(tabs.count)" }
    for (t, base) in bases.enumerated() {
      var real: [(Int, [Int])] = []
      var styles: [PresentationStyle?] = []
      for current in base.layersToTop {
        guard let container = current as? StackContainer<ModelScreen> else { break }
        real.append(
          ((current.owner as? any ModelIdentified)?.id ?? -1, container.stack.map(\.value)))
        styles.append(current.presentationStyle)
      }
      let levels = tabs[t]
      if styles.count == levels.count, styles != levels.map(\.style) {
        return "styles differ in tab \(t): real \(styles), model \(levels.map(\.style))"
      }
      let expected = levels.map { ($0.id, $0.stack) }
      if real.count != expected.count
        || !zip(real, expected).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 })
      {
        return "tree differs in tab \(t): real \(real), model \(expected)"
      }
    }
    // Every container from the root to what the user sees names the same topmost layer.
    let start: ContainerNode? = tabbed ? tabsRoot?.container : root?.container
    let chain = start?.layersToTop ?? []
    if let top = chain.last, let wrong = chain.firstIndex(where: { $0.topmost !== top }) {
      return "level \(wrong)'s topmost is not the top of the chain"
    }
    let levels = tabs.joined()
    if counts.flows != levels.count {
      return "\(counts.flows) flows live, the model has \(levels.count)"
    }
    let screens = levels.reduce(0) { $0 + $1.stack.count }
    if counts.screens != screens {
      return "\(counts.screens) screens live, the model has \(screens)"
    }
    for level in tabs.flatMap({ $0.dropFirst() }) where counts.endings[level.id] != nil {
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
    // Each value reached its presenter once; nothing else delivered one.
    for (id, value) in delivered where counts.values[id] != value.map({ [$0] }) {
      return "flow \(id) delivered \(counts.values[id] ?? []), expected \(value.map { [$0] } ?? [])"
    }
    delivered.removeAll()
    for level in tabs.joined() where counts.values[level.id] != nil {
      return "live flow \(level.id) delivered \(counts.values[level.id] ?? [])"
    }
    return nil
  }
}
