import FlowContainersCore
import FlowContainersRestoration

extension DeepLinkRouter {
  /// Holds `link` until `requirement` is met, presenting its guard flow unless one is up.
  func holdForGuard(_ link: NavigationRequest, _ requirement: FlowRequirement) -> LinkOutcome {
    if presentedGuard == nil, let reading = rootNode?.read(describingScreens: false),
      let presenter = reading.tree.shownLevels.lazy.map({ reading.containers[$0].node }).first(
        where: { $0.details().presentationTag == requirement.rawValue })
    {
      // Another router on this tree has this requirement's guard flow up: wait on that one.
      presentedGuard = requirement
      listen(to: presenter) { [weak self] in self?.guardFlowEnded(requirement) }
    }
    if presentedGuard == nil {
      guard let rootNode, let registered = guards[requirement], let flow = registered.makeFlow()
      else {
        return .failed(.noGuard(requirement))
      }
      // Guard flows go over what the user sees; the tag lets every router find the guard flow.
      let top = rootNode.topmost
      let present = TreeChange.present(
        flow.node, registered.style,
        onEndWithCause: { [weak self] _, _ in self?.guardFlowEnded(requirement) })
      let made = top.transact(cause: .deepLink) {
        ($0(top, present, true), $0(top, .purpose(requirement.rawValue), false))
      }
      guard made.result == (true, true) else {
        return .failed(.cannotCreate(flow: top.flowName, subFlow: FlowName(type(of: flow))))
      }
      presentedGuard = requirement
    }
    return hold(link, .guardRequired(requirement), until: nil)
  }

  /// Hears once when `presenter`'s presentation ends (or, for a split's detail, when the detail
  /// ends).
  private func listen(to presenter: ContainerNode, _ ended: @escaping () -> Void) {
    _ = presenter.transact(cause: .deepLink) { $0(presenter, .listen { _ in ended() }, false) }
  }

  /// Holds `link` for `reason`; when `presenter`'s presentation ends, the link resumes.
  func hold(
    _ link: NavigationRequest, _ reason: LinkHoldReason, until presenter: ContainerNode?
  ) -> LinkOutcome {
    if let previous = heldLink, previous.request != link {
      onHeldLinkEnd?(previous.request, .dropped(.superseded))
    }
    heldLink = (link, reason, now())
    heldUntilEndOf = presenter.map(ObjectIdentifier.init)
    if let presenter, let id = heldUntilEndOf, listeningTo.insert(id).inserted {
      // One listener per presentation, holding no link.
      listen(to: presenter) { [weak self] in self?.objectingFlowEnded(on: id) }
    }
    return .held(reason)
  }

  func guardFlowEnded(_ requirement: FlowRequirement) {
    presentedGuard = nil
    guard let held = heldLink, case .guardRequired(let needed) = held.reason else { return }
    if needed == requirement, guards[requirement]?.isSatisfied() != true {
      heldLink = nil
      onHeldLinkEnd?(held.request, .dropped(.guardNotSatisfied(requirement)))
    } else {
      resumeHeldLink()
    }
  }

  /// The presentation of the container `presenter` names ended: the held link resumes if it
  /// waited for that.
  func objectingFlowEnded(on presenter: ObjectIdentifier) {
    listeningTo.remove(presenter)
    guard let held = heldLink, heldUntilEndOf == presenter, case .objection = held.reason
    else { return }
    resumeHeldLink()
  }

  /// Drops the held, validating or resuming link for a newer link or a restoration; returns
  /// whether a held link was dropped (``onHeldLinkEnd`` heard it).
  @discardableResult
  func supersedePendingLinks() -> Bool {
    ticket &+= 1
    validation?.cancel()
    guard let held = heldLink.take() else { return false }
    onHeldLinkEnd?(held.request, .dropped(.superseded))
    return true
  }

  /// Follows the held link again on the next turn of the main actor, after the dismissal.
  func resumeHeldLink() {
    guard let held = heldLink.take() else { return }
    if let expiry = heldLinkExpiry, held.heldAt.duration(to: now()) > expiry {
      onHeldLinkEnd?(held.request, .dropped(.expired))
      return
    }
    ticket &+= 1
    let ticket = self.ticket
    resumption = Task { [weak self] in
      guard let self else { return }
      // A newer link or a restoration since the link resumed wins over it.
      guard ticket == self.ticket else {
        self.onHeldLinkEnd?(held.request, .dropped(.superseded))
        return
      }
      let outcome = await self.follow(held.request, ticket: ticket)
      self.onHeldLinkEnd?(held.request, outcome)
    }
  }
}

extension PresentableFlow {
  /// The flow's container, as a node: what a guard flow of any type presents.
  fileprivate var node: ContainerNode { container }
}
