/// A change to a tree, as a value: what a public operation asks of its container, what waits in
/// the tree's change queue while another change is under way, and what a module built on the
/// core applies in a transaction (``ContainerNode/transact(cause:_:)``).
///
/// ``ContainerNode/request(_:animated:cause:fileID:line:)`` is the one door every public
/// operation's change goes through: queued while a change is under way in a tree it touches,
/// checked (misuse is reported and nothing changes), then applied and announced as one change.
/// A change is made in one place, ``ContainerNode/perform(_:animated:cause:fileID:line:)``,
/// whoever asks for it. A tab or column change applies to the container it is asked of, which
/// must be a tab container or a split.
package enum TreeChange {
  /// Present a container over this one; `onEnd` and `onEndWithCause` hear how it ended (the
  /// second also why).
  case present(
    ContainerNode, PresentationStyle, onEnd: ((PresentationEnding) -> Void)? = nil,
    onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)? = nil)
  /// Dismiss what this container presents.
  case dismissPresented
  /// Dismiss this container, which must be presented.
  case dismiss
  /// Finish this container: dismissed if presented, removed if a tab, torn down otherwise.
  case finish
  /// Replace this tab container's tabs, selecting the one at a position.
  case setTabs([ContainerNode], selected: Int)
  /// Add a tab to this tab container, at the end when the position is `nil`.
  case addTab(ContainerNode, at: Int?)
  /// Remove a tab of this tab container.
  case removeTab(at: Int)
  /// Select a tab of this tab container.
  case selectTab(Int)
  /// Put a container in a column of this split, ending the one there; `onEnd` and
  /// `onEndWithCause` hear how a detail ends.
  case showColumn(
    SplitColumn, ContainerNode, onEnd: ((PresentationEnding) -> Void)? = nil,
    onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)? = nil)
  /// End the container in a column of this split.
  case closeColumn(SplitColumn)
  /// Something the user did, as the host reports it.
  case host(HostEvent)
  /// An operation on this container's stack, written by the container that knows its screens:
  /// its name, its check (which reports misuse; `nil` when it always fits), and its application.
  case stack(
    String, check: ((_ fileID: StaticString, _ line: UInt) -> Bool)?,
    apply: (_ animated: Bool, _ cause: NavigationCause) -> Void)
  /// A module's pop of this stack, as a value (``StackContainer/edit(from:keeping:adding:)``):
  /// while it holds `stored` screens, keep the first `keeping`.
  case pop(stored: Int, keeping: Int)
  /// Hear once when this container's presentation ends, after the presenter's `onEnd`; on a
  /// split's detail, when the detail ends. Not a change: nothing moves.
  case listen((PresentationEnding) -> Void)
  /// Say what this container's presentation is for, such as the requirement a guard flow
  /// satisfies, for ``ContainerNode/details(screen:)`` to read back. Not a change: nothing
  /// moves.
  case purpose(String)

  /// The operation's name, for queued requests and misuse reports.
  var operation: String {
    switch self {
    case .present: "present(_:)"
    case .dismissPresented: "dismissPresented()"
    case .dismiss: "dismiss()"
    case .finish: "finish()"
    case .setTabs: "setTabs(_:)"
    case .addTab: "addTab(_:)"
    case .removeTab: "removeTab(at:)"
    case .selectTab: "select(_:)"
    case .showColumn(.primary, _, _, _): "setPrimary(_:)"
    case .showColumn(.detail, _, _, _): "showDetail(_:)"
    case .closeColumn: "closeDetail()"
    case .host(let event): "handle(\(event))"
    case .stack(let operation, _, _): operation
    case .pop: "pop(toIndex:)"
    case .listen: "listen"
    case .purpose: "purpose"
    }
  }

  /// The flows of the containers the change brings into this tree (one, or a bar's tabs'),
  /// which it keeps alive while it waits or runs: the only strong references to them may be
  /// what the change ends.
  @MainActor
  var incomingOwners: (one: AnyObject?, tabs: [AnyObject?]) {
    switch self {
    case .present(let child, _, _, _), .addTab(let child, _), .showColumn(_, let child, _, _):
      (child.owner, [])
    case .setTabs(let tabs, _): (nil, tabs.map(\.owner))
    default: (nil, [])
    }
  }
}

/// A change of a tab container's tabs.
enum TabChange {
  /// Replace the tabs, selecting the one at a position.
  case set([ContainerNode], selected: Int)
  /// Add a tab, at the end when the position is `nil`.
  case add(ContainerNode, at: Int?)
  /// Remove a tab.
  case remove(at: Int)
  /// Select a tab.
  case select(Int)
}

/// What the caller of a presentation hears: how it ends.
struct PresentationCallbacks {
  var onEnd: ((PresentationEnding) -> Void)?
  /// The presenter's handler that also hears the cause: typed results, and the seam's presents.
  var onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)?
}

