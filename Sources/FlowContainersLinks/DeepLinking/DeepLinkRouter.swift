public import FlowContainersCore
public import FlowContainersRestoration

/// Follows deep links through a tree of ``LinkableFlow``s: resolve, plan, check, apply.
///
/// Create one for the root flow and hand it every link the host receives. It resolves the link
/// from the root down into a ``NavigationPlan`` (a value you can inspect), checks guards and
/// objections, optionally validates the targets asynchronously, and applies the plan in one go,
/// so the tree is never half-changed.
///
/// ```swift
/// let router = DeepLinkRouter(root: app, scheme: "notes")
/// router.setGuard(
///   for: .signedIn, isSatisfied: { session.isSignedIn },
///   makeGuardFlow: { SignInFlow(session: session) })
/// switch await router.open("notes://note/2/edit") {
/// case .applied: break
/// case .held(.guardRequired): print("signing in first")
/// default: break
/// }
/// ```
///
/// ## Modals
///
/// A link that arrives while sub-flows are presented reuses those that can handle the rest of
/// it, and dismisses only what is in the way. A flow about to be dismissed may object
/// (``InterruptionAware``); ``interruptionPolicy`` says whether the link is then held until that
/// flow goes away, or dropped.
///
/// ## Guards and held links
///
/// A flow type may need a ``FlowRequirement``. When it is unmet, the link is held and the
/// requirement's guard flow is presented; when the guard flow's presentation ends, the
/// requirement is checked again and the link resumes or is dropped. One link is held at a time:
/// a newer link replaces it. The ``delegate`` hears how held links end.
///
/// The router holds its root weakly: the host owns the root flow and must keep it alive, or
/// links, snapshots and restorations fail with `rootReleased`.
@MainActor
public final class DeepLinkRouter {
  /// Whether a link that a flow objects to is held until that flow goes away, or dropped.
  public enum InterruptionPolicy: Sendable, Hashable {
    /// Hold the link; it resumes when the objecting flow's presentation ends.
    case hold
    /// Drop the link.
    case drop
  }

  /// A link or destination waiting for a guard or an objection to clear.
  public struct HeldLink: Sendable, Hashable {
    /// The link or destination.
    public var request: NavigationRequest
    /// What it waits for.
    public var reason: LinkHoldReason
    /// When it was held, by the router's clock.
    public var heldAt: ContinuousClock.Instant
  }

  struct Guard {
    let isSatisfied: @MainActor () -> Bool
    let makeFlow: @MainActor () -> (any PresentableFlow)?
  }

  /// The flow that snapshots, restoration and ``currentLink()`` start from; `nil` once it has
  /// been released.
  ///
  /// The root flow, whatever its container: the flow you passed, a ``LinkableFlow``, a
  /// ``TabbedFlow`` or a ``SplitFlow``; `nil` once the host has released it.
  public var root: AnyObject? { rootNode?.owner }
  /// The root flow's container, the tree's root; held weakly, as the root flow is.
  weak var rootNode: ContainerNode?
  /// The root flow, typed when the router was made, so that no link casts it; `nil` for a tab
  /// bar's router, and once the root has been released.
  let linkableRoot: @MainActor () -> (any LinkableFlow)?
  /// The scheme links must have, lowercased, such as `notes`.
  public let scheme: String
  /// Hosts whose `https` (and `http`) links are accepted too, lowercased.
  public var webHosts: Set<String> = []
  /// What happens to a link that a flow objects to.
  ///
  /// The default holds it.
  public var interruptionPolicy: InterruptionPolicy = .hold
  /// How long a held link stays valid; `nil`, the default, keeps it until it resumes or is
  /// replaced.
  public var heldLinkExpiry: Duration?
  /// Checks a plan's targets before it is applied, for example that the note exists; throw to
  /// reject the link.
  ///
  /// A newer link cancels the task that runs it.
  public var validator: (@MainActor (NavigationPlan) async throws -> Void)?
  /// Hears how held links end.
  public weak var delegate: (any DeepLinkRouterDelegate)?
  /// The link waiting for a guard or an objection, if any.
  public internal(set) var heldLink: HeldLink?

