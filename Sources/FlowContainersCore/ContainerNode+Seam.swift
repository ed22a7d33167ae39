/// What the modules built on the core may do with a tree, and nothing more: the core's ten
/// `package` declarations, all in this file.
///
/// Users of the library see none of them. Through them, a module above the core reads a tree
/// without registering Observation accesses (``ContainerNode/untracked``,
/// ``StackContainer/screensUntracked``), makes one change of a tree from many steps, each with a
/// cause (``ContainerNode/performChange(_:)``, ``ContainerNode/apply(_:animated:cause:)``,
/// ``StackContainer/edit(keeping:adding:animated:cause:)``), hears how a presentation ends
/// (``TreeStep/listen(_:)``, ``FlowResult/take(_:_:)``), keeps observers of its own
/// (``ObserverToken/makeObservers(of:)``), and prints a chain of levels as a tree dump prints it
/// (``FlowTree/chainDescription(count:level:)``). What a container keeps that can keep a flow
/// alive, and whether its flow is one the tree made for itself, are read apart
/// (``ContainerNode/details(screen:)``): they cost more, and few ask.
///
/// The reads are cheap, for code that reads every level of a tree often: each loads stored
/// values and casts nothing. A step is a ``TreeChange`` like any other, made by the same code
/// the public operations reach through the door
/// (``ContainerNode/request(_:animated:cause:fileID:line:)``); only the checks differ: a step
/// that does not fit is refused quietly rather than reported as misuse.
///
/// None of them runs user code of its own; every step runs inside a change of the tree. The
/// modules above never touch the core's stored properties.
extension ContainerNode {
  /// This container as it is now, read without registering an Observation access.
  ///
  /// Cheap: stored values, copied; no cast, no lookup.
  ///
  /// - `presented`, `presentedFlow`: the container it presents and that container's flow, which
  ///   the presentation holds strongly. A split's column presents through its split: the shown
  ///   column (the detail, or with none the primary) reads what the split presents.
  /// - `revision`: a number that changes whenever its stack or presentation changes, so that a
  ///   reading of the tree can tell whether it still holds.
  /// - `isFinished`: whether it has finished.
  /// - `isChanging`: whether a change is being applied or announced in its tree.
  /// - `tabs`, `selectedTab`: a tab container's tabs and the selected one's position; empty and
  ///   `nil` for any other kind.
  /// - `columns`: a split's primary and detail containers; `nil` for any other kind.
  package var untracked:
    (
      presented: ContainerNode?, presentedFlow: AnyObject?, revision: UInt64, isFinished: Bool,
      isChanging: Bool, tabs: [ContainerNode], selectedTab: Int?,
      columns: (primary: ContainerNode?, detail: ContainerNode?)?
    )
  {
    var presented = (presentedNode, presentedOwner)
    if case .column(let column) = attachment, let split = holder?.splitView,
      column == (split.detailNode == nil ? .primary : .detail)
    {
      presented = (split.presentedNode, split.presentedOwner)
    }
    if let split = splitView {
      return (
        presented.0, presented.1, generation, finished, changes?.isChanging == true, [], nil,
        (split.primaryNode, split.detailNode)
      )
    }
    let branches = branches
    return (
      presented.0, presented.1, generation, finished, changes?.isChanging == true,
      branches.nodes, branches.shown, nil
    )
  }

  /// Runs `change` as one change of the tree, then each request that callbacks made during it,
  /// each as a change of its own; and says which request ran first, if any.
  ///
  /// Called during a change of the tree, `change` joins it, and no request runs before this
  /// returns.
  ///
  /// - Parameter change: The steps, made with ``apply(_:animated:cause:)``.
  /// - Returns: What `change` returned, and the operation and place of the first request that
  ///   ran after it.
  package func performChange<Result>(
    _ change: () -> Result
  ) -> (result: Result, firstRequest: (operation: String, fileID: StaticString, line: UInt)?) {
    let queue = changeQueue
    guard !queue.isChanging else { return (queue.perform(change), nil) }
    queue.startRecording()
    let result = queue.perform(change)
    let first = queue.stopRecording().first
    return (result, first.map { ($0.operation, $0.fileID, $0.line) })
  }

