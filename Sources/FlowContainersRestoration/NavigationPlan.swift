public import FlowContainersCore

/// What applying a link, a destination or a snapshot would do to the tree, before anything moves.
///
/// A plan is a value: build one with ``DeepLinkRouter/plan(for:)-(DeepLink)`` (a dry run, no side
/// effects), print it for a person, compare it in tests, then apply it with
/// ``DeepLinkRouter/apply(_:)``. It lists the target of every level (flow and routes) and the
/// steps that get there, as few as possible: dismiss what is in the way, change the stacks that
/// stay, present what is new.
///
/// ```swift
/// let plan = try router.plan(for: DeepLink(parsing: "notes://note/2/edit")).get()
/// print(plan)
/// // plan for notes://note/2/edit
/// //   1. dismiss SettingsFlow@1
/// //   2. AppFlow@0: push [note(2)]
/// //   3. present EditorFlow@1 as sheet with [edit]
/// ```
///
/// A plan records the tree it was made for; applying it after the tree changed fails with
/// ``LinkFailure/stalePlan`` rather than doing something else.
public struct NavigationPlan: Sendable {
  /// One level of the target tree: a flow and the routes it will show.
  public struct Level: Sendable, Hashable {
    /// The flow's type.
    public var flow: FlowName
    /// The routes it will show, bottom first.
    public var routes: [AnyRoute]
    /// Whether the flow already there is kept (`true`) or a new one is presented (`false`).
    public var isReused: Bool
  }

  /// One change to the tree.
  public enum Step: Sendable, Hashable {
    /// Dismiss the flow presented at `level`, over the level below, and everything above it.
    ///
    /// Over a tab bar, that is what the bar presents, in the way of its tabs.
    case dismiss(level: Int, flow: FlowName)
    /// Pop the stack at `level` so the screen at `index` is on top.
    case popTo(level: Int, flow: FlowName, index: Int)
    /// Push `routes` onto the stack at `level`.
    case push(level: Int, flow: FlowName, routes: [AnyRoute])
    /// Replace the whole stack at `level` with `routes`.
    case replace(level: Int, flow: FlowName, routes: [AnyRoute])
    /// Present a new flow at `level`, over the flow at `level - 1`, with `style`, showing
    /// `routes`.
    case present(level: Int, flow: FlowName, style: PresentationStyle, routes: [AnyRoute])
    /// Select the tab at `index` of the tab bar at `level`; the plan's next level is that tab.
    ///
    /// For a bar the plan presents, `index` is the tab's place among the bar's declared tab
    /// types (``TabbedFlow/splitTabFlows``, then ``TabbedFlow/tabFlows``); applying the plan
    /// selects the bar's tab of the next level's type wherever the bar puts it.
    case selectTab(level: Int, index: Int, flow: FlowName)
    /// Show a new flow as the detail of the split at `level - 1`, showing `routes`; the detail
    /// it replaces, if any, ends.
    case showDetail(level: Int, flow: FlowName, routes: [AnyRoute])
    /// Close the detail at `level` of the split at `level - 1`: the path goes into the primary.
    case closeDetail(level: Int, flow: FlowName)
  }

  /// What the plan is for: a link, a typed destination, or a restoration.
  public let request: NavigationRequest
  /// The target tree, root first.
  public let levels: [Level]
  /// The changes, in the order they are applied.
  public let steps: [Step]

  /// Each level's stack flow type; `nil` for a tab bar's or a split's level.
  package private(set) var flowTypes: [FlowType?]
  /// For a tab bar's level, the tab the plan goes into; `nil` for a stack's.
  package private(set) var tabs: [Int?]
  /// For a split's level, the column the plan goes into; empty when no level is a split.
  package private(set) var columns: [SplitColumn?] = []
  /// For a tab bar's level, the identity of the bar's flow type; empty when no level is a bar.
  private var barTypes: [ObjectIdentifier?] = []
  /// For a split's level, the identity of the split's flow type; empty when no level is a split.
  private var splitTypes: [ObjectIdentifier?] = []
  package let stamp: TreeStamp
  package let options: PlanOptions

  init(
    request: NavigationRequest, levels: [Level], steps: [Step], targets: [PlanEngine.Target],
    stamp: TreeStamp, options: PlanOptions
  ) {
    self.request = request
    self.levels = levels
    self.steps = steps
    self.flowTypes = targets.map { $0.type.map(FlowType.init(type:)) }
    self.tabs = targets.map(\.tab)
    if targets.contains(where: \.isSplit) {
      columns = targets.map(\.column)
      splitTypes = targets.map { $0.isSplit ? $0.identity : nil }
    }
    if tabs.contains(where: { $0 != nil }) {
      barTypes = targets.map { $0.tab != nil ? $0.identity : nil }
    }
    self.stamp = stamp
    self.options = options
  }
}

