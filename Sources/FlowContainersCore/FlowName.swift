/// The stable name of a flow type: what events, tree values, saved trees and reports call a
/// flow.
///
/// A flow type's name is its ``NamedFlow/flowName`` when it adopts ``NamedFlow``, and its type's
/// name otherwise. What saves a tree saves it, so it is the same value everywhere a flow is
/// named: compare an event's flow, a tree level's and a saved level's with one another.
///
/// ```swift
/// print(FlowName(EditorFlow.self), FlowName.noOwner)
/// // Prints: EditorFlow (no owner)
/// ```
///
/// It encodes as a single string, as saved trees have always kept a flow's name, and is made
/// once per type: naming a flow in an event costs a copy, not a call to `String(describing:)`.
public struct FlowName: Sendable, Hashable, RawRepresentable {
  /// The name, such as `EditorFlow`.
  public let rawValue: String

  /// A name.
  ///
  /// - Parameter rawValue: The name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A name; outside the library, write `FlowName(rawValue:)` or a string literal.
  ///
  /// - Parameter name: The name.
  init(_ name: String) {
    self.rawValue = name
  }

  /// The stable name of `flowType`: its ``NamedFlow/flowName``, or its type's name.
  ///
  /// Made once per type and remembered: a type's name must not change while the program runs.
  ///
  /// - Parameter flowType: A flow type.
  public init(_ flowType: AnyObject.Type) {
    self = FlowNames.name(of: flowType)
  }

  /// What a container without an owner is called: `(no owner)`.
  public static let noOwner = FlowName("(no owner)")
}

extension FlowName: CustomStringConvertible {
  /// The name, such as `EditorFlow`.
  public var description: String { rawValue }
}

extension FlowName: CustomDebugStringConvertible {
  /// The name in quotes, as a string prints in a list: `["AppFlow", "EditorFlow"]`.
  public var debugDescription: String { rawValue.debugDescription }
}

extension FlowName: ExpressibleByStringLiteral {
  /// A name written as a literal: `let name: FlowName = "Editor"`.
  ///
  /// - Parameter value: The name.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }
}

extension FlowName: Codable {
  /// Decodes a name from a single string.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the name as a single string.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: An encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
