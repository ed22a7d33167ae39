public import FlowContainers

/// What a ``FlowExplorer`` visited, and what failed.
///
/// ```swift
/// let report = await explorer.explore()
/// #expect(report.isClean, "\(report)")
/// report.expectNoFailures()  // the same, one issue per failure
/// ```
public struct ExplorationReport: Sendable, CustomStringConvertible {
  /// How many distinct states were visited.
  public var statesVisited: Int
  /// The most steps of a path to a visited state.
  public var deepestPath: Int
  /// Whether every state within the depth was visited: the state budget did not stop it.
  public var isExhaustive: Bool
  /// How many links the app refused (held, dropped or failed, such as a sample id with no
  /// data): refusals, not defects.
  public var refusals: Int
  /// The flow types seen in some visited state, by name, sorted.
  public var reachedFlows: [FlowName]
  /// What failed, each kind and place once, with its shortest reproduction, in the order found.
  public var failures: [ExplorationFailure]
  /// The failures the app waived (``FlowExplorer/waive(_:at:because:)``), each with its
  /// waiver, in the order found: not among ``failures``.
  public var waived: [WaivedFailure] = []
  /// The states that cannot share a link (``DeepLinkRouter/currentLink()`` fails), each with
  /// the shortest path to it and why, in the order found.
  public var unshareable: [UnshareableState] = []

  /// Whether nothing failed.
  public var isClean: Bool { failures.isEmpty }

  /// `explored 412 states (deepest path 6 steps, every state within depth), 9 links refused:
  /// clean`, then how many states cannot share a link and why, the waived failures, and each
  /// failure.
  public var description: String {
    let extent = isExhaustive ? "every state within depth" : "stopped by the state budget"
    let head =
      "explored \(statesVisited) states (deepest path \(deepestPath) steps, \(extent)), "
      + "\(refusals) links refused: "
      + (isClean ? "clean" : "\(failures.count) failure\(failures.count == 1 ? "" : "s")")
    var lines = [head]
    if !unshareable.isEmpty {
      var reasons: [String] = []
      for state in unshareable where !reasons.contains(state.reason.description) {
        reasons.append(state.reason.description)
      }
      let count = unshareable.count
      lines.append(
        "\(count) state\(count == 1 ? "" : "s") cannot share a link: "
          + reasons.joined(separator: "; "))
    }
    lines += waived.map { "waived: \($0.waiver)" }
    return (lines + failures.map(\.description)).joined(separator: "\n")
  }

  /// Records a test failure for each failure, in Swift Testing or XCTest, whichever runs.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func expectNoFailures(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let caller = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for failure in failures { caller.fail(failure.description) }
  }
}

/// One promise a state broke, and the shortest path found to it.
public struct ExplorationFailure: Sendable, Hashable, CustomStringConvertible {
  /// Which promise.
  public enum Kind: String, Sendable, Hashable {
    /// The state's snapshot, restored into a fresh app, gives another tree.
    case snapshotDoesNotRestore = "snapshot does not restore"
    /// The link the state shares opens another path in a fresh app, or does not open.
    case linkDoesNotReopen = "link does not reopen"
    /// Something of the tree was still alive once everything was dismissed and the app
    /// released.
    case leak
    /// A step, or a check at the state, reported misuse.
    case misuse
    /// A flow type the declarations name was never reached.
    case unreachedFlow = "unreached flow"
    /// A flow the last step ended (dismissed, finished, a tab removed) was still alive once the
    /// step was done, while the app lives.
    case notReleasedWhenDismissed = "not released when dismissed"
    /// The state cannot share a link, although a route pattern of the flow that fails builds
    /// what it shows: the reverse mapping (`parameters`) is wrong.
    case linkNotShared = "link not shared"
    /// The app offers nothing to explore: its router's root flow is released, or is not the
    /// app's root.
    case nothingToExplore = "nothing to explore"
    /// A waiver matched no failure.
    case unusedWaiver = "unused waiver"
  }

  /// Which promise was broken.
  public var kind: Kind
  /// The steps from a fresh app to the state, the fewest found.
  public var steps: [ExplorationStep]
  /// What happened, for a person.
  public var message: String

  /// The Swift that reaches the state:
  /// `let app = try await explorer.replay([.open("notes://a")])`.
  public var reproduction: String {
    "let app = try await explorer.replay([\(steps.map(\.description).joined(separator: ", "))])"
  }

  /// The kind, the message, and the reproduction.
  public var description: String {
    let steps = steps.isEmpty ? "a fresh app" : "\(steps.count) step\(steps.count == 1 ? "" : "s")"
    return "\(kind.rawValue): \(message)\n  reached in \(steps):\n    \(reproduction)"
  }
}

/// A failure the app waived, and its waiver.
public struct WaivedFailure: Sendable, Hashable {
  /// The failure.
  public var failure: ExplorationFailure
  /// The waiver that sets it aside, with its reason.
  public var waiver: ExplorationWaiver
}

/// A state that cannot share a link, and why.
public struct UnshareableState: Sendable, Hashable {
  /// The steps from a fresh app to the state, the fewest found.
  public var steps: [ExplorationStep]
  /// Why ``DeepLinkRouter/currentLink()`` fails there.
  public var reason: LinkSharingFailure
}
