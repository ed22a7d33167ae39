import FlowContainers

extension FlowExplorer {
  /// Sets aside a failure the app accepts: the failure of `kind` whose shortest path is
  /// `steps`.
  ///
  /// The report lists it among ``ExplorationReport/waived``, with `reason`, and not among its
  /// failures. A waiver that matches no failure is a failure itself
  /// (``ExplorationFailure/Kind/unusedWaiver``), so that one a fix leaves behind is removed.
  ///
  /// ```swift
  /// explorer.waive(
  ///   .linkNotShared, at: [.open("shop://item/1")], because: "items share no links yet")
  /// ```
  ///
  /// - Parameters:
  ///   - kind: The promise the failure breaks.
  ///   - steps: Its path, as the failure prints it.
  ///   - reason: Why the app accepts it, for the report.
  public func waive(
    _ kind: ExplorationFailure.Kind, at steps: [ExplorationStep], because reason: String
  ) {
    waivers.append(ExplorationWaiver(kind: kind, steps: steps, reason: reason))
  }
}

/// A failure an app accepts, by promise and path (``FlowExplorer/waive(_:at:because:)``).
public struct ExplorationWaiver: Sendable, Hashable, CustomStringConvertible {
  /// The promise the failure breaks.
  public var kind: ExplorationFailure.Kind
  /// The failure's path.
  public var steps: [ExplorationStep]
  /// Why the app accepts it.
  public var reason: String

  /// `link not shared at [.open("shop://item/1")]: items share no links yet`.
  public var description: String {
    "\(kind.rawValue) at [\(steps.map(\.description).joined(separator: ", "))]: \(reason)"
  }
}
