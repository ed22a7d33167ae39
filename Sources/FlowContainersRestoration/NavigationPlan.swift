public import FlowContainersCore

/// What applying a link, a destination or a snapshot would do to the tree, before anything moves.
///
/// A value: make one with ``DeepLinkRouter/plan(for:)-(DeepLink)`` (a dry run), print it, compare
/// it, then apply it with ``DeepLinkRouter/apply(_:)``. It lists every target level and the
/// fewest steps that get there.
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
/// Its levels are the target tree's, root first, each before what hangs on it; a step names a
/// level by its position there. Applying a plan after a container it read changed fails with
/// ``LinkFailure/stalePlan``.
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
    case dismiss(level: Int, flow: FlowName)
    /// Pop the stack at `level` so the screen at `index` is on top.
    case popTo(level: Int, flow: FlowName, index: Int)
    /// Push `routes` onto the stack at `level`.
    case push(level: Int, flow: FlowName, routes: [AnyRoute])
    /// Replace the whole stack at `level` with `routes`.
    case replace(level: Int, flow: FlowName, routes: [AnyRoute])
    /// Present a new flow at `level`, over the level it hangs on, with `style`, showing
    /// `routes`.
    case present(level: Int, flow: FlowName, style: PresentationStyle, routes: [AnyRoute])
    /// Select the tab at `index` of the tab bar at `level`, whose flow is `flow`; for a bar the
    /// plan presents, `index` is among its declared tab types (``TabbedFlow/splitTabFlows``, then
    /// ``TabbedFlow/tabFlows``).
    case selectTab(level: Int, index: Int, flow: FlowName)
    /// Show a new flow as the split's detail at `level`, showing `routes`; the detail it
    /// replaces, if any, ends.
    case showDetail(level: Int, flow: FlowName, routes: [AnyRoute])
    /// Close the split's detail shown at `level`: the split shows its primary.
    case closeDetail(level: Int, flow: FlowName)
  }

  /// What the plan is for: a link, a typed destination, or a restoration.
  public let request: NavigationRequest
  /// The target tree, each level with the live level it keeps.
  let target: TargetTree
  /// The changes, in the order they are applied.
  let moves: [Move]
  /// The containers the plan read (kept or ended), with their positions and revisions then.
  let stamp: [Stamp]
  /// What differs between a link and a restoration.
  let options: PlanOptions

  /// The target tree, root first, each level before what hangs on it.
  public var levels: [Level] {
    target.levels.indices.map { index in
      Level(
        flow: name(index), routes: target.levels[index].routes.erased, isReused: kept(index) != nil)
    }
  }

  /// The position in the tree read of the live level that the target's level `index` keeps.
  func kept(_ index: Int) -> Int? { target.levels[index].kept?.position }

  /// The flow name of the target's level `index`: its type's, which a kept level's container
  /// has too.
  func name(_ index: Int) -> FlowName { FlowName(target.levels[index].type.type) }

  /// The changes, in the order they are applied.
  public var steps: [Step] { moves.map(step) }

  /// The requirements of the flow types the plan shows, level by level: what must hold before it
  /// is applied.
  package var requirements: [FlowRequirement] {
    target.levels.indices.compactMap { target.levels[$0].requirement }
  }

  /// The routes the plan shows at the level of flow type `type`, typed, or `nil` if no level has
  /// that type; validators use it to check targets exist.
  ///
  /// - Parameter type: A flow type in the plan.
  /// - Returns: Its routes, bottom first.
  public func routes<Flow: RestorableFlow>(of type: Flow.Type) -> [Flow.Route]? {
    let identity = ObjectIdentifier(type)
    return target.levels.first { $0.type.identity == identity }.map {
      $0.routes.typed(as: Flow.Route.self) ?? []
    }
  }

  /// The public step of `move`.
  private func step(_ move: Move) -> Step {
    switch move {
    case .dismiss(_, _, let at, let flow): .dismiss(level: at, flow: flow)
    case .popTo(let level, let index): .popTo(level: level, flow: name(level), index: index)
    case .push(let level, let from):
      .push(level: level, flow: name(level), routes: target.levels[level].routes.erased(from: from))
    case .replace(let level):
      .replace(level: level, flow: name(level), routes: target.levels[level].routes.erased)
    case .present(let level, let style):
      .present(
        level: level, flow: name(level), style: style, routes: target.levels[level].routes.erased)
    case .selectTab(let bar, let index, let tab):
      .selectTab(level: bar, index: index, flow: name(tab))
    case .showDetail(let level, _):
      .showDetail(level: level, flow: name(level), routes: target.levels[level].routes.erased)
    case .closeDetail(_, _, let at, let flow): .closeDetail(level: at, flow: flow)
    }
  }
}

