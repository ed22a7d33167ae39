/// A container of tabs: the containers of the tab flows, in order, one of them selected.
///
/// A flow owns a `TabContainer` where it would own a ``StackContainer``: typically the root flow
/// of an app with a tab bar. Each tab is the container of a flow of its own, with its own stack
/// and its own presented layers. The tab container keeps each tab flow alive, as a presentation
/// does, so the owning flow stores no array of child flows; removing a tab releases its flow and
/// everything it presented before the call returns.
///
/// ```swift
/// @MainActor
/// final class MainTabsFlow {
///   let container = TabContainer()
///
///   init() {
///     container.owner = self
///     let library = LibraryFlow()
///     let search = SearchFlow()
///     container.setTabs([library.container, search.container])
///     // No need to store `library` or `search`: the tabs keep them alive.
///   }
/// }
/// ```
///
/// The tab container can present a modal over all its tabs, as any container can
/// (``ContainerNode/present(_:style:animated:fileID:line:onEnd:)``). What the user sees is that
/// modal, if one is up, otherwise the selected tab and what it presents: ``ContainerNode/topmost``
/// follows that path.
///
/// Tabs are depth `depth + 1`. The user's selections arrive as host events
/// (``HostEvent/userSelectedTab(index:)``, of the selected tab for a re-selection); operations and
/// events that name a tab that is not there are misuse, reported, and change nothing.
@MainActor
public final class TabContainer: ContainerNode {
  /// The tabs' containers, in order.
  var tabNodes: [ContainerNode] = []
  /// The tab flows, held strongly: what keeps each tab alive.
  ///
  /// Parallel to ``tabNodes``.
  var tabOwners: [AnyObject] = []
  /// The position of the selected tab, `nil` when there are no tabs.
  var selectedPosition: Int?

  /// Whether the user re-selecting the selected tab pops that tab to its root: the usual
  /// choice, and the default.
  ///
  /// Set it to `false` to decide yourself: observers still hear
  /// ``NavigationEvent/Action/tabReselected(index:flow:)``.
  public var popsToRootOnReselect = true

  /// Creates a tab container with no tabs; add them with ``setTabs(_:selected:fileID:line:)``.
  public override init() {
    super.init()
  }

  override var branches: (nodes: [ContainerNode], shown: Int?) { (tabNodes, selectedPosition) }

  override var hasBranches: Bool { !tabNodes.isEmpty }

  override var kind: FlowTree.Level.Kind { .tabs }

  override var tabBar: TabContainer? { self }

  /// The tabs, the selected one marked: `LibraryFlow*`.
  override var screenDescriptions: [String] {
    tabNodes.enumerated().map { $0.element.ownerName + ($0.offset == selectedPosition ? "*" : "") }
  }

  override func accessStack() { access(.tabs) }

  override func releaseBranches() { releaseTabs() }

  /// Ends what the tabs present and finishes them, then what the tab container presents.
  ///
  /// The tab flows are released with the tab container. Its own presentation is torn down as a
  /// stack container's is.
  isolated deinit { releaseTabsAndPresentation() }
}
