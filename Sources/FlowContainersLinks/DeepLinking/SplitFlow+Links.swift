import FlowContainersCore
import FlowContainersRestoration

extension SplitFlow {
  /// The column a link goes to in a split of this type, and the linkable flow type that
  /// resolves it there: the detail when a detail type's `canHandle(_:)` accepts it (the type of
  /// `liveDetail`, the detail shown, first), otherwise the primary when its type's does.
  static func column(
    handling link: DeepLink, liveDetail: ObjectIdentifier?
  ) -> (column: SplitColumn, type: any LinkableFlow.Type)? {
    let details = detailFlowTypes.compactMap { $0 as? any LinkableFlow.Type }
    if let shown = details.first(where: { ObjectIdentifier($0) == liveDetail }),
      shown.canHandle(link)
    {
      return (.detail, shown)
    }
    if let detail = details.first(where: { $0.canHandle(link) }) { return (.detail, detail) }
    if let primary = primaryFlow as? any LinkableFlow.Type, primary.canHandle(link) {
      return (.primary, primary)
    }
    return nil
  }

  /// The column a link goes to in `split`, a live split of this type; see
  /// ``column(handling:liveDetail:)``.
  static func column(
    handling link: DeepLink, in split: SplitContainer
  ) -> (column: SplitColumn, type: any LinkableFlow.Type)? {
    let live = split.untracked.columns?.detail?.owner.map { ObjectIdentifier(Swift.type(of: $0)) }
    return column(handling: link, liveDetail: live)
  }
}