  /// Makes `step` here, with `cause`: inside the change of the tree under way, or, when none is,
  /// as a change of its own, as the public operation would make it.
  ///
  /// The step is made as the ``TreeChange`` the public operation makes, by the same code. Unlike
  /// the public operations, a step that does not fit is not misuse: nothing happens, and this
  /// returns `false`. A present fits when nothing is presented here, neither container has
  /// finished and the presentation would form no cycle; a
  /// tab selection, on a tab container, for a tab other than the selected one; a detail, on a
  /// split, for a container that can be its column; closing the detail, when there is one;
  /// dismissing and listening, when something is presented, and listening on a split's detail,
  /// which hears when the detail ends. A split's column presents and dismisses through its split.
  ///
  /// - Parameters:
  ///   - step: The step.
  ///   - animated: Whether the host should animate it.
  ///   - cause: What the events it causes say caused them.
  /// - Returns: Whether the step was made.
  @discardableResult
  package func apply(_ step: TreeStep, animated: Bool, cause: NavigationCause) -> Bool {
    let change: TreeChange
    switch step {
    case .listen(let listener):
      // A split's detail: hear when it ends, however it ends.
      if case .column(.detail) = attachment, let split = holder?.splitView,
        split.detailNode === self
      {
        let handlers = split.detailHandlers ?? PresentationEndHandlers()
        handlers.listeners.append(listener)
        split.detailHandlers = handlers
        return true
      }
      guard presentedNode != nil else { return false }
      // Not a change: nothing moves.
      let handlers = endHandlers ?? PresentationEndHandlers()
      handlers.listeners.append(listener)
      endHandlers = handlers
      return true
    case .present(let child, let style, let tag, let onEnd):
      if case .column = attachment {
        return presentingLevel.apply(step, animated: animated, cause: cause)
      }
      guard canPresent(child) else { return false }
      perform(
        .present(child, style, PresentationCallbacks(onEndWithCause: onEnd)), animated: animated,
        cause: cause, fileID: #fileID, line: #line)
      // What the presentation is for, once it is made: nothing it ends can have asked yet.
      if let tag, presentedNode === child {
        let handlers = endHandlers ?? PresentationEndHandlers()
        handlers.tag = tag
        endHandlers = handlers
      }
      return true
    case .dismissPresented:
      if case .column = attachment {
        return presentingLevel.apply(step, animated: animated, cause: cause)
      }
      guard presentedNode != nil else { return false }
      change = .dismissPresented
    case .showDetail(let child, let onEnd):
      guard let split = splitView,
        split.detailNode === child || split.branchProblem(child, as: .column) == nil
      else { return false }
      change = .split(split, .show(.detail, child, PresentationCallbacks(onEndWithCause: onEnd)))
    case .closeDetail:
      guard let split = splitView, split.detailNode != nil else { return false }
      change = .split(split, .close(.detail))
    case .selectTab(let index):
      guard let bar = tabBar, bar.tabNodes.indices.contains(index), index != bar.selectedPosition
      else { return false }
      change = .tabs(bar, .select(index))
    }
    perform(change, animated: animated, cause: cause, fileID: #fileID, line: #line)
    return true
  }

  /// What this container keeps that can keep a flow or a screen alive, and whether its flow is
  /// one the tree made for itself; read without registering an Observation access.
  ///
  /// Dearer than ``untracked`` (it loads the owner and asks what it is, and copies a tag of any
  /// type), for reports and rare checks:
  ///
  /// - `screenIndex`: `object`'s position in its stack, if `object` is one of its screens.
  /// - `hasPresentationOnEnd`: whether the presenter gave its current presentation an `onEnd`
  ///   closure; one that captures the presenting flow strongly keeps it alive while the
  ///   presentation lasts.
  /// - `observerCount`: how many observers (of events and of stack changes) sit on it; one whose
  ///   closure captures the flow keeps it alive until its token is cancelled.
  /// - `transientTitle`: for a flow the tree makes for itself (the flow behind a presented
  ///   alert), the title that names it where a saved tree leaves it out, such as `Delete?`;
  ///   `nil` for any other flow.
  /// - `presentationTag`: what the step that made its presentation said it is for; `nil` when
  ///   nothing is presented or nothing was said.
  ///
  /// - Parameter object: A screen to look for, or `nil`.
  /// - Returns: What it keeps, and what its flow is.
  package func details(
    screen object: AnyObject? = nil
  ) -> (
    screenIndex: Int?, hasPresentationOnEnd: Bool, observerCount: Int, transientTitle: String?,
    presentationTag: AnyHashable?
  ) {
    (
      object.flatMap { screenIndex(identicalTo: $0) }, endHandlers?.onEnd != nil,
      (eventObservers?.count ?? 0) + changeObserverCount,
      // Only an alert's flow is transient, and an alert's container holds alert screens: other
      // containers skip the protocol cast, which costs more than the rest.
      self is StackContainer<AlertScreen> ? (owner as? any TransientFlow)?.transientTitle : nil,
      endHandlers?.tag
    )
  }
}

extension StackContainer {
  /// Keeps the first `count` screens and pushes `screens` over them, as the public operation of
  /// that shape makes it: a replacement (none kept, even of an empty stack), a push (all kept) or
  /// a pop to `count - 1` (none added); inside the change of the tree under way, or as a change
  /// of its own.
  ///
  /// An edit of another shape, or one that does not fit the stack, is not misuse: nothing
  /// happens, and this returns `false`.
  ///
  /// - Parameters:
  ///   - count: How many screens stay, from the bottom.
  ///   - screens: The screens pushed over them.
  ///   - animated: Whether the host should animate it.
  ///   - cause: What the events it causes say caused them.
  /// - Returns: Whether the edit was made.
  @discardableResult
  package func edit(
    keeping count: Int, adding screens: [Screen], animated: Bool, cause: NavigationCause
  ) -> Bool {
    // Counts, not `isEmpty`: this runs unspecialised from the engine's generic code, where
    // `isEmpty` is Collection's, looked up through witness tables.
    let stored = screenCount
    let added = screens.count
    let edit: StackEdit
    if count == 0, added != 0 {
      // Nothing kept, even over an empty stack (a new flow's): a replacement.
      edit = StackEdit("replace(with:)") { [self] animated, cause in
        replace(with: screens, animated: animated, cause: cause)
      }
    } else if count == stored, added != 0 {
      edit = StackEdit("push(contentsOf:)") { [self] animated, cause in
        push(contentsOf: screens, animated: animated, cause: cause)
      }
    } else if added == 0, count >= 1, count < stored {
      edit = StackEdit("pop(toIndex:)") { [self] animated, cause in
        _ = pop(
          toIndex: count - 1, operation: .popTo(index: count - 1), animated: animated, cause: cause)
      }
    } else {
      return false
    }
    perform(.stack(edit), animated: animated, cause: cause, fileID: #fileID, line: #line)
    return true
  }
}

/// One step of a change that a module above the core makes, with
/// ``ContainerNode/apply(_:animated:cause:)``.
///
/// A stack's own steps are made with ``StackContainer/edit(keeping:adding:animated:cause:)``,
/// which knows its screens' type.
package enum TreeStep {
  /// Present a container with a style; the tag says what the presentation is for, and `onEnd`
  /// hears how it ended and what caused that.
  case present(
    ContainerNode, PresentationStyle, tag: AnyHashable?,
    onEnd: ((PresentationEnding, NavigationCause) -> Void)?)
  /// End what this container presents, everything above it first, each exactly once, as
  /// ``PresentationEnding/dismissedByPresenter``.
  case dismissPresented
  /// Select a tab.
  case selectTab(Int)
  /// Show a container as this split's detail, ending the detail it replaces; `onEnd` hears how
  /// the new detail ends and what caused that.
  case showDetail(ContainerNode, onEnd: ((PresentationEnding, NavigationCause) -> Void)?)
  /// Close this split's detail, which ends as ``PresentationEnding/dismissedByPresenter``.
  case closeDetail
  /// Hear once when the current presentation ends, after the presenter's `onEnd`; on a split's
  /// detail, when the detail ends, after the `onEnd` of whoever showed it. Not a change.
  case listen((PresentationEnding) -> Void)
}

extension StackContainer {
  /// The screens, read without registering an Observation access.
  package var screensUntracked: [Screen] { currentScreens }
}

extension FlowResult {
  /// The result for a presentation that ended as `ending` because of `cause`, for the `onEnd` of
  /// a ``TreeStep/present(_:_:tag:onEnd:)`` of this result's container; the value goes with it.
  ///
  /// - Parameters:
  ///   - ending: How the presentation ended.
  ///   - cause: What caused it.
  /// - Returns: `.finished(with:)` the value the flow finished with, or `.ended(_:cause:)`.
  package func take(
    _ ending: PresentationEnding, _ cause: NavigationCause
  ) -> PresentationResult<Value> {
    defer { pending = nil }
    if ending == .finished, let value = pending { return .finished(with: value) }
    return .ended(ending, cause: cause)
  }
}

extension ObserverToken {
  /// Observers of a module's own values, kept as the tree keeps its observers: called in
  /// registration order; one added during a delivery hears the next value, one removed hears
  /// nothing more.
  ///
  /// - Parameter type: The values' type.
  /// - Returns: `observe`, which registers a handler until its token is cancelled or released,
  ///   and `send`, which calls the handlers.
  package static func makeObservers<Value>(
    of type: Value.Type
  ) -> (observe: (@escaping (Value) -> Void) -> ObserverToken, send: (Value) -> Void) {
    let list = ObserverList<Value>()
    return (
      observe: { handler in
        let id = list.add(handler)
        return ObserverToken { [weak list] in list?.remove(id) }
      },
      send: { value in if !list.isEmpty { list.send(value) } }
    )
  }
}

extension FlowTree {
  /// The dump of a chain of `count` levels, each presented on the one before, drawn as a tree
  /// dump draws it: `AppFlow: [library]`, then `└─ EditorFlow (sheet): [edit]` one level in.
  ///
  /// - Parameters:
  ///   - count: How many levels.
  ///   - level: A level's flow, how it is shown (`nil` for the first) and its items, by position.
  /// - Returns: The lines, joined.
  package static func chainDescription(
    count: Int, level: (Int) -> (flow: String, note: String?, items: [String])
  ) -> String {
    TreeDump.shownLevels(count: count).map { index in
      guard let index else {
        return TreeDump.elision(
          depth: TreeDump.keptAtEachEnd, count: count - 2 * TreeDump.keptAtEachEnd)
      }
      let shown = level(index)
      return TreeDump.line(depth: index, flow: shown.flow, note: shown.note, items: shown.items)
    }.joined(separator: "\n")
  }
}
