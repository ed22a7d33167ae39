/// A flow type with a stable name, which events, tree values, plans, snapshots and reports use.
///
/// The default is the type's name. Give a flow a name of its own when its type's name may
/// change (a rename, a move into a generic) while snapshots saved under the old name must still
/// restore: the name is what a snapshot saves. ``RestorableFlow`` and ``LinkableFlow`` refine
/// this protocol, so every flow that restoration or links reach has one.
///
/// ```swift
/// extension EditorFlow: NamedFlow {
///   static let flowName: FlowName = "Editor"
/// }
/// print(FlowName(EditorFlow.self))  // Editor
/// ```
///
/// Two flow types with one name under one root cannot be told apart in a snapshot: restoration
/// reports that as misuse.
@MainActor
public protocol NamedFlow: AnyObject {
  /// The name events, tree values, plans, snapshots and reports use for this flow type.
  ///
  /// Read once per type, from any isolation, and remembered: a constant, such as
  /// `static let flowName: FlowName = "Editor"`. Keep it stable once snapshots exist.
  nonisolated static var flowName: FlowName { get }
}

extension NamedFlow {
  /// The type's name, such as `EditorFlow`.
  public nonisolated static var flowName: FlowName { FlowNames.typeName(of: self) }
}
