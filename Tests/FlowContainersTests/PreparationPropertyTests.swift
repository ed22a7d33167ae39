import FlowContainers
import Foundation
import Testing

@testable import FlowContainersCore

/// Random live trees, random links, destinations and snapshots, and one failure injected at a
/// random point of preparation: a plan that fails leaves every container's contents and revision
/// as they were, in the tree under test and in every other tree.
///
/// Each case is seeded; a failure prints its seed, and `FLOW_PREPARATION_SEED=<seed>` reruns
/// that case alone. `FLOW_PREPARATION_CASES` sets the number of cases (300 by default).
@MainActor
struct PreparationPropertyTests {
  @Test func aPlanThatFailsAnywhereInPreparationLeavesEveryContainerAsItWas() {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["FLOW_PREPARATION_CASES"].flatMap(Int.init) ?? 300
    let seeds =
      environment["FLOW_PREPARATION_SEED"].flatMap(UInt64.init).map { [$0] }
      ?? (0..<UInt64(count)).map { 0x0051_7E00 &+ $0 }
    var ran: [String: Int] = [:]
    var failed: [String: [UInt64]] = [:]
    var reported = 0
    for seed in seeds {
      let result = PreparationCase.run(seed: seed)
      guard let kind = result.kind else { continue }
      ran[kind, default: 0] += 1
      guard let failure = result.failure else { continue }
      failed[kind, default: []].append(seed)
      // The first few in full; the rest are counted in the summary.
      if reported < 3 {
        reported += 1
        Issue.record(
          """
          case with seed \(seed) failed (FLOW_PREPARATION_SEED=\(seed) reruns it): \(kind)
          \(failure)
          """)
      }
    }
    let summary = ran.keys.sorted().map { kind in
      let seeds = failed[kind, default: []]
      return "\(kind): \(seeds.count) of \(ran[kind] ?? 0)"
        + (seeds.isEmpty
          ? "" : " (seeds \(seeds.prefix(4).map(String.init).joined(separator: ", ")))")
    }
    if !failed.isEmpty {
      Issue.record(
        """
        \(failed.values.map(\.count).reduce(0, +)) of \(ran.values.reduce(0, +)) cases failed \
        (a container changed, the plan was not refused, or a restoration did other than for a \
        factory that returns nil); failed of run, by fault and form:
        \(summary.joined(separator: "\n"))
        """)
    }
    // The cases must reach every fault and form, or passing means little.
    if seeds.count >= 300 {
      for fault in ["no flow", "own root", "foreign flow", "screen throws"] {
        for form in ["link", "destination", "snapshot"] {
          #expect(ran["\(fault) / \(form)", default: 0] >= 3, "\(fault) / \(form)")
        }
      }
      for form in ["link", "destination"] {
        #expect(ran["stale plan / \(form)", default: 0] >= 3, "stale plan / \(form)")
      }
    }
    print("preparation property test: \(summary.joined(separator: "; "))")
  }
}

/// The kind of root a case's trees have.
private enum RootKind: CaseIterable {
  case deck
  case bar
  case split
}

/// What a case asks for.
private enum Target {
  case link(DeepLink)
  case destination(LinkDestination)
  case snapshot(FlowSnapshot)

  var form: String {
    switch self {
    case .link: "link"
    case .destination: "destination"
    case .snapshot: "snapshot"
    }
  }
}

/// The faults a case can choose from, by name.
private enum FaultKind: String, CaseIterable {
  case noFlow = "no flow"
  case ownRoot = "own root"
  case foreign = "foreign flow"
  case screenThrows = "screen throws"
  case stale = "stale plan"
}

/// Every container's contents and revision, of a tree and of the other trees.
private struct TreeState: Equatable, CustomStringConvertible {
  let trees: [FlowTree]
  let revisions: [[UInt64]]

