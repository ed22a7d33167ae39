/// One mutation of a ``StackContainer``'s stack, as delivered to its change observers.
///
/// A change says what was added and what was removed, in stack order (bottom first), whether
/// the host should animate it, and why it happened. A host adapter applies changes to its own
/// views; a test compares them.
///
/// ```swift
/// let token = container.observeChanges { change in print(change) }
/// container.push(.note(2))
/// // Prints: push +[note(2)] -[] (program, animated)
/// ```
public struct StackChange<Screen> {
  /// What kind of change this was.
  public var operation: StackOperation
  /// The screens added, bottom first.
  ///
  /// Empty for pops.
  public var added: [Screen]
  /// The screens removed, bottom first.
  ///
  /// Empty for pushes.
  public var removed: [Screen]
  /// Whether the host should animate the change.
  public var animated: Bool
  /// Who asked for the change.
  public var cause: NavigationCause

  /// Creates a change value; the library makes these (inlined into push and pop), and tests build
  /// them to compare.
  ///
  /// - Parameters:
  ///   - operation: The kind of change.
  ///   - added: The screens added, bottom first.
  ///   - removed: The screens removed, bottom first.
  ///   - animated: Whether the host should animate it.
  ///   - cause: Who asked for it.
  @usableFromInline init(
    operation: StackOperation, added: [Screen], removed: [Screen], animated: Bool,
    cause: NavigationCause
  ) {
    self.operation = operation
    self.added = added
    self.removed = removed
    self.animated = animated
    self.cause = cause
  }
}

extension StackChange: Equatable where Screen: Equatable {}

extension StackChange: Hashable where Screen: Hashable {}

extension StackChange: Sendable where Screen: Sendable {}

extension StackChange: CustomStringConvertible {
  /// A one-line summary such as `push +[note(2)] -[] (program, animated)`.
  public var description: String {
    let added = self.added.map { String(describing: $0) }.joined(separator: ", ")
    let removed = self.removed.map { String(describing: $0) }.joined(separator: ", ")
    return "\(operation) +[\(added)] -[\(removed)] (\(cause)\(animated ? ", animated" : ""))"
  }
}
