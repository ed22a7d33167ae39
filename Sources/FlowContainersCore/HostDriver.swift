/// Keeps a host in step with a tree, one transition at a time.
///
/// The tree changes at once; a host such as UIKit plays one transition at a time, and cannot
/// present from a screen that is presenting or being dismissed. The driver sits between them: it
/// hears the tree's changes, and whenever the host is idle it asks the host to play the next
/// ``HostTransition`` from what the host shows (``shown``) toward what the tree shows now. The
/// host calls ``transitionFinished()`` when it has played it.
///
/// Changes that arrive while a transition plays are coalesced: the next transition leads to the
/// tree as it is when the host is free, so a state the tree has already left is never played (a
/// sub-flow presented and dismissed before its turn is never shown). The way there is at most
/// one dismissal (of the lowest layer that goes), then the changed stacks, tabs and columns
/// bottom first, then one presentation per new layer; only the last transition is animated.
///
/// The driver's work per change is in proportion to what changed, not to the size of the tree:
/// it keeps what the host shows of each container, re-reads only the containers the tree's
/// events named since (and those the user changed), and walks only the chain of layers the
/// user sees.
///
/// ```swift
/// let driver = HostDriver(root: app.container) { transition in
///   adapter.play(transition) { driver.transitionFinished() }
/// }
/// ```
///
/// Report what the user does through the driver (``userPopped(_:toIndex:)``,
/// ``userDismissed(_:)``, ``userSelectedTab(_:index:)``, an interactive pop with
/// ``userBeganInteractivePop(_:)`` then ``userCommittedInteractivePop(_:)`` or
/// ``userCancelledInteractivePop(_:)``), in the host's positions: the driver updates what the
/// host shows, and passes the action on to the tree when it still fits there, dropping it
/// quietly when the tree has moved on.
@MainActor
public final class HostDriver {
  /// The tree's root, weakly: the driver does not keep the tree alive.
  private weak var root: ContainerNode?
  private let play: (HostTransition) -> Void
  /// The layers the host shows, bottom first.
  private var layers: [ShownLayer] = []
  /// What the host shows of each container of its layers, by identity.
  private var panes: [ObjectIdentifier: ShownPane] = [:]
  /// The containers whose tree may differ from what the host shows of them: those the tree's
  /// events named, and those the user changed, since the driver last compared them.
  private var dirty: Set<ObjectIdentifier> = []
  /// The transition the host is playing, and what it changes when it ends.
  private var playing: (transition: HostTransition, effect: Effect)?
  /// The interactive pop the user is making: the host plays nothing else until it ends, or
  /// until the tree ends its container (the host's controller goes, and its gesture with it).
  private var gesture: ObjectIdentifier?
  /// The container of ``gesture``, while it lives.
  private weak var gestureNode: ContainerNode?
  /// Whether a look at the tree waits for the change in progress to end.
  private var isWaitingForChange = false
  /// Whether a user's action is being passed on to the tree: what the host shows is brought up
  /// to date after it, before the driver looks at the tree.
  private var isForwarding = false
  private var token: ObserverToken?

  /// Starts driving a host that shows `root`'s tree as it is now.
  ///
  /// - Parameters:
  ///   - root: The root of the tree the host shows.
  ///   - play: Asks the host to play a transition; the host calls ``transitionFinished()`` when
  ///     it is done, at once or later.
  public init(root: ContainerNode, play: @escaping (HostTransition) -> Void) {
    self.root = root
    self.play = play
    for (index, layer) in root.hostLayerRoots.enumerated() {
      layers.append(
        ShownLayer(container: ObjectIdentifier(layer.node), style: layer.style, node: layer.node))
      for (id, pane) in Self.read(layer.node, layer: index) { panes[id] = pane }
    }
    token = root.observeEvents { [weak self] event in self?.treeChanged(event) }
  }

  /// What the host shows: the scene after the last transition it finished, and what the user
  /// did since.
  ///
  /// Made on each read, from every container the host shows: for tests and logs.
  public var shown: HostScene {
    HostScene(
      layers: layers.map { layer in
        var reached: [HostScene.Pane] = []
        var left = [layer.container]
        while let next = left.popLast() {
          guard let pane = panes[next] else { continue }
          reached.append(HostScene.Pane(container: next, content: pane.content))
          left += pane.content.branches.reversed()
        }
        return HostScene.Layer(container: layer.container, style: layer.style, panes: reached)
      })
  }

