import FlowContainersCore

@MainActor
extension NavigationPlan {
  /// The first flow the plan would end that objects to its request (``InterruptionAware``),
  /// and, for a split's detail it replaces or closes, the plan's level of the split.
  ///
  /// What the plan dismisses is asked first, topmost first; for an alert, its presenter (once),
  /// and a link held for it waits until the alert is gone. Details are asked after.
  func objection() -> (failure: PlanFailure, split: Int?)? {
    for case .dismiss(let position, let from, _, _) in moves {
      guard let first = node(at: position), let staying = node(at: from) else { continue }
      // From what the user sees down to `first`: each layer's presenter, tab container or
      // split next.
      var layer = first.topmost
      while true {
        let asked = layer.details().transientTitle == nil ? layer : layer.presenter
        if let asked, asked === layer || asked === staying,
          let aware = asked.owner as? any InterruptionAware,
          let reason = aware.objection(toInterruptionBy: request)
        {
          let waitingOn = layer.presenter ?? staying
          return (.objection(flow: asked.flowName, reason: reason, waitingOn: waitingOn), nil)
        }
        guard layer !== first,
          let next = layer.presenter ?? layer.tabContainer ?? layer.splitContainer
        else { break }
        layer = next
      }
    }
    for move in moves {
      let found: (split: Int?, live: Int)
      switch move {
      case .closeDetail(let level, let position, _, _): found = (level, position)
      case .showDetail(let level, let position?): found = (target.levels[level].parent, position)
      default: continue
      }
      guard let split = found.split, let detail = node(at: found.live),
        let aware = detail.owner as? any InterruptionAware,
        let reason = aware.objection(toInterruptionBy: request)
      else { continue }
      return (.objection(flow: detail.flowName, reason: reason, waitingOn: detail), split)
    }
    return nil
  }
}
