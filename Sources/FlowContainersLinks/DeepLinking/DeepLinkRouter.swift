public import FlowContainersCore
public import FlowContainersRestoration

/// Follows deep links through a tree of ``LinkableFlow``s: resolve, plan, check, apply.
///
/// It resolves each link from the root down into a ``NavigationPlan`` (a value), checks guards
/// and objections, optionally validates the targets, and applies the plan in one go.
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
/// A link reuses the presented sub-flows that can handle its rest and dismisses only what is in
/// the way; a flow may object (``InterruptionAware``). A link into a flow whose
/// ``FlowRequirement`` is unmet is held while the guard flow is up, one at a time
/// (``onHeldLinkEnd``). The router holds its root weakly: keep the root flow alive.
@MainActor
public final class DeepLinkRouter {
  struct Guard {
    let style: PresentationStyle
    let isSatisfied: @MainActor () -> Bool
    let makeFlow: @MainActor () -> (any PresentableFlow)?
    /// The type of the flows `makeFlow` makes, which the route map draws.
    let flowType: any PresentableFlow.Type
  }

  /// The root flow you passed, `nil` once released; outside the package, ``FlowRestorer/root``.
  package var root: AnyObject? { rootNode?.owner }
  /// The root flow's container, the tree's root; held weakly, as the root flow is.
  weak var rootNode: ContainerNode?
  /// The resolution links run in, with the route graph they resolve through, made once for the
  /// root and kept: the flow types the root leads to, with their patterns.
  let resolution: Resolution
  /// The scheme links must have, lowercased, such as `notes`: the one the router was made with.
  package let scheme: String
  /// Hosts whose `https` (and `http`) links are accepted too, lowercased.
  public var webHosts: Set<String> = []
  /// Whether a link that a flow objects to is dropped (``LinkDropReason/objection(flow:reason:)``)
  /// rather than held until that flow's presentation ends, as by default.
  public var dropsObjectedLinks = false
  /// How long a held link stays valid; `nil`, the default, keeps it until it resumes or is
  /// replaced.
  public var heldLinkExpiry: Duration?
  /// Checks a plan's targets before it is applied (that the note exists); throw to reject it.
  ///
  /// A newer link cancels the task that runs it.
  public var validator: (@MainActor (NavigationPlan) async throws -> Void)?
  /// Hears how each held link or destination ends, followed or ``LinkOutcome/dropped(_:)``.
  ///
  /// The router keeps the closure: capture weakly what it reaches.
  ///
  /// ```swift
  /// router.onHeldLinkEnd = { [weak self] request, outcome in
  ///   guard case .dropped(let reason) = outcome else { return }
  ///   self?.status = "Not opened: \(request) (\(reason))"
  /// }
  /// ```
  public var onHeldLinkEnd: (@MainActor (NavigationRequest, LinkOutcome) -> Void)?
  /// The link or destination waiting for a guard or an objection, if any: the `request`, the
  /// `reason` it waits for, and when it was held (`heldAt`, by the router's clock).
  public internal(set) var heldLink:
    (request: NavigationRequest, reason: LinkHoldReason, heldAt: ContinuousClock.Instant)?

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
  /// Saves and restores this router's tree: restoring drops a level whose
  /// ``RestorableFlow/requirement`` is unmet, and a held link as ``LinkDropReason/superseded``.
  ///
  /// ```swift
  /// let report = router.restorer.restore(from: try SnapshotFile(url: url).read())
  /// try SnapshotFile(url: url).write(router.restorer.snapshot())
  /// ```
  public let restorer: FlowRestorer

  /// Creates a router for the tree of `root`: a ``LinkableFlow``, a ``TabbedFlow`` (whose tabs
  /// take a link in turn, the selected one first) or a ``SplitFlow`` (whose detail takes a link
  /// its type can handle, otherwise its primary).
  ///
  /// - Parameters:
  ///   - root: The root flow; held weakly, so keep it alive (or every link fails with
  ///     `rootReleased`).
  ///   - scheme: The scheme links must have, such as `notes`.
  ///   - now: The clock for held-link expiry; tests pass their own.
  public init(
    root: some ContainerFlow, scheme: String,
    now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    rootNode = root.container
    resolution = Resolution(map: RouteMap(type: type(of: root)))
    self.scheme = scheme.asciiLowercased()
    self.now = now
    restorer = FlowRestorer(root: root)
    restorer.isRequirementMet = { [weak self] in self?.guards[$0]?.isSatisfied() == true }
    // The restored tree replaces whatever a held or resuming link would have shown.
    restorer.willRestore = { [weak self] in _ = self?.supersedePendingLinks() }
  }

