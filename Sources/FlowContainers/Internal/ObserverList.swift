/// The observers of one container, with stable identifiers so that a token can remove exactly
/// its own.
///
/// A class, made on the first registration, so that tokens can refer to it weakly: a weak
/// reference gives its target a side table and slower reference counting from then on, and that
/// cost belongs on this small object, not on the container every push and pop retains.
@MainActor
@usableFromInline
final class ObserverList<Value> {
  @exclusivity(unchecked) @usableFromInline var entries: [(id: Int, handler: (Value) -> Void)] = []
  @exclusivity(unchecked) private var nextID = 0
  /// The container whose events these are, while it lives; its `deinit` clears this, so a token
  /// cancelled later finds `nil` here instead of a freed container.
  nonisolated(unsafe) unowned(unsafe) var container: ContainerNode?

  init(container: ContainerNode? = nil) {
    self.container = container
  }

  @inlinable var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  func add(_ handler: @escaping (Value) -> Void) -> Int {
    nextID += 1
    entries.append((nextID, handler))
    return nextID
  }

  @discardableResult
  func remove(_ id: Int) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    entries.remove(at: index)
    return true
  }

  /// Calls every handler registered when the call starts, in registration order.
  ///
  /// Handlers may add or remove observers while they run.
  @usableFromInline
  func send(_ value: Value) {
    let snapshot = entries
    for index in snapshot.indices {
      snapshot[index].handler(value)
    }
  }
}
