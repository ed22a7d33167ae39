/// An error your code threw (a validator, a `makeScreen(for:)`), kept as it was thrown.
///
/// Match on ``error`` to recover your own type:
///
/// ```swift
/// if case .failed(let failure) = outcome, case .rejected(let thrown) = failure,
///   let missing = thrown.error as? NoteMissing
/// {
///   print("note \(missing.id) is gone")
/// }
/// ```
///
/// Two are equal when they are of the same type and print the same.
public struct ThrownError: Error, Sendable, Hashable {
  /// The error, as thrown.
  public let error: any Error

  /// Wraps `error`; only the library's modules catch what your code throws.
  ///
  /// - Parameter error: The error, as thrown.
  package init(_ error: any Error) {
    self.error = error
  }

  /// Whether both are of the same type and print the same.
  public static func == (lhs: ThrownError, rhs: ThrownError) -> Bool {
    type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
  }

  /// Hashes the error's description.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(description)
  }
}

extension ThrownError: CustomStringConvertible {
  /// The error's own description.
  public var description: String { String(describing: error) }
}
