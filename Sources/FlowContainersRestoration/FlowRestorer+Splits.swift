import FlowContainersCore

extension FlowRestorer {
  /// The flow types a split's snapshot decodes with: its primary's, its details', and theirs.
  static func registry(of flow: some SplitFlow) -> FlowRegistry {
    let split = type(of: flow)
    return FlowRegistry(roots: [split.primaryFlow] + split.detailFlowTypes)
  }

  /// A split's snapshot: the split's level with the primary's tree and the detail's, if a
  /// restorable detail is shown; never the width.
  ///
  /// What the split presents is saved in the tree of the column shown (the detail, or with none
  /// the primary), over which it hangs; an alert up there is listed as transient.
  static func snapshot(of split: SplitContainer, nesting: Int = 0) -> FlowSnapshot {
    let columns = split.untracked.columns
    var primary =
      columns?.primary.map { snapshot(from: $0, nesting: nesting) } ?? FlowSnapshot(levels: [])
    var detail = columns?.detail.map { snapshot(from: $0, nesting: nesting) }
    if detail?.levels.isEmpty == true { detail = nil }
    let transient = primary.transient + (detail?.transient ?? [])
    primary.transient = []
    detail?.transient = []
    var saved = FlowSnapshot(levels: [
      FlowSnapshot.Level(
        flow: split.flowName, routes: [],
        columns: FlowSnapshot.Columns(primary: primary, detail: detail))
    ])
    saved.transient = transient
    return saved
  }

  /// Restores `snapshot` into the split `split`, `flow`'s: both columns, as one plan and one
  /// change, whatever the split's width.
  ///
  /// A snapshot without a split's level is the primary's tree, with no detail. The report
  /// follows the rules of tabs: a column whose tree cannot be restored is dropped with a
  /// reason, prefixed `in the primary column: ` when the primary is not the column shown.
  func restore<Split: SplitFlow>(
    _ snapshot: FlowSnapshot, into split: SplitContainer, flow: Split
  ) -> RestorationReport {
    if let refusal = Self.unchangeable(split) { return report(error: refusal) }
    guard let level = snapshot.levels.first else { return report(error: nil, dropped: []) }
    let saved: FlowSnapshot.Columns
    if let columns = level.columns {
      guard level.flow == split.flowName else {
        return report(error: RestorationError.unexpectedFlow(level.flow, after: nil))
      }
      saved = columns
    } else {
      saved = FlowSnapshot.Columns(primary: snapshot, detail: nil)
    }
    let count = saved.primary.levels.count + (saved.detail?.levels.count ?? 0)
    guard count <= FlowSnapshot.maximumLevels else {
      return report(
        error: RestorationError.tooManyLevels(count: count, limit: FlowSnapshot.maximumLevels))
    }
    var dropped: [RestorationReport.Drop] = []
    // Nothing is restored over a split: the split is no restorable flow that presents.
    for (index, over) in snapshot.levels.enumerated().dropFirst() where level.columns != nil {
      dropped.append(
        RestorationReport.Drop(
          level: index, flow: over.flow, routes: over.routes,
          reason: "nothing is restored over a split"))
    }
    // The restored tree replaces whatever a held or resuming link would have shown.
    willRestore()
    _ = split.performChange {
      let columns = prepareColumns(saved, of: split, flow: flow, over: nil, changes: [])
      dropped += columns.dropped
      PlanEngine.apply(columns.changes, of: columns.plan, telling: planObservers)
    }
    // Alerts that were up were not saved: they are transient, and the report says so.
    return report(error: nil, dropped: dropped, droppedAlerts: snapshot.transient)
  }

  /// What restoring the detail's tree takes: the plan of the detail shown after it (`nil` for
  /// none), its changes, and whether the live detail stays.
  private struct DetailRestoration {
    var plan: NavigationPlan?
    var changes: [PlanChange] = []
    var keepsLiveDetail = false
  }

