/// One change of a hand-written stack, shaped as the library's `StackChange`: what was added
/// and removed, bottom first, whether to animate, and why.
struct FloorChange<Screen> {
  var operation: FloorOperation
  var added: [Screen]
  var removed: [Screen]
  var animated: Bool
  var cause: FloorCause
}
