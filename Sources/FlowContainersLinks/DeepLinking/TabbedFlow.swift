public import FlowContainersCore
import FlowContainersRestoration

/// A flow with a tab bar at its root, which a ``DeepLinkRouter`` can route links through.
///
/// The flow owns a ``TabContainer`` whose tabs are flows of their own; each tab flow that links
/// should reach is a ``LinkableFlow``. A router made with
/// ``DeepLinkRouter/init(root:scheme:now:)-(TabbedFlow,_,_)`` asks the tabs' types, the selected
/// tab first and then the others in order, whether their `canHandle(_:)` accepts a link; it selects
/// the first that does (reusing the live tab flow, never creating one), dismisses a modal presented
/// over the whole tab container, and follows the link inside that tab as it would from a root.
///
/// ```swift
/// extension MainTabsFlow: TabbedFlow {}  // it already has `let container = TabContainer()`
///
/// let router = DeepLinkRouter(root: mainTabs, scheme: "notes")
/// await router.open("notes://search/swift")  // selects the search tab, then shows the query
/// ```
///
/// ``DeepLinkRouter/currentLink()`` shares the selected tab's tree; a snapshot saves which tab
/// is selected and every tab's tree, and restoring selects it again and rebuilds each tab.
@MainActor
public protocol TabbedFlow: AnyObject {
  /// The tab container the flow owns; its ``ContainerNode/owner`` must be the flow.
  var container: TabContainer { get }
}
