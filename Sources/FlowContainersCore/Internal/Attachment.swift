/// Where a container hangs in its tree: the root, presented with a style, or a tab.
///
/// One value, so that a container is never two of these at once.
///
/// The holder is weak, as every parent is. It reads `nil` from the moment the holder is released,
/// while the place still says the container is held: its teardown has yet to run on the main
/// actor, and until then the container can be neither presented nor made a tab elsewhere.
struct Attachment {
  /// How the container hangs.
  enum Place: Equatable {
    /// Nothing holds it: a root, or a container whose presentation or tab has ended.
    case root
    /// A presentation holds it, shown with a style.
    case presented(PresentationStyle)
    /// A tab container holds it as a tab.
    case tab
  }

  /// How the container hangs.
  private(set) var place = Place.root
  /// The presenter or the tab container; `nil` for a root, and once the holder is released.
  private(set) weak var holder: ContainerNode?

  /// Not held by anything.
  static let root = Attachment()

  /// Presented by `presenter`, with `style`.
  static func presented(by presenter: ContainerNode, style: PresentationStyle) -> Attachment {
    Attachment(place: .presented(style), holder: presenter)
  }

  /// A tab of `tabs`.
  static func tab(of tabs: TabContainer) -> Attachment {
    Attachment(place: .tab, holder: tabs)
  }

  /// Whether a presentation holds the container, even while its presenter is being released.
  var isPresented: Bool {
    if case .presented = place { return true }
    return false
  }

  /// Whether a tab container holds the container, even while it is being released.
  var isTab: Bool { place == .tab }

  /// The presenter, while a presentation holds the container and the presenter is alive.
  var presenter: ContainerNode? { isPresented ? holder : nil }

  /// The tab container, while the container is one of its tabs and it is alive.
  var tabs: TabContainer? { isTab ? holder as? TabContainer : nil }

  /// The style of the presentation that holds the container, or `nil`.
  var style: PresentationStyle? {
    if case .presented(let style) = place { return style }
    return nil
  }
}