extension ContainerNode {
  /// The one door of ``TreeChange``s: queues `change` while a change is under way in this tree
  /// or in the tree of a container it brings in, otherwise checks it and applies it.
  ///
  /// A queued change comes back here when its turn comes, and is checked then: the tree may have
  /// moved. Nothing of the caller's runs between the check and the change.
  @inline(__always)
  func request(
    _ change: TreeChange, animated: Bool, cause: NavigationCause, fileID: StaticString, line: UInt
  ) {
    if let busy = busyQueue(for: change) {
      // The request keeps the flows it brings in alive until it runs, as the change would.
      let owners = change.incomingOwners
      busy.enqueue(change.operation, fileID: fileID, line: line) {
        extendLifetime(owners)
        self.request(change, animated: animated, cause: cause, fileID: fileID, line: line)
      }
      return
    }
    // The flow a presentation brings in, loaded once by the check and moved into the change: a
    // second weak load would retain and release a flow with a side table.
    var owner: AnyObject?
    guard check(change, fileID: fileID, line: line, owner: &owner) else { return }
    perform(
      change, animated: animated, cause: cause, fileID: fileID, line: line, owner: consume owner)
  }

  /// Makes `change`, which fits now: the one place where a ``TreeChange`` is made, for the door
  /// and for the modules built on the core (``transact(cause:_:)``).
  ///
  /// Inside a change under way in this tree, `change` joins it (only a module's change is made
  /// so: the door queues a request that meets a change). Otherwise it runs as a change of its
  /// own.
  ///
  /// `owner` is the flow of the container a presentation brings in, when the caller loaded it.
  @inline(__always)
  func perform(
    _ change: TreeChange, animated: Bool, cause: NavigationCause, fileID: StaticString, line: UInt,
    owner: consuming AnyObject? = nil
  ) {
    if let changes, changes.isChanging {
      apply(change, animated: animated, cause: cause, fileID: fileID, line: line, owner: owner)
      return
    }
    switch change {
    case .selectTab, .stack, .pop, .listen:
      // Nothing can hear or call back a change that nobody observes: no change queue needed.
      self.change {
        apply(change, animated: animated, cause: cause, fileID: fileID, line: line, owner: nil)
      }
    case .addTab, .setTabs, .showColumn:
      // The flows brought in live through the change, even if only something it ends held them.
      let owners = change.incomingOwners
      changeQueue.perform {
        apply(change, animated: animated, cause: cause, fileID: fileID, line: line, owner: nil)
      }
      extendLifetime(owners)
    default:
      // The rest bring in no flow, but a presentation: `presentNow` holds it from its first line.
      // Begun and ended as `ChangeQueue.perform` does, without a closure: `owner` is moved on.
      let queue = changeQueue
      let started = queue.begin()
      apply(change, animated: animated, cause: cause, fileID: fileID, line: line, owner: owner)
      queue.end(started)
    }
  }

  /// The change queue of a tree `change` touches that is changing now, if any.
  @inline(__always)
  private func busyQueue(for change: TreeChange) -> ChangeQueue? {
    if let changes, changes.isChanging { return changes }
    switch change {
    case .present(let child, _, _, _), .addTab(let child, _), .showColumn(_, let child, _, _):
      if let queue = child.changes, queue.isChanging { return queue }
    case .setTabs(let tabs, _):
      for tab in tabs {
        if let queue = tab.changes, queue.isChanging { return queue }
      }
    default:
      break
    }
    return nil
  }

  /// Whether `change` may be applied now; reports misuse otherwise.
  ///
  /// A presentation's check sets `owner` to the flow of the container it brings in.
  @inline(__always)
  private func check(
    _ change: TreeChange, fileID: StaticString, line: UInt, owner: inout AnyObject?
  ) -> Bool {
    if finished {
      // The operation's name is made only for the report.
      if case .finish = change { return false }
      reportFinished(change.operation, fileID: fileID, line: line)
      return false
    }
    switch change {
    case .present(let child, _, _, _):
      // A split's column presents over the whole split.
      if case .column = attachment {
        owner = presentingLevel.checkPresentation(of: child, fileID: fileID, line: line)
      } else {
        owner = checkPresentation(of: child, fileID: fileID, line: line)
      }
      return owner != nil
    case .dismissPresented:
      guard presentedNode == nil else { return true }
      report(
        .notPresented,
        "dismissPresented() on \(locationDescription), which presents nothing; check "
          + "`presented` first, or let the sub-flow dismiss itself.",
        fileID: fileID, line: line)
      return false
    case .dismiss:
      guard presenter == nil else { return true }
      report(
        .notPresented,
        attachment.isPresented
          ? "dismiss() on \(locationDescription), whose presenter is being released; its "
            + "presentation ends on the main actor as tornDown."
          : "dismiss() on \(locationDescription), which is not presented; a root container is "
            + "released when its owner is, or ends with finish().",
        fileID: fileID, line: line)
      return false
    case .setTabs, .addTab, .removeTab, .selectTab:
      guard let bar = tabBar, let tabChange = change.tabChange else { return false }
      return bar.check(tabChange, fileID, line)
    case .showColumn, .closeColumn:
      guard let split = splitView, let splitChange = change.splitChange else { return false }
      return split.check(splitChange, fileID, line)
    case .stack(_, let check, _):
      return check?(fileID, line) ?? true
    case .finish, .pop, .host, .listen, .purpose:
      // Host events fit or not by the state they meet: checked as they are applied.
      return true
    }
  }

