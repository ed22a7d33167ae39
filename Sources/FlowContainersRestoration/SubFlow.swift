public import FlowContainersCore

/// One sub-flow a flow can create for restoration and links: its type, the code that creates
/// it, and, optionally, what the parent does when its presentation ends.
///
/// Declare one per sub-flow in ``RestorableFlow/subFlows``. The compiler checks that the code
/// creates a flow of the declared type:
///
/// ```swift
/// static let subFlows: [SubFlow<AppFlow>] = [
///   .flow(EditorFlow.self) { app, stack in
///     guard case .note(let id)? = stack.last else { return nil }
///     return app.makeEditor(for: id)
///   } onEnd: { app, _, ending in
///     app.log("editor: \(ending)")
///   },
///   .flow(SettingsFlow.self, style: .fullScreenCover) { app, _ in
///     SettingsFlow(session: app.session)
///   },
/// ]
/// ```
///
/// `onEnd` is the same news, on the same channel, as the `onEnd` closure you pass to
/// ``ContainerNode/present(_:style:animated:fileID:line:onEnd:)`` when you present the flow
/// yourself: it runs at most once, when the presentation the library made ends, with the parent and
/// the sub-flow still alive. The declaration holds neither: when the parent itself is being
/// released (the tree is torn down with it), there is no parent to tell, and it does not run.
public struct SubFlow<Parent: RestorableFlow>: Sendable {
  package let flowType: DeclaredFlowType
  /// How links present the sub-flow.
  public let style: PresentationStyle
  let make: @MainActor @Sendable (Parent, [Parent.Route]) -> MadeSubFlow?

  /// The sub-flow's type: a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``.
  public var type: any NamedFlow.Type { flowType.type }

  /// A sub-flow of type `type`, created by `make`.
  ///
  /// - Parameters:
  ///   - type: The sub-flow's type.
  ///   - style: How links present it: a ``PresentationStyle/sheet`` unless you say. A restored
  ///     sub-flow keeps the style it was saved with.
  ///   - make: Creates the sub-flow, not yet presented, given the parent and the parent's stack
  ///     once the change is applied (for context, such as which note). Return `nil` when it
  ///     cannot be created; the link or the restored level then fails and nothing moves.
  ///   - onEnd: Called once when the presentation of a sub-flow made by `make` ends, with the
  ///     parent, the sub-flow (both still alive) and how it ended; not called when the parent
  ///     is already gone. The default does nothing.
  /// - Returns: The declaration.
  public static func flow<Child: RestorableFlow>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onEnd: (
      @MainActor @Sendable (_ parent: Parent, _ child: Child, _ ending: PresentationEnding) -> Void
    )? = nil
  ) -> SubFlow {
    SubFlow(flowType: .stack(FlowType(type: type)), style: style) { parent, stack in
      guard let child = make(parent, stack) else { return nil }
      guard let onEnd else { return MadeSubFlow(flow: .stack(child), onEnd: nil) }
      return MadeSubFlow(
        flow: .stack(child),
        onEnd: { [weak parent, weak child] ending, _ in
          if let parent, let child { onEnd(parent, child, ending) }
        })
    }
  }
}

extension SubFlow {
  /// Declares a sub-flow type that finishes with a typed value, and what the parent does with
  /// its ``PresentationResult``.
  ///
  /// When a link or a restoration presents the sub-flow, `onResult` receives its result as a
  /// presenter that called ``ContainerNode/present(_:style:animated:fileID:line:onResult:)``
  /// would: once, however it ends (a link that dismisses it gives
  /// `.ended(.dismissedByPresenter, cause: .deepLink)`), with the parent and the sub-flow
  /// alive. When the parent itself is being released there is no parent to tell, and it does
  /// not run, as for `onEnd`.
  ///
  /// ```swift
  /// static let subFlows: [SubFlow<AppFlow>] = [
  ///   .flow(
  ///     SignInFlow.self, result: { $0.result },
  ///     make: { _, _ in SignInFlow() },
  ///     onResult: { app, _, result in
  ///       if let account = result.value { app.signedIn(as: account) }
  ///     })
  /// ]
  /// ```
  ///
  /// - Parameters:
  ///   - type: The sub-flow's type.
  ///   - style: How links and restorations present it.
  ///   - result: Where the sub-flow keeps its ``FlowResult``:
  ///     `{ $0.result }`.
  ///   - make: Creates the sub-flow; `stack` is the parent's target stack.
  ///   - onResult: Called once when the presentation ends, with the parent, the sub-flow and
  ///     the result.
  /// - Returns: The declaration.
  public static func flow<Child: RestorableFlow, Value>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    result: @escaping @MainActor @Sendable (_ child: Child) -> FlowResult<Value>,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onResult:
      @escaping @MainActor @Sendable (
        _ parent: Parent, _ child: Child, _ result: PresentationResult<Value>
      ) -> Void
  ) -> SubFlow {
    SubFlow(flowType: .stack(FlowType(type: type)), style: style) { parent, stack in
      guard let child = make(parent, stack) else { return nil }
      let channel = result(child)
      return MadeSubFlow(
        flow: .stack(child),
        onEnd: { [weak parent, weak child] ending, cause in
          let result = channel.take(ending, cause)
          if let parent, let child { onResult(parent, child, result) }
        })
    }
  }
}

