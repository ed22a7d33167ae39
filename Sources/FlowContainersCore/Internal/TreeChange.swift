/// A change to a tree, as a value: what a public operation asks of its container, and what waits
/// in the tree's change queue while another change is under way.
///
/// ``ContainerNode/request(_:animated:cause:fileID:line:)`` is the one door every such change
/// goes through: queued while a change is under way in a tree it touches, checked (misuse is
/// reported and nothing changes), then applied and announced as one change.
enum TreeChange {
  /// Present a container over this one.
  case present(ContainerNode, PresentationStyle, PresentationCallbacks)
  /// Dismiss what this container presents.
  case dismissPresented
  /// Dismiss this container, which must be presented.
  case dismiss
  /// Finish this container: dismissed if presented, removed if a tab, torn down otherwise.
  case finish
  /// Change the tabs of this container, the tab container it carries.
  case tabs(TabContainer, TabChange)
  /// Change the columns of this container, the split it carries.
  case split(SplitContainer, SplitChange)
  /// Something the user did, as the host reports it.
  case host(HostEvent)
  /// An operation on this container's stack, made by the container that knows its screens.
  case stack(StackEdit)

  /// The operation's name, for queued requests and misuse reports.
  var operation: String {
    switch self {
    case .present: "present(_:)"
    case .dismissPresented: "dismissPresented()"
    case .dismiss: "dismiss()"
    case .finish: "finish()"
    case .tabs(_, .set): "setTabs(_:)"
    case .tabs(_, .add): "addTab(_:)"
    case .tabs(_, .remove): "removeTab(at:)"
    case .tabs(_, .select): "select(_:)"
    case .split(_, .show(.primary, _, _)): "setPrimary(_:)"
    case .split(_, .show(.detail, _, _)): "showDetail(_:)"
    case .split(_, .close): "closeDetail()"
    case .host(let event): "handle(\(event))"
    case .stack(let edit): edit.operation
    }
  }

