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
  /// The sub-flow's type: a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``.
  package var type: any ContainerFlow.Type { flowType.type }
  /// The sub-flow's type, sent with the declaration.
  private let flowType: FlowType
  /// How links present the sub-flow.
  package let style: PresentationStyle
  /// Makes the sub-flow for the parent and the parent's stack once the change is applied.
  let make: @MainActor @Sendable (Parent, [Parent.Route]) -> MadeFlow?

  /// A sub-flow of type `type`, created by `make`.
  ///
  /// A stack flow is presented showing the routes a link or a snapshot gives it. A tab bar
  /// (``TabbedFlow``) is presented with the saved or linked tab selected and each tab's tree
  /// rebuilt; a split (``SplitFlow``) with its columns rebuilt; a link whose rest a tab's or a
  /// column's flow type handles goes on there, as it would from a root bar or split.
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
  public static func flow<Child: ContainerFlow>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onEnd: (
      @MainActor @Sendable (_ parent: Parent, _ child: Child, _ ending: PresentationEnding) -> Void
    )? = nil
  ) -> SubFlow {
    SubFlow(flowType: FlowType(type), style: style) { parent, stack in
      guard let child = make(parent, stack) else { return nil }
      return MadeFlow(
        child,
        onEnd: onEnd.map { onEnd in
          { [weak parent, weak child] ending, _ in
            if let parent, let child { onEnd(parent, child, ending) }
          }
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
  public static func flow<Child: ContainerFlow, Value>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    result: @escaping @MainActor @Sendable (_ child: Child) -> FlowResult<Value>,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onResult:
      @escaping @MainActor @Sendable (
        _ parent: Parent, _ child: Child, _ result: PresentationResult<Value>
      ) -> Void
  ) -> SubFlow {
    SubFlow(flowType: FlowType(type), style: style) { parent, stack in
      guard let child = make(parent, stack) else { return nil }
      let channel = result(child)
      return MadeFlow(child) { [weak parent, weak child] ending, cause in
        let result = channel.take(ending, cause)
        if let parent, let child { onResult(parent, child, result) }
      }
    }
  }
}

/// A flow a ``SubFlow`` or a ``DetailFlow`` made, not yet in any tree, and what to tell when its
/// presentation ends.
@MainActor
struct MadeFlow {
  /// The flow, which the change that brings it in holds until then.
  let flow: AnyObject
  /// Its container.
  let node: ContainerNode
  /// The flow as a stack flow, whose screens planning makes; `nil` for a tab bar or a split.
  let stack: (any RestorableFlow)?
  /// What the parent hears when the presentation ends: how, and what caused it.
  let onEnd: ((PresentationEnding, NavigationCause) -> Void)?

  init<Flow: ContainerFlow>(
    _ flow: Flow, onEnd: ((PresentationEnding, NavigationCause) -> Void)?
  ) {
    self.flow = flow
    node = flow.container
    stack = flow as? any RestorableFlow
    self.onEnd = onEnd
  }
}