  /// Registers how to check `requirement` and which guard flow, drawn on ``routeMap``, satisfies
  /// it.
  ///
  /// - Parameters:
  ///   - requirement: The requirement, as flows declare it.
  ///   - style: How the guard flow is presented.
  ///   - isSatisfied: Whether it holds now: before each link, and when the guard flow ends.
  ///   - makeGuardFlow: Creates the guard flow to present while a link waits, or `nil`.
  public func setGuard<GuardFlow: PresentableFlow>(
    for requirement: FlowRequirement, style: PresentationStyle = .sheet,
    isSatisfied: @escaping @MainActor () -> Bool,
    makeGuardFlow: @escaping @MainActor () -> GuardFlow?
  ) {
    guards[requirement] = Guard(
      style: style, isSatisfied: isSatisfied, makeFlow: { makeGuardFlow() },
      flowType: GuardFlow.self)
  }

  /// The map of this router's tree: its root's flows (``RouteMap/init(root:)``), with the guard
  /// flow of each requirement a guard is set for (``RouteMap/guards``).
  ///
  /// ```swift
  /// print(router.routeMap.mermaid, terminator: "")
  /// ```
  public var routeMap: RouteMap {
    var drawn = (root as? any ContainerFlow).map { RouteMap(root: $0) } ?? resolution.map
    for (requirement, held) in guards.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      drawn.setGuard(requirement, flow: held.flowType)
    }
    return drawn
  }

  /// Parses `text` and follows it; see ``open(_:)-(DeepLink)``.
  ///
  /// - Parameter text: The link as received.
  /// - Returns: What happened; a malformed link fails with ``LinkFailure/malformed(_:)``
  ///   and changes nothing.
  public func open(_ text: String) async -> LinkOutcome {
    let link: DeepLink
    do throws(DeepLinkError) { link = try DeepLink(parsing: text) } catch {
      return .failed(.malformed(error))
    }
    return await follow(.link(link))
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
    await follow(.link(link))
  }

  /// Shows `destination`, typed routes rather than a URL, as a link is followed.
  ///
  /// ```swift
  /// _ = await router.open(
  ///   .root(AppFlow.self, showing: [.library, .note(id)]).then(EditorFlow.self, showing: [.edit]))
  /// ```
  ///
  /// - Parameter destination: Where to go, root first.
  /// - Returns: What happened.
  public func open(_ destination: LinkDestination) async -> LinkOutcome {
    await follow(.destination(destination))
  }

  /// Waits until any held link that has resumed has been followed.
  ///
  /// Held links resume in a task of their own once the presentation they waited for ends; a
  /// host that shows the tree after each command awaits this.
  public func waitForPendingWork() async {
    while let task = resumption {
      await task.value
      if resumption == task { resumption = nil }
    }
  }

  /// Plans, checks and applies `request`: a new one, which supersedes what is pending, or a held
  /// one resuming with its `ticket`.
  func follow(_ request: NavigationRequest, ticket resumed: UInt64? = nil) async -> LinkOutcome {
    if resumed == nil { supersedePendingLinks() }
    let ticket = resumed ?? self.ticket
    let subject = request.subject(as: LinkSubject.self)
    var planned = plan(subject, for: request)
    if let validator, case .success(let plan) = planned {
      if let failure = unchangeable() { return .failed(failure) }
      if let outcome = checkRequirements(of: plan) { return outcome }
      let task = Task { try await validator(plan) }
      validation = task
      let result = await task.result
      guard ticket == self.ticket else { return .dropped(.superseded) }
      validation = nil
      if case .failure(let error) = result { return .failed(.rejected(ThrownError(error))) }
      // The tree may have moved while the validator ran: plan again against the tree as it is.
      planned = self.plan(subject, for: request)
    }
    switch planned {
    case .failure(let failure): return .failed(failure)
    case .success(let plan): return applyNow(plan)
    }
  }
}
