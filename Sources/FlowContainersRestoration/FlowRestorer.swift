public import FlowContainersCore
public import Foundation

/// Saves and restores a tree of ``RestorableFlow``s: no URL scheme, no route patterns.
///
/// Create one for the root flow, a ``TabbedFlow`` whose tabs are restorable flows, or a
/// ``SplitFlow`` whose columns are.
/// ``snapshot()`` reads what the tree shows as a ``FlowSnapshot`` (a value you can encode);
/// ``restore(_:)`` rebuilds the tree to show one, through the same plan-and-apply engine deep
/// links use, in one change. An app with deep links uses its
/// ``DeepLinkRouter``'s ``FlowRestorer/snapshot()`` and ``FlowRestorer/restore(_:)``
/// instead: they check link requirements against the router's guards and replace held links. A
/// `FlowRestorer` alone leaves out every level whose flow type has a
/// ``RestorableFlow/requirement``, since it has no guard to check it with.
///
/// ```swift
/// let restorer = FlowRestorer(root: app)
/// try restorer.snapshot().jsonData().write(to: url)
/// // At the next launch:
/// let report = restorer.restore(from: try Data(contentsOf: url))
/// ```
///
/// The restorer holds its root weakly: the host owns the root flow.
@MainActor
public final class FlowRestorer {
  /// The root flow's container; `nil` once the host has released it.
  weak var rootNode: ContainerNode?
  /// The root flow, a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``; `nil` once the
  /// host has released it.
  public var root: AnyObject? { rootNode?.owner }
  /// Whether a flow type's link requirement holds.
  ///
  /// A restoration drops a level whose requirement does not. Without a router, none holds.
  package var isRequirementMet: @MainActor (FlowRequirement) -> Bool = { _ in false }
  /// Runs before a restoration changes the tree (a router drops its held links).
  package var willRestore: @MainActor () -> Void = {}
  /// Who hears where plans begin and end, made on the first registration; a router shares its
  /// restorer's.
  package var planObservers: PlanObservers?
  /// A restorer for the tree under `root`.
  ///
  /// - Parameter root: The root flow, held weakly: keep it alive yourself (store it) as long as
  ///   you use the restorer, or snapshots and restorations fail with `rootReleased`.
  public init(root: some RestorableFlow) {
    rootNode = root.container
  }

  /// A restorer for the tree under `root`, a tab bar: a snapshot saves every tab's tree and the
  /// selection, and restoring rebuilds each tree in the tab of its flow.
  ///
  /// A split tab is saved as a split's level, both columns and never the width, and restored
  /// by the split's rules.
  ///
  /// - Parameter root: The flow that owns the tab bar, held weakly.
  public init(root: some TabbedFlow) {
    rootNode = root.container
  }

  /// A restorer for the tree under `root`, a split: a snapshot saves both columns' trees (not
  /// the width, which is the host's), and restoring rebuilds them in one change, in either width.
  ///
  /// - Parameter root: The flow that owns the split, held weakly.
  public init(root: some SplitFlow) {
    rootNode = root.container
  }

  /// A restorer for the tree under `node`.
  package init(node: ContainerNode) {
    rootNode = node
  }
  /// A snapshot of what the tree shows now, root first.
  ///
  /// Each restorable flow contributes its routes. The snapshot stops at the first screen without a
  /// route (transient view state) and at the first presented flow that is not restorable: what is
  /// above those was made for them and is not restorable on its own.
  ///
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError/rootReleased`` when the root has been released: there is
  ///   no tree to save, and an empty snapshot would restore nothing without saying so.
  public func snapshot() throws(RestorationError) -> FlowSnapshot {
    guard let snapshot = liveSnapshot() else { throw RestorationError.rootReleased }
    return snapshot
  }

  /// How many tab bars or splits deep, each in a tab or column of the one before, a snapshot
  /// saves: each nests its branches' trees five JSON levels deeper, and `JSONDecoder` reads 512.
  static let maximumBarNesting = 64

  /// What the tree shows now; `nil` when the root has been released.
  func liveSnapshot() -> FlowSnapshot? {
    guard let rootNode, rootNode.owner != nil else { return nil }
    if let bar = rootNode as? TabContainer { return Self.snapshot(of: bar) }
    if let split = rootNode as? SplitContainer { return Self.snapshot(of: split) }
    return Self.snapshot(from: rootNode)
  }

