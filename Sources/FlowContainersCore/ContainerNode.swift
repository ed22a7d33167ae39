import Observation

/// A container in a presentation tree, whatever type its screens have.
///
/// Every ``StackContainer`` is a `ContainerNode`: the node holds everything about the tree (who
/// presents whom, the presentation that keeps a sub-flow alive, observers, teardown), and
/// `StackContainer<Screen>` adds the typed stack. Code that does not know the screen types (a
/// host adapter, a tracer, a leak check) walks and inspects the tree through `ContainerNode`;
/// cast to `StackContainer<YourScreen>` to reach the screens.
///
/// Each container presents at most one other at a time; ``tree`` reads everything that hangs on
/// a container as one value, ``root`` and ``topmost`` are the ends of what the user sees:
///
/// ```swift
/// for level in app.container.tree.levels {
///   print(level.depth, level.screens)
/// }
/// ```
///
/// You cannot subclass `ContainerNode`; create ``StackContainer``s.
@MainActor
public class ContainerNode {
  /// The flow that owns this container, held weakly.
  ///
  /// Set it once, in the flow's initialiser: `container.owner = self`. Presenting a container
  /// keeps its owner alive, and dumps and traces name the owner's type. Presenting a container
  /// whose owner is `nil` is reported as misuse.
  public var owner: AnyObject? {
    get { ownerReference }
    set {
      ownerReference = newValue
      // No closure (`newValue.map { … }`): a main-actor closure passed to a nonisolated function
      // is checked for isolation at run time, on every call.
      if let newValue {
        ownerType = type(of: newValue)
        ownerIdentity = ObjectIdentifier(newValue)
      } else {
        ownerType = nil
        ownerIdentity = nil
      }
      // A flow's container is made before its owner is set: no name or queue to forget yet.
      if ownerNameCache != nil { ownerNameCache = nil }
      // The tree's owners are gathered again when next needed.
      changes?.containerLeft()
    }
  }

  /// The owner, weakly: a container can outlive its flow (a host animating it away), and must
  /// then say `nil` rather than point at a released object.
  weak var ownerReference: AnyObject?
  /// The owner's type, remembered when the owner is set, so a container can still name its flow
  /// while the flow is being released.
  var ownerType: AnyObject.Type?
  /// The owner's ``FlowName``, found the first time something names it.
  var ownerNameCache: SharedFlowName?

  /// The owner's identity, remembered when the owner is set.
  ///
  /// Comparing it costs no weak load. It outlives the owner, so a match is confirmed through
  /// ``ownerReference``.
  var ownerIdentity: ObjectIdentifier?
  // The three flags and the depth below are stored right after the optional identity, in its
  // word's padding: a container is allocated in 16-byte steps, and a tree holds many.
  /// Whether the container has finished; read on every operation.
  var finished = false
  /// Whether change observers sit on this container (a ``StackContainer``'s), so that the fast
  /// path needs no generic lookup.
  var hasChangeObservers = false {
    didSet { refreshCanCallBack() }
  }
  /// ``canCallBack``, kept up to date by the three things it depends on (the registrar, change
  /// observers, event observers), so that every push and pop reads one flag.
  private(set) var canCallBackFlag = false
  /// How many presenters lie below; kept up to date on present and dismiss.
  ///
  /// 32 bits, so that it shares the word of the identity and the flags above (a tree two
  /// billion layers deep would need hundreds of gigabytes): read it as ``storedDepth``.
  private var depthBits: Int32 = 0
  /// The container this one presents.
  var presentedNode: ContainerNode?
  /// The flow the presentation keeps alive: set exactly when ``presentedNode`` is.
  var presentedOwner: AnyObject?
  /// Where this container hangs: the root, presented (by whom, with which style), or a tab.
  ///
  /// The holder holds this container, not the other way round: it is weak, and reads `nil` from
  /// the moment the holder is released, even while the holder's `deinit` still waits for the
  /// main actor. Written only where presentations and tabs begin and end.
  private(set) var attachment = Attachment.root
  /// The presenter or the tab container that holds this container, weakly; `nil` for a root.
  private(set) weak var holder: ContainerNode?
  /// Bumped on every change to the stack or the presentation, so that whoever holds a reading
  /// of the container (an interactive pop in progress, a reading taken earlier) can tell it moved.
  ///
  /// A stack change adds 1 and any other change ``otherChange``, so that the low 32 bits count
  /// the stack's changes alone (``stackRevision``): a host driver tells a moved stack from a
  /// presentation without describing any screen.
  var generation: UInt64 = 0