  /// Whether the host is playing nothing, no interactive pop is under way, and the host shows
  /// what the tree shows.
  @_spi(Testing) public var isIdle: Bool {
    guard playing == nil, !isDragging else { return false }
    guard let root else { return true }
    return nextStep(in: root) == nil
  }

  /// The transition the host is playing, if any.
  @_spi(Testing) public var transitionInProgress: HostTransition? { playing?.transition }

  /// The host finished the transition it was playing; the next one, if any, is asked for now.
  public func transitionFinished() {
    guard let finished = playing else { return }
    playing = nil
    apply(finished.effect)
    advance()
  }

  /// The tree changed: what the event names is read again, and the next transition asked for,
  /// if the host is free.
  private func treeChanged(_ event: NavigationEvent) {
    if let container = event.container { dirty.insert(ObjectIdentifier(container)) }
    guard playing == nil, !isForwarding else { return }
    advance()
  }

  /// Asks the host for the next transition toward the tree, once the tree is between changes.
  private func advance() {
    guard playing == nil, !isDragging, let root else { return }
    if let queue = root.changes, queue.isChanging {
      guard !isWaitingForChange else { return }
      isWaitingForChange = true
      queue.enqueue(
        "HostDriver.advance()", fileID: #fileID, line: #line, isNavigation: false
      ) { [weak self] in
        self?.isWaitingForChange = false
        self?.advance()
      }
      return
    }
    guard let step = nextStep(in: root) else { return }
    playing = step
    play(step.transition)
  }

  /// Whether an interactive pop holds the host: begun, not ended, on a container still in the
  /// tree.
  private var isDragging: Bool {
    guard gesture != nil else { return false }
    if let node = gestureNode, !node.isFinished { return true }
    gesture = nil
    return false
  }

  /// Runs `body` now, or, while a change is under way in the tree, once it has ended: a user's
  /// action is checked against the tree at the moment it is applied there, so it is never
  /// reported as misuse.
  private func betweenChanges(_ operation: String, _ body: @escaping () -> Void) {
    if let queue = root?.changes, queue.isChanging {
      queue.enqueue(operation, fileID: #fileID, line: #line, body)
    } else {
      body()
    }
  }
}

// MARK: - What the host shows

extension HostDriver {
  /// A layer the host shows.
  private struct ShownLayer {
    var container: ObjectIdentifier
    var style: PresentationStyle?
    /// Its container, while it lives: an identity alone may be a released container's, reused.
    weak var node: ContainerNode?
  }

  /// What the host shows of one container, and where it hangs in its layer.
  fileprivate struct ShownPane {
    var content: HostScene.Content
    /// The position of its layer.
    var layer: Int
    /// The container it is a branch of, `nil` for its layer's container.
    var parent: ObjectIdentifier?
    /// Its position among its parent's branches.
    var slot: Int
    /// The container, while it lives.
    weak var node: ContainerNode?
  }

  /// What the host's transition changes of what it shows, when it ends.
  private enum Effect {
    /// The layers from `keeping` up go.
    case dismiss(keeping: Int)
    /// A container shows `content`; `added` are its new branches, read when it was asked for.
    case content(ObjectIdentifier, HostScene.Content, added: [(ObjectIdentifier, ShownPane)])
    /// A layer comes, its containers read when it was asked for.
    case present(ShownLayer, panes: [(ObjectIdentifier, ShownPane)])
    /// Nothing: the user removed what the transition brings.
    case nothing
  }

  /// `top` and every container hanging on it by branches, as the tree shows them now, pre-order.
  private static func read(
    _ top: ContainerNode, layer: Int, parent: ObjectIdentifier? = nil, slot: Int = 0
  ) -> [(ObjectIdentifier, ShownPane)] {
    var found: [(ObjectIdentifier, ShownPane)] = []
    var left: [(ContainerNode, ObjectIdentifier?, Int)] = [(top, parent, slot)]
    while let (node, parent, slot) = left.popLast() {
      let id = ObjectIdentifier(node)
      found.append(
        (
          id,
          ShownPane(
            content: node.hostContent, layer: layer, parent: parent, slot: slot,
            node: node)
        ))
      guard node.hasBranches else { continue }
      for (index, branch) in node.branches.nodes.enumerated().reversed() {
        left.append((branch, id, index))
      }
    }
    return found
  }

