public import FlowContainers

extension FlowExplorer {
  /// Makes a fresh app and takes `steps` in it: a failure's reproduction.
  ///
  /// A step that does not fit the app as it is (nothing to close) does nothing. A step that
  /// names what the explorer does not know (an action not registered for its flow type, an
  /// alert action the alert on top does not have) throws: a misspelled step would otherwise do
  /// nothing, and the reproduction would pass.
  ///
  /// ```swift
  /// let app = try await explorer.replay([.open("shop://cart"), .close])
  /// ```
  ///
  /// - Parameter steps: The steps, as a failure prints them.
  /// - Returns: The app, in the state the steps lead to.
  /// - Throws: ``ReplayError`` for the first step it does not know, having taken the steps
  ///   before it.
  public func replay(_ steps: [ExplorationStep]) async throws(ReplayError) -> App {
    let app = makeApp()
    for step in steps {
      if case .unknown(let error) = await perform(step, on: app) { throw error }
    }
    return app
  }
}

/// A step ``FlowExplorer/replay(_:)`` does not know.
public enum ReplayError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No action of this name is registered for the flow type; `known` lists the actions that
  /// are, as steps.
  case unknownAction(String, on: FlowName, known: [ExplorationStep])
  /// The alert on top has no action with this label; `known` lists its actions' labels.
  case unknownAlertAction(String, known: [String])

  /// What is unknown, and what is known instead.
  public var description: String {
    switch self {
    case .unknownAction(let name, let flow, let known):
      let listed = known.isEmpty ? "none" : known.map(\.description).joined(separator: ", ")
      return "no action \(name.debugDescription) is registered on \(flow); registered: \(listed)"
    case .unknownAlertAction(let label, let known):
      return "the alert on top has no action \(label.debugDescription); its actions: "
        + known.map(\.debugDescription).joined(separator: ", ")
    }
  }
}