  @MainActor
  init(_ roots: [ContainerNode]) {
    trees = roots.map { $0.tree }
    revisions = roots.map { $0.revisionsInTreeOrder }
  }

  var description: String {
    zip(trees, revisions).map { "\($0)\nrevisions \($1)" }.joined(separator: "\n")
  }
}

extension ContainerNode {
  /// Each container's revision, in the order of ``tree``'s levels: each level, then its tabs' or
  /// columns' subtrees, then what it presents.
  fileprivate var revisionsInTreeOrder: [UInt64] {
    var revisions: [UInt64] = []
    var left: [ContainerNode] = [self]
    while let node = left.popLast() {
      revisions.append(node.generation)
      if let presented = node.presentedNode, presented.attachment.style != nil {
        left.append(presented)
      }
      left += node.branches.nodes.reversed()
    }
    return revisions
  }
}

/// One tree under test, built from a seed: its root, its router and its restorer.
@MainActor
private struct World {
  let root: AnyObject
  let saboteur: Saboteur

  init(_ kind: RootKind, seed: UInt64, saboteur: Saboteur) {
    self.saboteur = saboteur
    var generator = SplitMix64(seed: seed)
    switch kind {
    case .deck:
      let deck = Deck(saboteur, Self.stack(&generator))
      Self.grow(deck, depth: 0, &generator)
      root = deck
    case .bar:
      let bar = DeckBar(saboteur)
      Self.grow(bar, depth: 0, &generator)
      root = bar
    case .split:
      let split = DeckSplit(saboteur)
      Self.grow(split, depth: 0, &generator)
      root = split
    }
    saboteur.root = root
  }

  var container: ContainerNode {
    switch root {
    case let deck as Deck: deck.container
    case let bar as DeckBar: bar.container
    case let split as DeckSplit: split.container
    default: fatalError("not a root")
    }
  }

  func router() -> DeepLinkRouter {
    switch root {
    case let deck as Deck: DeepLinkRouter(root: deck, scheme: "s")
    case let bar as DeckBar: DeepLinkRouter(root: bar, scheme: "s")
    case let split as DeckSplit: DeepLinkRouter(root: split, scheme: "s")
    default: fatalError("not a root")
    }
  }

  func restorer() -> FlowRestorer {
    switch root {
    case let deck as Deck: FlowRestorer(root: deck)
    case let bar as DeckBar: FlowRestorer(root: bar)
    case let split as DeckSplit: FlowRestorer(root: split)
    default: fatalError("not a root")
    }
  }

  /// The root screen and up to two numbered items.
  static func stack(_ generator: inout SplitMix64) -> [Card] {
    [.top]
      + (0..<Int.random(in: 0...2, using: &generator)).map { _ in
        .item(Int.random(in: 1...3, using: &generator))
      }
  }

  static let deepest = 4

  /// Presents over `container`, at random, one of `makers` (grown in turn) or an alert flow
  /// links know nothing about.
  static func presentSomething(
    over container: ContainerNode, depth: Int, _ generator: inout SplitMix64,
    _ makers: [(inout SplitMix64) -> (AnyObject, ContainerNode, PresentationStyle)]
  ) {
    guard depth < deepest else { return }
    let roll = Int.random(in: 0..<100, using: &generator)
    if roll < 10 {
      let alert = AlertFlow()
      container.present(alert.container)
    } else if roll < 60, !makers.isEmpty {
      let (flow, child, style) = makers[Int.random(in: 0..<makers.count, using: &generator)](
        &generator)
      withExtendedLifetime(flow) { container.present(child, style: style) }
    }
  }