extension NavigationPlan {
  /// One plan for restoring every tab of `bar`: `base`'s steps, whose last level is the bar
  /// (with no `base`, the bar is level 0), then select tab `selected` (when it is not selected
  /// yet), then each tab's own steps; its levels are those up to the bar and those of the
  /// selected tab's plan.
  @MainActor
  static func restoring(
    _ bar: TabContainer, over base: NavigationPlan?, selecting selected: Int?,
    plans: [(tab: Int, plan: NavigationPlan)]
  ) -> NavigationPlan {
    let shown = plans.first { $0.tab == selected }?.plan
    let tabs = bar.tabsUntracked
    let barLevel = base.map { $0.levels.count - 1 } ?? 0
    var steps = base?.steps ?? []
    if let selected, selected != tabs.selected, tabs.tabs.indices.contains(selected) {
      steps.append(
        .selectTab(level: barLevel, index: selected, flow: tabs.tabs[selected].flowName))
    }
    for (_, plan) in plans { steps += plan.steps.map { $0.raised(by: barLevel + 1) } }
    var plan = NavigationPlan(
      request: .restoration,
      levels: (base?.levels ?? [Level(flow: bar.flowName, routes: [], isReused: true)])
        + (shown?.levels ?? []),
      steps: steps, targets: [], stamp: base?.stamp ?? TreeStamp(entries: []),
      options: .restoration)
    plan.flowTypes = (base?.flowTypes ?? [nil]) + (shown?.flowTypes ?? [])
    plan.tabs = (base.map { Array($0.tabs.dropLast()) } ?? []) + [selected] + (shown?.tabs ?? [])
    // The selected tab's plan may go through a split (a split tab): its levels keep their kind.
    if let shown, !shown.columns.isEmpty || !shown.splitTypes.isEmpty {
      let below = barLevel + 1
      func filled<Value>(_ values: [Value?]?, _ count: Int) -> [Value?] {
        guard let values, !values.isEmpty else { return Array(repeating: nil, count: count) }
        return values
      }
      plan.barTypes = filled(base?.barTypes, below) + filled(shown.barTypes, shown.levels.count)
      plan.columns = filled(base?.columns, below) + filled(shown.columns, shown.levels.count)
      plan.splitTypes =
        filled(base?.splitTypes, below) + filled(shown.splitTypes, shown.levels.count)
    }
    return plan
  }

  /// One plan for restoring both columns of `split`: `base`'s levels, whose last is the split
  /// (with no `base`, the split is level 0), then those of `shown`, the plan of the column that
  /// ends up shown (`column`); `base`'s steps, then `steps`, whose levels count from the split.
  @MainActor
  static func restoring(
    _ split: SplitContainer, over base: NavigationPlan?, steps: [Step], shown: NavigationPlan?,
    column: SplitColumn
  ) -> NavigationPlan {
    let splitLevel = base.map { $0.levels.count - 1 } ?? 0
    var plan = NavigationPlan(
      request: .restoration,
      levels: (base?.levels ?? [Level(flow: split.flowName, routes: [], isReused: true)])
        + (shown?.levels ?? []),
      steps: (base?.steps ?? []) + steps.map { $0.raised(by: splitLevel) }, targets: [],
      stamp: base?.stamp ?? TreeStamp(entries: []), options: .restoration)
    func filled<Value>(_ values: [Value?]?, _ count: Int) -> [Value?] {
      guard let values, !values.isEmpty else { return Array(repeating: nil, count: count) }
      return values
    }
    let below = splitLevel + 1
    let above = shown?.levels.count ?? 0
    plan.flowTypes = (base?.flowTypes ?? [nil]) + (shown?.flowTypes ?? [])
    plan.tabs = (base?.tabs ?? [nil]) + (shown?.tabs ?? [])
    plan.barTypes = filled(base?.barTypes, below) + filled(shown?.barTypes, above)
    plan.columns =
      Array(filled(base?.columns, below).dropLast()) + [column] + filled(shown?.columns, above)
    plan.splitTypes =
      Array(filled(base?.splitTypes, below).dropLast())
      + [split.owner.map { ObjectIdentifier(type(of: $0)) }] + filled(shown?.splitTypes, above)
    return plan
  }

  /// The plan of a new detail showing `routes`: one level, not reused.
  static func newDetail(
    _ type: any RestorableFlow.Type, routes: [AnyRoute]
  ) -> NavigationPlan {
    var plan = NavigationPlan(
      request: .restoration, levels: [Level(flow: FlowName(type), routes: routes, isReused: false)],
      steps: [], targets: [], stamp: TreeStamp(entries: []), options: .restoration)
    plan.flowTypes = [FlowType(type: type)]
    plan.tabs = [nil]
    return plan
  }

  /// The tab the plan goes into at a tab bar's `level`, if the level is one.
  package func tab(at level: Int) -> Int? { level < tabs.count ? tabs[level] : nil }

  /// The column the plan goes into at a split's `level`, if the level is one.
  package func column(at level: Int) -> SplitColumn? {
    level < columns.count ? columns[level] : nil
  }

  /// The identity of the split's flow type at a split's `level`, if the level is one.
  func splitType(at level: Int) -> ObjectIdentifier? {
    level < splitTypes.count ? splitTypes[level] : nil
  }

