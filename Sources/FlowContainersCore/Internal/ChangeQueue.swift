/// The one change in progress in a tree, and the requests made while it runs.
///
/// Every container of a tree shares its tree's queue (a root makes one the first time it needs
/// it; presenting hands the presenter's to the presented chain). A change runs inside
/// ``perform(_:)``, or between ``begin()`` and ``end(_:)`` for code that passes no closure:
/// while it does, user code that the change calls (Observation's `onChange`,
/// observers, `onEnd`, a released flow's `deinit`, factories a module built on the core calls)
/// may ask for more navigation on the same tree. Such a request is not interleaved into the change:
/// it is queued, and runs after the change has been applied and announced, in request order, each
/// as a change of its own. So every callback sees a whole tree, and every observer hears the
/// changes in the order the tree went through them.
@MainActor
final class ChangeQueue {
  /// A request made while a change was in progress.
  struct Request {
    /// What was asked for, such as `push(_:)`.
    let operation: String
    /// Where it was asked for.
    let fileID: StaticString
    let line: UInt
    /// The diagnostics scope in force where it was asked for, so that a refusal is reported
    /// where the caller looks for it, while the caller still looks there.
    let diagnostics: MisuseReports.Scope?
    /// Whether it is navigation, which ``startRecording()`` lists; a host driver's look at the
    /// tree after a change is not.
    let isNavigation: Bool
    let run: () -> Void
  }

  /// Whether a change is being applied or announced.
  private(set) var isChanging = false
  /// Whether queued requests are being run.
  private var isDraining = false
  private var pending: [Request] = []
  private var next = 0
  /// The requests run since ``startRecording()``, when recording.
  private var recorded: [Request]?
  /// The topmost container of a deep tree, kept by presenting and dismissing.
  ///
  /// In a tree without branches (a chain), every container's; in one with tabs or splits, the
  /// root's, forgotten when tabs or columns change (the next read walks again).
  ///
  /// Set once ``ContainerNode/topmost`` has had to walk far to find it, so that it then costs
  /// nothing however deep the tree, after any change. `nil` for shallow trees: a weak reference
  /// gives its target a side table, a cost a tree of a few layers should not pay on every
  /// presentation.
  var top: ContainerNode? {
    get { keepsTop ? keptTop : nil }
    set {
      keptTop = newValue
      keepsTop = newValue != nil
    }
  }
  private weak var keptTop: ContainerNode?
  /// Whether ``top`` is kept: read without loading the weak reference, on every presentation.
  private(set) var keepsTop = false
  /// Whether a container with branches (a tab container with tabs, a split with a column) has
  /// been part of the tree: then ``top`` is the root's alone.
  var hasBranches = false

  /// Forgets ``top`` after tabs or columns changed, which can move it without a presentation.
  func branchesChanged() {
    if keepsTop { top = nil }
  }

  /// Records a selection made without ``begin()``, which nobody can hear: it may move ``top``.
  func noteQuietChange() {
    branchesChanged()
  }

  /// The owners of the tree's containers, once the tree has been deep enough to need them.
  ///
  /// What lets the owner-cycle check stop after a few levels however deep the tree is
  /// (``ContainerNode/ownerCycle(of:)``). Empty until then, so that a shallow tree keeps no
  /// table; dropped when a container leaves, and gathered again when next needed.
  private var owners: Set<ObjectIdentifier> = []
  /// Whether ``owners`` is kept: a plain flag, so that the common case reads no table.
  private(set) var knowsOwners = false

  /// Whether a container of the tree is owned by `owner`, as gathered.
  func hasContainer(ownedBy owner: ObjectIdentifier) -> Bool { owners.contains(owner) }

  /// Gathers the owners of the containers of the tree whose root is `root`.
  func gatherOwners(inTreeOf root: ContainerNode) {
    var found: Set<ObjectIdentifier> = []
    var left: [ContainerNode] = [root]
    while let node = left.popLast() {
      if node.changes === self, let owner = node.ownerIdentity { found.insert(owner) }
      if let presented = node.presentedNode { left.append(presented) }
      left += node.branches.nodes
    }
    owners = found
    knowsOwners = true
  }

  /// A container joins the tree: its owner is added, once the tree keeps them.
  func containerJoined(ownedBy owner: ObjectIdentifier?) {
    guard knowsOwners, let owner else { return }
    insertOwner(owner)
  }

  /// A container leaves the tree: the owners are dropped, to be gathered again when next
  /// needed, so that a dismissal of a deep subtree costs nothing per container.
  func containerLeft() {
    guard knowsOwners else { return }
    dropOwners()
  }

  // The table's work out of line: what attaches a chain, inlining the checks above, stays small.
  @inline(never)
  private func insertOwner(_ owner: ObjectIdentifier) {
    owners.insert(owner)
  }

  @inline(never)
  private func dropOwners() {
    knowsOwners = false
    owners = []
  }

  /// Runs `change` as the tree's change in progress, then every request made while it ran.
  ///
  /// Requests run one after another, not nested, however many they make in turn.
  func perform<Result>(_ change: () -> Result) -> Result {
    let started = begin()
    let result = change()
    end(started)
    return result
  }

  /// Starts a change, as ``perform(_:)`` does around its closure.
  func begin() -> ChangeStart {
    let outer = isChanging
    isChanging = true
    return ChangeStart(outer: outer)
  }

  /// Ends a change ``begin()`` started, then runs every request made while it ran.
  func end(_ started: ChangeStart) {
    isChanging = started.outer
    if !started.outer, next < pending.count { drain() }
  }

  /// Queues a request to run after the change in progress.
  ///
  /// A request that is not navigation (`isNavigation: false`, a host driver's look at the tree)
  /// runs in turn like any other, but is not listed by ``startRecording()``: it changes nothing,
  /// so it does not interfere with the change being recorded.
  func enqueue(
    _ operation: String, fileID: StaticString, line: UInt, isNavigation: Bool = true,
    _ run: @escaping () -> Void
  ) {
    let request = Request(
      operation: operation, fileID: fileID, line: line,
      diagnostics: MisuseReports.scope, isNavigation: isNavigation, run: run)
    // Appended to a local: no access to `pending` stays open across code the compiler cannot
    // see (growing the array, or a release that runs a deinit), so that its other accesses,
    // such as the check at the end of every change, need no run-time exclusivity check.
    var requests: [Request] = []
    swap(&requests, &pending)
    requests.append(request)
    swap(&requests, &pending)
  }

  /// Starts listing the requests that run, for a caller that must know whether anything
  /// changed the tree after its own change.
  func startRecording() {
    recorded = []
  }

  /// Stops listing, and returns what ran since ``startRecording()``.
  func stopRecording() -> [Request] {
    defer { recorded = nil }
    return recorded ?? []
  }

  private func drain() {
    guard !isDraining else { return }
    isDraining = true
    while next < pending.count {
      let request = pending[next]
      next += 1
      if request.isNavigation { recorded?.append(request) }
      if let scope = request.diagnostics, scope.isOpen {
        MisuseReports.withHandler(scope.handler, operation: request.run)
      } else {
        request.run()
      }
    }
    // Taken out before the requests are released: releasing them may run any code.
    var done: [Request] = []
    swap(&done, &pending)
    next = 0
    isDraining = false
    done.removeAll()
  }
}

/// A change ``ChangeQueue/begin()`` started: what ``ChangeQueue/end(_:)`` needs to finish it.
@usableFromInline
struct ChangeStart {
  /// Whether the change runs inside another (a request drained by an outer change).
  let outer: Bool
}
