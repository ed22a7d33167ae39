package import FlowContainersCore

extension ContainerFlow {
  /// The kind of container a flow of this type owns, by the protocol it adopts: a
  /// ``RestorableFlow``'s a stack, a ``TabbedFlow``'s tabs, a ``SplitFlow``'s a split; `nil`
  /// for a type that adopts none of them.
  ///
  /// The one place above the core that asks a flow type its kind: everything else switches on
  /// the ``FlowTree/Level/Kind`` it gives.
  package static var declaredKind: FlowTree.Level.Kind? {
    if Self.self is any RestorableFlow.Type { return .stack }
    if Self.self is any TabbedFlow.Type { return .tabs }
    if Self.self is any SplitFlow.Type { return .split }
    return nil
  }

  /// The flow types a flow of this type leads to, in the order it declares them, each with
  /// where it hangs: a stack flow's ``RestorableFlow/subFlows`` (presented, in their style), a
  /// tab bar's tabs (its ``TabbedFlow/splitTabFlows``, then its ``TabbedFlow/tabFlows``, at
  /// their places in that order), a split's primary and then its ``SplitFlow/detailFlows``.
  package static var declaredBranches: [(type: any ContainerFlow.Type, place: FlowTree.Level.Place)]
  {
    if let stack = Self.self as? any RestorableFlow.Type { return stack.subFlowBranches }
    if let bar = Self.self as? any TabbedFlow.Type {
      let tabs: [any ContainerFlow.Type] = bar.splitTabFlows + bar.tabFlows
      return tabs.enumerated().map { ($1, .tab($0, selected: false)) }
    }
    if let split = Self.self as? any SplitFlow.Type {
      return [(split.primaryFlow, .column(.primary))]
        + split.detailTypes.map { ($0, .column(.detail)) }
    }
    return []
  }
}

extension RestorableFlow {
  /// The sub-flows this flow declares, presented in their styles.
  fileprivate static var subFlowBranches:
    [(type: any ContainerFlow.Type, place: FlowTree.Level.Place)]
  {
    subFlows.map { ($0.type, .presented($0.style)) }
  }
}

extension SplitFlow {
  /// The types of this split's ``detailFlows``, in order.
  fileprivate static var detailTypes: [any ContainerFlow.Type] {
    detailFlows.map(\.type)
  }
}
