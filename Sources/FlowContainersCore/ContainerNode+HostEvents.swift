extension ContainerNode {
  /// Applies something the user did outside the program's control, as the host reports it.
  ///
  /// The container releases exactly what the user removed; changes are delivered with cause
  /// ``NavigationCause/user`` and `animated: false`, since the host has already animated them.
  ///
  /// - ``HostEvent/userPopped(toIndex:)``: the screens above `index` are removed. Popping to the
  ///   current top changes nothing.
  /// - ``HostEvent/userDismissed``: this container, which must be presented, is dismissed; its
  ///   presentation ends as ``PresentationEnding/dismissedByUser``.
  /// - ``HostEvent/interactivePopBegan`` then ``HostEvent/interactivePopCommitted``: the top
  ///   screen is removed. ``HostEvent/interactivePopCancelled`` instead changes nothing.
  ///
  /// An event that does not fit (an index that is not in the stack, a commit with no pop begun,
  /// a commit after the program or a host's pop changed the stack mid-gesture, each named in the
  /// report) is misuse: nothing changes and a ``FlowDiagnostic`` is reported.
  ///
  /// Reported from a callback while a change is under way in this tree, the event is applied
  /// after that change, and checked then.
  ///
  /// ```swift
  /// // UIKit: the back button popped to the view controller at index 1.
  /// container.handle(.userPopped(toIndex: 1))
  /// ```
  ///
  /// - Parameters:
  ///   - event: What the user did.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func handle(_ event: HostEvent, fileID: StaticString = #fileID, line: UInt = #line) {
    request(.host(event), animated: false, cause: .user, fileID: fileID, line: line)
  }

  /// One case per event: check that it fits, then apply it.
  func handleNow(_ event: HostEvent, fileID: StaticString, line: UInt) {
    switch event {
    case .userPopped(let index): userPopped(toIndex: index, fileID: fileID, line: line)
    case .userDismissed: userDismissed(fileID: fileID, line: line)
    case .interactivePopBegan: interactivePopBegan(fileID: fileID, line: line)
    case .interactivePopCommitted: interactivePopCommitted(fileID: fileID, line: line)
    case .interactivePopCancelled: interactivePopCancelled(fileID: fileID, line: line)
    case .userSelectedTab(let index):
      guard let tabs = tabsForHostEvent(event, fileID: fileID, line: line) else { return }
      tabs.userSelected(index, fileID: fileID, line: line)
    case .widthChanged(let width):
      guard let split = splitView else {
        report(
          .splitNotFound,
          "the host reported \(event) on \(locationDescription), which is not a split; send it "
            + "to the SplitContainer whose width changed.",
          fileID: fileID, line: line)
        return
      }
      split.setWidthNow(width)
    }
  }

  /// This container as a tab container, for a tab host event; reports misuse otherwise.
  private func tabsForHostEvent(
    _ event: HostEvent, fileID: StaticString, line: UInt
  ) -> TabContainer? {
    if let tabs = tabBar { return tabs }
    report(
      .tabNotFound,
      "the host reported \(event) on \(locationDescription), which has no tabs; send it to the "
        + "tab container.",
      fileID: fileID, line: line)
    return nil
  }

  /// The host popped to `index`: the screens above it go.
  private func userPopped(toIndex index: Int, fileID: StaticString, line: UInt) {
    let count = screenCount
    if let split = splitView, split.currentWidth == .regular {
      report(
        .screenNotFound,
        "the host reported userPopped(toIndex: \(index)) on \(locationDescription), a split "
          + "whose columns are side by side; send it to the column's container, or report "
          + "widthChanged(.compact) first.",
        fileID: fileID, line: line)
      return
    }
    guard (0..<count).contains(index) else {
      report(
        .screenNotFound,
        "the host reported userPopped(toIndex: \(index)) on \(locationDescription), whose "
          + "stack has \(count) screens; the host and the container disagree. Report pops as "
          + "they happen, with the index of the screen now on top.",
        fileID: fileID, line: line)
      return
    }
    hostPop(toIndex: index)
    // A gesture under way is stale now, because of the host: its commit will say so.
    if let cold, cold.interactivePopGeneration != nil { cold.hostPopDuringGesture = hostRevision }
  }

  /// The user closed this container: its presentation ends as dismissed by the user.
  private func userDismissed(fileID: StaticString, line: UInt) {
    guard let presenter else {
      report(
        .notPresented,
        attachment.isPresented
          ? "the host reported userDismissed on \(locationDescription), whose presenter is "
            + "being released; its presentation ends on the main actor as tornDown."
          : "the host reported userDismissed on \(locationDescription), which is not "
            + "presented; send it to the container the user closed.",
        fileID: fileID, line: line)
      return
    }
    presenter.endPresentation(.dismissedByUser, animated: false, cause: .user)
  }

  /// The user started dragging the top screen away: remember the stack as it is.
  private func interactivePopBegan(fileID: StaticString, line: UInt) {
    guard interactivePopGeneration == nil, screenCount > 1 else {
      report(
        .interactivePop,
        interactivePopGeneration == nil
          ? "interactivePopBegan on \(locationDescription), which has no screen to pop."
          : "interactivePopBegan on \(locationDescription) while one is already in progress; "
            + "report interactivePopCommitted or interactivePopCancelled first.",
        fileID: fileID, line: line)
      return
    }
    interactivePopGeneration = hostRevision
    cold?.hostPopDuringGesture = nil
    if eventObserverCount > 0 { emit(.interactivePopBegan, cause: .user, animated: true) }
  }

  /// The drag finished: the top screen goes, if the stack is still the one the drag began on.
  private func interactivePopCommitted(fileID: StaticString, line: UInt) {
    guard let began = interactivePopGeneration else {
      report(
        .interactivePop,
        "interactivePopCommitted on \(locationDescription) with no interactive pop in progress; "
          + "report interactivePopBegan when the gesture starts.",
        fileID: fileID, line: line)
      return
    }
    interactivePopGeneration = nil
    let hostPop = cold?.hostPopDuringGesture
    cold?.hostPopDuringGesture = nil
    guard began == hostRevision, screenCount > 1 else {
      report(
        .interactivePop,
        hostPop == hostRevision
          ? "interactivePopCommitted on \(locationDescription), but the host reported "
            + "userPopped after the gesture began; the commit was ignored. Report the "
            + "gesture's end before the user can pop otherwise."
          : "interactivePopCommitted on \(locationDescription), but the program changed the "
            + "tree after the gesture began; the commit was ignored. Avoid changing a stack "
            + "while the user drags it.",
        fileID: fileID, line: line)
      return
    }
    hostPopTop()
  }

  /// The drag was abandoned: nothing changes, and observers hear the gesture end.
  private func interactivePopCancelled(fileID: StaticString, line: UInt) {
    guard interactivePopGeneration != nil else {
      report(
        .interactivePop,
        "interactivePopCancelled on \(locationDescription) with no interactive pop in "
          + "progress.",
        fileID: fileID, line: line)
      return
    }
    interactivePopGeneration = nil
    if eventObserverCount > 0 { emit(.interactivePopCancelled, cause: .user, animated: true) }
  }
}