extension SubFlow {
  /// A sub-flow whose container is a tab bar, of type `type`, created by `make`.
  ///
  /// A snapshot saves the bar it presents as a level holding every tab's tree and the selected
  /// tab; restoring that level presents a bar `make` creates, selects the saved tab and
  /// rebuilds each tab's tree, in the restoration's one change.
  ///
  /// ```swift
  /// static let subFlows: [SubFlow<AppFlow>] = [
  ///   .flow(PhotoTabs.self, style: .fullScreenCover) { _, _ in PhotoTabs() }
  /// ]
  /// ```
  ///
  /// - Parameters:
  ///   - type: The tab bar flow's type.
  ///   - style: How links and restorations present it: a ``PresentationStyle/sheet`` unless
  ///     you say. A restored bar keeps the style it was saved with.
  ///   - make: Creates the bar with its tabs, not yet presented, given the parent and the
  ///     parent's stack once the change is applied. Return `nil` when it cannot be created.
  ///   - onEnd: Called once when the presentation of a bar made by `make` ends, with the parent,
  ///     the bar (both still alive) and how it ended. The default does nothing.
  /// - Returns: The declaration.
  public static func flow<Child: TabbedFlow>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onEnd: (
      @MainActor @Sendable (_ parent: Parent, _ child: Child, _ ending: PresentationEnding) -> Void
    )? = nil
  ) -> SubFlow {
    declaration(
      .tabs(BarType(type: type)), style: style, make: make, as: { .tabs($0) }, onEnd: onEnd)
  }
}

extension SubFlow {
  /// A sub-flow whose container is a split, of type `type`, created by `make`.
  ///
  /// A snapshot saves the split it presents as a level holding both columns' trees; restoring
  /// that level presents a split `make` creates and rebuilds its columns, in the restoration's
  /// one change. A link whose rest a column's flow type handles presents the split (or keeps
  /// the one presented) and goes on in that column, as it would from a root split.
  ///
  /// ```swift
  /// static let subFlows: [SubFlow<AppFlow>] = [
  ///   .flow(NotesSplitFlow.self) { app, _ in NotesSplitFlow(store: app.store) }
  /// ]
  /// ```
  ///
  /// - Parameters:
  ///   - type: The split flow's type.
  ///   - style: How links and restorations present it: a ``PresentationStyle/sheet`` unless
  ///     you say. A restored split keeps the style it was saved with.
  ///   - make: Creates the split with its primary, not yet presented, given the parent and the
  ///     parent's stack once the change is applied. Return `nil` when it cannot be created.
  ///   - onEnd: Called once when the presentation of a split made by `make` ends, with the
  ///     parent, the split (both still alive) and how it ended. The default does nothing.
  /// - Returns: The declaration.
  public static func flow<Child: SplitFlow>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onEnd: (
      @MainActor @Sendable (_ parent: Parent, _ child: Child, _ ending: PresentationEnding) -> Void
    )? = nil
  ) -> SubFlow {
    declaration(
      .split(SplitType(type: type)), style: style, make: make, as: { .split($0) }, onEnd: onEnd)
  }

  /// The declaration of a flow `make` creates, made as `flow` says, whose parent hears its end
  /// through `onEnd`: the tab bar's and the split's overloads are this one.
  private static func declaration<Child: AnyObject>(
    _ flowType: DeclaredFlowType, style: PresentationStyle,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    as flow: @escaping @MainActor @Sendable (Child) -> MadeSubFlow.Flow,
    onEnd: (
      @MainActor @Sendable (_ parent: Parent, _ child: Child, _ ending: PresentationEnding) -> Void
    )?
  ) -> SubFlow {
    SubFlow(flowType: flowType, style: style) { parent, stack in
      guard let child = make(parent, stack) else { return nil }
      guard let onEnd else { return MadeSubFlow(flow: flow(child), onEnd: nil) }
      return MadeSubFlow(
        flow: flow(child),
        onEnd: { [weak parent, weak child] ending, _ in
          if let parent, let child { onEnd(parent, child, ending) }
        })
    }
  }
}

