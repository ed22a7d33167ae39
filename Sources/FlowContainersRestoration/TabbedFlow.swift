public import FlowContainersCore

/// A flow with a tab bar at its root: a root or a sub-flow that restoration saves and rebuilds
/// tab by tab, and that a deep-link router routes links through.
///
/// Its ``TabContainer``'s tabs are flows of their own: ``RestorableFlow``s to be restored,
/// ``LinkableFlow``s to be reached by links. A snapshot saves every tab's tree and the selected
/// tab; restoring rebuilds them in one change.
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
/// A router asks the tabs' types, the selected tab first, whether their `canHandle(_:)` accepts
/// a link, selects the first that does (its live flow), dismisses a modal over the bar, and
/// follows the link inside that tab. A flow presents a tab bar as any sub-flow,
/// `.flow(MailTabs.self) { _, _ in MailTabs() }`.
@MainActor
public protocol TabbedFlow: ContainerFlow where Container == TabContainer {
  /// The restorable flow types of the bar's tabs, in the order its initialiser makes them.
  ///
  /// Restoration reads saved tabs with them before a bar exists. Required, like
  /// ``RestorableFlow/subFlows``; a bar whose tabs vary lists each type once.
  static var tabFlows: [any RestorableFlow.Type] { get }

  /// The ``SplitFlow`` types among the bar's tabs, which restoration and links read when they
  /// present the bar; by default none. A bar whose first tab is a split lists it here, and its
  /// other tabs in ``tabFlows``:
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
