package import FlowContainersCore

/// What a flow type declares: the kind of container it owns, and the flows it leads to, each
/// with where it hangs and, when a plan can make it, how.
struct Declaration {
  /// A flow a flow type leads to.
  struct Branch {
    let type: any ContainerFlow.Type
    let place: FlowTree.Level.Place
    /// Makes a flow of ``type`` for a flow of the declaring type and routes: the parent's target
    /// stack for a sub-flow, the detail's own routes for a split's detail; `nil` for a tab or a
    /// primary, made with their container.
    let make: (@MainActor (_ parent: AnyObject, _ routes: RouteList) -> MadeFlow?)?
  }

  let kind: FlowTree.Level.Kind
  let branches: [Branch]
}

extension ContainerFlow {
  /// What this flow type declares, by the protocol it adopts: a ``RestorableFlow``'s sub-flows,
  /// a ``TabbedFlow``'s tabs (its ``TabbedFlow/splitTabFlows``, then its
  /// ``TabbedFlow/tabFlows``, at their places in that order), a ``SplitFlow``'s primary and
  /// then its ``SplitFlow/detailFlows``; `nil` for a type that adopts none of them.
  ///
  /// The one place above the core that asks a flow type its kind: everything else switches on
  /// the ``FlowTree/Level/Kind`` it gives.
  static var declaration: Declaration? {
    if let stack = Self.self as? any RestorableFlow.Type { return stack.stackDeclaration }
    if let bar = Self.self as? any TabbedFlow.Type {
      let tabs: [any ContainerFlow.Type] = bar.splitTabFlows + bar.tabFlows
      return Declaration(
        kind: .tabs,
        branches: tabs.enumerated().map {
          .init(type: $1, place: .tab($0, selected: false), make: nil)
        })
    }
    if let split = Self.self as? any SplitFlow.Type { return split.splitDeclaration }
    return nil
  }

  /// The kind of container a flow of this type owns; `nil` for a type that adopts none of
  /// ``RestorableFlow``, ``TabbedFlow`` and ``SplitFlow``.
  static var declaredKind: FlowTree.Level.Kind? {
    // A stack, the common case, without building its declaration.
    if Self.self is any RestorableFlow.Type { return .stack }
    return declaration?.kind
  }

  /// Makes the flow of type `type` that this type declares as a sub-flow or a split's detail, for
  /// `parent`, a flow of this type, and `routes` (as ``Declaration/Branch/make`` does); `nil` when
  /// it declares none, or the declaration makes none.
  ///
  /// One branch, looked up directly: building the whole ``declaration`` would make every
  /// branch's closure.
  static func make(
    _ type: ObjectIdentifier, for parent: AnyObject, routes: RouteList
  ) -> MadeFlow? {
    if let stack = Self.self as? any RestorableFlow.Type {
      return stack.makeSubFlow(type, for: parent, routes: routes)
    }
    // A split's detail: its few branches, looked up in its declaration (its primary, first,
    // is made with the split, and makes nothing here).
    let branch = declaration?.branches.first { ObjectIdentifier($0.type) == type }
    return branch?.make?(parent, routes)
  }

  /// The flow types a flow of this type leads to, in the order it declares them, each with
  /// where it hangs (see ``declaration``).
  static var declaredBranches: [(type: any ContainerFlow.Type, place: FlowTree.Level.Place)] {
    declaration?.branches.map { ($0.type, $0.place) } ?? []
  }

  /// What a route map draws of this type.
  ///
  /// The kind of container it owns and the flow types it leads to, each with where it hangs;
  /// `nil` for a type that adopts none of ``RestorableFlow``, ``TabbedFlow`` and ``SplitFlow``.
  package static var declared:
    (
      kind: FlowTree.Level.Kind,
      branches: [(type: any ContainerFlow.Type, place: FlowTree.Level.Place)]
    )?
  {
    declaration.map { ($0.kind, $0.branches.map { ($0.type, $0.place) }) }
  }
}

extension RestorableFlow {
  /// A stack flow's declaration: its sub-flows, presented in their styles.
  fileprivate static var stackDeclaration: Declaration {
    Declaration(
      kind: .stack,
      branches: subFlows.map { declared in
        .init(type: declared.type, place: .presented(declared.style)) { parent, routes in
          guard let parent = parent as? Self else { return nil }
          return declared.make(parent, routes.typed(as: Route.self) ?? [])
        }
      })
  }
}

extension RestorableFlow {
  /// Makes the first declared sub-flow of type `type` for `parent` and its stack `routes`.
  fileprivate static func makeSubFlow(
    _ type: ObjectIdentifier, for parent: AnyObject, routes: RouteList
  ) -> MadeFlow? {
    for declared in subFlows where ObjectIdentifier(declared.type) == type {
      guard let parent = parent as? Self else { return nil }
      return declared.make(parent, routes.typed(as: Route.self) ?? [])
    }
    return nil
  }
}

extension SplitFlow {
  /// A split's declaration: its primary, made with it, then its details.
  fileprivate static var splitDeclaration: Declaration {
    Declaration(
      kind: .split,
      branches: [.init(type: primaryFlow, place: .column(.primary), make: nil)]
        + detailFlows.map { declared in
          .init(type: declared.type, place: .column(.detail)) { split, routes in
            guard let split = split as? Self else { return nil }
            return declared.make(split, routes)
          }
        })
  }
}