  /// Shows what the transition that ended changed.
  private func apply(_ effect: Effect) {
    switch effect {
    case .nothing:
      break
    case .dismiss(let keeping):
      removeLayers(from: keeping)
    case .content(let id, let content, let added):
      // The user may have closed the layer meanwhile: the host shows nothing of it then.
      guard let pane = panes[id] else { return }
      let kept = Set(content.branches)
      for branch in pane.content.branches where !kept.contains(branch) { remove(branch) }
      // A new branch takes the place of what the host showed under its identity, if anything.
      for (branch, new) in added where new.parent == id { remove(branch) }
      panes[id]?.content = content
      for (branch, new) in added { panes[branch] = new }
      // A new branch the user removed meanwhile (a detail popped away) is not shown.
      for (branch, new) in added where new.parent == id && !kept.contains(branch) {
        remove(branch)
      }
      for (slot, branch) in content.branches.enumerated() {
        panes[branch]?.parent = id
        panes[branch]?.slot = slot
        panes[branch]?.layer = pane.layer
      }
    case .present(let layer, let read):
      let index = layers.count
      layers.append(layer)
      for (id, var pane) in read {
        pane.layer = index
        panes[id] = pane
      }
    }
  }

  /// The user changed what the host shows of `id`: now, and in what the transition playing
  /// leads to.
  private func userChanged(_ id: ObjectIdentifier, _ change: (inout HostScene.Content) -> Void) {
    if var pane = panes[id] {
      change(&pane.content)
      panes[id] = pane
      dirty.insert(id)
    }
    if case (let transition, .content(let target, let shown, let added))? = playing, target == id {
      var content = shown
      change(&content)
      playing = (transition, .content(target, content, added: added))
    }
  }

  /// The user closed the layers from `index` up, and the layer a presentation playing brings
  /// (above them all, so it goes even when no layer is shown from `index` up yet).
  private func userRemovedLayers(from index: Int) {
    guard index <= layers.count else { return }
    removeLayers(from: index)
    if case (let transition, .present)? = playing { playing = (transition, .nothing) }
  }

  /// Removes the layers from `index` up, and what the host shows of their containers.
  private func removeLayers(from index: Int) {
    guard index < layers.count else { return }
    for layer in layers[index...] { remove(layer.container) }
    layers.removeSubrange(index...)
  }

  /// Removes what the host shows of `container` and of every container hanging on it.
  private func remove(_ container: ObjectIdentifier) {
    var left = [container]
    while let next = left.popLast() {
      guard let pane = panes.removeValue(forKey: next) else { continue }
      left += pane.content.branches
    }
  }
}

extension HostScene.Content {
  /// The containers this content shows as branches, in order.
  fileprivate var branches: [ObjectIdentifier] {
    switch self {
    case .stack: []
    case .tabs(let tabs, _): tabs
    case .split(let primary, let detail, _): [primary, detail].compactMap { $0 }
    }
  }
}

// MARK: - What the user did

extension HostDriver {
  /// The user popped `container`'s stack, as the host shows it, so that the screen at `index` is
  /// on top: a back button or a completed back swipe.
  ///
  /// The host has shown it already. The tree pops too when the container is still in it with a
  /// screen above `index`; otherwise the action is stale, and dropped without a misuse report.
  /// A compact split's stack is its collapsed one, the primary's screens then the detail's: a
  /// position among the detail's pops the detail, one below them closes it and pops the primary.
  ///
  /// - Parameters:
  ///   - container: The stack the user popped, or a compact split.
  ///   - index: The position, in the host's stack, of the screen now on top.
  public func userPopped(_ container: ContainerNode, toIndex index: Int) {
    let id = ObjectIdentifier(container)
    if container.splitView != nil {
      userPoppedCollapsed(id, toIndex: index)
    } else {
      userChanged(id) { $0.pop(toIndex: index) }
    }
    guard !container.isFinished, index >= 0, index < container.screenCount - 1
    else { return }
    isForwarding = true
    container.handle(.userPopped(toIndex: index))
    isForwarding = false
    // The host shows the stack the pop left: its revision is the tree's now, if the pop was
    // made at once (not queued behind a change under way); of a split, each column's stack
    // the host shows with as many screens as the tree's.
    if container.screenCount == index + 1 {
      if let split = container.splitView {
        for column in [split.primaryNode, split.detailNode].compactMap({ $0 }) {
          let columnID = ObjectIdentifier(column)
          guard let pane = panes[columnID], pane.node === column, pane.parent == id,
            case .stack(let count, _) = pane.content, count == column.screenCount
          else { continue }
          let popped = column.hostContent
          userChanged(columnID) { $0 = popped }
        }
      } else {
        let popped = container.hostContent
        userChanged(id) { $0 = popped }
      }
    }
    advance()
  }

