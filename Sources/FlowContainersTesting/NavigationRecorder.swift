public import FlowContainers

/// Records every navigation event in a tree, for asserting event sequences.
///
/// Attach it to the root to see the whole tree, or to any container to see that container and
/// everything presented above it. Compare ``descriptions`` (readable) or ``events`` (exact).
///
/// ```swift
/// let recorder = NavigationRecorder(app.container)
/// app.container.push(.note(2))
/// app.container.present(editor.container)
/// recorder.expectDescriptions([
///   "AppFlow@0 push +1 -0 (program, animated)",
///   "AppFlow@0 present EditorFlow as sheet (program, animated)",
/// ])
/// ```
@MainActor
public final class NavigationRecorder {
  /// The events recorded so far, oldest first.
  public private(set) var events: [NavigationEvent] = []
  private var token: ObserverToken?

  /// Starts recording the events of `node` and of everything presented above it.
  ///
  /// - Parameter node: The container to observe, usually the root.
  public init(_ node: ContainerNode) {
    token = node.observeEvents { [weak self] event in self?.events.append(event) }
  }

  /// The recorded events as ``NavigationEvent/description`` renders them.
  public var descriptions: [String] { events.map(\.description) }

  /// Forgets the events recorded so far.
  public func clear() {
    events.removeAll()
  }

  /// Stops recording.
  ///
  /// Releasing the recorder stops it too.
  public func stop() {
    token?.cancel()
    token = nil
  }

  /// Records a test failure unless the recorded event descriptions are exactly `expected`.
  ///
  /// It only checks: the events stay recorded, and the next check sees them too. Call
  /// ``clear()`` to start the next check fresh.
  ///
  /// - Parameters:
  ///   - expected: The descriptions expected, oldest first.
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func expectDescriptions(
    _ expected: [String], fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let actual = descriptions
    guard actual != expected else { return }
    CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column).fail(
      "navigation events differ.\nexpected:\n"
        + expected.map { "  \($0)" }.joined(separator: "\n") + "\nactual:\n"
        + actual.map { "  \($0)" }.joined(separator: "\n"))
  }
}
