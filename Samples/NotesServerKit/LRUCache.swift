/// At most `capacity` values by key; adding one more evicts the least recently used.
///
/// Every operation costs O(1): the values sit in a doubly linked list threaded through an array,
/// most recently used first, found by a dictionary from key to slot.
///
/// ```swift
/// var cache = LRUCache<String, Int>(capacity: 2)
/// cache["a"] = 1
/// cache["b"] = 2
/// _ = cache["a"]     // a is now the most recently used
/// cache["c"] = 3     // evicts b
/// cache.keys         // ["c", "a"]
/// ```
struct LRUCache<Key: Hashable, Value> {
  private struct Slot {
    var key: Key
    var value: Value?
    var newer: Int?
    var older: Int?
  }

  /// The most values kept; 0 keeps none.
  let capacity: Int
  private var slots: [Slot] = []
  private var slotOfKey: [Key: Int] = [:]
  private var freeSlots: [Int] = []
  private var newest: Int?
  private var oldest: Int?

  init(capacity: Int) {
    precondition(capacity >= 0, "a cache holds 0 values or more")
    self.capacity = capacity
  }

  /// How many values it holds.
  var count: Int { slotOfKey.count }

  /// The keys, most recently used first.
  var keys: [Key] {
    var keys: [Key] = []
    var next = newest
    while let slot = next {
      keys.append(slots[slot].key)
      next = slots[slot].older
    }
    return keys
  }

  /// The value for `key`, which becomes the most recently used; setting `nil` removes it, and
  /// setting a value when the cache is full evicts the least recently used.
  subscript(key: Key) -> Value? {
    mutating get {
      guard let slot = slotOfKey[key] else { return nil }
      moveToFront(slot)
      return slots[slot].value
    }
    set {
      if let newValue { insert(newValue, for: key) } else { remove(key) }
    }
  }

  /// Reads the value for `key` without making it the most recently used.
  func peek(_ key: Key) -> Value? {
    slotOfKey[key].flatMap { slots[$0].value }
  }

  private mutating func insert(_ value: Value, for key: Key) {
    if let slot = slotOfKey[key] {
      slots[slot].value = value
      moveToFront(slot)
      return
    }
    guard capacity > 0 else { return }
    if slotOfKey.count == capacity, let oldest { remove(slots[oldest].key) }
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      slots[slot] = Slot(key: key, value: value)
    } else {
      slot = slots.count
      slots.append(Slot(key: key, value: value))
    }
    slotOfKey[key] = slot
    link(slot)
  }

  private mutating func remove(_ key: Key) {
    guard let slot = slotOfKey.removeValue(forKey: key) else { return }
    unlink(slot)
    slots[slot].value = nil
    freeSlots.append(slot)
  }

  private mutating func moveToFront(_ slot: Int) {
    guard newest != slot else { return }
    unlink(slot)
    link(slot)
  }

  /// Puts `slot` first, as the most recently used.
  private mutating func link(_ slot: Int) {
    slots[slot].newer = nil
    slots[slot].older = newest
    if let newest { slots[newest].newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
  }

  /// Takes `slot` out of the list.
  private mutating func unlink(_ slot: Int) {
    let newer = slots[slot].newer
    let older = slots[slot].older
    if let newer { slots[newer].older = older } else { newest = older }
    if let older { slots[older].newer = newer } else { oldest = newer }
    slots[slot].newer = nil
    slots[slot].older = nil
  }
}