  /// What the chain from `node` shows: each restorable flow's level, up to the first flow that is
  /// not restorable or the first screen without a route; a ``TabbedFlow``'s bar or a
  /// ``SplitFlow``'s split presented on the way is the last level, holding its tabs' or its
  /// columns' trees.
  ///
  /// A bar or a split inside `nesting` others is saved only up to ``maximumBarNesting``: a
  /// snapshot nests at each, and `JSONDecoder` reads no deeper than 512.
  static func snapshot(from node: ContainerNode, nesting: Int = 0) -> FlowSnapshot {
    var levels: [FlowSnapshot.Level] = []
    // A bar is the chain's last level here: its tabs are read one by one.
    let chain = LiveLevel.chain(from: node, readingRoutes: true, intoBranches: false)
    for level in chain {
      guard level.flow != nil else {
        guard !levels.isEmpty, nesting < maximumBarNesting else { break }
        var saved: FlowSnapshot
        if let bar = level.bar, bar.owner is any TabbedFlow {
          saved = snapshot(of: bar, nesting: nesting + 1)
        } else if let split = level.split, split.owner is any SplitFlow {
          saved = snapshot(of: split, nesting: nesting + 1)
        } else {
          break
        }
        saved.levels[0].style = level.container.presentationStyle ?? .sheet
        saved.levels.insert(contentsOf: levels, at: 0)
        return saved
      }
      let routes = level.routes
      let stable = routes.prefix { $0 != nil }.compactMap { $0 }
      levels.append(
        FlowSnapshot.Level(
          flow: level.container.flowName, routes: stable,
          style: level.container.presentationStyle ?? .sheet))
      if stable.count < routes.count { break }
    }
    var snapshot = FlowSnapshot(levels: levels)
    // An alert up over the last saved level is not saved, but listed, so that restoring says
    // so.
    if levels.count > 0, levels.count < chain.count,
      let title = chain[levels.count].container.details().transientTitle
    {
      snapshot.transient = [TransientLayer(.alert, title: title)]
    }
    return snapshot
  }

