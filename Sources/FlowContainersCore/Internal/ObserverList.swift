/// The observers of one container, with stable identifiers so that a token can remove exactly
/// its own.
///
/// A class, made on the first registration, so that tokens can refer to it weakly: a weak
/// reference gives its target a side table and slower reference counting from then on, and that
/// cost belongs on this small object, not on the container every push and pop retains.
@MainActor
@usableFromInline
package final class ObserverList<Value> {
  /// One registration; a class so that a delivery already under way can see that it was
  /// cancelled.
  private final class Entry {
    let id: Int
    let handler: (Value) -> Void
    var isActive = true

    init(id: Int, handler: @escaping (Value) -> Void) {
      self.id = id
      self.handler = handler
    }
  }

  private var entries: [Entry] = []
  private var nextID = 0
  /// The container whose events these are, while it lives.
  weak var container: ContainerNode?

  package init(container: ContainerNode? = nil) {
    self.container = container
  }

  @usableFromInline package var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  package func add(_ handler: @escaping (Value) -> Void) -> Int {
    nextID += 1
    entries.append(Entry(id: nextID, handler: handler))
    return nextID
  }

  @discardableResult
  package func remove(_ id: Int) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    entries[index].isActive = false
    entries.remove(at: index)
    return true
  }

  /// Calls every handler registered when the call starts and still registered when its turn
  /// comes, in registration order.
  ///
  /// Handlers may add or remove observers while they run: one added now hears the next value,
  /// one removed now hears nothing more, not even this value.
  @usableFromInline
  package func send(_ value: Value) {
    let snapshot = entries
    for entry in snapshot where entry.isActive {
      entry.handler(value)
    }
  }
}
