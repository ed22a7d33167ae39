public import FlowContainersCore
public import Foundation

/// Saves and restores a tree of ``RestorableFlow``s: no URL scheme, no route patterns.
///
/// ``snapshot()`` reads what the tree shows as a ``FlowSnapshot``; ``restore(_:)`` rebuilds the
/// tree to show one, in one change. An app with deep links uses ``DeepLinkRouter/restorer``,
/// which checks requirements against the router's guards; a `FlowRestorer` alone leaves out
/// every level whose flow type has a ``RestorableFlow/requirement``.
///
/// ```swift
/// let restorer = FlowRestorer(root: app)
/// try restorer.snapshot().jsonData().write(to: url)
/// // At the next launch:
/// let report = restorer.restore(from: try Data(contentsOf: url))
/// ```
///
/// The restorer holds its root weakly: keep the root flow alive.
@MainActor
public final class FlowRestorer {
  /// The root flow's container; `nil` once the host has released it.
  weak var rootNode: ContainerNode?
  /// The root flow: a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``; `nil` once the
  /// host has released it.
  public var root: AnyObject? { rootNode?.owner }
  /// Whether a flow type's requirement holds: the hook links fill with their guards.
  ///
  /// A restoration leaves out a level whose requirement does not. Alone, a restorer checks
  /// none, so none holds.
  package var isRequirementMet: @MainActor (FlowRequirement) -> Bool = { _ in false }
  /// What the layer above does as a restoration's changes are about to run, before any
  /// ``PlanEvent/willApply(_:)``: links drop a held or resuming link.
  package var willRestore: @MainActor () -> Void = {}
  /// The last plan's reading of the tree, emptied: scratch the next plan reads into.
  private var spare: LiveTree.Spare = ([], [])
  /// The last plan's prepared levels, emptied, for the next: scratch a plan takes while it runs.
  private var spareLevels: [NavigationPlan.PreparedLevel] = []
  /// Who hears where plans begin and end, made on the first registration.
  private var planObservers:
    (observe: (@escaping (PlanEvent) -> Void) -> ObserverToken, send: (PlanEvent) -> Void)?

  /// A restorer for the tree under `root`: a ``RestorableFlow``, a ``TabbedFlow`` or a
  /// ``SplitFlow``, held weakly (keep it alive, or everything fails with `rootReleased`).
  public init(root: some ContainerFlow) {
    rootNode = root.container
  }

  /// A snapshot of what the tree shows now, root first.
  ///
  /// It stops at the first screen without a route and at the first presented flow that is not
  /// restorable: what is above those is not restorable on its own.
  ///
  /// - Returns: The snapshot.
  /// - Throws: ``RestorationError/rootReleased``, or
  ///   ``RestorationError/tooManyLevels(count:limit:)`` for more than 4,096 levels, counting
  ///   every tab's and column's.
  public func snapshot() throws(RestorationError) -> FlowSnapshot {
    guard let rootNode, rootNode.owner != nil else { throw RestorationError.rootReleased }
    let snapshot = FlowSnapshot.tree(of: LiveTree(root: rootNode))
    try snapshot.checkLevelCount()
    return snapshot
  }

  /// Decodes `data` and restores it; see ``restore(_:)``.
  ///
  /// Data that cannot be read restores nothing: the report's ``RestorationReport/error`` says
  /// why, and the tree stays as it was.
  ///
  /// - Parameter data: Bytes from ``FlowSnapshot/jsonData()``, such as a ``SnapshotFile``'s.
  /// - Returns: What was restored, what was dropped, or why nothing was.
  public func restore(from data: Data) -> RestorationReport {
    restore { registry throws(RestorationError) in
      try FlowSnapshot.decode(data, registry: registry)
    }
  }