  static func grow(_ deck: Deck, depth: Int, _ generator: inout SplitMix64) {
    let saboteur = deck.saboteur
    presentSomething(
      over: deck.container, depth: depth, &generator,
      [
        { generator in
          let child = Deck(saboteur, stack(&generator))
          grow(child, depth: depth + 1, &generator)
          return (child, child.container, .sheet)
        },
        { generator in
          let bar = DeckBar(saboteur)
          grow(bar, depth: depth + 1, &generator)
          return (bar, bar.container, .fullScreenCover)
        },
        { generator in
          let split = DeckSplit(saboteur)
          grow(split, depth: depth + 1, &generator)
          return (split, split.container, .sheet)
        },
      ])
  }

  static func grow(_ bar: DeckBar, depth: Int, _ generator: inout SplitMix64) {
    let saboteur = bar.saboteur
    for tab in bar.container.tabs {
      switch tab.owner {
      case let leaf as Leaf:
        leaf.container.replace(with: stack(&generator))
        presentSomething(
          over: leaf.container, depth: depth + 1, &generator,
          [
            { generator in
              let child = Deck(saboteur, stack(&generator))
              grow(child, depth: depth + 2, &generator)
              return (child, child.container, .sheet)
            }
          ])
      case let note as Note:
        note.container.replace(with: stack(&generator))
      default:
        break
      }
    }
    bar.container.select(Int.random(in: 0...1, using: &generator))
    if Int.random(in: 0..<100, using: &generator) < 10 {
      let alert = AlertFlow()
      bar.container.present(alert.container)
    }
  }

  static func grow(_ split: DeckSplit, depth: Int, _ generator: inout SplitMix64) {
    let saboteur = split.saboteur
    (split.container.primary?.owner as? Ledger)?.container.replace(with: stack(&generator))
    guard Bool.random(using: &generator) else { return }
    let page = Page(saboteur, stack(&generator))
    split.container.showDetail(page.container)
    // The shown detail presents through its split.
    presentSomething(
      over: split.container, depth: depth + 1, &generator,
      [
        { generator in
          let child = Deck(saboteur, stack(&generator))
          grow(child, depth: depth + 2, &generator)
          return (child, child.container, .sheet)
        }
      ])
  }

  /// A destination along what the user sees, for a typed request.
  func destination() -> LinkDestination? {
    var destination: LinkDestination?
    func add(_ owner: AnyObject?) -> Bool {
      func then<Flow: RestorableFlow>(_ flow: Flow) -> LinkDestination
      where
        Flow.Screen == Card,
        Flow.Route == Card
      {
        let stack = flow.container.stack
        return destination?.then(Flow.self, showing: stack) ?? .root(Flow.self, showing: stack)
      }
      switch owner {
      case let flow as Deck: destination = then(flow)
      case let flow as Leaf: destination = then(flow)
      case let flow as Note: destination = then(flow)
      case let flow as Ledger: destination = then(flow)
      case let flow as Page: destination = then(flow)
      default: return false
      }
      return true
    }
    var node: ContainerNode? = container
    while let current = node {
      if let bar = current as? TabContainer {
        node = bar.selectedTab
        continue
      }
      if let split = current as? SplitContainer {
        guard let column = split.detail ?? split.primary, add(column.owner) else { break }
        node = split.presented
        continue
      }
      guard add(current.owner) else { break }
      node = current.presented
    }
    return destination
  }
}

/// One case: a live tree, a target, a clean run that counts the calls, and a run with one fault.
@MainActor
private enum PreparationCase {
  struct Result {
    /// The fault and the form, such as `own root / link`; `nil` when the case was skipped.
    var kind: String?
    /// What went wrong, if anything.
    var failure: String?
  }

