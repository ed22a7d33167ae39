/// Keeps a host in step with a tree, one transition at a time.
///
/// The tree changes at once; a host such as UIKit plays one transition at a time, and cannot
/// present from a screen that is presenting or being dismissed. The driver sits between them: it
/// hears the tree's changes, and whenever the host is idle it asks the host to play the next
/// ``HostTransition`` from what the host shows (a ``HostScene``) toward what the tree shows now.
/// The host calls ``transitionFinished()`` when it has played it.
///
/// Changes that arrive while a transition plays are coalesced: the next transition leads to the
/// tree as it is when the host is free, so a state the tree has already left is never played (a
/// sub-flow presented and dismissed before its turn is never shown). The way there is at most
/// one dismissal (of the lowest layer that goes), then the changed stacks, tabs and columns
/// bottom first, then one presentation per new layer; only the last transition is animated.
///
/// The driver's work per change is in proportion to what changed, not to the size of the tree:
/// it keeps what the host shows of each container, re-reads only the containers the tree's
/// events named since (and those the user changed), taking them in the order the host shows
/// them, so that a backlog of changes behind one long transition costs each change a logarithm
/// of the backlog, and reads the chain of layers the user sees again only after a change that
/// can move it. It holds nothing of the tree: no container, so no flow, stays alive for it.
///
/// A host may finish a transition later, at once, or from inside `play`: the driver asks for
/// the next one from a loop, so any number of transitions play at one stack depth.
///
/// ```swift
/// let driver = HostDriver(root: app.container) { transition in
///   adapter.play(transition) { driver.transitionFinished() }
/// }
/// ```
///
/// Report what the user does through the driver, ``handle(_:on:)`` with a
/// ``HostEvent`` in the host's positions: the driver updates what the host shows, and passes the
/// event on to the tree when it still fits there, dropping it quietly when the tree has moved on.
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
  private var marked = MarkedContainers()
  /// Whether the branches of a container the host shows moved since the marked containers were
  /// placed, so that their positions are read again.
  private var positionsMoved = false
  /// The layers the tree shows, bottom first, as last read: `nil` after an event that can
  /// change them (anything but a stack's change or a width).
  private var treeLayers: [TreeLayer]?
  /// How many of the host's layers, from the bottom, are known to be the tree's.
  private var matchedLayers = 0
  /// The transition the host is playing, and what it changes when it ends.
  private var playing: Playing?
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
  /// Whether the driver is asking the host for transitions, further up the stack: a host that
  /// finishes a transition inside `play` returns to that loop, which asks for the next one, so
  /// that any number of transitions play at one stack depth.
  private var isAsking = false
  private var token: ObserverToken?

  /// Starts driving a host that shows `root`'s tree as it is now.
  ///
  /// - Parameters:
  ///   - root: The root of the tree the host shows.
  ///   - play: Asks the host to play a transition; the host calls ``transitionFinished()`` when
  ///     it is done: later, or at once, even from inside `play`.
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
  /// Made on each read, from every container the host shows: for tests and logs, through
  /// `@_spi(Testing) import FlowContainersCore`.
  @_spi(Testing) public var shown: HostScene {
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
    return nextStep(in: root, taking: false) == nil
  }

  /// The transition the host is playing, if any.
  ///
  /// The driver does not keep the containers it names alive (the host holds what it shows):
  /// `nil` too once one of them has been released.
  @_spi(Testing) public var transitionInProgress: HostTransition? {
    guard let playing else { return nil }
    return playing.transition.made { id in
      if case .content(_, _, let added) = playing.effect,
        let pane = added.first(where: { $0.0 == id })?.1
      {
        return pane.node
      }
      return panes[id]?.node
    }
  }

  /// The host finished the transition it was playing; the next one, if any, is asked for now
  /// (or, when the host finishes inside `play`, as soon as `play` returns).
  public func transitionFinished() {
    guard let finished = playing.take() else { return }
    apply(finished.effect)
    advance()
  }

  /// The tree changed: what the event names is compared again, and the next transition asked
  /// for, if the host is free.
  private func treeChanged(_ event: NavigationEvent) {
    if let container = event.container { marked.mark(ObjectIdentifier(container)) }
    switch event.action {
    case .stack, .interactivePopBegan, .interactivePopCancelled, .widthChanged: break
    default: treeLayers = nil
    }
    guard playing == nil, !isForwarding else { return }
    advance()
  }

  /// Asks the host for transitions toward the tree, once the tree is between changes, until the
  /// host plays one it has not finished yet: a loop, whatever the host's timing.
  private func advance() {
    guard !isAsking else { return }
    isAsking = true
    defer { isAsking = false }
    while playing == nil, !isDragging, let root {
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
      guard let (transition, next) = nextStep(in: root, taking: true) else { return }
      playing = next
      play(transition)
    }
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

  /// Whether the host shows `container`: a user's action on any other container (of another
  /// tree, or one the host no longer shows) is dropped.
  private func shows(_ container: ContainerNode) -> Bool {
    panes[ObjectIdentifier(container)]?.node === container
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

  /// A layer the tree shows.
  private struct TreeLayer {
    /// Its container, weakly: the driver keeps nothing of the tree alive.
    weak var node: ContainerNode?
    var style: PresentationStyle?
  }

  /// The transition the host plays, and what it changes of what the host shows when it ends.
  ///
  /// A class: the driver asks whether one plays at every step, and reading a reference is
  /// cheaper than copying the transition's weak references.
  @MainActor
  private final class Playing {
    let transition: PlayedTransition
    var effect: Effect

    init(transition: HostTransition, effect: Effect) {
      self.transition = PlayedTransition(transition)
      self.effect = effect
    }
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
      if pane.content.branches != content.branches { positionsMoved = true }
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
      let branches = pane.content.branches
      change(&pane.content)
      if pane.content.branches != branches { positionsMoved = true }
      panes[id] = pane
      marked.mark(id)
    }
    if case .content(let target, let shown, let added)? = playing?.effect, target == id {
      var content = shown
      change(&content)
      playing?.effect = .content(target, content, added: added)
    }
  }

  /// The user closed the layers from `index` up, and the layer a presentation playing brings
  /// (above them all, so it goes even when no layer is shown from `index` up yet).
  private func userRemovedLayers(from index: Int) {
    guard index <= layers.count else { return }
    removeLayers(from: index)
    if case .present? = playing?.effect { playing?.effect = .nothing }
  }

  /// Removes the layers from `index` up, and what the host shows of their containers.
  private func removeLayers(from index: Int) {
    guard index < layers.count else { return }
    for layer in layers[index...] { remove(layer.container) }
    layers.removeSubrange(index...)
    matchedLayers = min(matchedLayers, index)
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
  /// Reports what the user did to `container` (a back button, a swipe, a sheet pulled down, a
  /// tab tapped, a width change), in the positions the host shows: the host shows it already.
  ///
  /// The tree follows when the event still fits it; otherwise the event is stale (the tree moved
  /// on meanwhile) and dropped without a misuse report, as is one on a container the host does
  /// not show. An event that cannot fit the container's kind, such as
  /// ``HostEvent/widthChanged(_:)`` on a stack, is misuse, reported as
  /// ``ContainerNode/handle(_:fileID:line:)`` reports it.
  ///
  /// - ``HostEvent/userPopped(toIndex:)``: the stack, or a compact split's collapsed one (the
  ///   primary's screens then the detail's), now has the screen at `index` on top. A position
  ///   among the detail's pops the detail; one below them closes it and pops the primary.
  /// - ``HostEvent/userDismissed``: the host removed `container`'s layer and everything above it.
  /// - ``HostEvent/userSelectedTab(index:)``: the tree selects the tab when it is the one the
  ///   host showed at `index`; the layers above the bar go. Selecting the selected tab is a
  ///   re-selection.
  /// - ``HostEvent/widthChanged(_:)``: the split's columns collapse into one stack, or stand
  ///   side by side again.
  /// - ``HostEvent/interactivePopBegan``: the user drags the top screen away. The host plays
  ///   nothing else until the gesture is committed or cancelled, and the tree's changes wait.
  ///   The tree hears it when its stack is the one the host shows; a gesture on a stack the host
  ///   shows with fewer than two screens, or while one is under way, is dropped.
  /// - ``HostEvent/interactivePopCommitted``: the host removed the top screen. The tree pops it
  ///   too when its stack has not changed since the gesture began; otherwise it keeps its stack,
  ///   hears the gesture cancelled if it heard it begin, and the next transition brings the host
  ///   back to the tree.
  /// - ``HostEvent/interactivePopCancelled``: the host shows the stack as before.
  ///
  /// - Parameters:
  ///   - event: What the user did.
  ///   - container: The container it was done to: the stack, the presented container, the tab
  ///     container or the split.
  public func handle(_ event: HostEvent, on container: ContainerNode) {
    switch event {
    case .userPopped(let index): userPopped(container, toIndex: index)
    case .userDismissed: userDismissed(container)
    case .userSelectedTab(let index):
      guard let bar = container.tabBar else {
        return container.handle(event)
      }
      userSelectedTab(bar, index: index)
    case .widthChanged(let width):
      guard let split = container.splitView else {
        return container.handle(event)
      }
      widthChanged(split, to: width)
    case .interactivePopBegan: userBeganInteractivePop(container)
    case .interactivePopCommitted: userCommittedInteractivePop(container)
    case .interactivePopCancelled: userCancelledInteractivePop(container)
    }
  }

  /// The user popped `container` (a stack or a compact split) to `index`.
  private func userPopped(_ container: ContainerNode, toIndex index: Int) {
    guard shows(container) else { return }
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

  /// The user closed the layer of `container`.
  private func userDismissed(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    guard let layer = layers.firstIndex(where: { $0.container == id }), layer > 0,
      layers[layer].node === container
    else { return }
    userRemovedLayers(from: layer)
    guard !container.isFinished, container.presenter != nil else { return }
    container.handle(.userDismissed)
  }

  /// The user selected the tab at `index` of `bar`.
  private func userSelectedTab(_ bar: TabContainer, index: Int) {
    let id = ObjectIdentifier(bar)
    guard let pane = panes[id], pane.node === bar, case .tabs(let tabs, _) = pane.content,
      tabs.indices.contains(index)
    else { return }
    userChanged(id) { content in
      guard case .tabs(let tabs, _) = content, tabs.indices.contains(index) else { return }
      content = .tabs(tabs, selected: index)
    }
    // What the hidden tab presented is not on screen: the layers above this one go.
    userRemovedLayers(from: pane.layer + 1)
    guard !bar.isFinished, bar.tabNodes.indices.contains(index),
      tabs[index] == ObjectIdentifier(bar.tabNodes[index])
    else { return }
    bar.handle(.userSelectedTab(index: index))
  }

  /// The host's width for `split` changed.
  private func widthChanged(_ split: SplitContainer, to width: SplitWidth) {
    guard shows(split) else { return }
    let id = ObjectIdentifier(split)
    userChanged(id) { content in
      guard case .split(let primary, let detail, _) = content else { return }
      content = .split(primary: primary, detail: detail, width: width)
    }
    guard !split.isFinished else { return }
    split.handle(.widthChanged(width))
  }

  /// The user began an interactive pop of `container`.
  private func userBeganInteractivePop(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    guard gesture == nil, shows(container), let shown = panes[id]?.content,
      case .stack(let count, _) = shown, count > 1
    else { return }
    gesture = id
    gestureNode = container
    betweenChanges("HostDriver.handle(.interactivePopBegan, on:)") { [weak container] in
      guard let container, !container.isFinished, container.interactivePopGeneration == nil,
        container.hostContent == shown
      else { return }
      container.handle(.interactivePopBegan)
    }
  }

  /// The user finished the interactive pop of `container`.
  private func userCommittedInteractivePop(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    guard gesture == id, gestureNode === container else { return }
    gesture = nil
    userChanged(id) { content in
      guard case .stack(let count, let revision) = content, count > 1 else { return }
      content = .stack(count: count - 1, revision: revision)
    }
    betweenChanges("HostDriver.handle(.interactivePopCommitted, on:)") {
      [weak self, weak container] in
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

  /// The user abandoned the interactive pop of `container`.
  private func userCancelledInteractivePop(_ container: ContainerNode) {
    guard gesture == ObjectIdentifier(container), gestureNode === container else { return }
    gesture = nil
    betweenChanges("HostDriver.handle(.interactivePopCancelled, on:)") {
      [weak self, weak container] in
      if let container, !container.isFinished, container.interactivePopGeneration != nil {
        container.handle(.interactivePopCancelled)
      }
      self?.advance()
    }
  }
}

// MARK: - Planning the next transition

extension HostDriver {
  /// A marked container: where the host shows it, and what it is.
  private typealias Marked = (position: MarkedContainers.Position, id: ObjectIdentifier)

  /// A marked container the host shows otherwise than the tree does, and what the tree shows.
  private typealias Changed = (
    position: MarkedContainers.Position, id: ObjectIdentifier, node: ContainerNode,
    content: HostScene.Content
  )

  /// The next transition toward the tree, and what the host shows when it ends.
  ///
  /// It reads the layers the user sees again only after an event that can change them, and
  /// compares only the containers marked since, first in the order the host shows them,
  /// forgetting those that show what the tree does: a transition costs in proportion to what
  /// changed (a logarithm for each of a backlog), not to the tree. With `taking` false, it
  /// leaves the change it plans marked, for ``isIdle``.
  private func nextStep(
    in root: ContainerNode, taking: Bool
  ) -> (transition: HostTransition, next: Playing)? {
    let target = treeLayers(of: root)
    // The layers both show, bottom up: those known to match, then on.
    var kept = min(matchedLayers, layers.count, target.count)
    while kept < layers.count, kept < target.count, let node = target[kept].node,
      layers[kept].node === node, layers[kept].style == target[kept].style
    {
      kept += 1
    }
    matchedLayers = kept
    guard kept > 0 else { return nil }
    placeMarked()
    var skipped: [Marked] = []
    defer { if !skipped.isEmpty { marked.putBack(skipped) } }
    // First, at most one dismissal: of the lowest layer that goes.
    if kept < layers.count {
      guard let above = target[kept - 1].node else { return nil }
      let next = firstChanged(below: kept, skipped: &skipped)
      if let next { skipped.append((next.position, next.id)) }
      let transition = HostTransition.dismiss(
        above: above, animated: kept == target.count && next == nil)
      return (transition, Playing(transition: transition, effect: .dismiss(keeping: kept)))
    }
    // Then the changed containers of the layers that stay, bottom first, each before its
    // branches.
    if let changed = firstChanged(below: kept, skipped: &skipped) {
      let (id, node, content) = (changed.id, changed.node, changed.content)
      if !taking { skipped.append((changed.position, id)) }
      let branches = Set(content.branches)
      // The transition leads to the tree when every other change is in a branch it removes.
      var animated = kept == target.count
      if animated,
        let other = firstChanged(
          below: kept, skipped: &skipped,
          skipping: { $0 == id || self.isRemoved($0, from: id, keeping: branches) })
      {
        skipped.append((other.position, other.id))
        animated = false
      }
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
      return (
        transition,
        Playing(transition: transition, effect: .content(id, content, added: added))
      )
    }
    // Then one presentation per new layer.
    guard kept < target.count, let node = target[kept].node, let style = target[kept].style,
      let presenter = node.presenter
    else { return nil }
    let transition = HostTransition.present(
      node, style: style, over: presenter, animated: kept + 1 == target.count)
    return (
      transition,
      Playing(
        transition: transition,
        effect: .present(
          ShownLayer(container: ObjectIdentifier(node), style: style, node: node),
          panes: Self.read(node, layer: kept)))
    )
  }

  /// The layers the tree shows, read again only after an event that can change them.
  private func treeLayers(of root: ContainerNode) -> [TreeLayer] {
    if let known = treeLayers { return known }
    let read = root.hostLayerRoots.map { TreeLayer(node: $0.node, style: $0.style) }
    treeLayers = read
    matchedLayers = 0
    return read
  }

  /// Places the containers marked since the last look, after what the host shows is up to
  /// date; all of them again when branches moved.
  private func placeMarked() {
    if positionsMoved {
      positionsMoved = false
      marked.placeAgain(position(of:))
    }
    marked.place(position(of:))
  }

  /// Takes the first marked container that the host shows, in a layer below `kept`, otherwise
  /// than the tree does, with what the tree shows of it; forgets those the host no longer shows
  /// or that show what the tree does, and adds to `skipped` those of higher layers (they go
  /// with their layers) and those `skipping` names, to be put back.
  ///
  /// A container released while the host shows it was a branch of a container whose change
  /// named that one already: its holder is marked anyway and, placed before its branches, is
  /// taken before it, so the order of the two cannot matter (the holder's transition removes
  /// the released branch); marking the holder again here is only a safeguard, placed at once
  /// so that it is compared in this same look.
  private func firstChanged(
    below kept: Int, skipped: inout [Marked],
    skipping: ((ObjectIdentifier) -> Bool)? = nil
  ) -> Changed? {
    while let (position, id) = marked.takeFirst() {
      guard let pane = panes[id] else { continue }
      if pane.layer >= kept || skipping?(id) == true {
        skipped.append((position, id))
        continue
      }
      guard let node = pane.node else {
        if let parent = pane.parent {
          marked.mark(parent)
          placeMarked()
        }
        continue
      }
      guard let content = differs(pane, from: node) else { continue }
      return (position, id, node, content)
    }
    return nil
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

  /// Where the host shows `id`: its layer, then its slot among its holder's branches at each
  /// level down from the layer's container; `nil` when the host does not show it.
  private func position(of id: ObjectIdentifier) -> MarkedContainers.Position? {
    guard var pane = panes[id] else { return nil }
    var slots: [Int] = []
    while let parent = pane.parent {
      slots.append(pane.slot)
      guard let holder = panes[parent] else { break }
      pane = holder
    }
    slots.append(pane.layer)
    slots.reverse()
    return slots
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

/// A transition the host plays, as the driver remembers it: without holding the containers it
/// names, which the host holds while it shows them.
@MainActor
private struct PlayedTransition {
  /// What the transition does, with its containers' identities.
  enum Shape {
    case setStack(count: Int, revision: UInt32)
    case setTabs([ObjectIdentifier], selected: Int?)
    case setColumns(primary: ObjectIdentifier?, detail: ObjectIdentifier?)
    case present(PresentationStyle)
    case dismiss
  }

  var shape: Shape
  var isAnimated: Bool
  /// The container it changes or presents, or the one it dismisses above.
  weak var container: ContainerNode?
  /// What a presentation is presented over.
  weak var presenter: ContainerNode?

  init(_ transition: HostTransition) {
    isAnimated = transition.isAnimated
    switch transition {
    case .setStack(let node, let count, let revision, _):
      shape = .setStack(count: count, revision: revision)
      container = node
    case .setTabs(let bar, let tabs, let selected, _):
      shape = .setTabs(tabs.map(ObjectIdentifier.init), selected: selected)
      container = bar
    case .setColumns(let split, let primary, let detail, _):
      shape = .setColumns(
        primary: primary.map(ObjectIdentifier.init), detail: detail.map(ObjectIdentifier.init))
      container = split
    case .present(let node, let style, let over, _):
      shape = .present(style)
      container = node
      presenter = over
    case .dismiss(let node, _):
      shape = .dismiss
      container = node
    }
  }

  /// The transition, while every container it names lives; `node` finds a branch by identity.
  func made(_ node: (ObjectIdentifier) -> ContainerNode?) -> HostTransition? {
    guard let container else { return nil }
    switch shape {
    case .setStack(let count, let revision):
      return .setStack(container, count: count, revision: revision, animated: isAnimated)
    case .setTabs(let ids, let selected):
      guard let bar = container.tabBar else { return nil }
      var tabs: [ContainerNode] = []
      for id in ids {
        guard let tab = node(id) else { return nil }
        tabs.append(tab)
      }
      return .setTabs(bar, tabs: tabs, selected: selected, animated: isAnimated)
    case .setColumns(let primaryID, let detailID):
      guard let split = container.splitView else { return nil }
      let primary = primaryID.flatMap(node)
      let detail = detailID.flatMap(node)
      guard (primaryID == nil) == (primary == nil), (detailID == nil) == (detail == nil)
      else { return nil }
      return .setColumns(split, primary: primary, detail: detail, animated: isAnimated)
    case .present(let style):
      guard let presenter else { return nil }
      return .present(container, style: style, over: presenter, animated: isAnimated)
    case .dismiss:
      return .dismiss(above: container, animated: isAnimated)
    }
  }
}