  /// The user popped the one stack a compact split shows, the primary's screens then the
  /// detail's, as the host shows them: a position among the detail's screens pops the detail;
  /// one below them closes the detail and pops the primary.
  private func userPoppedCollapsed(_ id: ObjectIdentifier, toIndex index: Int) {
    guard case .split(let primary, let detail, .compact)? = panes[id]?.content else { return }
    func count(_ column: ObjectIdentifier?) -> Int {
      guard let column, case .stack(let count, _)? = panes[column]?.content else { return 0 }
      return count
    }
    let primaryCount = count(primary)
    guard index >= 0, index < primaryCount + count(detail) else { return }
    if let detail, index >= primaryCount {
      userChanged(detail) { $0.pop(toIndex: index - primaryCount) }
      return
    }
    if let detail {
      userChanged(id) { content in
        guard case .split(let primary, _, let width) = content else { return }
        content = .split(primary: primary, detail: nil, width: width)
      }
      remove(detail)
    }
    if let primary { userChanged(primary) { $0.pop(toIndex: index) } }
  }

  /// The user closed the layer of `container` (pulled a sheet down): the host has removed it and
  /// everything above it.
  ///
  /// The tree dismisses it too when it is still presented; otherwise the action is dropped.
  ///
  /// - Parameter container: The presented container the user closed.
  public func userDismissed(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    if let layer = layers.firstIndex(where: { $0.container == id }), layer > 0 {
      userRemovedLayers(from: layer)
    }
    guard !container.isFinished, container.presenter != nil else { return }
    container.handle(.userDismissed)
  }

  /// The user selected the tab at `index` of `bar`, as the host shows its tabs.
  ///
  /// The tree selects it too when the tab there is the one the host showed; otherwise the action
  /// is dropped.
  ///
  /// - Parameters:
  ///   - bar: The tab container.
  ///   - index: The position of the tab, in the host's tab bar.
  public func userSelectedTab(_ bar: TabContainer, index: Int) {
    let id = ObjectIdentifier(bar)
    var shownTab: ObjectIdentifier?
    if let pane = panes[id], case .tabs(let tabs, _) = pane.content, tabs.indices.contains(index) {
      userChanged(id) { content in
        guard case .tabs(let tabs, _) = content, tabs.indices.contains(index) else { return }
        content = .tabs(tabs, selected: index)
      }
      // What the hidden tab presented is not on screen: the layers above this one go.
      userRemovedLayers(from: pane.layer + 1)
      shownTab = tabs[index]
    }
    guard !bar.isFinished, bar.tabNodes.indices.contains(index),
      shownTab == nil || shownTab == ObjectIdentifier(bar.tabNodes[index])
    else { return }
    bar.handle(.userSelectedTab(index: index))
  }

  /// The host's width for `split` changed.
  ///
  /// The host shows the columns collapsed into one stack, or side by side again; the tree hears
  /// it as ``HostEvent/widthChanged(_:)``.
  ///
  /// - Parameters:
  ///   - split: The split whose width changed.
  ///   - width: Its width now.
  public func widthChanged(_ split: SplitContainer, to width: SplitWidth) {
    let id = ObjectIdentifier(split)
    userChanged(id) { content in
      guard case .split(let primary, let detail, _) = content else { return }
      content = .split(primary: primary, detail: detail, width: width)
    }
    guard !split.isFinished else { return }
    split.handle(.widthChanged(width))
  }

