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
  /// Removes the observer; it holds the container weakly, so it does nothing once the container
  /// has gone.
  private var unregister: (() -> Void)?

  /// Whether ``cancel()`` has run (explicitly or because the token was released).
  var isCancelled: Bool { unregister == nil }

  /// A token that runs `unregister` once, when cancelled or released.
  init(unregister: @escaping () -> Void) {
    self.unregister = unregister
  }

  isolated deinit { cancel() }

  /// Unregisters the observer.
  ///
  /// Idempotent: calling it again, or after the container is gone, does nothing.
  public func cancel() {
    guard let unregister else { return }
    self.unregister = nil
    unregister()
  }
}
