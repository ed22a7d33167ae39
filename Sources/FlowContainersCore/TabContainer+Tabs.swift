extension TabContainer {
  /// The tabs' containers, in order.
  ///
  /// Observable.
  public var tabs: [ContainerNode] {
    access(.tabs)
    return tabNodes
  }

  /// The position of the selected tab in ``tabs``, or `nil` when there are no tabs.
  ///
  /// Observable.
  public var selectedIndex: Int? {
    access(.tabs)
    return selectedPosition
  }

  /// Replaces the tabs with `tabs`, in order, and selects the one at `selected`.
  ///
  /// A container that was a tab and is not in `tabs` is removed: what it presented ends, top
  /// down, as ``PresentationEnding/tornDown``, it finishes, and its flow is released before this
  /// returns. A container in both keeps its flow, its stack and its layers. Observers hear the
  /// removals (with the selection moving off a removed selected tab), then the additions, then
  /// a reordering of the tabs that stay, then the selection.
  ///
  /// Misuse changes nothing and is reported: a tab that has no ``ContainerNode/owner``, is
  /// finished, presented, a tab of another container, listed twice, this container itself, or
  /// one of its presenters; a `selected` position that is not in `tabs` (pass `0` for an empty
  /// list).
  ///
  /// - Parameters:
  ///   - tabs: The tab flows' containers, in order.
  ///   - selected: The position of the tab to select.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func setTabs(
    _ tabs: [ContainerNode], selected: Int = 0, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    request(
      .setTabs(tabs, selected: selected), animated: false, cause: .program,
      fileID: fileID, line: line)
  }

  /// Selects the tab at `index`.
  ///
  /// Selecting the selected tab changes nothing. An index that is not a tab's is misuse.
  ///
  /// - Parameters:
  ///   - index: The tab's position in ``tabs``.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func select(_ index: Int, fileID: StaticString = #fileID, line: UInt = #line) {
    // The door's quiet path, inlined for the common case: nothing can hear or call back, and the
    // index is a tab's. Anything else goes through the door.
    if !canCallBack, !finished, changes?.isChanging != true, tabNodes.indices.contains(index) {
      guard index != selectedPosition else { return }
      selectedPosition = index
      generation &+= Self.otherChange
      changes?.noteQuietChange()
      return
    }
    request(
      .selectTab(index), animated: false, cause: .program, fileID: fileID, line: line)
  }

  /// Adds `tab` at `index` (at the end by default); the selection stays on the tab it was on.
  ///
  /// Adding the first tab selects it. Misuse is reported as for
  /// ``setTabs(_:selected:fileID:line:)``, and an index outside `0...tabs.count`.
  ///
  /// - Parameters:
  ///   - tab: The tab flow's container.
  ///   - index: Where to insert it; the end when `nil`.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func addTab(
    _ tab: ContainerNode, at index: Int? = nil, fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    request(
      .addTab(tab, at: index), animated: false, cause: .program, fileID: fileID,
      line: line)
  }

  /// Removes the tab at `index`: what it presented ends, top down, as
  /// ``PresentationEnding/tornDown``, it finishes, and its flow is released before this returns.
  ///
  /// Removing the selected tab selects the tab that takes its place (or the one before it, when
  /// it was the last). An index that is not a tab's is misuse.
  ///
  /// - Parameters:
  ///   - index: The tab's position in ``tabs``.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func removeTab(at index: Int, fileID: StaticString = #fileID, line: UInt = #line) {
    request(
      .removeTab(at: index), animated: false, cause: .program, fileID: fileID,
      line: line)
  }
}

// MARK: - The one place tabs change

extension TabContainer {
  /// Whether `change` may be made now; reports misuse otherwise.
  func check(_ change: TabChange, _ fileID: StaticString, _ line: UInt) -> Bool {
    switch change {
    case .set(let tabs, let selected): checkTabs(tabs, selected: selected, fileID, line)
    case .add(let tab, let index): checkNewTab(tab, at: index, fileID, line)
    case .remove(let index): checkTabIndex(index, "removeTab(at: \(index))", fileID, line)
    case .select(let index):
      checkTabIndex(index, "select(\(index))", fileID, line) && index != selectedPosition
    }
  }