  /// What a change other than the stack's adds to ``generation``.
  static let otherChange: UInt64 = 1 << 32

  /// A number that changes whenever the stack changes, and only then (wrapping after 2³²).
  var stackRevision: UInt32 { UInt32(truncatingIfNeeded: generation) }
  /// What the container needs only once something observes it or a host gesture is under way
  /// (``ColdState``): `nil` until then.
  var cold: ColdState?
  /// The tree's change queue, shared by every container of the tree.
  ///
  /// A root makes it when it first needs it. A deep tree's queue keeps the owners of the
  /// containers that share it: set it with ``join(_:)``.
  var changes: ChangeQueue?

  @usableFromInline init() {}

  /// Hangs this container on `holder` as `attachment` says: the one place that moves it.
  func hang(_ attachment: Attachment, on holder: ContainerNode?) {
    self.attachment = attachment
    self.holder = holder
  }

  // No `deinit` here: each kind's `isolated deinit` tears down what the container presents
  // (`releasePresentation()`). An isolated deinit here as well would check the executor a second
  // time for every container released, about 300 instructions.

  // MARK: What each kind of container answers
  // The one seam between the untyped tree and a kind of container: each kind (`StackContainer`,
  // `TabContainer`) overrides what it has, and the tree code asks here, never assuming a kind.

  /// The containers that hang on this one besides what it presents (a tab container's tabs), in
  /// order, and the position of the one the user sees while it presents nothing.
  var branches: (nodes: [ContainerNode], shown: Int?) { ([], nil) }

  /// Whether anything hangs on this container besides what it presents: cheaper to ask than
  /// ``branches``, so walks ask it of every container they pass.
  var hasBranches: Bool { false }

  /// What the container holds, as the tree value says it.
  var kind: FlowTree.Level.Kind { .stack }

  /// This container as a tab container, for tab steps and host events; `nil` for other kinds.
  var tabBar: TabContainer? { nil }

  /// This container as a split, for column steps and host events; `nil` for other kinds.
  var splitView: SplitContainer? { nil }

  /// What an interactive pop in progress compares to tell whether what it pops moved: the
  /// container's revision, or, for a split, its columns' as well.
  var hostRevision: UInt64 { generation }

  /// The number of screens.
  var screenCount: Int { 0 }

  /// The screens as text, bottom first; for tabs, the tabs' flows, the selected one marked.
  var screenDescriptions: [String] { [] }

  /// The position in the stack of the screen that is `object` itself, if a screen is.
  func screenIndex(identicalTo object: AnyObject) -> Int? { nil }

  /// Removes the screens above `index`, for the host.
  func hostPop(toIndex index: Int) {}

  /// Removes the top screen, for the host.
  func hostPopTop() {}

  /// Makes a stack's ``TreeChange/pop(stored:keeping:)``.
  func pop(from stored: Int, keeping count: Int, animated: Bool, cause: NavigationCause) {}

  /// Tears down the branches of this finished container and releases their flows, as its
  /// `deinit` does: a host may hold the container a while longer (animating it away).
  func releaseBranches() {}

  /// Registers a read of what the container holds with the Observation framework.
  func accessStack() {}

  /// Reports a pop that would remove the root.
  @usableFromInline func reportPopOfRoot(fileID: StaticString, line: UInt) {}

  /// How many change observers sit on this container; see ``hasChangeObservers``.
  var changeObserverCount: Int { 0 }
}

extension ContainerNode {
  /// The container that presents this one, or `nil` for a root or a dismissed container.
  ///
  /// It is also `nil` while the presenter is being released off the main actor and the
  /// presentation's teardown has yet to run there; ``presentationStyle`` is still set then.
  public var presenter: ContainerNode? { attachment.isPresented ? holder : nil }

  /// Whether a presentation holds this container.
  var isPresented: Bool { attachment.isPresented }

  /// How the host should show this container: the style it was presented with, or `nil`.
  ///
  /// It is set from ``present(_:style:animated:fileID:line:onEnd:)`` until the presentation has
  /// ended, however it ends: `presentationStyle != nil` says whether a presentation holds the
  /// container.
  public var presentationStyle: PresentationStyle? { attachment.style }

