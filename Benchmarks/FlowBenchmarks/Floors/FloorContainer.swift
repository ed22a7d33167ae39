/// How a presentation in the safe floors ended: the library's `PresentationEnding`, by hand.
enum FloorEnding {
  /// The presented flow dismissed itself.
  case finished
  /// The presenter dismissed it.
  case dismissedByPresenter
  /// Something below it was dismissed, or its presenter's flow was released.
  case tornDown
}

/// The container of a hand-written, seed-style flow: a plain stack of screens, and the one flow
/// presented over it.
///
/// What a careful developer writes without the library, with the library's guarantees: the
/// presenter is held weakly, the presented flow strongly (here and nowhere else), and a
/// presentation's ending closure is called once. It leaves out what only the library promises:
/// the change queue (a call made from an ending closure runs at once, nested), misuse checks
/// (presenting over a presentation replaces it unannounced; dismissing nothing does nothing,
/// silently), Observation, events, and teardown without recursion (a flow's `deinit` ends what
/// it presents, so a chain is released one nested `deinit` a level).
@MainActor
final class FloorContainer<Screen> {
  /// The screens, bottom first.
  private(set) var stack: [Screen]
  /// The container this one is presented over; a back edge, so weak.
  private(set) weak var presenter: FloorContainer<Screen>?
  /// The flow presented over this container: the only strong reference to it.
  private(set) var presented: AnyObject?
  /// Called once, when the presentation over this container ends.
  private var onEnd: ((FloorEnding) -> Void)?

  init(stack: [Screen]) {
    self.stack = stack
  }

  /// Changes the stack through a local, as the library does: every access to `stack` is then
  /// one the compiler checks statically, where an access held open across `Array`'s calls would
  /// be checked at run time.
  func editStack(_ edit: (inout [Screen]) -> Void) {
    var edited = stack
    stack = []
    edit(&edited)
    stack = edited
  }

  /// Presents `flow`, whose container is `child`, over this container, until the presentation
  /// ends.
  func present(
    _ flow: AnyObject, container child: FloorContainer<Screen>,
    onEnd: ((FloorEnding) -> Void)? = nil
  ) {
    child.presenter = self
    presented = flow
    self.onEnd = onEnd
  }

  /// Ends the presentation over this container.
  func dismissPresented() {
    endPresentation(.dismissedByPresenter)
  }

  /// Ends the presentation of this container: how a presented flow closes itself.
  func dismiss() {
    presenter?.endPresentation(.finished)
  }

  /// Releases the presented flow, whose `deinit` ends what it presents first, then calls the
  /// ending closure, once; does nothing when nothing is presented.
  func endPresentation(_ ending: FloorEnding) {
    guard presented != nil else { return }
    let end = onEnd
    onEnd = nil
    presented = nil
    end?(ending)
  }
}