  /// Applies `change`, which fits, inside the tree's change.
  @inline(__always)
  private func apply(
    _ change: TreeChange, animated: Bool, cause: NavigationCause, fileID: StaticString, line: UInt,
    owner: consuming AnyObject?
  ) {
    switch change {
    case .present(let child, let style, let onEnd, let onEndWithCause):
      guard case .column = attachment else {
        presentNow(
          child, owner: owner, style: style, animated: animated, cause: cause, onEnd: onEnd,
          onEndWithCause: onEndWithCause)
        return
      }
      // A split's column presents over the whole split, and what it presents ends with it.
      let level = presentingLevel
      level.presentNow(
        child, owner: owner, style: style, animated: animated, cause: cause, onEnd: onEnd,
        onEndWithCause: onEndWithCause)
      if level !== self, let split = level.splitView, level.presentedNode === child {
        split.presentationAsker = self
        split.columnPresentation = child
      }
    case .dismissPresented:
      endPresentation(.dismissedByPresenter, animated: animated, cause: cause)
    case .dismiss:
      presenter?.endPresentation(.finished, animated: animated, cause: cause)
    case .finish:
      finishNow()
    case .setTabs, .addTab, .removeTab, .selectTab:
      guard let bar = tabBar, let tabChange = change.tabChange else { return }
      bar.apply(tabChange, cause: cause)
    case .showColumn, .closeColumn:
      guard let split = splitView, let splitChange = change.splitChange else { return }
      split.apply(splitChange, animated: animated, cause: cause)
    case .host(let event):
      handleNow(event, fileID: fileID, line: line)
    case .stack(_, _, let apply):
      apply(animated, cause)
    case .pop(let stored, let keeping):
      pop(from: stored, keeping: keeping, animated: animated, cause: cause)
    case .listen(let listener):
      listen(listener)
    case .purpose(let purpose):
      let handlers = endHandlers ?? PresentationEndHandlers()
      handlers.tag = purpose
      endHandlers = handlers
    }
  }

  /// Adds a listener to how this container's presentation ends, or, on a split's detail, to how
  /// the detail ends.
  private func listen(_ listener: @escaping (PresentationEnding) -> Void) {
    if case .column(.detail) = attachment, let split = holder?.splitView,
      split.detailNode === self
    {
      let handlers = split.detailHandlers ?? PresentationEndHandlers()
      handlers.listeners.append(listener)
      split.detailHandlers = handlers
      return
    }
    let handlers = endHandlers ?? PresentationEndHandlers()
    handlers.listeners.append(listener)
    endHandlers = handlers
  }

  /// Whether `change` fits now, as its check would say, without a report: for the changes a
  /// module built on the core applies (``transact(cause:_:)``), which are refused quietly.
  func fits(_ change: TreeChange) -> Bool {
    switch change {
    case .present(let child, _, _, _):
      guard !finished else { return false }
      // A split's column presents over the whole split.
      if case .column = attachment { return presentingLevel.canPresent(child) }
      return canPresent(child)
    case .dismissPresented:
      return presentedNode != nil
    case .dismiss:
      return !finished && presenter != nil
    case .finish:
      return !finished
    case .selectTab(let index):
      guard !finished, let bar = tabBar else { return false }
      return bar.tabNodes.indices.contains(index) && index != bar.selectedPosition
    case .setTabs, .addTab, .removeTab:
      // Not changes a module makes: only the door, which reports misuse, makes them.
      return false
    case .showColumn(let column, let child, _, _):
      guard !finished, let split = splitView else { return false }
      return split.node(in: column) === child || split.branchProblem(child, as: .column) == nil
    case .closeColumn(let column):
      guard !finished, let split = splitView else { return false }
      return split.node(in: column) != nil
    case .host:
      return !finished
    case .stack(_, let check, _):
      return !finished && check?(#fileID, #line) ?? true
    case .pop:
      return !finished
    case .listen:
      if case .column(.detail) = attachment, let split = holder?.splitView {
        return split.detailNode === self
      }
      return presentedNode != nil
    case .purpose:
      return presentedNode != nil
    }
  }
}

extension TreeChange {
  /// The tab container's change this is, for the cases that change tabs.
  fileprivate var tabChange: TabChange? {
    switch self {
    case .setTabs(let tabs, let selected): .set(tabs, selected: selected)
    case .addTab(let tab, let index): .add(tab, at: index)
    case .removeTab(let index): .remove(at: index)
    case .selectTab(let index): .select(index)
    default: nil
    }
  }

  /// The split's change this is, for the cases that change columns.
  fileprivate var splitChange: SplitChange? {
    switch self {
    case .showColumn(let column, let node, let onEnd, let onEndWithCause):
      .show(column, node, PresentationCallbacks(onEnd: onEnd, onEndWithCause: onEndWithCause))
    case .closeColumn(let column): .close(column)
    default: nil
    }
  }
}
