/// One change a ``HostDriver`` asks its host to play, with the containers involved.
///
/// Its description names the screens a stack holds when it is read: read it when the transition
/// arrives, as a log does.
///
/// The host plays one transition at a time and reports the end of each with
/// ``HostDriver/transitionFinished()``. Read what a container shows when the transition arrives
/// (its stack, its tabs): the driver issues a transition only when the tree is between changes.
@MainActor
public enum HostTransition: @MainActor CustomStringConvertible {
  /// Show `container`'s stack as it is now, `count` screens at `revision` (which changes
  /// whenever the stack changes): a push, a pop or a replacement.
  case setStack(ContainerNode, count: Int, revision: UInt32, animated: Bool)
  /// Show a tab container's tabs as they are now, the one at `selected` selected.
  case setTabs(TabContainer, tabs: [ContainerNode], selected: Int?, animated: Bool)
  /// Show a split's columns as they are now.
  case setColumns(SplitContainer, primary: ContainerNode?, detail: ContainerNode?, animated: Bool)
  /// Present `container` with `style` over the topmost layer, `presenter`'s.
  case present(ContainerNode, style: PresentationStyle, over: ContainerNode, animated: Bool)
  /// Dismiss every layer above `container`'s, in one animation.
  case dismiss(above: ContainerNode, animated: Bool)

  /// Whether the host should animate it.
  public var isAnimated: Bool {
    switch self {
    case .setStack(_, _, _, let animated), .setTabs(_, _, _, let animated),
      .setColumns(_, _, _, let animated), .present(_, _, _, let animated),
      .dismiss(_, let animated):
      animated
    }
  }

  /// `present EditorFlow as sheet over AppFlow`, for logs and tests.
  public var description: String {
    let what: String
    switch self {
    case .setStack(let node, _, _, _):
      what = "setStack \(node.flowName) [\(node.stackDescription.joined(separator: ", "))]"
    case .setTabs(let bar, let tabs, let selected, _):
      what =
        "setTabs \(bar.flowName) [\(tabs.map(\.flowName.rawValue).joined(separator: ", "))]"
        + (selected.map { " selected \($0)" } ?? "")
    case .setColumns(let split, let primary, let detail, _):
      what =
        "setColumns \(split.flowName) [\(primary?.flowName.rawValue ?? "none"), "
        + "\(detail?.flowName.rawValue ?? "no detail")]"
    case .present(let node, let style, let presenter, _):
      what = "present \(node.flowName) as \(style) over \(presenter.flowName)"
    case .dismiss(let node, _):
      what = "dismiss above \(node.flowName)"
    }
    return what + (isAnimated ? " (animated)" : "")
  }
}
