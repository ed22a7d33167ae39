public import Observation

/// Who hears how a presentation ends: the presenter's `onEnd` closure and the listeners attached
/// through the seam (``TreeChange/listen(_:)``), with the tag the presenting step gave the
/// presentation.
///
/// A class, made only for a presentation someone listens to: a presentation nobody listens to
/// stores and drops one `nil` pointer.
@MainActor
final class PresentationEndHandlers {
  var onEnd: ((PresentationEnding) -> Void)?
  /// The presenter's handler that also hears the cause: typed results, and the seam's presents.
  var onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)?
  var listeners: [(PresentationEnding) -> Void] = []
  /// What the presentation is for (``TreeChange/purpose(_:)``).
  var tag: String?

  init(
    onEnd: ((PresentationEnding) -> Void)? = nil,
    onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)? = nil
  ) {
    self.onEnd = onEnd
    self.onEndWithCause = onEndWithCause
  }

  /// Tells everyone how the presentation ended: the presenter first, then the listeners.
  func send(_ ending: PresentationEnding, cause: NavigationCause) {
    onEnd?(ending)
    onEndWithCause?(ending, cause)
    for listener in listeners { listener(ending) }
  }
}

/// The Observation registrar, boxed: a class reference is cheaper to store, test and drop than
/// the registrar's opaque value.
@usableFromInline
final class RegistrarBox {
  @usableFromInline let registrar = ObservationRegistrar()

  init() {}
}