  /// The tab container this container is a tab of, or `nil`.
  public var tabContainer: TabContainer? { attachment == .tab ? holder?.tabBar : nil }

  /// The split this container is a column of, or `nil`.
  public var splitContainer: SplitContainer? {
    guard case .column = attachment else { return nil }
    return holder?.splitView
  }

  /// Which column of its split this container is, or `nil` when it is not a column.
  public var column: SplitColumn? {
    guard case .column(let column) = attachment else { return nil }
    return column
  }

  /// Where a presentation asked of this container is made: here, or, for a split's column, on
  /// the split, so that it shows over both columns.
  var presentingLevel: ContainerNode {
    var level = self
    while case .column = level.attachment, let split = level.holder { level = split }
    return level
  }

  /// The root of the tree this container belongs to: this one when nothing holds it, otherwise
  /// the root of its presenter or tab container.
  public var root: ContainerNode {
    var root = self
    while let below = root.holder { root = below }
    return root
  }

  /// How many presenters and tab containers lie below this container: 0 for a root.
  public var depth: Int { storedDepth }

  /// How many presenters lie below; kept up to date on present and dismiss.
  var storedDepth: Int {
    get { Int(depthBits) }
    set { depthBits = Int32(newValue) }
  }

  /// The number of screens in the stack.
  ///
  /// Observable.
  public var count: Int {
    accessStack()
    return screenCount
  }

  /// The stack's screens, bottom first, as `String(describing:)` renders them.
  public var stackDescription: [String] { screenDescriptions }

  /// The topmost container of the chain this one belongs to: the one the user sees.
  ///
  /// Read from the root, or anywhere in a tree without tabs or splits, it costs nothing after
  /// any change once the tree is deep: the tree keeps it as layers are presented and dismissed.
  public var topmost: ContainerNode {
    guard presentedNode != nil || shownBranch != nil else { return self }
    // The tree's, kept: every container's in a chain, the root's in a tree with branches (a
    // hidden tab's chain has a topmost of its own).
    let isTreeTop = changes.map { !$0.hasBranches || attachment == .root } ?? false
    if isTreeTop, let top = changes?.top, top.changes === changes { return top }
    let (node, steps) = walkToTop()
    if steps >= 16, isTreeTop, let changes, node.changes === changes { changes.top = node }
    return node
  }

  /// The container the user sees from this one, through what each presents and the branch each
  /// shows, and how many steps that took.
  func walkToTop() -> (node: ContainerNode, steps: Int) {
    var node = self
    var steps = 0
    while let above = node.presentedNode ?? node.shownBranch {
      node = above
      steps += 1
    }
    return (node, steps)
  }

  /// Whether the way from the root to `top` passes through this container.
  ///
  /// `top` is this one, or hangs on it, directly or through others. It walks down from `top` as
  /// many levels as lie between them.
  func leads(to top: ContainerNode) -> Bool {
    var node = top
    var steps = top.storedDepth - storedDepth
    while steps > 0, let below = node.holder {
      node = below
      steps -= 1
    }
    return node === self
  }

  /// The branch the user sees while this container presents nothing: the selected tab.
  var shownBranch: ContainerNode? {
    let branches = branches
    guard let shown = branches.shown else { return nil }
    return branches.nodes[shown]
  }

  /// Starts a change of the tree, as ``ChangeQueue/perform(_:)`` does, for code that passes no
  /// closure: bumps the generation, and returns what to hand to ``endChange(_:)``.
  func beginChange() -> ChangeStart {
    generation &+= 1
    return changeQueue.begin()
  }

  /// Ends the change ``beginChange()`` started, then runs the requests made while it ran.
  ///
  /// The tree's queue is the one the change began with: presenting and dismissing, which hand
  /// containers another queue, are queued until the change ends.
  func endChange(_ started: ChangeStart) {
    changes?.end(started)
  }

  /// Runs `body` as the tree's change in progress when user code could run during it (an
  /// Observation registrar or an observer exists); otherwise nothing can call back, and `body`
  /// runs as it is.
  func change<Result>(_ body: () -> Result) -> Result {
    guard canCallBack else { return body() }
    return changeQueue.perform(body)
  }

