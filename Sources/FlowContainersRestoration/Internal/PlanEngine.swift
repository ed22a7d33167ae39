package import FlowContainersCore

/// The one plan-and-apply engine deep links and restoration share: from targets (a flow type
/// and its routes per level) to the fewest steps, then from a plan to the changes that install
/// it, made before anything moves and applied as one change.
///
/// The engine runs no `if restoration` branch: what differs between a link and a restoration
/// is in the plan's ``PlanOptions``.
@MainActor
package enum PlanEngine {
  package struct Target {
    /// What the level is: a stack flow, a tab bar and the tab the path goes into, or a split
    /// and the column the path goes into (`nil` when the path ends at the split, whose columns
    /// a restoration restores on their own).
    enum Kind {
      case stack(any RestorableFlow.Type)
      case tabs(AnyObject.Type, tab: Int)
      case split(AnyObject.Type, column: SplitColumn?)
    }

    let kind: Kind
    package var routes: [AnyRoute]
    /// How to present the flow if it must be presented; `nil` for the style the parent's
    /// ``SubFlow`` declaration gives it (a restoration passes the style it saved).
    var style: PresentationStyle? = nil

    package init(type: any RestorableFlow.Type, routes: [AnyRoute], style: PresentationStyle? = nil)
    {
      kind = .stack(type)
      self.routes = routes
      self.style = style
    }

    /// A tab bar's level, whose path goes into tab `tab`.
    package init(bar: AnyObject.Type, tab: Int, style: PresentationStyle? = nil) {
      kind = .tabs(bar, tab: tab)
      routes = []
      self.style = style
    }

    /// A split's level, whose path goes into `column`, or ends there when it is `nil`.
    package init(split: AnyObject.Type, column: SplitColumn?, style: PresentationStyle? = nil) {
      kind = .split(split, column: column)
      routes = []
      self.style = style
    }

    /// Whether the level is a split's.
    package var isSplit: Bool {
      if case .split = kind { return true }
      return false
    }

    /// The stack flow's type; `nil` for a tab bar or a split.
    package var type: (any RestorableFlow.Type)? {
      if case .stack(let type) = kind { return type }
      return nil
    }

    /// The tab the path goes into, for a tab bar's level.
    package var tab: Int? {
      if case .tabs(_, let tab) = kind { return tab }
      return nil
    }

    /// The column the path goes into, for a split's level.
    package var column: SplitColumn? {
      if case .split(_, let column) = kind { return column }
      return nil
    }

    var identity: ObjectIdentifier { ObjectIdentifier(metatype) }

    /// The level's flow type, a stack flow's or a tab bar's.
    var metatype: AnyObject.Type {
      switch kind {
      case .stack(let type): type
      case .tabs(let type, _): type
      case .split(let type, _): type
      }
    }

    package var name: FlowName {
      switch kind {
      case .stack(let type): FlowName(type)
      case .tabs(let type, _): FlowName(type)
      case .split(let type, _): FlowName(type)
      }
    }

    /// The same level, showing only its first `count` routes.
    package func keeping(_ count: Int) -> Target {
      var target = self
      target.routes = Array(routes.prefix(count))
      return target
    }
  }

  /// The fewest steps from the live tree to `targets`: dismiss what is in the way, select the
  /// tabs the path goes into, close a split's detail when the path goes into its primary,
  /// change the stacks that stay, present what is new or show it as a split's detail.
  ///
  /// `live` is the chain along the targets' path: at a tab bar's level, into the tab its target
  /// goes into; at a split's, into the column its target goes into.
  package static func makePlan(
    request: NavigationRequest, targets: [Target], live: [LiveLevel], options: PlanOptions
  ) -> NavigationPlan {
    var reused = 0
    while reused < targets.count, reused < live.count,
      live[reused].flowIdentity == targets[reused].identity,
      reused == 0 || Self.canKeep(reused, of: live, over: targets[reused - 1].routes),
      // A detail is kept only while it shows the target's first route: note 1's is no note 2's.
      reused == 0 || targets[reused - 1].column != .detail
        || Self.showsFirst(targets[reused].routes, live[reused].routes),
      // A target that names its style (a restored level) keeps only a layer shown that way.
      reused == 0
        || targets[reused].style.map({ $0 == live[reused].container.presentationStyle })
          ?? true
    {
      reused += 1
    }
    // Each level's name, made once: a kept level's is its container's, which the container
    // keeps; a new level's is its type's.
    var names: [FlowName] = []
    names.reserveCapacity(targets.count)
    for level in targets.indices {
      names.append(level < reused ? live[level].name : targets[level].name)
    }
    var steps: [NavigationPlan.Step] = []
    // At most two steps a level, and one dismissal: one allocation, not one per doubling.
    steps.reserveCapacity(2 * targets.count + 1)
    // A tab bar the path goes through: what it presents is in the way, and the tab is selected.
    for level in 0..<reused {
      if let column = targets[level].column, let split = live[level].split {
        Self.appendSplitSteps(
          to: &steps, level: level, column: column, split: split,
          shown: level + 1 < live.count ? live[level + 1].container : nil)
        continue
      }
      guard let tab = targets[level].tab, let bar = live[level].bar else { continue }
      let reading = bar.untracked
      if let cover = reading.presented {
        steps.append(.dismiss(level: level + 1, flow: cover.flowName))
      }
      if tab != reading.selectedTab, reading.tabs.indices.contains(tab) {
        steps.append(.selectTab(level: level, index: tab, flow: reading.tabs[tab].flowName))
      }
    }
    // A detail the plan replaces is not dismissed: showing the new one ends it. What the split
    // presents over it is.
    let replacesDetail =
      reused > 0 && reused < targets.count && targets[reused - 1].column == .detail
      && live.count > reused
    let inTheWay = replacesDetail ? reused + 1 : reused
    if live.count > inTheWay {
      // The flow in the way is often of the type the plan presents there: its name is made.
      let flow =
        inTheWay < targets.count && live[inTheWay].flowIdentity == targets[inTheWay].identity
        ? names[inTheWay] : live[inTheWay].name
      steps.append(.dismiss(level: inTheWay, flow: flow))
    }
    for level in 0..<reused where targets[level].tab == nil && !targets[level].isSplit {
      Self.appendStackSteps(
        to: &steps, level: level, flow: names[level], from: live[level].routes,
        to: targets[level].routes)
    }
    for level in reused..<targets.count {
      // A new tab bar's tab is there once the bar is: it is selected, and its stack set (a
      // split tab's columns are there with it: the path goes on into one).
      if level > reused, let tab = targets[level - 1].tab {
        steps.append(.selectTab(level: level - 1, index: tab, flow: names[level]))
        if !targets[level].isSplit {
          steps.append(.replace(level: level, flow: names[level], routes: targets[level].routes))
        }
        continue
      }
      // A new split's primary is there once the split is: its stack is set.
      if level > reused, targets[level - 1].isSplit, targets[level - 1].column == .primary {
        steps.append(.replace(level: level, flow: names[level], routes: targets[level].routes))
        continue
      }
      if level > 0, targets[level - 1].column == .detail {
        steps.append(.showDetail(level: level, flow: names[level], routes: targets[level].routes))
        continue
      }
      var style = targets[level].style ?? .sheet
      if targets[level].style == nil, level > 0, let parent = targets[level - 1].type {
        style = parent.declaredStyle(of: targets[level].metatype)
      }
      steps.append(
        .present(level: level, flow: names[level], style: style, routes: targets[level].routes))
    }
    var levels: [NavigationPlan.Level] = []
    levels.reserveCapacity(targets.count)
    for level in targets.indices {
      levels.append(
        NavigationPlan.Level(
          flow: names[level], routes: targets[level].routes, isReused: level < reused))
    }
    // Loops rather than closures here and in `matches`: a closure made on the main actor checks
    // that it runs there each time it is called.
    var stamp = TreeStamp(entries: [])
    stamp.entries.reserveCapacity(live.count)
    for level in live.indices {
      stamp.entries.append(
        TreeStamp.Entry(
          container: ObjectIdentifier(live[level].container), revision: live[level].revision))
    }
    return NavigationPlan(
      request: request, levels: levels, steps: steps, targets: targets, stamp: stamp,
      options: options)
  }

  /// Whether `live`, a detail's routes, start with the first of `target`.
  static func showsFirst(_ target: [AnyRoute], _ live: [AnyRoute?]) -> Bool {
    guard let first = target.first, let shown = live.first, let shown else { return false }
    return first == shown
  }

  /// Appends the steps through a split the plan keeps, whose path goes into `column`, where
  /// `shown` is the live level the chain read in it: what the split presents is in the way
  /// unless the chain went through it (it hangs over the shown column), and a path into the
  /// primary closes the detail, so that the primary is what the user sees.
  static func appendSplitSteps(
    to steps: inout [NavigationPlan.Step], level: Int, column: SplitColumn, split: SplitContainer,
    shown: ContainerNode?
  ) {
    let reading = split.untracked
    let detail = reading.columns?.detail
    let chainHasCover = shown != nil && (column == .detail || detail == nil)
    if let cover = reading.presented, !chainHasCover {
      steps.append(.dismiss(level: level + 1, flow: cover.flowName))
    }
    if column == .primary, let detail {
      steps.append(.closeDetail(level: level + 1, flow: detail.flowName))
    }
  }

  /// Whether the flow presented at `level` may stay: it exists, and the stack it was presented over
  /// stays as it is.
  ///
  /// A sub-flow is made for the stack below it (an editor for note 1 is no editor for note 2), so
  /// when that stack changes, the sub-flow is in the way.
  package static func canKeep(
    _ level: Int, of live: [LiveLevel], over parentTarget: [AnyRoute]
  ) -> Bool {
    guard level < live.count else { return false }
    let current = live[level - 1].routes
    guard current.count == parentTarget.count else { return false }
    for index in current.indices where current[index] != parentTarget[index] { return false }
    return true
  }

  /// Appends the steps that pop to the longest common prefix and push the rest, or replace when
  /// nothing is shared: into the plan's steps, with no array of its own.
  static func appendStackSteps(
    to steps: inout [NavigationPlan.Step], level: Int, flow: FlowName,
    from current: [AnyRoute?], to target: [AnyRoute]
  ) {
    var common = 0
    while common < current.count, common < target.count, current[common] == target[common] {
      common += 1
    }
    if common == current.count, common == target.count { return }
    if common == 0 {
      steps.append(.replace(level: level, flow: flow, routes: target))
      return
    }
    if common < current.count { steps.append(.popTo(level: level, flow: flow, index: common - 1)) }
    if common < target.count {
      steps.append(.push(level: level, flow: flow, routes: Array(target[common...])))
    }
  }

  /// The first flow the plan would dismiss, topmost first, that objects to its request: its
  /// name and why, and the container whose presentation a held link waits on.
  ///
  /// An alert the plan would dismiss is its presenter's to keep: the presenter is asked, and
  /// named, for it (once: a presenter the plan dismisses too is asked for itself), and a link
  /// held for it waits until the alert is gone. A split's detail the plan replaces or closes is
  /// asked after what the plan dismisses, and a link held for it waits until the detail ends.
  package static func objection(
    to plan: NavigationPlan, live: [LiveLevel]
  ) -> (flow: FlowName, reason: String, presenter: ContainerNode)? {
    for case .dismiss(let level, _) in plan.steps {
      guard level > 0, level <= live.count,
        let first = live[level - 1].container.untracked.presented
      else { continue }
      let staying = live[level - 1].container
      // From what the user sees down to `first`: each layer's presenter or tab container next.
      let layers = sequence(first: first.topmost) { (layer: ContainerNode) -> ContainerNode? in
        layer === first ? nil : layer.presenter ?? layer.tabContainer ?? layer.splitContainer
      }
      for layer in layers {
        var asked = layer
        if layer.details().transientTitle != nil {
          guard let presenter = layer.presenter, presenter === staying else { continue }
          asked = presenter
        }
        guard let aware = asked.owner as? any InterruptionAware,
          let reason = aware.objection(toInterruptionBy: plan.request)
        else { continue }
        return (asked.flowName, reason, layer.presenter ?? staying)
      }
    }
    for step in plan.steps {
      let level: Int
      switch step {
      case .showDetail(let at, _, _), .closeDetail(let at, _): level = at
      default: continue
      }
      guard level > 0, level - 1 < live.count,
        let detail = live[level - 1].split?.untracked.columns?.detail,
        let aware = detail.owner as? any InterruptionAware,
        let reason = aware.objection(toInterruptionBy: plan.request)
      else { continue }
      return (detail.flowName, reason, detail)
    }
    return nil
  }

  /// Makes every screen and sub-flow the plan needs, and returns the changes that install them.
  ///
  /// Nothing in the tree moves until the changes run.
  package static func prepareChanges(
    for plan: NavigationPlan, live: [LiveLevel]
  ) throws(PreparationFailure) -> [PlanChange] {
    let animated = plan.options.animated
    let cause = plan.options.cause
    // Each level's stack flow (`nil` for a tab bar's or a split's level), and the `onEnd` of a
    // new one.
    var flows:
      [(flow: (any RestorableFlow)?, onEnd: ((PresentationEnding, NavigationCause) -> Void)?)] =
        []
    flows.reserveCapacity(plan.levels.count)
    // The tab bars the plan presents, and the tab the path goes into in each, by level: found
    // by the next level's type once the bar is made, as the plan could not know where it is.
    var newBars: [Int: any TabbedFlow] = [:]
    var newTabs: [Int: Int] = [:]
    // The splits the plan presents, and the containers of every split in it, by level.
    var newSplits: [Int: any SplitFlow] = [:]
    var splitNodes: [Int: ContainerNode] = [:]
    // One change, one animation: only the last step, the one that brings the destination on
    // screen, is animated; the steps before it are not, so the plan looks like one move.
    let last = plan.steps.count - 1
    // A level's screens are made before the sub-flow presented over them: when a screen cannot
    // be shown (its `makeScreen` throws for a deleted note), that is what the link reports, not
    // that the parent made no sub-flow over a screen it does not have. The stack steps' changes,
    // by step, in the order the steps come (level by level).
    var stackChanges: [(step: Int, change: PlanChange)] = []
    stackChanges.reserveCapacity(plan.steps.count)
    for (level, target) in plan.levels.enumerated() {
      let stale = PreparationFailure(level: level, index: nil, failure: .stalePlan)
      if let splitType = plan.splitType(at: level) {
        if target.isReused {
          guard level < live.count, live[level].split != nil else { throw stale }
          splitNodes[level] = live[level].container
          flows.append((nil, nil))
          continue
        }
        if level > 0, let bar = newBars[level - 1], let tab = newTabs[level - 1] {
          // The split tab of a new bar the plan goes into: made with the bar.
          guard let split = bar.container.tabsUntracked.tabs[tab] as? SplitContainer,
            let splitFlow = split.owner as? any SplitFlow
          else {
            throw PreparationFailure(
              level: level, index: nil,
              failure: .cannotCreate(flow: plan.levels[level - 1].flow, subFlow: target.flow))
          }
          newSplits[level] = splitFlow
          splitNodes[level] = split
          flows.append((nil, nil))
          continue
        }
        // A new split, which its parent's declaration makes.
        guard level > 0, let parent = flows[level - 1].flow else { throw stale }
        let made = try makeSubFlow(
          parent: parent, type: splitType, named: target.flow,
          over: plan.levels[level - 1].routes, showing: [], level: level, options: plan.options)
        guard case .split(let split) = made.flow else {
          throw PreparationFailure(
            level: level, index: nil,
            failure: .cannotCreate(flow: FlowName(Swift.type(of: parent)), subFlow: target.flow))
        }
        newSplits[level] = split
        splitNodes[level] = split.container
        flows.append((nil, made.onEnd))
        continue
      }
      if plan.tabs[level] != nil {
        if target.isReused {
          guard level < live.count, live[level].bar != nil else { throw stale }
          flows.append((nil, nil))
          continue
        }
        // A new tab bar, which its parent's declaration makes: the plan's last level.
        guard level > 0, let parent = flows[level - 1].flow, let type = plan.barType(at: level)
        else { throw stale }
        let made = try makeSubFlow(
          parent: parent, type: type, named: target.flow, over: plan.levels[level - 1].routes,
          showing: [], level: level, options: plan.options)
        guard case .tabs(let bar) = made.flow else {
          throw PreparationFailure(
            level: level, index: nil,
            failure: .cannotCreate(flow: FlowName(Swift.type(of: parent)), subFlow: target.flow))
        }
        newBars[level] = bar
        if let tabType = plan.identity(at: level + 1) {
          let tabs = bar.container.tabsUntracked.tabs
          func holds(_ index: Int) -> Bool {
            tabs[index].owner.map { ObjectIdentifier(Swift.type(of: $0)) } == tabType
          }
          // The planned position when it holds that type, else the first tab that does.
          let planned = plan.tab(at: level).flatMap { tabs.indices.contains($0) ? $0 : nil }
          guard
            let tab = planned.flatMap({ holds($0) ? $0 : nil }) ?? tabs.indices.first(where: holds)
          else {
            throw PreparationFailure(
              level: level + 1, index: nil,
              failure: .cannotCreate(flow: target.flow, subFlow: plan.levels[level + 1].flow))
          }
          newTabs[level] = tab
        }
        flows.append((nil, made.onEnd))
        continue
      }
      let flow: any RestorableFlow
      if target.isReused, level < live.count, let reused = live[level].flow {
        if plan.options.keepsRootScreens {
          try checkRoot(of: reused, against: target.routes, level: level)
        }
        flow = reused
        flows.append((reused, nil))
      } else if level > 0, let parent = flows[level - 1].flow,
        let type = plan.flowTypes[level]?.type
      {
        let made = try makeSubFlow(
          parent: parent, type: ObjectIdentifier(type), named: target.flow,
          over: plan.levels[level - 1].routes, showing: target.routes, level: level,
          options: plan.options)
        // The declaration of a stack flow's type makes a stack flow.
        guard case .stack(let child) = made.flow else { throw stale }
        // A flow already in the plan (its parent, the root) cannot be presented over itself.
        for index in flows.indices where flows[index].flow === child {
          throw PreparationFailure(
            level: level, index: nil,
            failure: .cannotCreate(flow: FlowName(Swift.type(of: parent)), subFlow: FlowName(type)))
        }
        flow = child
        flows.append((child, made.onEnd))
      } else if level > 0, plan.column(at: level - 1) == .primary,
        let split = newSplits[level - 1]
      {
        // The primary of a new split the plan goes into: made with the split.
        guard
          let primary = split.container.untracked.columns?.primary?.owner as? any RestorableFlow,
          ObjectIdentifier(Swift.type(of: primary))
            == plan.flowTypes[level].map({ ObjectIdentifier($0.type) })
        else {
          throw PreparationFailure(
            level: level, index: nil,
            failure: .cannotCreate(flow: plan.levels[level - 1].flow, subFlow: target.flow))
        }
        flow = primary
        flows.append((primary, nil))
      } else if level > 0, plan.column(at: level - 1) == .detail,
        let splitFlow = splitNodes[level - 1]?.owner as? any SplitFlow,
        let type = plan.flowTypes[level]?.type
      {
        // A new detail, which the split's declaration makes for the routes it will show.
        let made = try makeDetail(
          of: splitFlow, type: type, showing: target.routes, level: level, options: plan.options)
        flow = made.flow
        flows.append((made.flow, made.onEnd))
      } else if level > 0, let bar = newBars[level - 1], let tab = newTabs[level - 1] {
        // The tab of a new bar the plan goes into, of the level's type: made with the bar.
        guard let tabFlow = bar.container.tabsUntracked.tabs[tab].owner as? any RestorableFlow
        else { throw stale }
        flow = tabFlow
        flows.append((tabFlow, nil))
      } else {
        // The root changed, or a tab the plan goes into is gone.
        throw stale
      }
      if plan.options.checksShownScreens {
        // Saved IDs are checked against current data, even where the screen already shows.
        try checkScreens(for: target.routes, in: flow, level: level)
      }
      for (index, step) in plan.steps.enumerated() {
        switch step {
        case .popTo(level, _, _), .push(level, _, _), .replace(level, _, _):
          // Pushed routes are the end of the level's target stack.
          let offset = target.routes.count - step.routes.count
          stackChanges.append(
            (
              index,
              try prepare(
                step, on: flow, level: level, offset: offset, animated: animated && index == last,
                cause: cause)
            ))
        default:
          continue
        }
      }
    }
    var changes: [PlanChange] = []
    changes.reserveCapacity(plan.steps.count)
    var nextStackChange = 0
    for (index, step) in plan.steps.enumerated() {
      let animated = animated && index == last
      switch step {
      case .dismiss(let level, _):
        changes.append(.dismiss(live[level - 1].container, animated: animated, cause: cause))
      case .selectTab(let level, let tab, _):
        if let bar = newBars[level] {
          changes.append(.selectTab(bar.container, newTabs[level] ?? tab, cause: cause))
          continue
        }
        guard level < live.count, let bar = live[level].bar else { continue }
        changes.append(.selectTab(bar, tab, cause: cause))
      case .popTo, .push, .replace:
        // Stack steps come level by level, as they were prepared.
        guard nextStackChange < stackChanges.count, stackChanges[nextStackChange].step == index
        else { continue }
        changes.append(stackChanges[nextStackChange].change)
        nextStackChange += 1
      case .showDetail(let level, _, _):
        guard let flow = flows[level].flow, let split = splitNodes[level - 1] else { continue }
        changes.append(
          .showDetail(
            node(of: flow), of: flow, on: split, onEnd: flows[level].onEnd, animated: animated,
            cause: cause))
      case .closeDetail(let level, _):
        changes.append(.closeDetail(live[level - 1].container, animated: animated, cause: cause))
      case .present(let level, _, let style, _):
        guard let parent = flows[level - 1].flow else { continue }
        let child: AnyObject
        let childNode: ContainerNode
        if let flow = flows[level].flow {
          (child, childNode) = (flow, node(of: flow))
        } else if let bar = newBars[level] {
          (child, childNode) = (bar, bar.container)
        } else if let split = newSplits[level] {
          (child, childNode) = (split, split.container)
        } else {
          continue
        }
        // The change holds the new flow until it is presented; then the presentation holds it.
        // Nothing runs between preparing and applying the plan, so the presentation fits.
        changes.append(
          .present(
            childNode, of: child, over: node(of: parent), style, onEnd: flows[level].onEnd,
            animated: animated, cause: cause))
      }
    }
    return changes
  }

  /// Applies a prepared plan's changes, between ``PlanEvent/willApply(_:)`` and
  /// ``PlanEvent/didApply(_:)``; inside the tree's change.
  package static func apply(
    _ changes: [PlanChange], of plan: NavigationPlan, telling observers: PlanObservers?
  ) {
    observers?.send(.willApply(plan))
    for change in changes { change.make() }
    observers?.send(.didApply(plan))
  }

  private static func prepare<Flow: RestorableFlow>(
    _ step: NavigationPlan.Step, on flow: Flow, level: Int, offset: Int, animated: Bool,
    cause: NavigationCause
  ) throws(PreparationFailure) -> PlanChange {
    let container = flow.container
    switch step {
    case .popTo(_, _, let index):
      return .edit {
        container.edit(keeping: index + 1, adding: [], animated: animated, cause: cause)
      }
    case .push(_, _, let routes):
      let screens = try makeScreens(for: routes, in: flow, level: level, offset: offset)
      return .edit {
        container.edit(
          keeping: container.screensUntracked.count, adding: screens, animated: animated,
          cause: cause)
      }
    case .replace(_, _, let routes):
      let screens = try makeScreens(for: routes, in: flow, level: level, offset: 0)
      return .edit { container.edit(keeping: 0, adding: screens, animated: animated, cause: cause) }
    case .dismiss, .present, .selectTab, .showDetail, .closeDetail:
      return .edit {}
    }
  }

  package static func node<Flow: RestorableFlow>(of flow: Flow) -> ContainerNode { flow.container }

  /// Makes the sub-flow of the type `type` identifies, named `name`, that `parent` declares,
  /// showing `routes` (a tab bar shows none).
  private static func makeSubFlow<Parent: RestorableFlow>(
    parent: Parent, type: ObjectIdentifier, named name: FlowName, over parentRoutes: [AnyRoute],
    showing routes: [AnyRoute], level: Int, options: PlanOptions
  ) throws(PreparationFailure) -> MadeSubFlow {
    // Loops rather than `compactMap` and `first(where:)`: this code runs unspecialised (the flows
    // are existentials), where the generic algorithms look up metadata for every element.
    var stack: [Parent.Route] = []
    stack.reserveCapacity(parentRoutes.count)
    for index in parentRoutes.indices {
      if let route = parentRoutes[index].as(Parent.Route.self) { stack.append(route) }
    }
    var made: MadeSubFlow?
    for declaration in Parent.subFlows where ObjectIdentifier(declaration.type) == type {
      made = declaration.make(parent, stack)
      break
    }
    // Made only on failure: naming the parent costs a look-up.
    func failure() -> PreparationFailure {
      PreparationFailure(
        level: level, index: nil,
        failure: .cannotCreate(flow: FlowName(Parent.self), subFlow: name))
    }
    guard let made else { throw failure() }
    switch made.flow {
    case .stack(let flow):
      guard isFresh(flow) else { throw failure() }
      // The root it was created with, before its stack is set.
      if options.keepsRootScreens { try checkRoot(of: flow, against: routes, level: level) }
      try setStack(of: flow, to: routes, level: level, cause: options.cause)
    case .tabs(let bar):
      guard isFresh(bar.container, of: bar) else { throw failure() }
    case .split(let split):
      guard isFresh(split.container, of: split) else { throw failure() }
    }
    return made
  }

  /// Makes the detail of type `type` that `split` declares, showing `routes`.
  private static func makeDetail<Split: SplitFlow>(
    of split: Split, type: any RestorableFlow.Type, showing routes: [AnyRoute], level: Int,
    options: PlanOptions
  ) throws(PreparationFailure) -> (flow: any RestorableFlow, onEnd: MadeSubFlow.OnEnd?) {
    let failure = PreparationFailure(
      level: level, index: nil,
      failure: .cannotCreate(flow: FlowName(Split.self), subFlow: FlowName(type)))
    guard let made = split.makeDetail(ObjectIdentifier(type), showing: routes),
      case .stack(let flow) = made.flow,
      ObjectIdentifier(Swift.type(of: flow)) == ObjectIdentifier(type),
      isFresh(flow)
    else { throw failure }
    if options.keepsRootScreens { try checkRoot(of: flow, against: routes, level: level) }
    try setStack(of: flow, to: routes, level: level, cause: options.cause)
    return (flow, made.onEnd)
  }

  /// Throws when `routes` does not start with `flow`'s ``RestorableFlow/rootRoute``.
  static func checkRoot<Flow: RestorableFlow>(
    of flow: Flow, against routes: [AnyRoute], level: Int
  ) throws(PreparationFailure) {
    guard let root = flow.rootRoute, let first = routes.first else { return }
    // Cast and compare unwrapped: see ``shows(_:_:)``.
    if let typed = first.base as? Flow.Route, typed == root { return }
    throw PreparationFailure(
      level: level, index: 0,
      failure: .cannotShow(
        flow: FlowName(Flow.self), route: first, .notTheRootScreen(AnyRoute(root))))
  }

  /// Whether a factory's flow can be presented: its container has not finished, hangs nowhere
  /// (neither presented, even by a presenter being released, nor a tab, nor a column) and is
  /// its own.
  private static func isFresh<Flow: RestorableFlow>(_ flow: Flow) -> Bool {
    isFresh(flow.container, of: flow)
  }

  /// Whether `container`, `flow`'s, can be presented; see ``isFresh(_:)``.
  private static func isFresh(_ container: ContainerNode, of flow: AnyObject) -> Bool {
    !container.untracked.isFinished && !container.isPresented && container.tabContainer == nil
      && container.column == nil && container.owner === flow
  }

  private static func setStack<Flow: RestorableFlow>(
    of flow: Flow, to routes: [AnyRoute], level: Int, cause: NavigationCause
  ) throws(PreparationFailure) {
    if Self.shows(flow, routes) { return }
    // A new sub-flow keeps a root screen: an empty stack is not one it could have had.
    if routes.isEmpty {
      throw PreparationFailure(
        level: level, index: 0,
        failure: .cannotShow(flow: FlowName(Flow.self), route: nil, .emptyStack))
    }
    let screens = try makeScreens(for: routes, in: flow, level: level, offset: 0)
    // The new flow's own tree, which is not changing: the step is a change of its own.
    flow.container.edit(keeping: 0, adding: screens, animated: false, cause: cause)
  }

  /// Whether `flow`'s stack shows exactly `routes`.
  private static func shows<Flow: RestorableFlow>(_ flow: Flow, _ routes: [AnyRoute]) -> Bool {
    let storage = flow.container.screensUntracked
    guard storage.count == routes.count else { return false }
    // An index loop and a comparison of unwrapped routes: unspecialised, `indices` and `==` of
    // two optionals each look up generic metadata.
    var index = 0
    while index < storage.count {
      guard let route = flow.route(for: storage[index]),
        let expected = routes[index].base as? Flow.Route, expected == route
      else { return false }
      index += 1
    }
    return true
  }

  private static func checkScreens<Flow: RestorableFlow>(
    for routes: [AnyRoute], in flow: Flow, level: Int
  ) throws(PreparationFailure) {
    _ = try makeScreens(for: routes, in: flow, level: level, offset: 0)
  }

  /// Makes the screens for `routes`, which will stand at `offset` and above in the stack at
  /// `level`.
  static func makeScreens<Flow: RestorableFlow>(
    for routes: [AnyRoute], in flow: Flow, level: Int, offset: Int
  ) throws(PreparationFailure) -> [Flow.Screen] {
    var screens: [Flow.Screen] = []
    screens.reserveCapacity(routes.count)
    for (index, route) in routes.enumerated() {
      let reason: ScreenFailure
      // Cast in place rather than through `as(_:)`, whose optional result is a generic value.
      if let typed = route.base as? Flow.Route {
        do {
          screens.append(try flow.makeScreen(for: typed))
          continue
        } catch {
          reason = .threw(ThrownError(error))
        }
      } else {
        reason = .wrongRouteType(expected: "\(Flow.Route.self)")
      }
      throw PreparationFailure(
        level: level, index: offset + index,
        failure: .cannotShow(flow: FlowName(Flow.self), route: route, reason))
    }
    return screens
  }
}

