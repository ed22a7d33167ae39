/// Releases objects one nesting level at a time.
///
/// A tab container being released releases its tab flows; a tab flow that owns a tab container
/// releases that one's tabs in turn. Released from inside each other's `deinit`, 100,000 nested
/// tab containers would recurse 100,000 deep. Handed here instead, each level's objects are
/// released by one loop: a `deinit` that hands over more while the loop runs returns at once,
/// and the loop releases what it handed over next.
@MainActor
enum DeferredReleases {
  /// What is waiting to be released, in the order it was handed over.
  private static var pending: [AnyObject] = []
  /// Whether the loop is running, further up the stack.
  private static var isReleasing = false

  /// Takes `objects` (leaving the array empty, so that the caller holds none of them) and
  /// releases them: before this returns, or, when a release here led to this call, as soon as
  /// the `deinit` that called it returns.
  static func release(_ objects: inout [AnyObject]) {
    pending.append(contentsOf: objects)
    objects = []
    guard !isReleasing else { return }
    isReleasing = true
    while !pending.isEmpty {
      var batch: [AnyObject] = []
      swap(&batch, &pending)
      // Released here, in order; what their deinits hand over waits in `pending`.
      batch.removeAll()
    }
    isReleasing = false
  }
}
