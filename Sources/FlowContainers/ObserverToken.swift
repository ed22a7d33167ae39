/// Keeps an observer registered; cancelling or releasing it unregisters the observer.
///
/// Returned by ``StackContainer/observeChanges(_:)`` and ``ContainerNode/observeEvents(_:)``.
/// Store it for as long as you want callbacks:
///
/// ```swift
/// final class Tracer {
///   private var token: ObserverToken?
///   init(root: some ContainerNode) {
///     token = root.observeEvents { print($0) }
///   }
/// }
/// ```
@MainActor
public final class ObserverToken {
  private enum Kind {
    case events
    case changes
  }

  private weak var node: (any TreeNode)?
  private let id: Int
  private let kind: Kind

  /// Whether ``cancel()`` has run (explicitly or because the token was released).
  public private(set) var isCancelled = false

  init(events id: Int, on node: any TreeNode) {
    self.node = node
    self.id = id
    self.kind = .events
  }

  init(changes id: Int, on node: any TreeNode) {
    self.node = node
    self.id = id
    self.kind = .changes
  }

  isolated deinit { cancel() }

  /// Unregisters the observer.
  ///
  /// Idempotent: calling it again, or after the container is gone, does nothing.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    switch kind {
    case .events: node?.removeEventObserver(id)
    case .changes: node?.removeChangeObserver(id)
    }
    node = nil
  }
}