/// One change of a prepared plan, made when the plan is applied.
///
/// Its cases hold references and small values only, so copying one costs a few retains: a
/// `TreeStep` holds a tag, an `AnyHashable`, which every copy copies through its type.
@MainActor
package enum PlanChange {
  /// Dismiss what a container presents.
  case dismiss(ContainerNode, animated: Bool, cause: NavigationCause)
  /// Select a tab of a tab bar, without animation.
  case selectTab(ContainerNode, Int, cause: NavigationCause)
  /// Present a flow's container over a container, holding the flow until then.
  case present(
    ContainerNode, of: AnyObject, over: ContainerNode, PresentationStyle,
    onEnd: ((PresentationEnding, NavigationCause) -> Void)?, animated: Bool,
    cause: NavigationCause)
  /// Show a flow's container as a split's detail, holding the flow until then.
  case showDetail(
    ContainerNode, of: AnyObject, on: ContainerNode,
    onEnd: ((PresentationEnding, NavigationCause) -> Void)?, animated: Bool,
    cause: NavigationCause)
  /// Close a split's detail.
  case closeDetail(ContainerNode, animated: Bool, cause: NavigationCause)
  /// A stack's edit, which knows its screens' type, or any other change.
  case edit(() -> Void)

  /// Makes the change.
  func make() {
    switch self {
    case .dismiss(let node, let animated, let cause):
      node.apply(.dismissPresented, animated: animated, cause: cause)
    case .selectTab(let bar, let index, let cause):
      bar.apply(.selectTab(index), animated: false, cause: cause)
    case .present(let child, let flow, let node, let style, let onEnd, let animated, let cause):
      node.apply(.present(child, style, tag: nil, onEnd: onEnd), animated: animated, cause: cause)
      extendLifetime(flow)
    case .showDetail(let child, let flow, let split, let onEnd, let animated, let cause):
      split.apply(.showDetail(child, onEnd: onEnd), animated: animated, cause: cause)
      extendLifetime(flow)
    case .closeDetail(let split, let animated, let cause):
      split.apply(.closeDetail, animated: animated, cause: cause)
    case .edit(let change):
      change()
    }
  }
}

