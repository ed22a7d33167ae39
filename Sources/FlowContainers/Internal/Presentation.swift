public import Observation

/// What a container holds while it presents another, besides the presented container itself:
/// the flow that owns it, held strongly, and who hears how the presentation ends.
///
/// Dropping this value is what releases a sub-flow.
@MainActor
struct Presentation {
  /// Keeps the sub-flow alive for as long as it is presented.
  let owner: AnyObject
  var onEnd: ((PresentationEnding) -> Void)?
  /// Extra one-shot listeners the library itself attaches (a held deep link waiting for this
  /// presentation to end).
  ///
  /// Empty, and allocation-free, in the common case.
  var libraryListeners: [(PresentationEnding) -> Void] = []
}

/// The Observation registrar, boxed: a class reference is cheaper to store, test and drop than
/// the registrar's opaque value.
@usableFromInline
final class RegistrarBox {
  @usableFromInline let registrar = ObservationRegistrar()

  init() {}
}