  /// The stable name of the container's flow, the one events carry and snapshots save;
  /// ``FlowName/noOwner`` while it has no owner.
  ///
  /// Made once per container, so reading it costs a copy. It does not register an Observation
  /// access: it changes only with ``owner``.
  public var flowName: FlowName {
    if let shared = ownerNameCache { return shared.name }
    return makeOwnerFlowName()
  }

  /// Finds and keeps the owner's name: out of line, so that every event inlines only the read.
  @inline(never)
  private func makeOwnerFlowName() -> FlowName {
    var shared = SharedFlowName.noOwner
    if let ownerType { shared = FlowNames.shared(of: ownerType) }
    ownerNameCache = shared
    return shared.name
  }

  /// The owner's name, for messages and traces.
  var ownerName: String { flowName.rawValue }

  /// `AppFlow@1`: the owner's type name and the depth, for messages and traces.
  var locationDescription: String { "\(ownerName)@\(storedDepth)" }

  /// Reports misuse at this container.
  @usableFromInline
  func report(_ code: FlowDiagnostic.Code, _ message: String, fileID: StaticString, line: UInt) {
    MisuseReports.report(
      code, message, at: locationDescription, fileID: "\(fileID)", line: line)
  }

  /// Reports an operation on a finished container.
  @usableFromInline
  func reportFinished(_ operation: String, fileID: StaticString, line: UInt) {
    report(
      .finishedContainer,
      "\(operation) on \(locationDescription) after it finished (it was dismissed, or finish() "
        + "ran); a finished container never changes again. Create a new flow instead.",
      fileID: fileID, line: line)
  }

  /// Makes `queue` this container's change queue, telling the queue it leaves and the one it
  /// joins, which keep the owners of their containers once their trees are deep.
  func join(_ queue: ChangeQueue?) {
    guard changes !== queue else { return }
    changes?.containerLeft()
    queue?.containerJoined(ownedBy: ownerIdentity)
    changes = queue
  }

  /// The tree's change queue, made for a root the first time it is needed.
  var changeQueue: ChangeQueue {
    if let changes { return changes }
    return makeChangeQueue()
  }

  /// Makes the root's change queue: out of line, so that every change inlines only the read.
  @inline(never)
  private func makeChangeQueue() -> ChangeQueue {
    let made = ChangeQueue()
    changes = made
    return made
  }

  /// How a stack change requested now goes.
  @usableFromInline
  enum ChangeRoute {
    /// A change is in progress in the tree: queue the request.
    case queued
    /// The container has finished: report the misuse and change nothing.
    case finished
    /// Nothing can hear or call back: make the change directly (the generation is bumped).
    case quiet
    /// Make the change inside the tree's change queue, and announce it.
    case announced
  }

  /// Decides how a stack change requested now goes: the checks every push and pop share, in one
  /// call, so the inlined operations stay small.
  ///
  /// A quiet change bumps the generation here; a pop that then finds only the root calls
  /// ``refusePopOfRoot(fileID:line:)``, which takes the bump back. It takes no arguments: the
  /// caller reports a finished container itself, so the hot path passes nothing it never reads.
  ///
  /// - Returns: How the change goes.
  @usableFromInline
  func routeChange() -> ChangeRoute {
    if let changes, changes.isChanging { return .queued }
    if finished { return .finished }
    guard !canCallBack else { return .announced }
    generation &+= 1
    return .quiet
  }

  /// Whether anyone would hear about a change.
  var isObserved: Bool { hasChangeObservers || eventObserverCount > 0 }

  /// Whether a change could run user code: an Observation registrar or an observer exists.
  ///
  /// Otherwise nothing can hear or call back, and a change needs no change queue.
  var canCallBack: Bool { canCallBackFlag }

  /// Recomputes ``canCallBack`` after the registrar or an observer count changed.
  func refreshCanCallBack() {
    canCallBackFlag = registrar != nil || isObserved
  }

  /// Reports a quiet pop that found only the root, and takes back the generation bump of
  /// ``routeChange()``: nothing changed.
  @usableFromInline
  func refusePopOfRoot(fileID: StaticString, line: UInt) {
    generation &-= 1
    reportPopOfRoot(fileID: fileID, line: line)
  }

  /// Queues `run` to run after the change in progress in this tree.
  @usableFromInline
  func enqueue(
    _ operation: String, fileID: StaticString, line: UInt, _ run: @escaping () -> Void
  ) {
    changeQueue.enqueue(operation, fileID: fileID, line: line, run)
  }
}
