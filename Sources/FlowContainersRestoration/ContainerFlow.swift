public import FlowContainersCore

/// A flow that owns a container of any kind: the one capability a ``RestorableFlow`` (a stack),
/// a ``TabbedFlow`` (tabs) and a ``SplitFlow`` (a split) share.
///
/// Adopt one of those three, not this protocol: restoration and links know a flow's kind by the
/// one it adopts. Roots of restorers, routers and route maps, and sub-flows, are `ContainerFlow`s.
///
/// ```swift
/// let restorer = FlowRestorer(root: mainTabs)  // a TabbedFlow
/// let router = DeepLinkRouter(root: app, scheme: "notes")  // a LinkableFlow
/// ```
@MainActor
public protocol ContainerFlow: NamedFlow {
  /// The kind of container the flow owns.
  associatedtype Container: ContainerNode

  /// The container the flow owns; its ``ContainerNode/owner`` must be the flow.
  var container: Container { get }
}
