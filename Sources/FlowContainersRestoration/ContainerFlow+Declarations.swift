package import FlowContainersCore

/// A flow type a flow type leads to, and where it hangs.
typealias Branch = (type: any ContainerFlow.Type, place: FlowTree.Level.Place)

extension ContainerFlow {
  /// What this flow type declares, by the protocol it adopts: the kind of container it owns,
  /// and the flow types it leads to, in order, each with where it hangs: a ``RestorableFlow``'s
  /// sub-flows, a ``TabbedFlow``'s tabs (its ``TabbedFlow/splitTabFlows``, then its
  /// ``TabbedFlow/tabFlows``), a ``SplitFlow``'s primary and then its
  /// ``SplitFlow/detailFlows``; `nil` for a type that adopts none of them.
  ///
  /// The one place above the core that asks a flow type its kind: everything else switches on
  /// the ``FlowTree/Level/Kind`` it gives.
  package static var declared:
    (
      kind: FlowTree.Level.Kind,
      branches: [(type: any ContainerFlow.Type, place: FlowTree.Level.Place)]
    )?
  {
    if let stack = Self.self as? any RestorableFlow.Type { return (.stack, stack.subFlowBranches) }
    if let bar = Self.self as? any TabbedFlow.Type {
      let tabs: [any ContainerFlow.Type] = bar.splitTabFlows + bar.tabFlows
      return (.tabs, tabs.enumerated().map { ($1, .tab($0, selected: false)) })
    }
    if let split = Self.self as? any SplitFlow.Type { return (.split, split.columnBranches) }
    return nil
  }

  /// The kind of container a flow of this type owns; `nil` for a type that adopts none of
  /// ``RestorableFlow``, ``TabbedFlow`` and ``SplitFlow``.
  static var declaredKind: FlowTree.Level.Kind? {
    // A stack, the common case, without building its declaration.
    if Self.self is any RestorableFlow.Type { return .stack }
    return declared?.kind
  }

  /// The flow types a flow of this type leads to, in the order it declares them (see
  /// ``declared``).
  static var declaredBranches: [Branch] { declared?.branches ?? [] }

  /// Makes the flow of type `type` that this type declares as a sub-flow or a split's detail,
  /// for `parent`, a flow of this type, and `routes` (a sub-flow's parent's target stack, a
  /// detail's own routes); `nil` when it declares none, or the declaration makes none.
  ///
  /// `asStack` is this type as a stack flow when the caller knows it: no conformance lookup.
  static func make(
    _ type: ObjectIdentifier, for parent: AnyObject, routes: RouteList,
    asStack: (any RestorableFlow.Type)?
  ) -> MadeFlow? {
    if let stack = asStack ?? Self.self as? any RestorableFlow.Type {
      return stack.makeSubFlow(type, for: parent, routes: routes)
    }
    return (Self.self as? any SplitFlow.Type)?.makeDetail(type, for: parent, routes: routes)
  }
}

extension RestorableFlow {
  /// `owner` as a flow of this type: a class cast, with no conformance lookup.
  static func cast(_ owner: AnyObject?) -> (any RestorableFlow)? { owner as? Self }

  /// A stack flow's sub-flows, presented in their styles.
  fileprivate static var subFlowBranches: [Branch] {
    subFlows.map { declared -> Branch in (declared.flowType.type, .presented(declared.style)) }
  }

  /// Makes the first declared sub-flow of type `type` for `parent` and its stack `routes`.
  fileprivate static func makeSubFlow(
    _ type: ObjectIdentifier, for parent: AnyObject, routes: RouteList
  ) -> MadeFlow? {
    for declared in subFlows where ObjectIdentifier(declared.flowType.type) == type {
      guard let parent = parent as? Self else { return nil }
      return declared.make(parent, routes.typed(as: Route.self) ?? [])
    }
    return nil
  }
}

extension SplitFlow {
  /// A split's primary, made with it, then its details.
  fileprivate static var columnBranches: [Branch] {
    [(primaryFlow, .column(.primary))]
      + detailFlows.map { declared -> Branch in (declared.detailType.type, .column(.detail)) }
  }

  /// Makes the first declared detail of type `type` for `split` and the detail's `routes`.
  fileprivate static func makeDetail(
    _ type: ObjectIdentifier, for split: AnyObject, routes: RouteList
  ) -> MadeFlow? {
    for declared in detailFlows where ObjectIdentifier(declared.detailType.type) == type {
      guard let split = split as? Self else { return nil }
      return declared.make(split, routes)
    }
    return nil
  }
}