  /// Makes `change`, which ``check(_:_:_:)`` allowed; inside the tree's change.
  func apply(_ change: TabChange, cause: NavigationCause) {
    switch change {
    case .set(let tabs, let selected): setTabsNow(tabs, selected: selected, cause: cause)
    case .add(let tab, let index): addTabNow(tab, at: index ?? tabNodes.count, cause: cause)
    case .remove(let index): removeTabsNow(at: [index], cause: cause)
    case .select(let index): selectNow(index, cause: cause)
    }
  }

  /// Whether `tabs` may replace the tabs, with the one at `selected` selected; reports misuse
  /// otherwise.
  func checkTabs(
    _ tabs: [ContainerNode], selected: Int, _ fileID: StaticString, _ line: UInt
  ) -> Bool {
    let kept = Set(tabNodes.map(ObjectIdentifier.init))
    var listed = Set<ObjectIdentifier>()
    for tab in tabs {
      guard listed.insert(ObjectIdentifier(tab)).inserted else {
        reportTab("setTabs(_:)", "\(tab.ownerName)'s container is listed twice.", fileID, line)
        return false
      }
      if kept.contains(ObjectIdentifier(tab)) { continue }
      if let problem = branchProblem(tab, as: .tab) {
        reportTab("setTabs(_:)", problem, fileID, line)
        return false
      }
    }
    guard tabs.isEmpty ? selected == 0 : tabs.indices.contains(selected) else {
      report(
        .tabNotFound,
        "setTabs(_:selected: \(selected)) on \(locationDescription) with \(tabs.count) tabs; "
          + "select a position in 0..<\(tabs.count).",
        fileID: fileID, line: line)
      return false
    }
    return true
  }

  /// Whether `tab` may be added at `index` (the end when `nil`); reports misuse otherwise.
  func checkNewTab(
    _ tab: ContainerNode, at index: Int?, _ fileID: StaticString, _ line: UInt
  )
    -> Bool
  {
    let position = index ?? tabNodes.count
    guard (0...tabNodes.count).contains(position) else {
      report(
        .tabNotFound,
        "addTab(_:at: \(position)) on \(locationDescription), which has \(tabNodes.count) "
          + "tabs; insert at a position in 0...\(tabNodes.count).",
        fileID: fileID, line: line)
      return false
    }
    if let problem = branchProblem(tab, as: .tab) {
      reportTab("addTab(_:)", problem, fileID, line)
      return false
    }
    return true
  }

  private func reportTab(
    _ operation: String, _ problem: String, _ fileID: StaticString, _ line: UInt
  ) {
    report(
      .invalidTab, "\(operation) on \(locationDescription): \(problem)", fileID: fileID, line: line)
  }

  /// Whether `index` is a tab's position; reports misuse otherwise.
  ///
  /// `operation` is built only for the report.
  func checkTabIndex(
    _ index: Int, _ operation: @autoclosure () -> String, _ fileID: StaticString, _ line: UInt
  ) -> Bool {
    guard tabNodes.indices.contains(index) else {
      report(
        .tabNotFound,
        "\(operation()) on \(locationDescription), which has \(tabNodes.count) tabs"
          + (tabNodes.isEmpty ? "." : "; pass a position in 0..<\(tabNodes.count)."),
        fileID: fileID, line: line)
      return false
    }
    return true
  }

  /// Replaces the tabs; the caller has checked them and runs inside the tree's change.
  func setTabsNow(_ tabs: [ContainerNode], selected: Int, cause: NavigationCause) {
    let current = Set(tabNodes.map(ObjectIdentifier.init))
    let incoming = tabs.filter { !current.contains(ObjectIdentifier($0)) }
    // Claimed before the removals run user code (deinits, `onEnd`, Observation): nothing can
    // present them, make them tabs elsewhere or finish them until they are added.
    for tab in incoming { claim(tab) }
    let wanted = Set(tabs.map(ObjectIdentifier.init))
    removeTabsNow(
      at: tabNodes.indices.reversed().filter { !wanted.contains(ObjectIdentifier(tabNodes[$0])) },
      cause: cause)
    for (position, tab) in tabs.enumerated() where !current.contains(ObjectIdentifier(tab)) {
      addTabNow(tab, at: min(position, tabNodes.count), cause: cause)
    }
    // The kept tabs in the order given.
    let order = tabs.filter { $0.holder === self }
    if !order.elementsEqual(tabNodes, by: ===) {
      willMutate(.tabs)
      let owners = Dictionary(
        uniqueKeysWithValues: zip(tabNodes.map(ObjectIdentifier.init), tabOwners))
      let current = selectedPosition.map { tabNodes[$0] }
      setTabNodes(order)
      tabOwners = order.compactMap { owners[ObjectIdentifier($0)] }
      selectedPosition = current.flatMap { node in tabNodes.firstIndex { $0 === node } }
      didMutate(.tabs)
      generation &+= Self.otherChange
      if eventObserverCount > 0 { emit(.tabsReordered, cause: cause, animated: false) }
    }
    if !tabNodes.isEmpty, selected != selectedPosition { selectNow(selected, cause: cause) }
  }

