/// A flow type with a stable name, which events, tree values, saved trees and reports use.
///
/// The default is the type's name. Give a flow a name of its own when its type's name may
/// change (a rename, a move into a generic) while trees saved under the old name must still be
/// read back: the name is what a saved tree keeps. The flow protocols of the modules built on
/// the core refine this protocol, so every flow they reach has one.
///
/// ```swift
/// extension EditorFlow: NamedFlow {
///   static let flowName: FlowName = "Editor"
/// }
/// print(FlowName(EditorFlow.self))  // Editor
/// ```
///
/// Two flow types with one name under one root cannot be told apart in a saved tree: reading one
/// back reports that as misuse.
@MainActor
public protocol NamedFlow: AnyObject {
  /// The name events, tree values, saved trees and reports use for this flow type.
  ///
  /// Read once per type, from any isolation, and remembered: a constant, such as
  /// `static let flowName: FlowName = "Editor"`. Keep it stable once saved trees exist.
  nonisolated static var flowName: FlowName { get }
}

extension NamedFlow {
  /// The type's name, such as `EditorFlow`.
  public nonisolated static var flowName: FlowName { FlowNames.typeName(of: self) }
}
