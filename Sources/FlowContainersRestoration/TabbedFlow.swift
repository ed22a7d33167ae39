public import FlowContainersCore

/// A flow with a tab bar at its root: a root or a sub-flow that restoration saves and rebuilds
/// tab by tab, and that a deep-link router routes links through.
///
/// The flow owns a ``TabContainer`` whose tabs are flows of their own. Each tab flow that
/// restoration should rebuild is a ``RestorableFlow``, and each that links should reach a
/// ``LinkableFlow``. A snapshot saves the tab bar as its first level, holding every tab's tree
/// and which tab is selected; restoring rebuilds each tree in the tab of its flow and selects the
/// saved tab again, in one change.
///
/// ```swift
/// extension MainTabsFlow: TabbedFlow {  // it already has `let container = TabContainer()`
///   static let tabFlows: [any RestorableFlow.Type] = [LibraryFlow.self, SearchFlow.self]
/// }
///
/// let router = DeepLinkRouter(root: mainTabs, scheme: "notes")
/// await router.open("notes://search/swift")  // selects the search tab, then shows the query
/// ```
///
/// A router made with ``DeepLinkRouter/init(root:scheme:now:)`` asks the tabs'
/// types, the selected tab first and then the others in order, whether their `canHandle(_:)`
/// accepts a link; it selects the first that does (reusing the live tab flow, never creating
/// one), dismisses a modal presented over the whole tab container, and follows the link inside
/// that tab as it would from a root. A tab whose flow is a ``SplitFlow`` (listed in
/// ``splitTabFlows``) takes a link when its primary's or a detail type's `canHandle(_:)` does,
/// and follows the split's rules inside; a snapshot saves it as a split's level, both columns.
///
/// A restorable flow declares a tab bar as a sub-flow as it declares a stack flow,
/// `.flow(MailTabs.self) { _, _ in MailTabs() }` in its ``RestorableFlow/subFlows``: a
/// snapshot then saves the bar it presents as a level holding the tabs' trees, and restoring
/// presents a new bar, selects the saved tab and rebuilds every tab's tree.
@MainActor
public protocol TabbedFlow: ContainerFlow where Container == TabContainer {
  /// The restorable flow types of the bar's tabs, in the order its initialiser makes them.
  ///
  /// Restoration reads the routes of saved tabs with them before a bar exists. Required, with
  /// no default, like ``RestorableFlow/subFlows``: a bar without restorable tabs says `[]`. A bar
  /// whose tabs vary lists each type once.
  static var tabFlows: [any RestorableFlow.Type] { get }

  /// The split flow types among the bar's tabs: a tab whose flow is a ``SplitFlow``, a list
  /// beside its detail, rather than a stack.
  ///
  /// Restoration decodes a split tab's columns with them when the bar is presented, and a link
  /// that presents the bar goes into a split tab by them; a root bar's router and restorer read
  /// its live tabs. The default is `[]`. A bar whose first tab
  /// is a split lists it here, and its other tabs in ``tabFlows``:
  ///
  /// ```swift
  /// static let tabFlows: [any RestorableFlow.Type] = [HelpFlow.self]
  /// static let splitTabFlows: [any SplitFlow.Type] = [NotesSplitFlow.self]
  /// ```
  static var splitTabFlows: [any SplitFlow.Type] { get }
}

extension TabbedFlow {
  /// No split tabs: every tab of the bar is a stack flow listed in ``tabFlows``.
  public static var splitTabFlows: [any SplitFlow.Type] { [] }
}
