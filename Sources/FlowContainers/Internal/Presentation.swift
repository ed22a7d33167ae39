public import Observation

/// Who hears how a presentation ends: the presenter's `onEnd` closure and the listeners the
/// library itself attaches (a held deep link waiting for the presentation to end).
@MainActor
struct PresentationEndHandlers {
  var onEnd: ((PresentationEnding) -> Void)?
  var libraryListeners: [(PresentationEnding) -> Void] = []
  /// The requirement whose guard flow this presentation shows, when a router presented it; so
  /// that every router on the tree waits on the same guard flow.
  var guardRequirement: LinkRequirement?

  /// Tells everyone how the presentation ended.
  func send(_ ending: PresentationEnding) {
    onEnd?(ending)
    for listener in libraryListeners { listener(ending) }
  }
}

/// The Observation registrar, boxed: a class reference is cheaper to store, test and drop than
/// the registrar's opaque value.
@usableFromInline
final class RegistrarBox {
  @usableFromInline let registrar = ObservationRegistrar()

  init() {}
}