  /// Decodes `data` and restores it; see ``restore(_:)``.
  ///
  /// Corrupt, truncated, oversized, unknown-route data, or data of another schema version than
  /// ``FlowSnapshot/currentVersion``, restores nothing: the report's
  /// ``RestorationReport/error`` says why, and the tree stays as it was, which at launch is the
  /// root's default state.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    if let split = rootNode as? SplitContainer, let flow = split.owner as? any SplitFlow {
      do {
        return restore(
          try FlowSnapshot.decode(data, registry: Self.registry(of: flow)),
          into: split, flow: flow)
      } catch {
        return report(error: error)
      }
    }
    if let bar = rootNode as? TabContainer, bar.owner != nil {
      let tabs = bar.tabsUntracked
      let registry = FlowRegistry(declared: tabs.tabs.compactMap(Self.declaredType(ofTab:)))
      do {
        return restore(try FlowSnapshot.decode(data, registry: registry), into: bar)
      } catch {
        return report(error: error)
      }
    }
    do {
      let (root, registry) = try stackRoot()
      let snapshot = try FlowSnapshot.decode(data, registry: registry)
      try registry.validate(snapshot.levels.map(\.flow))
      return restore(validated: snapshot, root: root, registry: registry)
    } catch {
      return report(error: error)
    }
  }

  /// The root flow, a stack's, and the registry of the flow types under it.
  ///
  /// - Throws: ``RestorationError/rootReleased`` when there is no such root.
  private func stackRoot() throws(RestorationError) -> (
    root: any RestorableFlow, registry: FlowRegistry
  ) {
    guard let root = rootNode?.owner as? any RestorableFlow else {
      throw RestorationError.rootReleased
    }
    return (root, FlowRegistry(root: type(of: root)))
  }

  /// Why the tree under `node` cannot change now, if it cannot: it has finished, or a change
  /// is under way.
  static func unchangeable(_ node: ContainerNode) -> RestorationError? {
    let reading = node.untracked
    if reading.isFinished { return RestorationError.rootFinished }
    if reading.isChanging { return RestorationError.treeChanging }
    return nil
  }

  /// The type of `node`'s flow, if it is restorable.
  static func flowType(of node: ContainerNode) -> (any RestorableFlow.Type)? {
    (node.owner as? any RestorableFlow).map { type(of: $0) as any RestorableFlow.Type }
  }

  /// Rebuilds the tree to show `snapshot`, in one step and without animation.
  ///
  /// Restoration shares its engine with deep links: the snapshot's levels become a plan's
  /// targets, and the same checks apply. Routes are resolved against current data through each
  /// flow's ``RestorableFlow/makeScreen(for:)``: where one throws (the note was deleted), the
  /// deepest valid part is restored, the stack is cut before that route, everything presented
  /// above it is left out, and the report says what was dropped and why. A level whose flow
  /// type has an unmet ``RestorableFlow/requirement`` is dropped the same way; restoration never
  /// presents a guard. A flow the restoration would dismiss may object (``InterruptionAware``):
  /// then nothing changes and the report's error says who objected. Every change has cause
  /// ``NavigationCause/restoration`` and `animated: false`, and all are made before this returns,
  /// so the host renders once.
  ///
  /// - Parameter snapshot: A snapshot from ``snapshot()`` or ``FlowSnapshot/decode(_:root:)``.
  /// - Returns: What was restored and what was dropped; an invalid snapshot (levels that do not
  ///   fit the root's types) restores nothing and says why.
  public func restore(_ snapshot: FlowSnapshot) -> RestorationReport {
    if let split = rootNode as? SplitContainer, let flow = split.owner as? any SplitFlow {
      return restore(snapshot, into: split, flow: flow)
    }
    if let bar = rootNode as? TabContainer, bar.owner != nil {
      return restore(snapshot, into: bar)
    }
    do {
      let (root, registry) = try stackRoot()
      try registry.validate(snapshot.levels.map(\.flow))
      return restore(validated: snapshot, root: root, registry: registry)
    } catch {
      return report(error: error)
    }
  }

  /// Restores `snapshot`, whose levels `registry` has validated.
  private func restore(
    validated snapshot: FlowSnapshot, root: some RestorableFlow, registry: FlowRegistry
  ) -> RestorationReport {
    let node = PlanEngine.node(of: root)
    if let refusal = Self.unchangeable(node) { return report(error: refusal) }
    // The restored tree replaces whatever a held or resuming link would have shown.
    willRestore()
    // The whole restoration is one change of the tree: what callbacks ask for runs after it.
    let prepared = node.performChange { () -> Result<PreparedRestoration, RestorationError> in
      let prepared = prepare(validated: snapshot, root: root, registry: registry)
      if case .success(let restoration) = prepared, let plan = restoration.plan {
        PlanEngine.apply(restoration.changes, of: plan, telling: planObservers)
      }
      return prepared
    }.result
    switch prepared {
    case .failure(let refusal):
      return report(error: refusal)
    case .success(let restoration):
      // Alerts that were up were not saved: they are transient, and the report says so.
      return report(
        error: nil, dropped: restoration.dropped, droppedAlerts: snapshot.transient)
    }
  }

  /// Plans `snapshot` against the tree under the root and makes everything its plan needs,
  /// inside the tree's change, without applying it; see ``prepare(validated:root:registry:)``.
  ///
  /// The snapshot's levels are checked against the root's types first.
  func prepare(_ snapshot: FlowSnapshot) -> Result<PreparedRestoration, RestorationError> {
    do {
      let (root, registry) = try stackRoot()
      try registry.validate(snapshot.levels.map(\.flow))
      return prepare(validated: snapshot, root: root, registry: registry)
    } catch {
      return .failure(error)
    }
  }

  /// Plans `snapshot`, whose levels `registry` has validated, and makes what its plan needs.
  ///
  /// Nothing in the tree moves; this runs inside the tree's change. Where a route cannot be
  /// shown, the levels from there up are cut and the rest planned again; what was cut is in the
  /// result's drops.
  private func prepare(
    validated snapshot: FlowSnapshot, root: some RestorableFlow, registry: FlowRegistry
  ) -> Result<PreparedRestoration, RestorationError> {
    var dropped: [RestorationReport.Drop] = []
    // A tab bar's or a split's level is the last: its tabs or columns hold the rest.
    var levels = snapshot.levels
    if let bar = levels.firstIndex(where: { registry.entries[$0.flow]?.type.stack == nil }) {
      let kind = levels[bar].columns == nil ? "a tab bar" : "a split"
      for (index, over) in levels.enumerated().dropFirst(bar + 1) {
        dropped.append(
          RestorationReport.Drop(
            level: index, flow: over.flow, routes: over.routes,
            reason: "nothing is restored over \(kind)"))
      }
      levels.removeSubrange((bar + 1)...)
    }
    var targets = levels.compactMap { level in
      registry.entries[level.flow].map { entry in
        switch entry.type {
        case .stack(let flow):
          PlanEngine.Target(type: flow.type, routes: level.routes, style: level.style)
        case .tabs(let bar): PlanEngine.Target(bar: bar.type, tab: 0, style: level.style)
        case .split(let split):
          PlanEngine.Target(split: split.type, column: nil, style: level.style)
        }
      }
    }
    func cut(at level: Int, keeping count: Int?, because reason: String) {
      var cut: [RestorationReport.Drop] = []
      for index in level..<targets.count {
        let target = targets[index]
        let keep = index == level ? min(count ?? 0, target.routes.count) : 0
        let why = index == level ? reason : "presented over a screen that was not restored"
        cut.append(
          RestorationReport.Drop(
            level: index, flow: target.name, routes: Array(target.routes[keep...]),
            reason: why))
      }
      // A later cut is at the same level as an earlier one or below it: its drops go first.
      dropped.insert(contentsOf: cut, at: 0)
      if let count, count > 0 {
        targets[level] = targets[level].keeping(count)
        targets.removeSubrange((level + 1)...)
      } else if level == 0, let rootRoute = Self.rootRoute(of: root),
        targets[0].routes.first != rootRoute
      {
        // The root flow keeps its root screen (unless that is what failed: then nothing is
        // restored, and each pass still cuts the targets shorter).
        targets = [PlanEngine.Target(type: type(of: root), routes: [rootRoute])]
      } else {
        targets.removeSubrange(level...)
      }
    }
    // A flow always keeps its root screen: an empty saved stack is not one it could have had.
    // The root flow goes back to its root screen alone, and the report says so.
    if let first = targets.first, first.routes.isEmpty, let rootRoute = Self.rootRoute(of: root) {
      cut(
        at: 0, keeping: 0,
        because: "the saved stack is empty; \(first.name) keeps its root screen "
          + "\(rootRoute)")
    }
    if let level = targets.firstIndex(where: { target in
      target.type?.requirement.map { !isRequirementMet($0) } ?? false
    }) {
      cut(
        at: level, keeping: nil,
        because: "requires "
          + (targets[level].type?.requirement?.rawValue ?? ""))
    }
    // A failed pass changes nothing in the tree, so the live chain is read once. Each failure
    // cuts the targets shorter, so this ends after at most one pass per route.
    var live = LiveLevel.chain(from: root, readingRoutes: true)
    // The chain ends at a presented tab bar or split: its tabs or columns are restored on their
    // own.
    if let bar = live.indices.dropFirst().first(where: {
      live[$0].bar != nil || live[$0].split != nil
    }) {
      live.removeSubrange((bar + 1)...)
      // A bar kept as it is keeps its selection until its tabs are restored.
      if bar < targets.count, targets[bar].tab != nil,
        let selected = live[bar].bar?.tabsUntracked.selected
      {
        targets[bar] = PlanEngine.Target(
          bar: targets[bar].metatype, tab: selected, style: targets[bar].style)
      }
    }
    while !targets.isEmpty {
      let plan = PlanEngine.makePlan(
        request: .restoration, targets: targets, live: live, options: .restoration)
      do throws(PreparationFailure) {
        let changes = try PlanEngine.prepareChanges(for: plan, live: live)
        // The same check as for links: a flow the restoration would dismiss may object.
        if let objection = PlanEngine.objection(to: plan, live: live) {
          return .failure(
            RestorationError.objection(flow: objection.flow, reason: objection.reason))
        }
        if let saved = levels.last?.columns, targets.count == levels.count,
          targets.last?.isSplit == true,
          let split = Self.split(at: targets.count - 1, of: plan, live: live, changes: changes),
          let splitFlow = split.owner as? any SplitFlow
        {
          let columns = prepareColumns(
            saved, of: split, flow: splitFlow, over: plan, changes: changes)
          return .success(
            PreparedRestoration(
              plan: columns.plan, changes: columns.changes, dropped: dropped + columns.dropped))
        }
        if let saved = levels.last?.tabs, targets.count == levels.count, targets.last?.tab != nil,
          let bar = Self.bar(at: targets.count - 1, of: plan, live: live, changes: changes)
        {
          let tabs = prepareTabs(saved, of: bar, over: plan, changes: changes)
          return .success(
            PreparedRestoration(
              plan: tabs.plan, changes: tabs.changes, dropped: dropped + tabs.dropped))
        }
        return .success(PreparedRestoration(plan: plan, changes: changes, dropped: dropped))
      } catch {
        let reason: String
        switch error.failure {
        case .cannotShow(_, _, let why): reason = why.description
        case .cannotCreate(let flow, let subFlow): reason = "\(flow) did not create \(subFlow)"
        case .stalePlan: reason = "the tree changed after the restoration was planned"
        }
        cut(at: error.level, keeping: error.index, because: reason)
      }
    }
    return .success(PreparedRestoration(plan: nil, changes: [], dropped: dropped))
  }

  /// The tab bar at `level`, the plan's last: the live one it keeps, or the one it presents.
  private static func bar(
    at level: Int, of plan: NavigationPlan, live: [LiveLevel], changes: [PlanChange]
  ) -> TabContainer? {
    if plan.levels[level].isReused { return level < live.count ? live[level].bar : nil }
    for case .present(let node, _, _, _, _, _, _) in changes.reversed() {
      return node as? TabContainer
    }
    return nil
  }

  /// The split at `level`, the plan's last: the live one it keeps, or the one it presents.
  private static func split(
    at level: Int, of plan: NavigationPlan, live: [LiveLevel], changes: [PlanChange]
  ) -> SplitContainer? {
    if plan.levels[level].isReused { return level < live.count ? live[level].split : nil }
    for case .present(let node, _, _, _, _, _, _) in changes.reversed() {
      return node as? SplitContainer
    }
    return nil
  }

  /// The route `flow` keeps at the bottom, if it has one: its declared root, or its bottom
  /// screen's.
  static func rootRoute<Flow: RestorableFlow>(of flow: Flow) -> AnyRoute? {
    (flow.rootRoute ?? flow.container.screensUntracked.first.flatMap(flow.route(for:)))
      .map(AnyRoute.init)
  }

  /// A report of what the tree shows now, after a restoration that dropped `dropped` and
  /// `droppedAlerts`, or failed with `error`.
  func report(
    error: RestorationError?, dropped: [RestorationReport.Drop] = [],
    droppedAlerts: [TransientLayer] = []
  ) -> RestorationReport {
    var restored = liveSnapshot() ?? FlowSnapshot(levels: [])
    restored.transient = []
    return RestorationReport(
      restored: restored, dropped: dropped, droppedAlerts: droppedAlerts, error: error)
  }
}

extension FlowRestorer {
  /// Calls `observer` where each restoration's plan begins and ends; see ``PlanEvent``.
  ///
  /// - Parameter observer: Called on the main actor, inside the restoration's change.
  /// - Returns: A token; the observer stays registered until it is cancelled or released.
  public func observePlans(_ observer: @escaping @MainActor (PlanEvent) -> Void) -> ObserverToken {
    let observers = planObservers ?? ObserverToken.makeObservers(of: PlanEvent.self)
    planObservers = observers
    return observers.observe(observer)
  }
}

/// A restoration planned and prepared inside a change, not applied yet: its plan (`nil` when
/// nothing could be restored), the changes that install it, and what it drops.
struct PreparedRestoration {
  package let plan: NavigationPlan?
  package let changes: [PlanChange]
  package let dropped: [RestorationReport.Drop]
}
