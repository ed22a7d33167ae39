/// A small list of callbacks with stable identifiers, so a token can remove exactly its own.
struct ObserverList<Value> {
  private var entries: [(id: Int, handler: (Value) -> Void)] = []
  private var nextID = 0

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  mutating func add(_ handler: @escaping (Value) -> Void) -> Int {
    nextID += 1
    entries.append((nextID, handler))
    return nextID
  }

  @discardableResult
  mutating func remove(_ id: Int) -> Bool {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
    entries.remove(at: index)
    return true
  }

  /// Calls every handler registered when the call starts, in registration order.
  ///
  /// Handlers may add or remove observers while they run.
  func send(_ value: Value) {
    for entry in entries {
      entry.handler(value)
    }
  }
}