/// A flow a ``SubFlow`` made, and what to tell when its presentation ends.
struct MadeSubFlow {
  /// The made flow: a stack flow, a tab bar or a split.
  package enum Flow {
    case stack(any RestorableFlow)
    case tabs(any TabbedFlow)
    case split(any SplitFlow)
  }

  /// What the parent hears when the presentation ends: how, and what caused it.
  package typealias OnEnd = (PresentationEnding, NavigationCause) -> Void

  package let flow: Flow
  /// What the parent hears when the presentation ends: how, and what caused it.
  package let onEnd: OnEnd?
}

/// A flow type carried in a plan or a declaration.
///
/// Metatypes are immutable, so sending one is safe; only using its static members needs the main
/// actor, and they are declared so.
package struct FlowType: @unchecked Sendable, Hashable {
  package let type: any RestorableFlow.Type

  package init(type: any RestorableFlow.Type) {
    self.type = type
  }

  package static func == (lhs: FlowType, rhs: FlowType) -> Bool { lhs.type == rhs.type }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
  }
}

/// A tab bar flow type carried in a plan or a declaration; see ``FlowType``.
package struct BarType: @unchecked Sendable, Hashable {
  package let type: any TabbedFlow.Type

  package init(type: any TabbedFlow.Type) {
    self.type = type
  }

  package static func == (lhs: BarType, rhs: BarType) -> Bool { lhs.type == rhs.type }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
  }
}

/// A split flow type carried in a plan or a declaration; see ``FlowType``.
package struct SplitType: @unchecked Sendable, Hashable {
  package let type: any SplitFlow.Type

  package init(type: any SplitFlow.Type) {
    self.type = type
  }

  package static func == (lhs: SplitType, rhs: SplitType) -> Bool { lhs.type == rhs.type }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
  }
}

/// The type a ``SubFlow`` declares: a stack flow's, a tab bar's or a split's.
package enum DeclaredFlowType: Sendable, Hashable {
  case stack(FlowType)
  case tabs(BarType)
  case split(SplitType)

  /// The type, whichever kind.
  package var type: any NamedFlow.Type {
    switch self {
    case .stack(let flow): flow.type
    case .tabs(let bar): bar.type
    case .split(let split): split.type
    }
  }

  /// The stack flow's type; `nil` for a tab bar's or a split's.
  package var stack: (any RestorableFlow.Type)? {
    if case .stack(let flow) = self { return flow.type }
    return nil
  }
}

extension RestorableFlow {
  /// The stack flow types of ``subFlows``, in order.
  package static var declaredSubFlowTypes: [any RestorableFlow.Type] {
    subFlows.compactMap(\.flowType.stack)
  }

  /// The types of ``subFlows``, stack flows', tab bars' and splits', in order.
  static var declaredTypes: [DeclaredFlowType] { subFlows.map(\.flowType) }

  /// The tab bar types of ``subFlows``, in order.
  package static var declaredBarTypes: [any TabbedFlow.Type] {
    subFlows.compactMap { $0.type as? any TabbedFlow.Type }
  }

  /// The split types of ``subFlows``, in order.
  package static var declaredSplitTypes: [any SplitFlow.Type] {
    subFlows.compactMap { $0.type as? any SplitFlow.Type }
  }
}

extension RestorableFlow {
  /// The style this flow's ``RestorableFlow/subFlows`` declaration gives sub-flows of `type`; a
  /// ``PresentationStyle/sheet`` for a type it does not declare.
  static func declaredStyle(of type: AnyObject.Type) -> PresentationStyle {
    for declaration in subFlows where declaration.type == type { return declaration.style }
    return .sheet
  }
}
