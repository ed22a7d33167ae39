/// The containers a ``HostDriver`` must compare with the tree, first in the order the host shows
/// them: by layer, then by position among their holders' branches, each before its branches.
///
/// A container is marked when the tree's events or the user's actions name it; its position is
/// read when the driver next plans (``place(_:)``), once what the host shows is up to date, and
/// the first is taken in logarithmic time: a backlog of n changes costs n log n, where a scan of
/// everything marked for each transition cost n².
struct MarkedContainers {
  /// A container's position: its layer, then its slot among its holder's branches at each level.
  ///
  /// The slots go down from the layer's container, so a container's position precedes its
  /// branches'.
  typealias Position = [Int]

  /// The containers marked, placed or not: each is marked once until it is taken.
  private var marked: Set<ObjectIdentifier> = []
  /// The containers marked since the last ``place(_:)``, in order.
  private var unplaced: [ObjectIdentifier] = []
  /// The placed containers, a binary min-heap by position.
  private var heap: [(position: Position, id: ObjectIdentifier)] = []

  /// Whether nothing is marked.
  var isEmpty: Bool { heap.isEmpty && unplaced.isEmpty }

  /// Marks `id`, unless it is marked already.
  mutating func mark(_ id: ObjectIdentifier) {
    if marked.insert(id).inserted { unplaced.append(id) }
  }

  /// Places the containers marked since the last call at the positions `position` gives, and
  /// forgets those it has none for (the host does not show them).
  mutating func place(_ position: (ObjectIdentifier) -> Position?) {
    guard !unplaced.isEmpty else { return }
    var placing: [ObjectIdentifier] = []
    swap(&placing, &unplaced)
    for id in placing {
      if let found = position(id) {
        push((found, id))
      } else {
        marked.remove(id)
      }
    }
  }

  /// Reads every placed container's position again, after the branches of a container the host
  /// shows moved: in linear time, rare (a tab bar's tabs or a split's columns changed).
  mutating func placeAgain(_ position: (ObjectIdentifier) -> Position?) {
    var placed: [(position: Position, id: ObjectIdentifier)] = []
    swap(&placed, &heap)
    for (_, id) in placed {
      if let found = position(id) {
        heap.append((found, id))
      } else {
        marked.remove(id)
      }
    }
    for index in stride(from: heap.count / 2, through: 0, by: -1) { siftDown(index) }
  }

  /// Takes the first placed container.
  mutating func takeFirst() -> (position: Position, id: ObjectIdentifier)? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let first = heap.removeLast()
    if !heap.isEmpty { siftDown(0) }
    marked.remove(first.id)
    return first
  }

  /// Puts back containers taken with their positions, unless they were marked again meanwhile.
  mutating func putBack(_ entries: [(position: Position, id: ObjectIdentifier)]) {
    for entry in entries where marked.insert(entry.id).inserted { push(entry) }
  }

  private mutating func push(_ entry: (position: Position, id: ObjectIdentifier)) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.precedes(heap[child].position, heap[parent].position) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var first = left
      if left + 1 < heap.count, Self.precedes(heap[left + 1].position, heap[left].position) {
        first = left + 1
      }
      guard Self.precedes(heap[first].position, heap[parent].position) else { return }
      heap.swapAt(first, parent)
      parent = first
    }
  }

  /// Whether `a` comes before `b` in the order the host shows them.
  private static func precedes(_ a: Position, _ b: Position) -> Bool {
    a.lexicographicallyPrecedes(b)
  }
}