  static func run(seed: UInt64) -> Result {
    var generator = SplitMix64(seed: seed)
    let rootKind = RootKind.allCases[Int.random(in: 0..<3, using: &generator)]
    let liveSeed = generator.next()
    let target = World(rootKind, seed: generator.next(), saboteur: Saboteur())
    var targets: [Target] = []
    if let snapshot = try? target.restorer().snapshot() { targets.append(.snapshot(snapshot)) }
    if case .success(let link) = target.router().currentLink() { targets.append(.link(link)) }
    if let destination = target.destination() { targets.append(.destination(destination)) }
    targets.shuffle(using: &generator)
    for candidate in targets {
      // A clean run on a copy of the live tree: it must work, and it counts the calls.
      let clean = World(rootKind, seed: liveSeed, saboteur: Saboteur())
      guard let calls = cleanRun(candidate, in: clean) else { continue }
      var kinds: [(FaultKind, Fault)] = []
      let foreign = ForeignTrees()
      for (call, type) in calls.factories.enumerated() {
        kinds.append((.noFlow, .noFlow(at: call)))
        if type == ObjectIdentifier(Swift.type(of: clean.root)) {
          kinds.append((.ownRoot, .ownRoot(at: call)))
        }
        for candidate in foreign.candidates(of: typeNamed(type)).indices {
          kinds.append((.foreign, .foreign(at: call, candidate: candidate)))
        }
      }
      for call in 0..<calls.screens {
        kinds.append((.screenThrows, .screenThrows(at: call)))
      }
      var names = Set(kinds.map(\.0))
      if case .snapshot = candidate {} else if calls.changes { names.insert(.stale) }
      guard !names.isEmpty else { continue }
      // A kind of fault first, so that each is tried as often; then a point.
      let name = FaultKind.allCases.filter(names.contains).randomElement(using: &generator)
      guard let name else { continue }
      let fault = kinds.filter { $0.0 == name }.map(\.1).randomElement(using: &generator)
      let kind = "\(name.rawValue) / \(candidate.form)"
      let failure = sabotagedRun(
        candidate, rootKind: rootKind, liveSeed: liveSeed, kind: name, fault: fault ?? .none,
        factories: calls.factories)
      return Result(kind: kind, failure: failure)
    }
    return Result(kind: nil, failure: nil)
  }

  /// The type `identity` names, among those a factory makes.
  static func typeNamed(_ identity: ObjectIdentifier) -> AnyObject.Type {
    let types: [AnyObject.Type] = [Deck.self, DeckBar.self, DeckSplit.self, Page.self]
    return types.first { ObjectIdentifier($0) == identity } ?? Deck.self
  }

  /// Runs `target` on `world` with no fault: the calls it made, and whether it changed the tree;
  /// `nil` when a link or a destination is not applied.
  static func cleanRun(
    _ target: Target, in world: World
  ) -> (factories: [ObjectIdentifier], screens: Int, changes: Bool)? {
    let saboteur = world.saboteur
    let before = TreeState([world.container])
    switch target {
    case .link, .destination:
      let router = world.router()
      guard let plan = plan(target, router) else { return nil }
      saboteur.isArmed = true
      let outcome = router.apply(plan)
      saboteur.isArmed = false
      guard case .applied = outcome else { return nil }
    case .snapshot(let snapshot):
      saboteur.isArmed = true
      _ = world.restorer().restore(snapshot)
      saboteur.isArmed = false
    }
    return (
      saboteur.factoryCalls, saboteur.screenCalls, TreeState([world.container]) != before
    )
  }

  static func plan(_ target: Target, _ router: DeepLinkRouter) -> NavigationPlan? {
    switch target {
    case .link(let link): try? router.plan(for: link).get()
    case .destination(let destination): try? router.plan(for: destination).get()
    case .snapshot: nil
    }
  }