  /// The identity of the flow type at `level`: a stack flow's or a split's; `nil` for a tab
  /// bar's level.
  func identity(at level: Int) -> ObjectIdentifier? {
    splitType(at: level)
      ?? (level < flowTypes.count ? flowTypes[level].map { ObjectIdentifier($0.type) } : nil)
  }

  /// The identity of the bar's flow type at a tab bar's `level`, if the level is one.
  func barType(at level: Int) -> ObjectIdentifier? {
    level < barTypes.count ? barTypes[level] : nil
  }

  /// Whether applying the plan changes nothing: the tree already shows its target.
  public var isEmpty: Bool { steps.isEmpty }

  /// The routes the plan shows at the level of flow type `type`, typed, or `nil` if no level has
  /// that type.
  ///
  /// Validators use it to check targets exist.
  ///
  /// - Parameter type: A flow type in the plan.
  /// - Returns: Its routes, bottom first.
  public func routes<Flow: RestorableFlow>(of type: Flow.Type) -> [Flow.Route]? {
    guard let index = flowTypes.firstIndex(where: { $0?.type == type }) else { return nil }
    return levels[index].routes.compactMap { $0.as(Flow.Route.self) }
  }
}

extension NavigationPlan: Equatable {
  /// Whether both plans have the same request, targets and steps.
  ///
  /// - Parameters:
  ///   - lhs: A plan.
  ///   - rhs: Another plan.
  /// - Returns: `true` when they would do the same.
  public static func == (lhs: NavigationPlan, rhs: NavigationPlan) -> Bool {
    lhs.request == rhs.request && lhs.levels == rhs.levels && lhs.steps == rhs.steps
  }
}

extension NavigationPlan: CustomStringConvertible {
  /// The plan for a person: its request, then one numbered line per step.
  public var description: String {
    var lines = ["plan for \(request)"]
    if steps.isEmpty { lines.append("  (nothing to do)") }
    for (number, step) in steps.enumerated() {
      lines.append("  \(number + 1). \(step)")
    }
    return lines.joined(separator: "\n")
  }
}

extension NavigationPlan.Step {
  /// The same step, `count` levels higher: a tab's step in a plan whose level 0 is its bar.
  func raised(by count: Int) -> Self {
    switch self {
    case .dismiss(let level, let flow): .dismiss(level: level + count, flow: flow)
    case .popTo(let level, let flow, let index):
      .popTo(level: level + count, flow: flow, index: index)
    case .push(let level, let flow, let routes):
      .push(level: level + count, flow: flow, routes: routes)
    case .replace(let level, let flow, let routes):
      .replace(level: level + count, flow: flow, routes: routes)
    case .present(let level, let flow, let style, let routes):
      .present(level: level + count, flow: flow, style: style, routes: routes)
    case .selectTab(let level, let index, let flow):
      .selectTab(level: level + count, index: index, flow: flow)
    case .showDetail(let level, let flow, let routes):
      .showDetail(level: level + count, flow: flow, routes: routes)
    case .closeDetail(let level, let flow): .closeDetail(level: level + count, flow: flow)
    }
  }

  /// The routes a push, replace, present or show-detail step shows; empty for the others.
  package var routes: [AnyRoute] {
    switch self {
    case .push(_, _, let routes), .replace(_, _, let routes), .present(_, _, _, let routes),
      .showDetail(_, _, let routes):
      routes
    case .dismiss, .popTo, .selectTab, .closeDetail: []
    }
  }
}

extension NavigationPlan.Step: CustomStringConvertible {
  /// One line, such as `AppFlow@0: push [note(2)]`,
  /// `present EditorFlow@1 as sheet with [edit]` or `show NoteFlow@1 as detail with [note(2)]`.
  public var description: String {
    func list(_ routes: [AnyRoute]) -> String {
      "[" + routes.map(\.description).joined(separator: ", ") + "]"
    }
    switch self {
    case .dismiss(let level, let flow): return "dismiss \(flow)@\(level)"
    case .popTo(let level, let flow, let index): return "\(flow)@\(level): pop to \(index)"
    case .push(let level, let flow, let routes): return "\(flow)@\(level): push \(list(routes))"
    case .replace(let level, let flow, let routes):
      return "\(flow)@\(level): replace with \(list(routes))"
    case .present(let level, let flow, let style, let routes):
      return "present \(flow)@\(level) as \(style) with \(list(routes))"
    case .selectTab(let level, let index, let flow):
      return "select tab \(index) \(flow)@\(level + 1)"
    case .showDetail(let level, let flow, let routes):
      return "show \(flow)@\(level) as detail with \(list(routes))"
    case .closeDetail(let level, let flow): return "close detail \(flow)@\(level)"
    }
  }
}

/// The identity and revision of each container a plan was made for.
package struct TreeStamp: Sendable, Hashable {
  package var entries: [Entry]

  package struct Entry: Sendable, Hashable {
    package let container: ObjectIdentifier
    let revision: UInt64
  }
}
