public import Foundation

/// What a route pattern matched: its parameters, typed, and the link it matched in.
///
/// A ``RouteTable`` entry's builder receives one and turns it into the flow's stack:
///
/// ```swift
/// .pattern("note/:id<Int>") { match in [.library, .note(try match.int("id"))] }
/// ```
///
/// The pattern has already checked each parameter's type, so the accessors fail only when the
/// builder asks for a parameter the pattern does not declare; that is reported as a
/// ``FlowDiagnostic/Code/inconsistentRoute`` and the entry is treated as not matching.
public struct RouteMatch: Sendable {
  /// The pattern that matched, as written.
  let pattern: String
  /// The link, as the matching level saw it.
  public let link: DeepLink
  /// The components the trailing wildcard matched, handed to a sub-flow; empty without one.
  public var remainder: [String] { Array(link.remaining.dropFirst(consumed)) }
  /// How many of the link's remaining components the pattern consumed.
  let consumed: Int
  let names: [String]
  let values: [String]

  /// The `Int` parameter called `name`, as in `:id<Int>`.
  ///
  /// - Throws: ``MissingParameter`` when the pattern declares no such `Int` parameter.
  public func int(_ name: String) throws(MissingParameter) -> Int {
    guard let value = Int(try value(name, "Int")) else { throw missing(name, "Int") }
    return value
  }

  /// The `UUID` parameter called `name`, as in `:id<UUID>`.
  ///
  /// - Throws: ``MissingParameter`` when the pattern declares no such `UUID` parameter.
  public func uuid(_ name: String) throws(MissingParameter) -> UUID {
    guard let value = UUID(parsing: try value(name, "UUID")) else {
      throw missing(name, "UUID")
    }
    return value
  }

  /// The parameter called `name`, as in `:slug`, as written in the link (percent-decoded).
  ///
  /// - Throws: ``MissingParameter`` when the pattern declares no such parameter.
  public func string(_ name: String) throws(MissingParameter) -> String {
    try value(name, nil)
  }

  private func value(_ name: String, _ type: String?) throws(MissingParameter) -> String {
    guard let index = names.firstIndex(of: name) else { throw missing(name, type) }
    return values[index]
  }

  private func missing(_ name: String, _ type: String?) -> MissingParameter {
    MissingParameter(pattern: pattern, name: name, type: type)
  }
}

extension RouteMatch {
  /// A route builder asked for a parameter its pattern does not declare (with that type).
  public struct MissingParameter: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    var pattern: String
    /// The parameter asked for.
    var name: String
    /// The type asked for, when the accessor was typed.
    var type: String?

    /// One line naming the pattern and the parameter.
    public var description: String {
      "pattern \"\(pattern)\" has no \(type.map { "\($0) " } ?? "")parameter `\(name)`"
    }
  }
}