  /// The user began dragging the top screen of `container`'s stack, as the host shows it, away:
  /// an interactive pop.
  ///
  /// The host plays nothing else until the gesture ends with ``userCommittedInteractivePop(_:)``
  /// or ``userCancelledInteractivePop(_:)``: the driver asks for no transition meanwhile, and
  /// the tree's changes wait for the next one. The tree hears
  /// ``HostEvent/interactivePopBegan`` when its stack is the one the host shows; when the host
  /// lags behind it, the tree hears nothing of the gesture. A gesture on a container the host
  /// does not show as a stack of two screens or more, or while one is under way, is dropped.
  ///
  /// - Parameter container: The stack the user drags.
  public func userBeganInteractivePop(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    guard gesture == nil, let shown = panes[id]?.content, case .stack(let count, _) = shown,
      count > 1
    else { return }
    gesture = id
    gestureNode = container
    betweenChanges("HostDriver.userBeganInteractivePop(_:)") { [weak container] in
      guard let container, !container.isFinished, container.interactivePopGeneration == nil,
        container.hostContent == shown
      else { return }
      container.handle(.interactivePopBegan)
    }
  }

  /// The user finished the interactive pop of `container`: the host has removed the top screen
  /// of its stack.
  ///
  /// The tree pops its top screen too when its stack is still the one the gesture began on (it
  /// heard ``HostEvent/interactivePopBegan``, and the stack has not changed since); otherwise
  /// the commit is stale (the program pushed, popped or replaced meanwhile, or the host lagged
  /// behind the tree when the gesture began): the tree keeps its stack, hears the gesture end as
  /// ``HostEvent/interactivePopCancelled`` if it heard it begin, and the host is brought back to
  /// the tree by the next transition. Nothing is reported as misuse. Then the transitions held
  /// back during the gesture are asked for.
  ///
  /// - Parameter container: The stack the user dragged.
  public func userCommittedInteractivePop(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    guard gesture == id, gestureNode === container else { return }
    gesture = nil
    userChanged(id) { content in
      guard case .stack(let count, let revision) = content, count > 1 else { return }
      content = .stack(count: count - 1, revision: revision)
    }
    betweenChanges("HostDriver.userCommittedInteractivePop(_:)") { [weak self, weak container] in
      guard let self else { return }
      if let container, !container.isFinished, let began = container.interactivePopGeneration {
        let fits = began == container.hostRevision && container.screenCount > 1
        isForwarding = true
        container.handle(fits ? .interactivePopCommitted : .interactivePopCancelled)
        isForwarding = false
        // The host shows the stack the pop left, at the tree's revision.
        if fits, case .stack(let count, _)? = panes[id]?.content, count == container.screenCount {
          let popped = container.hostContent
          userChanged(id) { $0 = popped }
        }
      }
      advance()
    }
  }