  var guards: [FlowRequirement: Guard] = [:]
  /// The requirement whose guard flow this router has presented and is waiting on.
  var presentedGuard: FlowRequirement?
  /// The container whose presentation the held link waits for, if it waits for one.
  var heldUntilEndOf: ObjectIdentifier?
  /// The containers whose current presentation this router listens to the end of.
  var listeningTo: Set<ObjectIdentifier> = []
  var ticket: UInt64 = 0
  var validation: Task<Void, any Error>?
  var resumption: Task<Void, Never>?
  let now: @MainActor () -> ContinuousClock.Instant
  /// Saves and restores this router's tree.
  ///
  /// It knows this router's guards: restoring drops a level whose
  /// ``RestorableFlow/requirement`` is unmet (with a report, never presenting a guard), and drops
  /// a held or resuming link as ``LinkDropReason/superseded``.
  ///
  /// ```swift
  /// let report = router.restorer.restore(from: try SnapshotFile(url: url).read())
  /// try SnapshotFile(url: url).write(router.restorer.snapshot())
  /// ```
  public let restorer: FlowRestorer

  /// Creates a router for `root`'s tree.
  ///
  /// The router holds `root` weakly: keep the root flow alive yourself (store it) as long as you
  /// use the router. `DeepLinkRouter(root: AppFlow(), scheme: "notes")` releases the flow at
  /// once, and every link, snapshot and restoration then fails with `rootReleased`.
  ///
  /// - Parameters:
  ///   - root: The root flow; held weakly, so the caller keeps it alive.
  ///   - scheme: The scheme links must have, such as `notes`.
  ///   - now: The clock for held-link expiry; tests pass their own.
  public init(
    root: some LinkableFlow, scheme: String,
    now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    rootNode = PlanEngine.node(of: root)
    linkableRoot = { [weak root] in root }
    self.scheme = scheme.asciiLowercased()
    self.now = now
    restorer = FlowRestorer(root: root)
    connectRestorer()
  }

  /// Creates a router for a tab bar: a link goes to the first tab, the selected one first,
  /// whose flow type's `canHandle(_:)` accepts it.
  ///
  /// The tab is selected (its live flow is reused, never recreated), a modal over the whole tab
  /// container is dismissed, and the link is followed inside the tab, all as steps of one plan
  /// whose first level is the tab bar. Snapshots
  /// save the selected tab and every tab's tree; ``currentLink()`` shares the selected tab's.
  /// A tab whose flow is a ``SplitFlow`` takes a link when its primary's or a detail type's
  /// `canHandle(_:)` does, and the link follows the split's rules there, as with
  /// ``init(root:scheme:now:)-(SplitFlow,_,_)``.
  ///
  /// The router holds `root` weakly, as ``init(root:scheme:now:)-(LinkableFlow,_,_)`` does: keep
  /// the tab bar's flow alive yourself as long as you use the router.
  ///
  /// - Parameters:
  ///   - root: The flow that owns the tab container; held weakly, so the caller keeps it alive.
  ///   - scheme: The scheme links must have, such as `notes`.
  ///   - now: The clock for held-link expiry; tests pass their own.
  public init(
    root: some TabbedFlow, scheme: String,
    now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    rootNode = root.container
    linkableRoot = { nil }
    self.scheme = scheme.asciiLowercased()
    self.now = now
    restorer = FlowRestorer(root: root)
    connectRestorer()
  }

  /// Creates a router for a split: a link goes to the detail when a detail flow type's
  /// `canHandle(_:)` accepts it (the live detail's type first), otherwise to the primary.
  ///
  /// The live detail is kept only when it already shows the link's first route; otherwise the
  /// split's ``SplitFlow/detailFlows`` declaration makes a new one, which replaces it, and the
  /// old one ends once. A link into the primary closes the detail. What the split presents over
  /// a column the link does not go through is dismissed. The width plays no part.
  ///
  /// The router holds `root` weakly: keep the split's flow alive yourself as long as you use it.
  ///
  /// - Parameters:
  ///   - root: The flow that owns the split; held weakly, so the caller keeps it alive.
  ///   - scheme: The scheme links must have, such as `notes`.
  ///   - now: The clock for held-link expiry; tests pass their own.
  public init(
    root: some SplitFlow, scheme: String,
    now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    rootNode = root.container
    linkableRoot = { nil }
    self.scheme = scheme.asciiLowercased()
    self.now = now
    restorer = FlowRestorer(root: root)
    connectRestorer()
  }