/// Who hears where plans begin and end.
package typealias PlanObservers = (
  observe: (@escaping (PlanEvent) -> Void) -> ObserverToken, send: (PlanEvent) -> Void
)

extension TreeStamp {
  /// Whether the live chain is the one this stamp was taken of, unchanged.
  @MainActor
  package func matches(_ live: [LiveLevel]) -> Bool {
    guard entries.count == live.count else { return false }
    for index in live.indices
    where entries[index].container != ObjectIdentifier(live[index].container)
      || entries[index].revision != live[index].revision
    {
      return false
    }
    return true
  }
}

/// Why a plan could not be prepared, and where: the level, and the index in its target stack of
/// the route that could not be shown (`nil` when the flow itself could not be created).
package struct PreparationFailure: Error {
  package let level: Int
  package let index: Int?
  package let failure: Reason

  /// What went wrong.
  package enum Reason {
    /// The tree changed: the root, or a tab the plan goes into, is gone.
    case stalePlan
    /// `flow` could not show `route` (`nil` for an empty stack), for the given reason.
    case cannotShow(flow: FlowName, route: AnyRoute?, ScreenFailure)
    /// `flow` did not create the `subFlow` the plan needs.
    case cannotCreate(flow: FlowName, subFlow: FlowName)
  }
}

/// What differs between following a link and restoring a snapshot, as the engine sees it.
package struct PlanOptions: Sendable {
  /// The cause every change carries.
  package let cause: NavigationCause
  /// Whether the host should animate the changes.
  package let animated: Bool
  /// Whether screens a level already shows are checked against current data too (saved IDs
  /// may name deleted content); a link trusts what is on screen.
  package let checksShownScreens: Bool
  /// Whether each level's stack must start with its flow's root route: a saved stack may be one
  /// no flow could build; a link's stacks are what the flows' own patterns build.
  package let keepsRootScreens: Bool

  package init(
    cause: NavigationCause, animated: Bool, checksShownScreens: Bool, keepsRootScreens: Bool
  ) {
    self.cause = cause
    self.animated = animated
    self.checksShownScreens = checksShownScreens
    self.keepsRootScreens = keepsRootScreens
  }

  /// Restoring a snapshot: in one step, without animation.
  package static let restoration = PlanOptions(
    cause: .restoration, animated: false, checksShownScreens: true, keepsRootScreens: true)
}