  /// Replaces ``tabNodes``, swapping: the old array is released after the access, so no access
  /// to `tabNodes` stays open across a release, which may run any code, and reading it (as every
  /// selection does) needs no run-time exclusivity check.
  private func setTabNodes(_ nodes: [ContainerNode]) {
    var nodes = nodes
    swap(&nodes, &tabNodes)
  }

  /// Selects the tab at `index`; inside the tree's change.
  func selectNow(_ index: Int, cause: NavigationCause) {
    changes?.noteQuietChange()
    willMutate(.tabs)
    selectedPosition = index
    didMutate(.tabs)
    generation &+= Self.otherChange
    if eventObserverCount > 0 {
      emit(
        .tabSelected(index: index, flow: tabNodes[index].flowName), cause: cause,
        animated: false)
    }
  }

  /// Adds `tab` at `position`; inside the tree's change.
  func addTabNow(_ tab: ContainerNode, at position: Int, cause: NavigationCause) {
    guard let owner = tab.owner else { return }
    claim(tab)
    willMutate(.tabs)
    changeQueue.hasBranches = true
    var nodes: [ContainerNode] = []
    swap(&nodes, &tabNodes)
    nodes.insert(tab, at: position)
    swap(&nodes, &tabNodes)
    tabOwners.insert(owner, at: position)
    if let selected = selectedPosition, selected >= position { selectedPosition = selected + 1 }
    didMutate(.tabs)
    generation &+= Self.otherChange
    tab.attach(
      depth: storedDepth + 1, eventObserversBelow: eventObserverCount, changes: changeQueue)
    if eventObserverCount > 0 {
      emit(
        .attached(.tab(position, selected: false), flow: tab.flowName), cause: cause,
        animated: false
      )
    }
    if selectedPosition == nil { selectNow(position, cause: cause) }
  }

  /// Makes `tab` this container's before any user code of the change runs: what holds it is
  /// this container, and requests on it wait for the change.
  private func claim(_ tab: ContainerNode) {
    tab.hang(.tab, on: self)
    tab.join(changeQueue)
  }