extension NavigationPlan {
  /// One change of a plan, as its ``Step`` with the levels it changes by position: in the
  /// target (`level`, `bar`, `tab`, `split`, `at`), or, for what it ends, in the tree read
  /// (`live`, `from`, `replacing`).
  enum Move: Sendable, Hashable {
    case dismiss(live: Int, from: Int, at: Int, flow: FlowName)
    case popTo(level: Int, index: Int)
    case push(level: Int, from: Int)
    case replace(level: Int)
    case present(level: Int, style: PresentationStyle)
    case selectTab(bar: Int, index: Int, tab: Int)
    case showDetail(level: Int, replacing: Int?)
    case closeDetail(split: Int, live: Int, at: Int, flow: FlowName)
  }

  /// A container a plan read, held weakly, with its position in the tree read and its revision.
  struct Stamp: Sendable {
    let position: Int
    weak var node: ContainerNode?
    let revision: UInt64
  }

  /// The container that was at `position` of the tree read, while it is as the plan read it.
  @MainActor
  func node(at position: Int) -> ContainerNode? {
    for index in stamp.indices where stamp[index].position == position { return current(index) }
    return nil
  }

  /// Whether every container the plan read is still there, at the revision it read.
  @MainActor
  var isCurrent: Bool {
    for index in stamp.indices where current(index) == nil { return false }
    return true
  }

  /// The container of `stamp[index]`, while it is as the plan read it.
  @MainActor
  private func current(_ index: Int) -> ContainerNode? {
    // Each field read in place: a copy of the entry would copy its weak reference.
    guard let node = stamp[index].node, node.revision == stamp[index].revision else { return nil }
    return node
  }
}

extension NavigationPlan: Equatable {
  /// Whether both plans have the same request, targets and steps.
  public static func == (lhs: NavigationPlan, rhs: NavigationPlan) -> Bool {
    lhs.request == rhs.request && lhs.levels == rhs.levels && lhs.steps == rhs.steps
  }
}

extension NavigationPlan: CustomStringConvertible {
  /// The plan for a person: its request, then one numbered line per step.
  public var description: String {
    var lines = ["plan for \(request)"]
    if moves.isEmpty { lines.append("  (nothing to do)") }
    lines += steps.enumerated().map { "  \($0 + 1). \($1)" }
    return lines.joined(separator: "\n")
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

/// What differs between following a link and restoring a snapshot.
struct PlanOptions: Sendable, Hashable {
  /// The cause every change carries.
  let cause: NavigationCause
  /// Whether the host should animate the last change.
  let animated: Bool
  /// Whether shown screens are checked against current data too, each stack must start with its
  /// root route, and a presented level is kept only in its saved style: a restoration's.
  let isRestoration: Bool

  /// Restoring a snapshot: in one step, without animation.
  static let restoration = PlanOptions(cause: .restoration, animated: false, isRestoration: true)

  /// Following a request of a layer above restoration, whose changes carry `cause`.
  static func request(cause: NavigationCause) -> PlanOptions {
    PlanOptions(cause: cause, animated: true, isRestoration: false)
  }
}

/// Why a plan could not be made, prepared or applied.
package enum PlanFailure: Error {
  /// The tree changed since the plan was made: a container it read moved, or is gone.
  case stale
  /// The flow of `level` could not show `route` (`nil` for an empty stack) at `index` of its
  /// stack (`nil`: the whole level).
  case cannotShow(level: Int, index: Int?, flow: FlowName, route: AnyRoute?, ScreenFailure)
  /// `flow` did not create the `subFlow` the plan needs at `level`.
  case cannotCreate(level: Int, flow: FlowName, subFlow: FlowName)
  /// A restoration's saved tab at `level` has no tab of its flow left.
  case noTab(level: Int)
  /// A flow the plan would end objects; a held link waits for `waitingOn`'s presentation to end.
  case objection(flow: FlowName, reason: String, waitingOn: ContainerNode)
}
