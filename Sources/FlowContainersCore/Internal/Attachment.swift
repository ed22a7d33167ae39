/// How a container hangs in its tree: the root, presented with a style, or a tab.
///
/// With the container's weak ``ContainerNode/holder`` (its presenter or its tab container), it
/// says where the container is; ``ContainerNode/hang(_:on:)`` sets both, and nothing else does,
/// so that a container is never two of these at once. The holder reads `nil` from the moment
/// it is released, while the attachment still says the container is held: its teardown has yet
/// to run on the main actor, and until then the container can be neither presented nor made a
/// tab elsewhere.
enum Attachment: Equatable {
  /// Nothing holds it: a root, or a container whose presentation or tab has ended.
  case root
  /// A presentation holds it, shown with a style.
  case presented(PresentationStyle)
  /// A tab container holds it as a tab.
  case tab
  /// A split holds it as a column.
  case column(SplitColumn)

  /// Whether a presentation holds the container, even while its presenter is being released.
  var isPresented: Bool {
    if case .presented = self { return true }
    return false
  }

  /// The style of the presentation that holds the container, or `nil`.
  var style: PresentationStyle? {
    if case .presented(let style) = self { return style }
    return nil
  }
}
