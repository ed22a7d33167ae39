/// A list beside its detail: a primary column and a detail column, each the container of a flow
/// of its own, side by side in a regular width and collapsed into one stack in a compact one.
///
/// A flow owns a `SplitContainer` where it would own a ``StackContainer``. The split keeps its
/// columns' flows alive, as a ``TabContainer`` keeps its tabs': the owning flow stores no child
/// flows. Replacing the detail ends the old detail flow once (what it presented first, then its
/// `deinit`), and tells whoever showed it how it ended, as a presentation does.
///
/// ```swift
/// @MainActor
/// final class NotesSplitFlow: LibraryFlowDelegate {
///   let container = SplitContainer()
///
///   init() {
///     container.owner = self
///     let library = LibraryFlow()
///     library.delegate = self
///     container.setPrimary(library.container)
///   }
///
///   func libraryFlow(_ flow: LibraryFlow, didSelect note: Note) {
///     container.showDetail(NoteFlow(note: note).container)
///   }
/// }
/// ```
///
/// The host reports the split's width with ``HostEvent/widthChanged(_:)``. Compact, the split is
/// one stack: the primary's screens, then the detail's on top (``collapsedCount``). Collapsing and
/// expanding create and release nothing. Having no detail is a state of its own: the host shows a
/// placeholder beside the list.
///
/// A split presents one container at a time over both columns: a column that presents (or
/// dismisses what it presented) does so through its split, and what a column presented ends
/// with the column, top down and as ``PresentationEnding/tornDown``, before the column's own
/// ending (replaced, closed, finished or popped away). What the split's own flow presents stays
/// while its columns change. Columns are depth `depth + 1`.
@MainActor
public final class SplitContainer: ContainerNode {
  /// The primary column's container, if it has one.
  var primaryNode: ContainerNode?
  /// The primary column's flow, held strongly: what keeps it alive.
  var primaryOwner: AnyObject?
  /// The detail column's container, if a detail is shown.
  var detailNode: ContainerNode?
  /// The detail's flow, held strongly: what keeps it alive.
  var detailOwner: AnyObject?
  /// Who hears how the detail ends: the closure given to
  /// ``showDetail(_:animated:fileID:line:onEnd:)``.
  var detailHandlers: PresentationEndHandlers?
  /// The width the host reported last.
  var currentWidth = SplitWidth.regular
  /// The column, or a container in a column, that asked for what this split presents, while
  /// ``columnPresentation`` is what it presents: that presentation ends with the column.
  weak var presentationAsker: ContainerNode?
  /// What ``presentationAsker`` presented over the split.
  weak var columnPresentation: ContainerNode?

  /// Creates a split with no columns; add them with ``setPrimary(_:fileID:line:)`` and
  /// ``showDetail(_:animated:fileID:line:onEnd:)``.
  public override init() {
    super.init()
  }

  override var branches: (nodes: [ContainerNode], shown: Int?) {
    var nodes: [ContainerNode] = []
    if let primaryNode { nodes.append(primaryNode) }
    if let detailNode { nodes.append(detailNode) }
    return (nodes, nodes.isEmpty ? nil : nodes.count - 1)
  }

  override var hasBranches: Bool { primaryNode != nil || detailNode != nil }

  override var kind: FlowTree.Level.Kind { .split }

  override var splitView: SplitContainer? { self }

  /// Compact, the one stack's screens; regular, none: a split has no stack of its own.
  override var screenCount: Int { currentWidth == .compact ? collapsedScreenCount : 0 }

  /// The columns' flows (`no detail` where there is none); compact, joined with `+`: one stack.
  override var screenDescriptions: [String] {
    let primary = primaryNode?.ownerName ?? "no primary"
    switch (currentWidth, detailNode) {
    case (.regular, let detail?): return [primary, detail.ownerName]
    case (.regular, nil): return [primary, "no detail"]
    case (.compact, let detail?): return ["\(primary) + \(detail.ownerName)"]
    case (.compact, nil): return [primary]
    }
  }

  /// The columns and width, and the columns' stacks: the collapsed stack is theirs, so that a
  /// push on a column changes ``count`` and ``collapsedCount`` for Observation too.
  override func accessStack() {
    access(.columns)
    primaryNode?.accessStack()
    detailNode?.accessStack()
  }

  override var hostRevision: UInt64 {
    // A pop in progress on the collapsed stack is stale once either column's stack moved.
    generation &+ (primaryNode?.generation ?? 0) &* 0x9E37_79B9 &+ (detailNode?.generation ?? 0)
      &* 0x85EB_CA6B
  }

  override func hostPop(toIndex index: Int) { collapsedPop(toIndex: index) }

  override func hostPopTop() { collapsedPopTop() }

  override func releaseBranches() { releaseColumns() }

  /// Ends what the columns present and finishes them, then what the split presents.
  ///
  /// The column flows are released with the split; the detail's caller hears
  /// ``PresentationEnding/tornDown``.
  isolated deinit { releaseColumnsAndPresentation() }
}
