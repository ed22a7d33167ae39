/// What a container needs only once something observes it, something listens for the end of its
/// presentation, or a host gesture is under way: made on first use, so that a container nobody
/// observes stays small and quick to make and free.
///
/// A tree of plain flows never makes one. The container's properties of the same names read
/// through it (``ContainerNode/coldState``), and setting one of them to its empty value does not
/// make it.
@MainActor
final class ColdState {
  /// The Observation registrar, made the first time an observable property is read.
  var registrar: RegistrarBox?
  /// The event observers of the container, made on the first registration.
  var eventObservers: ObserverList<NavigationEvent>?
  /// How many event observers sit on the container and on the containers below it.
  var eventObserverCount = 0
  /// The nearest container below (toward the root) with event observers of its own.
  weak var observedBelow: ContainerNode?
  /// What the container's events lead back to it through, once one was made.
  var madeEventSource: EventSource?
  /// The generation at which an interactive pop began, while one is in progress.
  var interactivePopGeneration: UInt64?
  /// The revision a pop the host reported left, while an interactive pop is in progress: a
  /// commit that finds it the stack's is stale because of the host, not the program.
  var hostPopDuringGesture: UInt64?
  /// Who hears how the container's presentation ends: the presenter's closure and the library's
  /// listeners.
  var endHandlers: PresentationEndHandlers?

  init() {}
}

extension ContainerNode {
  /// The container's cold state, made on first use.
  var coldState: ColdState {
    if let cold { return cold }
    return makeColdState()
  }

  /// Makes the cold state: out of line, so that every reader inlines only the load.
  @inline(never)
  private func makeColdState() -> ColdState {
    let made = ColdState()
    cold = made
    return made
  }

  /// The Observation registrar, made the first time an observable property is read: until then
  /// nothing can be observing, and mutations skip it.
  var registrar: RegistrarBox? {
    get { cold?.registrar }
    set {
      if let newValue { coldState.registrar = newValue } else { cold?.registrar = nil }
      refreshCanCallBack()
    }
  }

  /// The event observers of this container, made on the first registration.
  var eventObservers: ObserverList<NavigationEvent>? {
    get { cold?.eventObservers }
    set {
      if let newValue { coldState.eventObservers = newValue } else { cold?.eventObservers = nil }
    }
  }

  /// How many event observers sit on this container and on the containers below it.
  var eventObserverCount: Int {
    get { cold?.eventObserverCount ?? 0 }
    set {
      if newValue != 0 {
        coldState.eventObserverCount = newValue
        if !canCallBackFlag { refreshCanCallBack() }
      } else if let cold, cold.eventObserverCount != 0 {
        cold.eventObserverCount = 0
        refreshCanCallBack()
      }
    }
  }

  /// The nearest container below this one (toward the root) that has event observers of its
  /// own, so that an event reaches every observer without walking the layers in between.
  var observedBelow: ContainerNode? {
    get { cold?.observedBelow }
    set {
      if let newValue {
        coldState.observedBelow = newValue
      } else if let cold, cold.observedBelow != nil {
        cold.observedBelow = nil
      }
    }
  }

  /// What this container's events lead back to it through, once one was made.
  var madeEventSource: EventSource? {
    get { cold?.madeEventSource }
    set {
      if let newValue { coldState.madeEventSource = newValue } else { cold?.madeEventSource = nil }
    }
  }

  /// The generation at which an interactive pop began, while one is in progress.
  var interactivePopGeneration: UInt64? {
    get { cold?.interactivePopGeneration }
    set {
      if let newValue {
        coldState.interactivePopGeneration = newValue
      } else {
        cold?.interactivePopGeneration = nil
      }
    }
  }

  /// Who hears how the presentation ends: the presenter's closure and the library's listeners.
  ///
  /// `nil` in the common case, which keeps presenting and dismissing cheap.
  var endHandlers: PresentationEndHandlers? {
    get { cold?.endHandlers }
    set {
      if let newValue {
        coldState.endHandlers = newValue
      } else if let cold, cold.endHandlers != nil {
        cold.endHandlers = nil
      }
    }
  }
}
