/// One navigation event anywhere in a container tree, as delivered to tree observers.
///
/// Events are plain values: they name the flow (its owner's type name) and the depth in the tree
/// where something happened, what happened, and why. Observe them with
/// ``ContainerNode/observeEvents(_:)`` on the root to trace a whole program; nothing is built when
/// nobody observes.
///
/// ```swift
/// let token = app.container.observeEvents { print($0) }
/// app.container.push(.note(2))
/// // Prints: AppFlow@0 push +[note(2)] -[] (program, animated)
/// ```
public struct NavigationEvent: Sendable, Hashable {
  /// What happened.
  public enum Action: Sendable, Hashable {
    /// The stack changed; screens are given by their descriptions.
    case stack(StackOperation, added: [String], removed: [String])
    /// A flow of the given type was presented over this container.
    case presented(flow: String)
    /// The presentation of a flow of the given type over this container ended.
    case presentationEnded(flow: String, ending: PresentationEnding)
    /// The host reported that an interactive pop began.
    case interactivePopBegan
    /// The host reported that an interactive pop was cancelled.
    case interactivePopCancelled
  }

  /// What happened.
  public var action: Action
  /// The type name of the flow that owns the container where it happened.
  public var flow: String
  /// The container's depth in its tree: 0 for a root, 1 for what the root presents, and so on.
  public var depth: Int
  /// Who asked for it.
  public var cause: NavigationCause
  /// Whether the host should animate it.
  public var animated: Bool

  /// Creates an event value; the library makes these, tests build them to compare.
  ///
  /// - Parameters:
  ///   - action: What happened.
  ///   - flow: The type name of the flow owning the container.
  ///   - depth: The container's depth in its tree.
  ///   - cause: Who asked for it.
  ///   - animated: Whether the host should animate it.
  public init(
    _ action: Action, flow: String, depth: Int, cause: NavigationCause, animated: Bool
  ) {
    self.action = action
    self.flow = flow
    self.depth = depth
    self.cause = cause
    self.animated = animated
  }
}

extension NavigationEvent: CustomStringConvertible {
  /// A one-line summary such as `AppFlow@0 present EditorFlow (deepLink, animated)`.
  public var description: String {
    let what: String
    switch action {
    case .stack(let operation, let added, let removed):
      what =
        "\(operation) +[\(added.joined(separator: ", "))] -[\(removed.joined(separator: ", "))]"
    case .presented(let flow):
      what = "present \(flow)"
    case .presentationEnded(let flow, let ending):
      what = "end \(flow) (\(ending))"
    case .interactivePopBegan:
      what = "interactivePopBegan"
    case .interactivePopCancelled:
      what = "interactivePopCancelled"
    }
    return "\(flow)@\(depth) \(what) (\(cause)\(animated ? ", animated" : ""))"
  }
}
