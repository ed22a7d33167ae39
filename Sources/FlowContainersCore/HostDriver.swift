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
/// ```swift
/// let driver = HostDriver(root: app.container) { transition in
///   adapter.play(transition) { driver.transitionFinished() }
/// }
/// ```
///
/// Report what the user does through the driver (``userPopped(_:toIndex:)``,
/// ``userDismissed(_:)``, ``userSelectedTab(_:index:)``), in the host's positions: the driver
/// updates what the host shows, and passes the action on to the tree when it still fits there,
/// dropping it quietly when the tree has moved on.
@MainActor
public final class HostDriver {
  /// The tree's root, weakly: the driver does not keep the tree alive.
  private weak var root: ContainerNode?
  private let play: (HostTransition) -> Void
  /// What the host shows: the scene after the last transition it finished.
  public private(set) var shown: HostScene
  /// The transition the host is playing, and the scene it leads to.
  private var playing: (transition: HostTransition, after: HostScene)?
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
    shown = root.hostScene
    token = root.observeEvents { [weak self] _ in self?.treeChanged() }
  }

  /// Whether the host is playing nothing and shows what the tree shows.
  public var isIdle: Bool {
    guard playing == nil, let root else { return playing == nil }
    return root.hostScene == shown
  }

  /// The transition the host is playing, if any.
  public var transitionInProgress: HostTransition? { playing?.transition }

  /// The host finished the transition it was playing; the next one, if any, is asked for now.
  public func transitionFinished() {
    guard let finished = playing else { return }
    shown = finished.after
    playing = nil
    advance()
  }

  /// The tree changed: the next transition, if the host is free.
  private func treeChanged() {
    guard playing == nil, !isForwarding else { return }
    advance()
  }

  /// Asks the host for the next transition toward the tree, once the tree is between changes.
  private func advance() {
    guard playing == nil, let root else { return }
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
    let target = root.hostScene
    guard target != shown, let step = Self.nextStep(from: shown, to: target, in: root) else {
      return
    }
    playing = step
    play(step.transition)
  }
}

// MARK: - What the user did

extension HostDriver {
  /// The user popped `container`'s stack, as the host shows it, so that the screen at `index` is
  /// on top: a back button or a completed back swipe.
  ///
  /// The host has shown it already. The tree pops too when the container is still in it with a
  /// screen above `index`; otherwise the action is stale, and dropped without a misuse report.
  ///
  /// - Parameters:
  ///   - container: The stack the user popped.
  ///   - index: The position, in the host's stack, of the screen now on top.
  public func userPopped(_ container: ContainerNode, toIndex index: Int) {
    let id = ObjectIdentifier(container)
    update { scene in scene.popStack(id, toIndex: index) }
    guard !container.isFinished, index >= 0, index < container.screenCount - 1
    else { return }
    isForwarding = true
    container.handle(.userPopped(toIndex: index))
    isForwarding = false
    // The host shows the stack the pop left: its revision is the tree's now, if the pop was
    // made at once (not queued behind a change under way).
    if container.screenCount == index + 1 {
      let popped = container.hostContent
      update { scene in scene.show(popped, for: id) }
    }
    advance()
  }

  /// The user closed the layer of `container` (pulled a sheet down): the host has removed it and
  /// everything above it.
  ///
  /// The tree dismisses it too when it is still presented; otherwise the action is dropped.
  ///
  /// - Parameter container: The presented container the user closed.
  public func userDismissed(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    update { scene in
      if let layer = scene.layers.firstIndex(where: { $0.container == id }), layer > 0 {
        scene.layers.removeSubrange(layer...)
      }
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
    update { scene in shownTab = scene.selectTab(id, index: index) ?? shownTab }
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
    update { scene in
      for layer in scene.layers.indices {
        for pane in scene.layers[layer].panes.indices
        where scene.layers[layer].panes[pane].container == id {
          guard case .split(let primary, let detail, _) = scene.layers[layer].panes[pane].content
          else { continue }
          scene.layers[layer].panes[pane].content = .split(
            primary: primary, detail: detail, width: width)
        }
      }
    }
    guard !split.isFinished else { return }
    split.handle(.widthChanged(width))
  }

  /// Changes what the host shows, and what it will show once the transition in progress ends.
  private func update(_ change: (inout HostScene) -> Void) {
    change(&shown)
    if var step = playing {
      change(&step.after)
      playing = step
    }
  }
}

extension HostScene {
  /// Pops `container`'s stack to `index`, where it is shown.
  fileprivate mutating func popStack(_ container: ObjectIdentifier, toIndex index: Int) {
    for layer in layers.indices {
      for pane in layers[layer].panes.indices where layers[layer].panes[pane].container == container
      {
        guard case .stack(let count, let revision) = layers[layer].panes[pane].content,
          index >= 0, index < count
        else { return }
        layers[layer].panes[pane].content = .stack(count: index + 1, revision: revision)
        return
      }
    }
  }

  /// Shows `content` for `container`'s pane, where it is shown.
  fileprivate mutating func show(_ content: Content, for container: ObjectIdentifier) {
    for layer in layers.indices {
      for pane in layers[layer].panes.indices
      where layers[layer].panes[pane].container == container {
        layers[layer].panes[pane].content = content
      }
    }
  }