  /// Prepares restoring `saved` into `split`'s columns, nothing moving yet.
  ///
  /// The primary's tree goes into the primary; the detail's into the live detail (kept only
  /// when it is of the saved type and shows the saved first route) or into a new one the
  /// split's declaration makes; with no saved detail, the detail is closed. A live detail that
  /// objects to being replaced or closed stays, and the report says why.
  ///
  /// `split` is the last level of `base`, a plan whose changes are `baseChanges` (`nil` when the
  /// split is the root); the result is one plan that does both.
  func prepareColumns<Split: SplitFlow>(
    _ saved: FlowSnapshot.Columns, of split: SplitContainer, flow: Split,
    over base: NavigationPlan?, changes baseChanges: [PlanChange]
  ) -> (plan: NavigationPlan, changes: [PlanChange], dropped: [RestorationReport.Drop]) {
    let splitLevel = base.map { $0.levels.count - 1 } ?? 0
    let live = split.untracked
    var dropped: [RestorationReport.Drop] = []
    func drop(_ tree: FlowSnapshot, _ reason: String) {
      guard let first = tree.levels.first else { return }
      dropped.append(
        RestorationReport.Drop(
          level: splitLevel, flow: first.flow, routes: first.routes, reason: reason))
    }
    func prepare(
      _ tree: FlowSnapshot, in node: ContainerNode, prefix: String
    ) -> PreparedRestoration? {
      let restorer = FlowRestorer(node: node)
      restorer.isRequirementMet = isRequirementMet
      switch restorer.prepare(tree) {
      case .failure(let error):
        drop(tree, "\(prefix)\(error)")
        return nil
      case .success(let restoration):
        for var each in restoration.dropped {
          each.level += splitLevel + 1
          each.reason = prefix + each.reason
          dropped.append(each)
        }
        return restoration
      }
    }
    var detail = DetailRestoration()
    if let tree = saved.detail, let first = tree.levels.first {
      detail = prepareDetail(tree, first: first, in: split, flow: flow) {
        prepare($0, in: $1, prefix: "")
      } drop: {
        drop(tree, $0)
      }
    }
    // A live detail the restoration would replace or close may object, as a tab's flow may:
    // then it stays, and the saved detail is dropped with the objection as its reason.
    if let old = live.columns?.detail, !detail.keepsLiveDetail,
      let aware = old.owner as? any InterruptionAware,
      let reason = aware.objection(toInterruptionBy: .restoration)
    {
      let error = RestorationError.objection(flow: old.flowName, reason: reason)
      if let tree = saved.detail, !tree.levels.isEmpty {
        drop(tree, "\(error)")
      } else {
        dropped.append(
          RestorationReport.Drop(
            level: splitLevel + 1, flow: old.flowName, routes: [], reason: "\(error)"))
      }
      detail = DetailRestoration(plan: nil, changes: [], keepsLiveDetail: true)
    }
    let primaryShown = detail.plan == nil && !detail.keepsLiveDetail
    var steps: [NavigationPlan.Step] = []
    var changes = baseChanges
    // What the split presents hangs over the shown column: it goes when that column changes.
    if let cover = live.presented, live.columns?.detail != nil, !detail.keepsLiveDetail {
      steps.append(.dismiss(level: 1, flow: cover.flowName))
      changes.append(.dismiss(split, animated: false, cause: .restoration))
      // The base plan keeps the split: its chain ends there, and nothing of it is dismissed.
    }
    var primaryPlan: NavigationPlan?
    if let node = live.columns?.primary, !saved.primary.levels.isEmpty,
      let restoration = prepare(
        saved.primary, in: node, prefix: primaryShown ? "" : "in the primary column: ")
    {
      primaryPlan = restoration.plan
      steps += restoration.plan?.steps.map { $0.raised(by: 1) } ?? []
      changes += restoration.changes
    }
    if let old = live.columns?.detail, !detail.keepsLiveDetail {
      if let plan = detail.plan, let level = plan.levels.first {
        steps.append(.showDetail(level: 1, flow: level.flow, routes: level.routes))
      } else {
        steps.append(.closeDetail(level: 1, flow: old.flowName))
        changes.append(.closeDetail(split, animated: false, cause: .restoration))
      }
    } else if !detail.keepsLiveDetail, let plan = detail.plan, let level = plan.levels.first {
      steps.append(.showDetail(level: 1, flow: level.flow, routes: level.routes))
    } else if let plan = detail.plan {
      steps += plan.steps.map { $0.raised(by: 1) }
    }
    changes += detail.changes
    let plan = NavigationPlan.restoring(
      split, over: base, steps: steps, shown: primaryShown ? primaryPlan : detail.plan,
      column: primaryShown ? .primary : .detail)
    return (plan, changes, dropped)
  }

  /// Prepares the detail's saved tree `tree`, whose first level is `first`: into the live
  /// detail of `split`, when it is of that flow and shows that first route, otherwise into a new
  /// detail the split's declaration makes, shown by the last change.
  private func prepareDetail<Split: SplitFlow>(
    _ tree: FlowSnapshot, first: FlowSnapshot.Level, in split: SplitContainer, flow: Split,
    prepare: (FlowSnapshot, ContainerNode) -> PreparedRestoration?,
    drop: (String) -> Void
  ) -> DetailRestoration {
    guard let type = Split.detailFlowTypes.first(where: { FlowName($0) == first.flow }) else {
      drop("\(first.flow) is not a detail of \(FlowName(Split.self))")
      return DetailRestoration()
    }
    let live = split.untracked.columns?.detail
    if let live, let liveFlow = live.owner as? any RestorableFlow,
      ObjectIdentifier(Swift.type(of: liveFlow)) == ObjectIdentifier(type),
      LiveLevel.chain(from: live, readingRoutes: true).first.map({
        PlanEngine.showsFirst(first.routes, $0.routes)
      }) ?? false
    {
      guard let restoration = prepare(tree, live) else { return DetailRestoration() }
      return DetailRestoration(
        plan: restoration.plan, changes: restoration.changes, keepsLiveDetail: true)
    }
    guard let made = flow.makeDetail(ObjectIdentifier(type), showing: first.routes),
      case .stack(let detail) = made.flow,
      ObjectIdentifier(Swift.type(of: detail)) == ObjectIdentifier(type)
    else {
      drop("\(FlowName(Split.self)) did not create \(first.flow)")
      return DetailRestoration()
    }
    let node = PlanEngine.node(of: detail)
    // The new detail's own tree is prepared before it is shown, and restored once it is: what
    // it presents is presented through the split, over both columns, as a shown column's is.
    guard let restoration = prepare(tree, node), let plan = restoration.plan,
      let shown = plan.levels.first, !shown.routes.isEmpty
    else { return DetailRestoration() }
    return DetailRestoration(
      plan: NavigationPlan.newDetail(type, routes: shown.routes),
      changes: [
        .showDetail(
          node, of: detail, on: split, onEnd: made.onEnd,
          animated: false, cause: .restoration)
      ] + restoration.changes)
  }
}
