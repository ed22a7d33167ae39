public import FlowContainersCore

/// A flow with a split at its root: a list beside its detail, which restoration saves and
/// rebuilds column by column, and which a deep-link router routes links through.
///
/// Its initialiser sets the primary column, a ``primaryFlow``; each of ``detailFlows`` comes
/// with the code that makes one, so that a link or a restoration can show any detail.
///
/// ```swift
/// extension NotesSplitFlow: SplitFlow {  // it already has `let container = SplitContainer()`
///   static let primaryFlow: any RestorableFlow.Type = LibraryFlow.self
///   static let detailFlows: [DetailFlow<NotesSplitFlow>] = [
///     .flow(NoteFlow.self) { split, routes in
///       guard case .note(let id)? = routes.first else { return nil }
///       return NoteFlow(id: id, store: split.store)
///     }
///   ]
/// }
///
/// let router = DeepLinkRouter(root: notesSplit, scheme: "notes")
/// await router.open("notes://note/2")  // shows note 2 as the detail
/// ```
///
/// A snapshot saves both columns' trees, never the width, which is the host's. A link goes to
/// the detail when a detail type's `canHandle(_:)` accepts it (the live detail's type first),
/// otherwise to the primary, closing the detail: its destination is what the user sees in
/// either width.
@MainActor
public protocol SplitFlow: ContainerFlow where Container == SplitContainer {
  /// The type of the primary column's flow, which the flow's initialiser makes.
  static var primaryFlow: any RestorableFlow.Type { get }

  /// The detail flows the split can show, each with the code that makes one, in order of
  /// preference; required, like ``RestorableFlow/subFlows``.
  static var detailFlows: [DetailFlow<Self>] { get }
}