  /// Runs `target` on a fresh copy of the live tree with `fault`, and says what went wrong.
  static func sabotagedRun(
    _ target: Target, rootKind: RootKind, liveSeed: UInt64, kind: FaultKind, fault: Fault,
    factories: [ObjectIdentifier]
  ) -> String? {
    let saboteur = Saboteur()
    let world = World(rootKind, seed: liveSeed, saboteur: saboteur)
    let foreign = ForeignTrees()
    saboteur.foreign = foreign
    saboteur.fault = fault
    let liveTree = world.container.tree.description
    let foreignBefore = TreeState(foreign.rootContainers)
    var problems: [String] = []
    switch target {
    case .link, .destination:
      let router = world.router()
      guard let plan = plan(target, router) else { return "the plan could not be made again" }
      if kind == .stale, !changeRoot(of: world) { return nil }
      let before = TreeState([world.container])
      saboteur.isArmed = true
      let outcome = router.apply(plan)
      saboteur.isArmed = false
      let expected: Bool
      switch (kind, outcome) {
      case (.noFlow, .failed(.cannotCreate)), (.ownRoot, .failed(.cannotCreate)),
        (.foreign, .failed(.cannotCreate)), (.screenThrows, .failed(.cannotShow)),
        (.stale, .failed(.stalePlan)):
        expected = true
      default:
        expected = false
      }
      if !expected { problems.append("outcome: \(outcome.summary)") }
      let after = TreeState([world.container])
      if after != before {
        problems.append("the tree changed:\nbefore:\n\(before)\nafter:\n\(after)")
      }
    case .snapshot(let snapshot):
      saboteur.isArmed = true
      let report = world.restorer().restore(snapshot)
      saboteur.isArmed = false
      switch fault {
      case .ownRoot(let call), .foreign(let call, _):
        // The same restoration on a third copy whose factory returns nothing at that call: the
        // fault must be refused as that one is, and change the same things.
        let baseline = Saboteur()
        let copy = World(rootKind, seed: liveSeed, saboteur: baseline)
        baseline.fault = .noFlow(at: call)
        baseline.isArmed = true
        let expected = copy.restorer().restore(snapshot)
        baseline.isArmed = false
        if Self.lines(report) != Self.lines(expected) {
          problems.append(
            "the report: \(Self.lines(report)), not \(Self.lines(expected)) as for nil")
        }
        let after = TreeState([world.container])
        let baselineAfter = TreeState([copy.container])
        if after != baselineAfter {
          problems.append(
            "the tree is not as a nil factory leaves it:\nexpected:\n\(baselineAfter)\n"
              + "got:\n\(after)")
        }
      case .noFlow, .screenThrows:
        if report.isComplete { problems.append("the report is complete: \(Self.lines(report))") }
      case .none:
        break
      }
    }
    // Up to the fault, the run makes the calls the clean run made, or the fault is not where
    // the case says.
    let common = min(
      saboteur.factoryCallsWhenFailed ?? saboteur.factoryCalls.count, factories.count)
    if saboteur.factoryCalls.prefix(common) != factories.prefix(common) {
      problems.append("the factory calls differ from the clean run's: the case is not repeatable")
    }
    let foreignAfter = TreeState(foreign.rootContainers)
    if foreignAfter != foreignBefore {
      problems.append(
        "another tree changed:\nbefore:\n\(foreignBefore)\nafter:\n\(foreignAfter)")
    }
    guard !problems.isEmpty else { return nil }
    return """
      fault: \(fault)
      live tree:
      \(liveTree)
      target: \(target)
      \(problems.joined(separator: "\n"))
      """
  }

  /// Changes the root's own container, which every plan reads; `false` when it could not.
  static func changeRoot(of world: World) -> Bool {
    let before = world.container.generation
    switch world.root {
    case let deck as Deck: deck.container.push(.item(9))
    case let bar as DeckBar: bar.container.select(bar.container.selectedIndex == 0 ? 1 : 0)
    case let split as DeckSplit:
      if split.container.detail == nil {
        let page = Page(split.saboteur)
        split.container.showDetail(page.container)
      } else {
        split.container.closeDetail()
      }
    default: break
    }
    return world.container.generation != before
  }

  static func lines(_ report: RestorationReport) -> [String] {
    report.dropped.map { "\($0.level) \($0.flow) \($0.routes): \($0.reason)" }
      + (report.error.map { ["error: \($0)"] } ?? [])
  }
}