  /// Selects the tab at `index` of `bar`, where it is shown, and returns that tab.
  fileprivate mutating func selectTab(_ bar: ObjectIdentifier, index: Int) -> ObjectIdentifier? {
    for layer in layers.indices {
      for pane in layers[layer].panes.indices where layers[layer].panes[pane].container == bar {
        guard case .tabs(let tabs, _) = layers[layer].panes[pane].content,
          tabs.indices.contains(index)
        else { return nil }
        layers[layer].panes[pane].content = .tabs(tabs, selected: index)
        // What the hidden tab presented is not on screen: the layers above this one go.
        layers.removeSubrange((layer + 1)...)
        return tabs[index]
      }
    }
    return nil
  }
}

// MARK: - Planning the next transition

extension HostDriver {
  /// The next transition from `shown` toward `target`, and the scene it leads to.
  static func nextStep(
    from shown: HostScene, to target: HostScene, in root: ContainerNode
  ) -> (transition: HostTransition, after: HostScene)? {
    let nodes = root.containersOnScreen
    // The layers both show, bottom up.
    var kept = 0
    while kept < shown.layers.count, kept < target.layers.count,
      shown.layers[kept].container == target.layers[kept].container,
      shown.layers[kept].style == target.layers[kept].style
    {
      kept += 1
    }
    // First, at most one dismissal: of the lowest layer that goes.
    if kept < shown.layers.count, kept > 0 {
      var after = shown
      after.layers.removeSubrange(kept...)
      guard let below = nodes[shown.layers[kept - 1].container] else { return nil }
      return (.dismiss(above: below, animated: after == target), after)
    }
    // Then the changed containers of the layers that stay, bottom first.
    for index in 0..<kept {
      let want = Dictionary(
        target.layers[index].panes.map { ($0.container, $0.content) },
        uniquingKeysWith: { a, _ in a })
      for pane in shown.layers[index].orderedPanes(using: target.layers[index])
      where want[pane.container] != pane.content {
        guard let node = nodes[pane.container], let content = want[pane.container] else {
          continue
        }
        var after = shown
        after.layers[index].show(content, for: pane.container, filling: target.layers[index])
        let animated = after == target
        let transition: HostTransition
        switch content {
        case .stack(let count, let revision):
          transition = .setStack(node, count: count, revision: revision, animated: animated)
        case .tabs(let tabs, let selected):
          guard let bar = node.tabBar else { return nil }
          transition = .setTabs(
            bar, tabs: tabs.compactMap { nodes[$0] }, selected: selected, animated: animated)
        case .split(let primary, let detail, _):
          guard let split = node.splitView else { return nil }
          transition = .setColumns(
            split, primary: primary.flatMap { nodes[$0] }, detail: detail.flatMap { nodes[$0] },
            animated: animated)
        }
        return (transition, after)
      }
    }
    // Then one presentation per new layer.
    if kept < target.layers.count {
      let layer = target.layers[kept]
      guard let node = nodes[layer.container], let presenter = node.presenter,
        let style = layer.style
      else { return nil }
      var after = shown
      after.layers.append(layer)
      return (.present(node, style: style, over: presenter, animated: after == target), after)
    }
    return nil
  }
}

extension HostScene.Layer {
  /// This layer's panes in the order `target` lists them, then those only this layer has.
  fileprivate func orderedPanes(using target: HostScene.Layer) -> [HostScene.Pane] {
    let mine = Dictionary(panes.map { ($0.container, $0) }, uniquingKeysWith: { a, _ in a })
    var ordered: [HostScene.Pane] = []
    for pane in target.panes {
      // A pane the host does not show yet comes with its container's transition.
      if let shown = mine[pane.container] { ordered.append(shown) }
    }
    return ordered
  }

  /// Shows `content` for `container`, then keeps the panes the layer's containers reach: a new
  /// tab or column is shown as `target` shows it, a removed one leaves.
  fileprivate mutating func show(
    _ content: HostScene.Content, for container: ObjectIdentifier, filling target: HostScene.Layer
  ) {
    var known = Dictionary(
      panes.map { ($0.container, $0.content) }, uniquingKeysWith: { a, _ in a })
    known[container] = content
    let wanted = Dictionary(
      target.panes.map { ($0.container, $0.content) }, uniquingKeysWith: { a, _ in a })
    var reached: [HostScene.Pane] = []
    var left: [ObjectIdentifier] = [self.container]
    while let next = left.popLast() {
      guard let shown = known[next] ?? wanted[next] else { continue }
      reached.append(HostScene.Pane(container: next, content: shown))
      switch shown {
      case .stack: break
      case .tabs(let tabs, _): left += tabs.reversed()
      case .split(let primary, let detail, _):
        if let detail { left.append(detail) }
        if let primary { left.append(primary) }
      }
    }
    panes = reached
  }
}

extension ContainerNode {
  /// The containers a host could show, by identity: every container of the tree's visible
  /// layers.
  fileprivate var containersOnScreen: [ObjectIdentifier: ContainerNode] {
    var found: [ObjectIdentifier: ContainerNode] = [:]
    var layerRoot: ContainerNode? = self
    while let root = layerRoot.take() {
      var left: [ContainerNode] = [root]
      while let node = left.popLast() {
        found[ObjectIdentifier(node)] = node
        if node.hasBranches { left += node.branches.nodes }
      }
      var node = root
      while true {
        if let presented = node.presentedNode {
          layerRoot = presented
          break
        }
        guard let shown = node.shownBranch else { break }
        node = shown
      }
    }
    return found
  }
}
