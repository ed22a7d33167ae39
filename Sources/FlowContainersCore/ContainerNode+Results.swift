extension ContainerNode {
  /// Presents the sub-flow whose result `result` is, and calls `onResult` exactly once when
  /// its presentation ends, with the value it finished with or why it ended without one.
  ///
  /// Everything else is as for ``present(_:style:animated:fileID:line:onEnd:)``: the
  /// presentation keeps the sub-flow alive, and `onResult` runs where `onEnd` would, after the
  /// tree has changed and in the order presentations end. A presentation that is misuse is
  /// reported and `onResult` is not called, as `onEnd` would not be.
  ///
  /// ```swift
  /// let signIn = SignInFlow()
  /// container.present(signIn.result) { [weak self] result in
  ///   if let account = result.value { self?.showLibrary(for: account) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - result: The sub-flow's ``FlowResult``; its container is what is presented.
  ///   - style: How the host should show it.
  ///   - animated: Whether the host should animate the presentation.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  ///   - onResult: Called once with the ``PresentationResult``.
  public func present<Value>(
    _ result: FlowResult<Value>, style: PresentationStyle = .sheet, animated: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line,
    onResult: @escaping (PresentationResult<Value>) -> Void
  ) {
    present(
      result.container, style: style, animated: animated, cause: .program, fileID: fileID,
      line: line, onEnd: nil,
      onEndWithCause: { ending, cause in onResult(result.take(ending, cause)) })
    // Presented, queued (the request holds the flow) or rejected: either way, let go.
    result.ownerUntilPresented = nil
  }

  /// Presents the sub-flow whose result `result` is, and returns its ``PresentationResult``
  /// when its presentation ends.
  ///
  /// It always returns, exactly once, however the presentation ends: the sub-flow finishing
  /// with or without a value, the user closing it, its presenter or another change dismissing
  /// it, an ancestor being dismissed or released (`.ended(.tornDown, cause:)`), or the
  /// presentation being misuse (`.notPresented`, reported).
  ///
  /// The call holds this container until it returns, as any method holds its receiver. Awaited
  /// on a root container, that keeps the root's tree, and the sub-flow, alive after the root
  /// flow is released, until the sub-flow ends: a root flow that awaits should cancel its task
  /// in `deinit` (which dismisses the sub-flow).
  ///
  /// Cancelling the awaiting task dismisses the sub-flow as its presenter would, if it is
  /// still presented here; the call then returns `.ended(.dismissedByPresenter, cause:
  /// .program)`. A task cancelled before the call presents nothing and returns `.notPresented`.
  ///
  /// ```swift
  /// let signIn = SignInFlow()
  /// guard let account = await container.present(signIn.result).value else { return }
  /// showLibrary(for: account)
  /// ```
  ///
  /// - Parameters:
  ///   - result: The sub-flow's ``FlowResult``; its container is what is presented.
  ///   - style: How the host should show it.
  ///   - animated: Whether the host should animate the presentation.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  /// - Returns: How the presentation ended, with the sub-flow's value if it gave one.
  public func present<Value: Sendable>(
    _ result: FlowResult<Value>, style: PresentationStyle = .sheet, animated: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async -> PresentationResult<Value> {
    guard !Task.isCancelled else {
      result.ownerUntilPresented = nil
      return .notPresented
    }
    let child = result.container
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Only the end handler holds `once`: a presentation that is rejected, now or when a
        // queued request runs, drops it, and it resumes with `.notPresented`.
        let once = ResumeOnce(continuation, otherwise: PresentationResult<Value>.notPresented)
        present(result, style: style, animated: animated, fileID: fileID, line: line) {
          once.resume($0)
        }
      }
    } onCancel: {
      Task { @MainActor [weak self] in
        guard let self, self.presentedNode === child else { return }
        self.dismissPresented(animated: true)
      }
    }
  }
}

/// Resumes a continuation exactly once: with the first value given, or, if the last reference
/// goes first (a request dropped with its tree), with a fallback, so that nothing awaits for
/// ever.
@MainActor
final class ResumeOnce<Value: Sendable> {
  private var continuation: CheckedContinuation<Value, Never>?
  private let fallback: Value

  init(_ continuation: CheckedContinuation<Value, Never>, otherwise fallback: Value) {
    self.continuation = continuation
    self.fallback = fallback
  }

  func resume(_ value: Value) {
    continuation?.resume(returning: value)
    continuation = nil
  }

  isolated deinit { resume(fallback) }
}