  /// The user abandoned the interactive pop of `container`: the host shows its stack as before.
  ///
  /// The tree hears ``HostEvent/interactivePopCancelled`` if it heard the gesture begin, and
  /// changes nothing. Then the transitions held back during the gesture are asked for.
  ///
  /// - Parameter container: The stack the user dragged.
  public func userCancelledInteractivePop(_ container: ContainerNode) {
    guard gesture == ObjectIdentifier(container), gestureNode === container else { return }
    gesture = nil
    betweenChanges("HostDriver.userCancelledInteractivePop(_:)") { [weak self, weak container] in
      if let container, !container.isFinished, container.interactivePopGeneration != nil {
        container.handle(.interactivePopCancelled)
      }
      self?.advance()
    }
  }
}

// MARK: - Planning the next transition

extension HostDriver {
  /// The next transition toward the tree, and what it changes of what the host shows.
  ///
  /// It walks the chain of layers the user sees and compares only the containers marked dirty,
  /// forgetting those that show what the tree does.
  private func nextStep(in root: ContainerNode) -> (transition: HostTransition, effect: Effect)? {
    let target = root.hostLayerRoots
    // The layers both show, bottom up.
    var kept = 0
    while kept < layers.count, kept < target.count, layers[kept].node === target[kept].node,
      layers[kept].style == target[kept].style
    {
      kept += 1
    }
    guard kept > 0 else { return nil }
    // The containers of the layers that stay whose tree differs from what the host shows.
    var changed: [(id: ObjectIdentifier, node: ContainerNode, content: HostScene.Content)] = []
    var candidates = Array(dirty)
    var next = 0
    while next < candidates.count {
      let id = candidates[next]
      next += 1
      guard let pane = panes[id] else {
        dirty.remove(id)
        continue
      }
      guard let node = pane.node else {
        // The host shows a released container: what it hangs on shows another one now.
        dirty.remove(id)
        if let parent = pane.parent, dirty.insert(parent).inserted { candidates.append(parent) }
        continue
      }
      if let content = differs(pane, from: node) {
        if pane.layer < kept { changed.append((id, node, content)) }
      } else {
        dirty.remove(id)
      }
    }
    // First, at most one dismissal: of the lowest layer that goes.
    if kept < layers.count {
      let animated = kept == target.count && changed.isEmpty
      return (.dismiss(above: target[kept - 1].node, animated: animated), .dismiss(keeping: kept))
    }
    // Then the changed containers of the layers that stay, bottom first, each before its
    // branches.
    if let first = changed.indices.min(by: { isBefore(changed[$0].id, changed[$1].id) }) {
      let (id, node, content) = changed[first]
      let branches = Set(content.branches)
      // The transition leads to the tree when every other change is in a branch it removes.
      let animated =
        kept == target.count
        && changed.allSatisfy { $0.id == id || isRemoved($0.id, from: id, keeping: branches) }
      var added: [(ObjectIdentifier, ShownPane)] = []
      let layer = panes[id]?.layer ?? 0
      let transition: HostTransition
      switch content {
      case .stack(let count, let revision):
        transition = .setStack(node, count: count, revision: revision, animated: animated)
      case .tabs(_, let selected):
        guard let bar = node.tabBar else { return nil }
        for (slot, tab) in bar.tabNodes.enumerated()
        where panes[ObjectIdentifier(tab)]?.node !== tab {
          added += Self.read(tab, layer: layer, parent: id, slot: slot)
        }
        transition = .setTabs(bar, tabs: bar.tabNodes, selected: selected, animated: animated)
      case .split:
        guard let split = node.splitView else { return nil }
        for (slot, column) in [split.primaryNode, split.detailNode].compactMap({ $0 }).enumerated()
        where panes[ObjectIdentifier(column)]?.node !== column {
          added += Self.read(column, layer: layer, parent: id, slot: slot)
        }
        transition = .setColumns(
          split, primary: split.primaryNode, detail: split.detailNode, animated: animated)
      }
      dirty.remove(id)
      return (transition, .content(id, content, added: added))
    }
    // Then one presentation per new layer.
    guard kept < target.count else { return nil }
    let (node, style) = target[kept]
    guard let presenter = node.presenter, let style else { return nil }
    return (
      .present(node, style: style, over: presenter, animated: kept + 1 == target.count),
      .present(
        ShownLayer(container: ObjectIdentifier(node), style: style, node: node),
        panes: Self.read(node, layer: kept))
    )
  }

  /// What the tree shows of `node`, when the host shows `pane` of it otherwise: other content,
  /// or a branch that is another container under the same identity.
  private func differs(_ pane: ShownPane, from node: ContainerNode) -> HostScene.Content? {
    let content = node.hostContent
    if content != pane.content { return content }
    guard node.hasBranches else { return nil }
    for (branch, id) in zip(node.branches.nodes, content.branches) where panes[id]?.node !== branch
    {
      return content
    }
    return nil
  }

  /// The positions, from its layer's container down, of the branches that lead to `id`.
  private func path(to id: ObjectIdentifier) -> (layer: Int, slots: [Int]) {
    var slots: [Int] = []
    var next: ObjectIdentifier? = id
    var layer = 0
    while let current = next, let pane = panes[current] {
      layer = pane.layer
      if pane.parent != nil { slots.append(pane.slot) }
      next = pane.parent
    }
    return (layer, slots.reversed())
  }

  /// Whether the host shows `a` before `b`: in a lower layer, or earlier in the same one (a
  /// container before its branches).
  private func isBefore(_ a: ObjectIdentifier, _ b: ObjectIdentifier) -> Bool {
    let (first, second) = (path(to: a), path(to: b))
    if first.layer != second.layer { return first.layer < second.layer }
    return first.slots.lexicographicallyPrecedes(second.slots)
  }

  /// Whether showing `container` with only `branches` removes what the host shows of `id`.
  private func isRemoved(
    _ id: ObjectIdentifier, from container: ObjectIdentifier,
    keeping branches: Set<ObjectIdentifier>
  ) -> Bool {
    var next = id
    while let parent = panes[next]?.parent {
      if parent == container { return !branches.contains(next) }
      next = parent
    }
    return false
  }
}