  /// Rebuilds the tree to show `snapshot`, in one step and without animation.
  ///
  /// It plans as links do, and applies the difference from the live tree in one change, with
  /// cause ``NavigationCause/restoration``. Where ``RestorableFlow/makeScreen(for:)`` throws,
  /// or a requirement is unmet, the stack is cut there, what is above is left out, and the
  /// report says why. A flow that objects (``InterruptionAware``) stops it and nothing changes,
  /// except a split's detail, which stays while its saved detail is dropped.
  ///
  /// - Parameter snapshot: A snapshot from ``snapshot()`` or ``FlowSnapshot/decode(_:root:)``.
  /// - Returns: What was restored and what was dropped; an invalid snapshot (levels that do not
  ///   fit the root's types) restores nothing and says why.
  public func restore(_ snapshot: FlowSnapshot) -> RestorationReport {
    restore { _ in snapshot }
  }

  /// Restores the snapshot `decode` reads with the flow types of the root's tree.
  private func restore(
    _ decode: (FlowRegistry) throws(RestorationError) -> FlowSnapshot
  ) -> RestorationReport {
    guard let rootNode, let root = rootNode.owner as? any ContainerFlow else {
      return report(error: .rootReleased)
    }
    // The flow types `root` leads to, and, for a tab bar, those of its tabs as they are.
    var roots: [any ContainerFlow.Type] = [type(of: root)]
    if type(of: root).declaredKind == .tabs {
      let live = LiveTree(root: root.container)
      let tabs = live.levels[0].tabs.compactMap { live.node($0).owner as? any ContainerFlow }
      roots += tabs.map { type(of: $0) }
    }
    let registry = FlowRegistry(roots: roots)
    let snapshot: FlowSnapshot
    var target: RestorationTarget
    do throws(RestorationError) {
      snapshot = try decode(registry)
      let state = rootNode.details()
      if state.isFinished { throw .rootFinished }
      if state.isChanging { throw .treeChanging }
      try snapshot.checkLevelCount()
      target = try RestorationTarget(
        snapshot, root: root, registry: registry, isRequirementMet: isRequirementMet)
    } catch {
      return report(error: error)
    }
    // The whole restoration is one change of the tree: what callbacks ask for runs after it.
    let refusal = rootNode.transact(cause: .restoration) { apply -> RestorationError? in
      let live = LiveTree(root: rootNode)
      // Each failure cuts the target shorter, so this ends.
      while !target.tree.levels.isEmpty {
        let plan: NavigationPlan
        switch NavigationPlan.difference(
          from: live, to: target.tree, request: .restoration, options: .restoration)
        {
        case .success(let made): plan = made
        case .failure(let failure):
          target.cut(failure)
          continue
        }
        if let objection = plan.objection(),
          case .objection(let flow, let reason, let waitingOn) = objection.failure
        {
          let error = RestorationError.objection(flow: flow, reason: reason)
          // A split's detail that objects stays; anything else refuses the restoration.
          guard let split = objection.split, let detail = waitingOn.owner as? any ContainerFlow
          else { return error }
          target.keepLiveDetail(of: split, type: type(of: detail), reason: "\(error)")
          continue
        }
        do throws(PlanFailure) {
          var prepared = try plan.prepare(root: rootNode, reusing: &spareLevels)
          willRestore()
          planObservers?.send(.willApply(plan))
          plan.apply(&prepared, with: apply)
          spareLevels = prepared
          planObservers?.send(.didApply(plan))
          return nil
        } catch {
          target.cut(error)
        }
      }
      return nil
    }.result
    // Alerts that were up were not saved: they are transient, and the report says so.
    return report(
      error: refusal, dropped: refusal == nil ? target.dropped : [],
      droppedAlerts: refusal == nil ? snapshot.transient : [])
  }