  /// Lets the restorer check requirements with this router's guards, and drop held links
  /// before it restores.
  private func connectRestorer() {
    restorer.isRequirementMet = { [weak self] in self?.guards[$0]?.isSatisfied() == true }
    restorer.willRestore = { [weak self] in self?.supersedePendingLinks() }
  }

  /// Registers how to check `requirement` and which guard flow satisfies it.
  ///
  /// - Parameters:
  ///   - requirement: The requirement, as flows declare it.
  ///   - isSatisfied: Whether it holds now. Checked before each link is applied, and when the
  ///     guard flow's presentation ends.
  ///   - makeGuardFlow: Creates the guard flow (such as sign-in) to present while a link waits.
  public func setGuard(
    for requirement: FlowRequirement, isSatisfied: @escaping @MainActor () -> Bool,
    makeGuardFlow: @escaping @MainActor () -> (any PresentableFlow)?
  ) {
    guards[requirement] = Guard(isSatisfied: isSatisfied, makeFlow: makeGuardFlow)
  }

  /// Parses `text` and follows it; see ``open(_:)-(DeepLink)``.
  ///
  /// - Parameter text: The link as received.
  /// - Returns: What happened; a malformed link fails with ``LinkFailure/malformed(_:)``
  ///   and changes nothing.
  public func open(_ text: String) async -> LinkOutcome {
    do {
      return await open(try DeepLink(parsing: text))
    } catch {
      return .failed(LinkFailure.malformed(error))
    }
  }

  /// Follows `link`: plans it, checks guards, validates, checks objections, and applies it.
  ///
  /// A held link is replaced (and reported dropped as superseded); a link still being
  /// validated is cancelled. Nothing in the tree moves unless the outcome is
  /// ``LinkOutcome/applied(_:)``.
  ///
  /// - Parameter link: The link.
  /// - Returns: What happened.
  public func open(_ link: DeepLink) async -> LinkOutcome {
    supersedePendingLinks()
    return await follow(.link(link), ticket: ticket)
  }

  /// Shows `destination` through the same machinery as a link: plans it, checks guards,
  /// validates, checks objections, and applies it.
  ///
  /// Program code uses it to go somewhere by typed routes, without formatting a URL:
  ///
  /// ```swift
  /// _ = await router.open(
  ///   .root(AppFlow.self, showing: [.library, .note(id)]).then(EditorFlow.self, showing: [.edit]))
  /// ```
  ///
  /// - Parameter destination: Where to go, root first.
  /// - Returns: What happened.
  public func open(_ destination: LinkDestination) async -> LinkOutcome {
    supersedePendingLinks()
    return await follow(.destination(destination), ticket: ticket)
  }

  /// Waits until any held link that has resumed has been followed.
  ///
  /// Held links resume on the main actor just after the presentation they waited for ends, in
  /// a task of their own. A host that reports after each command (the Notes sample's terminal
  /// prints the screen once what the command caused has settled) awaits this; the router's
  /// ``delegate`` hears the outcome either way.
  public func waitForPendingWork() async {
    while let task = resumption {
      await task.value
      if resumption == task { resumption = nil }
    }
  }

  func follow(_ request: NavigationRequest, ticket: UInt64) async -> LinkOutcome {
    var plan: NavigationPlan
    switch self.plan(for: request) {
    case .failure(let failure): return .failed(failure)
    case .success(let made): plan = made
    }
    guard let validator else { return applyNow(plan) }
    if let rootNode, let failure = Self.unchangeable(rootNode) {
      return .failed(failure)
    }
    if let outcome = checkRequirements(of: plan) { return outcome }
    let planned = plan
    let task = Task { try await validator(planned) }
    validation = task
    let result = await task.result
    guard ticket == self.ticket else { return .dropped(.superseded) }
    validation = nil
    if case .failure(let error) = result {
      return .failed(LinkFailure.rejected(ThrownError(error)))
    }
    // The tree may have moved while the validator ran: plan again against the tree as it is.
    switch self.plan(for: request) {
    case .failure(let failure): return .failed(failure)
    case .success(let made): plan = made
    }
    return applyNow(plan)
  }
}
