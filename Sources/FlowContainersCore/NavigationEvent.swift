/// One navigation event anywhere in a container tree, as delivered to tree observers.
///
/// Events are small values (a container's first event makes the one small object its events
/// share to lead back to it), so observing a whole program is cheap:
/// they say what happened (the operation, and how many screens were added and removed), where
/// (the owning flow's ``FlowName`` and the container's depth in the tree) and why. To see the
/// screens themselves, follow ``container`` to the container it came from, or observe that
/// container with ``StackContainer/observeChanges(_:)``. Nothing is built when nobody observes.
///
/// ```swift
/// let token = app.container.observeEvents { event in
///   print(event, event.container?.stackDescription ?? [])
/// }
/// app.container.push(.note(2))
/// // Prints: AppFlow@0 push +1 -0 (program, animated) ["library", "note(2)"]
/// ```
public struct NavigationEvent: Sendable {
  /// What happened.
  public enum Action: Sendable, Hashable {
    /// The stack changed: `added` screens pushed, `removed` screens popped or replaced.
    case stack(StackOperation, added: Int, removed: Int)
    /// A flow of the given type now hangs on this container at `place`: presented over it with
    /// a style, added as its tab at a position (`selected: false`; a selection is an event of
    /// its own), or shown as its split's column.
    case attached(FlowTree.Level.Place, flow: FlowName)
    /// The flow of the given type that hung on this container at `place` is gone, as `ending`
    /// says, and released: a presentation ended, a tab was removed (`dismissedByPresenter`,
    /// `selected: false`), or a column closed or was replaced.
    case detached(FlowTree.Level.Place, flow: FlowName, ending: PresentationEnding)
    /// The host reported that an interactive pop began.
    case interactivePopBegan
    /// The host reported that an interactive pop was cancelled.
    case interactivePopCancelled
    /// The tab at `index`, owned by a flow of the given type, was selected in this tab container.
    case tabSelected(index: Int, flow: FlowName)
    /// The user re-selected the selected tab of this tab container.
    case tabReselected(index: Int, flow: FlowName)
    /// The tabs of this tab container were put in a new order; read ``TabContainer/tabs``.
    case tabsReordered
    /// The host reported that this split's width changed: collapsed or side by side.
    case widthChanged(SplitWidth)
  }

  /// What happened.
  public var action: Action
  /// The name of the flow that owns the container where it happened, or ``FlowName/noOwner``.
  public var flow: FlowName
  /// The container's depth in its tree: 0 for a root, 1 for what the root presents, and so on.
  public var depth: Int
  /// Who asked for it.
  public var cause: NavigationCause
  /// Whether the host should animate it.
  public var animated: Bool
  /// Where ``container`` comes from: shared by every event of one container.
  let source: EventSource?

  /// The container where it happened, while that container lives.
  ///
  /// Held weakly: an event kept in a log does not keep its container alive. It is not part of
  /// equality: two events are equal when they say the same thing happened at the same depth.
  public var container: ContainerNode? { source?.container }

  /// Creates an event value; the library makes these, and tests build them to compare, through
  /// `@_spi(Testing) import FlowContainersCore`.
  ///
  /// - Parameters:
  ///   - action: What happened.
  ///   - flow: The name of the flow owning the container, or ``FlowName/noOwner``.
  ///   - depth: The container's depth in its tree.
  ///   - cause: Who asked for it.
  ///   - animated: Whether the host should animate it.
  @_spi(Testing) public init(
    _ action: Action, flow: FlowName, depth: Int, cause: NavigationCause, animated: Bool
  ) {
    self.init(action, flow: flow, depth: depth, cause: cause, animated: animated, source: nil)
  }

  /// Creates the event of a container, which `source` leads back to.
  init(
    _ action: Action, flow: FlowName, depth: Int, cause: NavigationCause, animated: Bool,
    source: EventSource?
  ) {
    self.action = action
    self.flow = flow
    self.depth = depth
    self.cause = cause
    self.animated = animated
    self.source = source
  }
}

/// A weak reference to the container events come from, made once per container and shared by
/// its events.
///
/// Copying an event then copies one strong reference to this small object; a weak reference to
/// the container in every event would cost a weak-reference operation on every copy.
final class EventSource: Sendable {
  weak let container: ContainerNode?

  init(_ container: ContainerNode) {
    self.container = container
  }
}

extension NavigationEvent: Hashable {
  /// Whether two events say the same thing happened at the same depth; ``container`` is not
  /// compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.flow == rhs.flow && lhs.depth == rhs.depth
      && lhs.cause == rhs.cause && lhs.animated == rhs.animated
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(flow)
    hasher.combine(depth)
    hasher.combine(cause)
    hasher.combine(animated)
  }
}

extension NavigationEvent: CustomStringConvertible {
  /// A one-line summary such as `AppFlow@0 present EditorFlow as sheet (program, animated)`.
  public var description: String {
    let what: String
    switch action {
    case .stack(let operation, let added, let removed):
      what = "\(operation) +\(added) -\(removed)"
    case .attached(.presented(let style), let flow):
      what = "present \(flow) as \(style)"
    case .attached(.tab(let index, _), let flow):
      what = "add tab \(index) \(flow)"
    case .attached(.column(let column), let flow):
      what = "show \(column) \(flow)"
    case .attached(.root, let flow), .detached(.root, let flow, _):
      what = "hang \(flow)"
    case .detached(.presented, let flow, let ending):
      what = "end \(flow) (\(ending))"
    case .detached(.tab(let index, _), let flow, _):
      what = "remove tab \(index) \(flow)"
    case .detached(.column(let column), let flow, let ending):
      what = "close \(column) \(flow) (\(ending))"
    case .interactivePopBegan:
      what = "interactivePopBegan"
    case .interactivePopCancelled:
      what = "interactivePopCancelled"
    case .tabSelected(let index, let flow):
      what = "select tab \(index) \(flow)"
    case .tabReselected(let index, let flow):
      what = "reselect tab \(index) \(flow)"
    case .tabsReordered:
      what = "reorder tabs"
    case .widthChanged(let width):
      what = "width \(width)"
    }
    return "\(flow)@\(depth) \(what) (\(cause)\(animated ? ", animated" : ""))"
  }
}