  /// The flows of the containers the change brings into this tree, which it keeps alive while
  /// it waits or runs: the only strong references to them may be what the change ends.
  @MainActor
  var incomingOwners: [AnyObject?] {
    switch self {
    case .present(let child, _, _), .tabs(_, .add(let child, _)), .split(_, .show(_, let child, _)):
      [child.owner]
    case .tabs(_, .set(let tabs, _)): tabs.map(\.owner)
    default: []
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

/// An operation on a stack, erased for the door: its name, its check and its application,
/// each written by the typed container.
struct StackEdit {
  /// The operation's name, such as `pop(toIndex:)`.
  let operation: String
  /// Whether the operation fits the stack now; reports misuse otherwise.
  let check: (_ fileID: StaticString, _ line: UInt) -> Bool
  /// Makes the operation, inside the tree's change when one is needed.
  let apply: (_ animated: Bool, _ cause: NavigationCause) -> Void

  init(
    _ operation: String, check: @escaping (StaticString, UInt) -> Bool = { _, _ in true },
    apply: @escaping (Bool, NavigationCause) -> Void
  ) {
    self.operation = operation
    self.check = check
    self.apply = apply
  }
}

/// What the caller of a presentation hears: how it ends, or that it was refused.
struct PresentationCallbacks {
  var onEnd: ((PresentationEnding) -> Void)?
  /// The presenter's handler that also hears the cause: typed results, and the seam's presents.
  var onEndWithCause: ((PresentationEnding, NavigationCause) -> Void)?
  /// Runs when the request turns out to be misuse (reported), now or when it runs.
  var onRejected: (() -> Void)?
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
    guard check(change, fileID: fileID, line: line) else {
      if case .present(_, _, let callbacks) = change { callbacks.onRejected?() }
      return
    }
    perform(change, animated: animated, cause: cause, fileID: fileID, line: line)
  }

  /// Makes `change`, which fits now: the one place where a ``TreeChange`` is made, for the door
  /// and for the seam's steps (``apply(_:animated:cause:)``).
  ///
  /// Inside a change under way in this tree, `change` joins it (only a seam's step is made so:
  /// the door queues a request that meets a change). Otherwise it runs as a change of its own.
  @inline(__always)
  func perform(
    _ change: TreeChange, animated: Bool, cause: NavigationCause, fileID: StaticString, line: UInt
  ) {
    if let changes, changes.isChanging {
      apply(change, animated: animated, cause: cause, fileID: fileID, line: line)
      return
    }
    switch change {
    case .tabs(_, .select), .stack:
      // Nothing can hear or call back a change that nobody observes: no change queue needed.
      self.change { apply(change, animated: animated, cause: cause, fileID: fileID, line: line) }
    case .tabs(_, .add), .tabs(_, .set), .split(_, .show):
      // The flows brought in live through the change, even if only something it ends held them.
      let owners = change.incomingOwners
      changeQueue.perform {
        apply(change, animated: animated, cause: cause, fileID: fileID, line: line)
      }
      extendLifetime(owners)
    default:
      // The rest bring in no flow, but a presentation: `presentNow` holds it from its first line.
      changeQueue.perform {
        apply(change, animated: animated, cause: cause, fileID: fileID, line: line)
      }
    }
  }

  /// The change queue of a tree `change` touches that is changing now, if any.
  @inline(__always)
  private func busyQueue(for change: TreeChange) -> ChangeQueue? {
    if let changes, changes.isChanging { return changes }
    switch change {
    case .present(let child, _, _), .tabs(_, .add(let child, _)), .split(_, .show(_, let child, _)):
      if let queue = child.changes, queue.isChanging { return queue }
    case .tabs(_, .set(let tabs, _)):
      for tab in tabs {
        if let queue = tab.changes, queue.isChanging { return queue }
      }
    default:
      break
    }
    return nil
  }

  /// Whether `change` may be applied now; reports misuse otherwise.
  @inline(__always)
  private func check(_ change: TreeChange, fileID: StaticString, line: UInt) -> Bool {
    if finished {
      // The operation's name is made only for the report.
      if case .finish = change { return false }
      reportFinished(change.operation, fileID: fileID, line: line)
      return false
    }
    switch change {
    case .present(let child, _, _):
      return checkPresentation(of: child, fileID: fileID, line: line)
    case .dismissPresented:
      guard presentedNode == nil else { return true }
      report(
        .nothingPresented,
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
    case .tabs(let bar, let tabChange):
      return bar.check(tabChange, fileID, line)
    case .split(let split, let splitChange):
      return split.check(splitChange, fileID, line)
    case .stack(let edit):
      return edit.check(fileID, line)
    case .finish, .host:
      // Host events fit or not by the state they meet: checked as they are applied.
      return true
    }
  }

  /// Applies `change`, which ``check(_:fileID:line:)`` allowed, inside the tree's change.
  @inline(__always)
  private func apply(
    _ change: TreeChange, animated: Bool, cause: NavigationCause, fileID: StaticString, line: UInt
  ) {
    switch change {
    case .present(let child, let style, let callbacks):
      presentNow(
        child, style: style, animated: animated, cause: cause, onEnd: callbacks.onEnd,
        onEndWithCause: callbacks.onEndWithCause)
    case .dismissPresented:
      endPresentation(.dismissedByPresenter, animated: animated, cause: cause)
    case .dismiss:
      presenter?.endPresentation(.finished, animated: animated, cause: cause)
    case .finish:
      finishNow()
    case .tabs(let bar, let tabChange):
      bar.apply(tabChange, cause: cause)
    case .split(let split, let splitChange):
      split.apply(splitChange, animated: animated, cause: cause)
    case .host(let event):
      handleNow(event, fileID: fileID, line: line)
    case .stack(let edit):
      edit.apply(animated, cause)
    }
  }
}
