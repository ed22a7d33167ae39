public import FlowContainersCore

/// A flow with a tab bar at its root: a root that restoration saves and rebuilds tab by tab, and
/// that a deep-link router routes links through.
///
/// The flow owns a ``TabContainer`` whose tabs are flows of their own. Each tab flow that
/// restoration should rebuild is a ``RestorableFlow``, and each that links should reach a
/// ``LinkableFlow``. A snapshot saves the tab bar as its first level, holding every tab's tree
/// and which tab is selected; restoring rebuilds each tree in the tab of its flow and selects the
/// saved tab again, in one change.
///
/// ```swift
/// extension MainTabsFlow: TabbedFlow {}  // it already has `let container = TabContainer()`
///
/// let router = DeepLinkRouter(root: mainTabs, scheme: "notes")
/// await router.open("notes://search/swift")  // selects the search tab, then shows the query
/// ```
///
/// A router made with ``DeepLinkRouter/init(root:scheme:now:)-(TabbedFlow,_,_)`` asks the tabs'
/// types, the selected tab first and then the others in order, whether their `canHandle(_:)`
/// accepts a link; it selects the first that does (reusing the live tab flow, never creating
/// one), dismisses a modal presented over the whole tab container, and follows the link inside
/// that tab as it would from a root.
@MainActor
public protocol TabbedFlow: AnyObject {
  /// The tab container the flow owns; its ``ContainerNode/owner`` must be the flow.
  var container: TabContainer { get }
}
