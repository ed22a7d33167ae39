/// Keeps an observer registered; cancelling or releasing it unregisters the observer.
///
/// Returned by ``StackContainer/observeChanges(_:)`` and ``ContainerNode/observeEvents(_:)``.
/// Store it for as long as you want callbacks:
///
/// ```swift
/// final class Tracer {
///   private var token: ObserverToken?
///   init(root: ContainerNode) {
///     token = root.observeEvents { print($0) }
///   }
/// }
/// ```
///
/// A token does not keep its container alive: once the container is gone, cancelling does
/// nothing.
@MainActor
public final class ObserverToken {
  /// The container's observer list, held weakly: it lives exactly as long as the container.
  private weak var list: AnyObject?
  private var unregister: (() -> Void)?

  /// Whether ``cancel()`` has run (explicitly or because the token was released).
  public var isCancelled: Bool { unregister == nil }

  init(_ list: AnyObject, unregister: @escaping () -> Void) {
    self.list = list
    self.unregister = unregister
  }

  isolated deinit { cancel() }

  /// Unregisters the observer.
  ///
  /// Idempotent: calling it again, or after the container is gone, does nothing.
  public func cancel() {
    guard let unregister else { return }
    self.unregister = nil
    // Only while the list (and so its container) is alive.
    if list != nil { unregister() }
    list = nil
  }
}
