/// What a container holds while it presents another: the presented container and, strongly, the
/// flow that owns it.
///
/// Dropping this value is what releases a sub-flow.
@MainActor
struct Presentation {
  let container: any TreeNode
  /// Keeps the sub-flow alive for as long as it is presented.
  let owner: AnyObject
  var onEnd: ((PresentationEnding) -> Void)?
  /// Extra one-shot listeners the library itself attaches (a held deep link waiting for this
  /// presentation to end).
  ///
  /// Empty, and allocation-free, in the common case.
  var libraryListeners: [(PresentationEnding) -> Void] = []
}
