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
/// `onEnd` hears what the `onEnd` of ``ContainerNode/present(_:style:animated:fileID:line:onEnd:)``
/// would: at most once, with the parent and the sub-flow alive; not when the parent itself is
/// being released.
public struct SubFlow<Parent: RestorableFlow>: Sendable {
  /// The sub-flow's type: a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``.
  let flowType: FlowType
  /// How links present the sub-flow.
  let style: PresentationStyle
  /// Makes the sub-flow for the parent and the parent's stack once the change is applied.
  let make: @MainActor @Sendable (Parent, [Parent.Route]) -> MadeFlow?

  /// A sub-flow of type `type` (a stack flow, a ``TabbedFlow`` or a ``SplitFlow``), created by
  /// `make`.
  ///
  /// - Parameters:
  ///   - type: The sub-flow's type.
  ///   - style: How links present it; a restored sub-flow keeps the style it was saved with.
  ///   - make: Creates the sub-flow, not yet presented, given the parent and the parent's stack
  ///     once the change is applied; `nil` fails the link or the restored level, and nothing
  ///     moves.
  ///   - onEnd: Called once when the presentation of a sub-flow made by `make` ends, with the
  ///     parent and the sub-flow, both still alive, and how it ended.
  /// - Returns: The declaration.
  public static func flow<Child: ContainerFlow>(
    _ type: Child.Type, style: PresentationStyle = .sheet,
    make: @escaping @MainActor @Sendable (_ parent: Parent, _ stack: [Parent.Route]) -> Child?,
    onEnd: (
      @MainActor @Sendable (_ parent: Parent, _ child: Child, _ ending: PresentationEnding) -> Void
    )? = nil
  ) -> SubFlow {
    SubFlow(flowType: FlowType(type), style: style) { parent, stack in
      // `guard let` rather than `map`: no metadata of an optional to look up.
      guard let child = make(parent, stack) else { return nil }
      return MadeFlow(child, of: parent, onEnd: onEnd)
    }
  }
}

extension SubFlow {
  /// Declares a sub-flow type that finishes with a typed value, and what the parent does with
  /// its ``PresentationResult``.
  ///
  /// `onResult` receives the result as the `onResult` of
  /// ``ContainerNode/present(_:style:animated:fileID:line:onResult:)`` would: once, with the
  /// parent and the sub-flow alive; not when the parent is being released.
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
  ///   - result: Where the sub-flow keeps its ``FlowResult``: `{ $0.result }`.
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

/// A flow a ``SubFlow`` or a ``DetailFlow`` made, not yet in any tree: the flow, its container,
/// and what its parent hears when its presentation ends.
@MainActor
struct MadeFlow {
  let flow: AnyObject
  let node: ContainerNode
  let onEnd: ((PresentationEnding, NavigationCause) -> Void)?

  init<Flow: ContainerFlow>(
    _ flow: Flow, onEnd: ((PresentationEnding, NavigationCause) -> Void)?
  ) {
    self.flow = flow
    node = flow.container
    self.onEnd = onEnd
  }

  /// `flow`, made for `holder`: `onEnd` hears how it ended, with both, while both live.
  init<Holder: AnyObject, Flow: ContainerFlow>(
    _ flow: Flow, of holder: Holder,
    onEnd: (@MainActor @Sendable (Holder, Flow, PresentationEnding) -> Void)?
  ) {
    guard let onEnd else {
      self.init(flow, onEnd: nil)
      return
    }
    self.init(flow) { [weak holder, weak flow] ending, _ in
      if let holder, let flow { onEnd(holder, flow, ending) }
    }
  }
}