  /// A report of what the tree shows now, after a restoration that dropped `dropped` and
  /// `droppedAlerts`, or failed with `error`.
  func report(
    error: RestorationError?, dropped: [RestorationReport.Drop] = [],
    droppedAlerts: [TransientLayer] = []
  ) -> RestorationReport {
    var restored =
      rootNode.flatMap { $0.owner == nil ? nil : FlowSnapshot.tree(of: LiveTree(root: $0)) }
      ?? FlowSnapshot(levels: [])
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

// What links plan and apply through: the restorer's root and planning, and nothing of links.
extension FlowRestorer {
  /// The plan that takes the tree to the target `build` fills for `request`, whose changes carry
  /// `cause`: a dry run, which changes nothing, against one reading of the tree.
  ///
  /// `build` starts from an empty target that can say what is live; the target is planned only
  /// when it returns `true`. Not generic over why it stops: the caller keeps that.
  ///
  /// - Returns: The plan, or why it could not be made: ``PlanFailure/stale`` when the root is
  ///   released or `build` stopped.
  package func plan(
    for request: NavigationRequest, cause: NavigationCause,
    building build: (inout TargetTree) -> Bool
  ) -> Result<NavigationPlan, PlanFailure> {
    guard let rootNode, rootNode.owner != nil else { return .failure(.stale) }
    let (levels, containers) = spare
    spare = ([], [])
    var target = TargetTree(live: LiveTree(root: rootNode, reusing: levels, containers))
    defer { spare = target.spareLive() }
    guard build(&target), let live = target.live else { return .failure(.stale) }
    return NavigationPlan.difference(
      from: live, to: target, request: request, options: .request(cause: cause))
  }

  /// Applies `plan` as one change of the tree, wholly or not at all.
  ///
  /// Inside the change, once the plan is found current, `admit` may stop it (nothing changes);
  /// then the flows it would end may object, and everything it needs is made before the first
  /// change; the changes run between one ``PlanEvent/willApply(_:)`` and one
  /// ``PlanEvent/didApply(_:)``.
  ///
  /// Not generic over what `admit` stops with: the caller keeps that, and this runs with no
  /// metadata to look up.
  ///
  /// - Parameters:
  ///   - plan: A plan from ``plan(for:cause:building:)``.
  ///   - admit: What the layer above checks first; `false` stops the plan.
  /// - Returns: Whether the plan was applied (`false` when `admit` stopped it), or why it could
  ///   not be; and, when what callbacks asked for after it left the tree not showing the plan,
  ///   the first of those requests.
  package func apply(
    _ plan: NavigationPlan, admitting admit: (NavigationPlan) -> Bool
  ) -> (
    result: Result<Bool, PlanFailure>,
    firstRequest: (operation: String, fileID: StaticString, line: UInt)?
  ) {
    guard let rootNode, plan.node(at: 0) === rootNode else { return (.failure(.stale), nil) }
    let (result, first) = rootNode.transact(cause: plan.options.cause) {
      apply -> Result<Bool, PlanFailure> in
      guard plan.isCurrent else { return .failure(.stale) }
      guard admit(plan) else { return .success(false) }
      if let objection = plan.objection() { return .failure(objection.failure) }
      do throws(PlanFailure) {
        var prepared = try plan.prepare(root: rootNode, reusing: &spareLevels)
        if plan.options.isRestoration { willRestore() }
        planObservers?.send(.willApply(plan))
        // Nothing here holds the flows being dismissed, so each is released as its layer ends.
        plan.apply(&prepared, with: apply)
        spareLevels = prepared
        planObservers?.send(.didApply(plan))
        return .success(true)
      } catch {
        return .failure(error)
      }
    }
    guard case .success(true) = result, first != nil, !shows(plan) else { return (result, nil) }
    return (result, first)
  }

  /// Whether the tree shows `plan`'s target now: planning it again changes nothing.
  private func shows(_ plan: NavigationPlan) -> Bool {
    guard let rootNode else { return false }
    let again = NavigationPlan.difference(
      from: LiveTree(root: rootNode), to: plan.target, request: plan.request, options: plan.options)
    guard case .success(let made) = again else { return false }
    return made.moves.isEmpty
  }
}