  /// Removes the tabs at `indices`, highest first, ending what each presented and releasing its
  /// flow; inside the tree's change.
  ///
  /// Observers hear each removal, highest first, with its position at that moment (which is
  /// its position before the change, since only tabs above it have gone), and the selection
  /// moving off a removed selected tab. The tabs leave in one pass, so removing any number of
  /// 100,000 tabs costs linear work.
  func removeTabsNow(at indices: [Int], cause: NavigationCause) {
    guard !indices.isEmpty else { return }
    // What each tab presents ends first, top down, while every tab is still in place.
    for index in indices { tabNodes[index].finishInPlace() }
    // The selection after each removal, as removing them one by one would move it.
    var selection = selectedPosition
    var count = tabNodes.count
    var movedTo: [Int?] = []
    movedTo.reserveCapacity(indices.count)
    for index in indices {
      count -= 1
      let removedSelected = selection == index
      if let selected = selection {
        if count == 0 {
          selection = nil
        } else if selected > index || selected == count {
          selection = selected - 1
        }
      }
      movedTo.append(removedSelected ? selection : nil)
    }
    // Where each removal's new selection stood before the change, for its event's flow name.
    let removing = Set(indices)
    var removedTabs: [ContainerNode] = []
    var released: [AnyObject] = []
    for index in indices {
      removedTabs.append(tabNodes[index])
      released.append(tabOwners[index])
    }
    var namesAfter: [FlowName?] = []
    if eventObserverCount > 0 {
      for (step, index) in indices.enumerated() {
        guard let position = movedTo[step] else {
          namesAfter.append(nil)
          continue
        }
        // Below `index` nothing has moved. At or above it stand, in order, the tabs above it
        // that stay: every removal above it has been made by then.
        var original = position
        if position >= index {
          var skip = position - index
          original = index + 1
          while removing.contains(original) || skip > 0 {
            if !removing.contains(original) { skip -= 1 }
            original += 1
          }
        }
        namesAfter.append(tabNodes[original].flowName)
      }
    }
    willMutate(.tabs)
    var keptNodes: [ContainerNode] = []
    var keptOwners: [AnyObject] = []
    keptNodes.reserveCapacity(tabNodes.count - indices.count)
    keptOwners.reserveCapacity(tabNodes.count - indices.count)
    for index in tabNodes.indices where !removing.contains(index) {
      keptNodes.append(tabNodes[index])
      keptOwners.append(tabOwners[index])
    }
    setTabNodes(keptNodes)
    tabOwners = keptOwners
    selectedPosition = selection
    didMutate(.tabs)
    generation &+= Self.otherChange
    for tab in removedTabs {
      tab.hang(.root, on: nil)
      tab.attach(depth: 0, eventObserversBelow: 0, changes: nil)
    }
    if eventObserverCount > 0 {
      for (step, index) in indices.enumerated() {
        emit(
          .detached(
            .tab(index, selected: false), flow: removedTabs[step].flowName,
            ending: .dismissedByPresenter), cause: cause, animated: false)
        // The tab that took the selected one's place is selected now: observers hear it.
        if let position = movedTo[step], let name = namesAfter[step] {
          emit(.tabSelected(index: position, flow: name), cause: cause, animated: false)
        }
      }
    }
    // The tabs' flows are released here, highest first, unless something else holds them.
    removedTabs.removeAll()
    released.reverse()
    while !released.isEmpty { _ = released.removeLast() }
  }

  /// The `deinit` of a tab container: its tabs' teardown, then its own presentation's, in the
  /// order the base class's `deinit` used to run them.
  func releaseTabsAndPresentation() {
    releaseTabs()
    releasePresentation()
  }

  /// The teardown of a tab container that is being released or has left its tree: its tabs
  /// finish, and their flows are released.
  ///
  /// The tabs and their flows leave this container at once, so that nothing releases them from
  /// inside this `deinit`: ``DeferredReleases`` does, one level of nesting at a time.
  func releaseTabs() {
    guard !tabNodes.isEmpty else { return }
    // The tab flows live until their tabs have finished, even when the teardown waits.
    let held = ReleasedBranches(branches: tabNodes, owners: tabOwners)
    setTabNodes([])
    tabOwners = []
    // A host may still read the container, which has no tab to select now.
    selectedPosition = nil
    Self.runTeardown(on: changes) {
      for tab in held.branches {
        tab.hang(.root, on: nil)
        tab.finishInPlace()
        // A tab of a tab container released by an outer teardown was detached with it, and
        // walking its subtree again would cost the nesting depth at every level.
        if tab.changes != nil || tab.eventObserverCount != 0 {
          tab.attach(depth: 0, eventObserversBelow: 0, changes: nil)
        }
      }
      held.branches = []
      DeferredReleases.release(&held.objects)
    }
  }

  /// The user selected the tab at `index`, or re-selected the selected one.
  func userSelected(_ index: Int, fileID: StaticString, line: UInt) {
    guard checkTabIndex(index, "the host reported userSelectedTab(index: \(index))", fileID, line)
    else { return }
    guard index != selectedPosition else { return userReselected(index) }
    selectNow(index, cause: .user)
  }

  /// The user re-selected the selected tab, at `index`: observers hear it, and the tab pops to
  /// its root if ``popsToRootOnReselect``.
  private func userReselected(_ index: Int) {
    let tab = tabNodes[index]
    if eventObserverCount > 0 {
      emit(
        .tabReselected(index: index, flow: tab.flowName), cause: .user,
        animated: false)
    }
    if popsToRootOnReselect, tab.screenCount > 1 { tab.hostPop(toIndex: 0) }
  }
}
