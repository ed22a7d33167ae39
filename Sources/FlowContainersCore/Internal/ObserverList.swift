/// The observers of one container, with stable identifiers so that a token can remove exactly
/// its own.
///
/// A class, made on the first registration, shared by the deliveries under way. Nothing refers
/// to it weakly (tokens go through its container), so retaining it for a delivery stays cheap.
@MainActor
@usableFromInline
final class ObserverList<Value> {
  /// One registration.
  @usableFromInline
  struct Entry {
    @usableFromInline let id: Int
    @usableFromInline let handler: (Value) -> Void
  }

  /// The registrations, in registration order, so their identifiers ascend.
  private var entries: ContiguousArray<Entry> = []
  private var nextID = 0
  /// Bumped by every removal, so that a delivery under way can tell whether it must check that
  /// a registration is still there before calling it.
  private var removals = 0
  init() {}

  @usableFromInline var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  func add(_ handler: @escaping (Value) -> Void) -> Int {
    nextID += 1
    // Appended to a local, as `remove(_:)` removes: see there.
    var grown = entries
    entries = []
    grown.append(Entry(id: nextID, handler: handler))
    entries = grown
    return nextID
  }

  @discardableResult
  func remove(_ id: Int) -> Bool {
    guard let index = Self.index(of: id, in: entries) else { return false }
    // Removed from a local: releasing the handler may run any code (what it captured is
    // deinitialised), and no access to `entries` may be open then, or every access to it would
    // need a run-time exclusivity check, `send`'s included.
    var remaining = entries
    entries = []
    let removed = remaining.remove(at: index)
    entries = remaining
    removals &+= 1
    extendLifetime(removed)
    return true
  }

  /// The position of the registration `id` in `list`, found by bisection: identifiers ascend.
  ///
  /// It takes the list as a value, read once: reading `entries` around the calls of an
  /// unspecialised subscript would need a run-time exclusivity check on every access to it.
  private static func index(of id: Int, in list: ContiguousArray<Entry>) -> Int? {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      let found = list[middle].id
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Calls every handler registered when the call starts and still registered when its turn
  /// comes, in registration order.
  ///
  /// Handlers may add or remove observers while they run: one added now hears the next value,
  /// one removed now hears nothing more, not even this value.
  ///
  /// Inlinable, so that a stack container's change is sent specialised for its screen type; the
  /// stored properties stay private behind three calls, which keeps their accesses checked at
  /// compile time rather than at run time.
  @inlinable
  func send(_ value: Value) {
    let (snapshot, removalsBefore) = deliveryStart()
    for entry in snapshot {
      // Only after a handler removed a registration does a later one need looking up.
      if removalCount != removalsBefore, !isRegistered(entry.id) { continue }
      entry.handler(value)
    }
  }

  /// The registrations a delivery calls, and the removal count it starts at.
  @usableFromInline
  func deliveryStart() -> (ContiguousArray<Entry>, Int) { (entries, removals) }

  /// How many registrations have been removed so far.
  @usableFromInline
  var removalCount: Int { removals }

  /// Whether the registration `id` is still there.
  @usableFromInline
  func isRegistered(_ id: Int) -> Bool { Self.index(of: id, in: entries) != nil }
}
