/// A hand-written stack of routes with observers: the floor of `observer_attached` and
/// `change_observer_attached`.
///
/// Observers are stored closures, called in order with a ``FloorChange`` (change observers)
/// or a ``FloorEvent`` (event observers) after each push and pop; neither value is built when
/// nobody observes. Its arrays change through locals, as the library's do, so that the compiler
/// checks every access to them statically rather than at run time. It leaves out what only the library promises: the change queue (a push
/// from an observer runs at once, nested, and later observers hear the two changes out of
/// order), misuse checks (popping the root does nothing, silently), Observation, removing an
/// observer, and tree-wide delivery (it is a root that presents nothing, so its own observers are
/// all there are; its events say depth 0).
@MainActor
final class FloorStack {
  /// The screens, bottom first.
  private(set) var screens: [Route]
  /// The name of the flow that owns this stack, for its events.
  let flow: FloorName
  private var changeObservers: [(FloorChange<Route>) -> Void] = []
  private var eventObservers: [(FloorEvent) -> Void] = []
  /// Where events lead back to, made by the first event.
  private lazy var source = FloorEventSource(self)

  init(root: Route, flow: FloorName = .noOwner) {
    screens = [root]
    self.flow = flow
  }

  /// Calls `observer` with every change from now on.
  func observeChanges(_ observer: @escaping (FloorChange<Route>) -> Void) {
    var observers = changeObservers
    changeObservers = []
    observers.append(observer)
    changeObservers = observers
  }

  /// Calls `observer` with every event from now on.
  func observeEvents(_ observer: @escaping (FloorEvent) -> Void) {
    var observers = eventObservers
    eventObservers = []
    observers.append(observer)
    eventObservers = observers
  }

  func push(_ screen: Route, animated: Bool = true) {
    var screens = self.screens
    self.screens = []
    screens.append(screen)
    self.screens = screens
    if !changeObservers.isEmpty {
      let change = FloorChange(
        operation: .push, added: [screen], removed: [], animated: animated, cause: .program)
      for observer in changeObservers { observer(change) }
    }
    if !eventObservers.isEmpty {
      announce(.stack(.push, added: 1, removed: 0), animated: animated)
    }
  }

  /// Removes the top screen and returns it; the root stays.
  @discardableResult
  func pop(animated: Bool = true) -> Route? {
    var screens = self.screens
    guard screens.count > 1 else { return nil }
    self.screens = []
    let removed = screens.removeLast()
    self.screens = screens
    if !changeObservers.isEmpty {
      let change = FloorChange(
        operation: .pop, added: [], removed: [removed], animated: animated, cause: .program)
      for observer in changeObservers { observer(change) }
    }
    if !eventObservers.isEmpty {
      announce(.stack(.pop, added: 0, removed: 1), animated: animated)
    }
    return removed
  }

  private func announce(_ action: FloorEvent.Action, animated: Bool) {
    let event = FloorEvent(
      action: action, flow: flow, depth: 0, cause: .program, animated: animated, source: source)
    for observer in eventObservers { observer(event) }
  }
}
