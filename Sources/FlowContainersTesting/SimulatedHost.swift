public import FlowContainers

/// A host with UIKit's rules, simulated, for testing a ``HostDriver`` and the flows it drives
/// without a device.
///
/// It plays one transition at a time, each taking a number of virtual ticks (no clocks: a test
/// calls ``tick()``), and checks UIKit's rules as each begins:
/// - one transition at a time;
/// - a presentation only from the topmost layer, which presents nothing;
/// - a dismissal removes every layer above the one it names, which must be below the top;
/// - a stack, tabs or columns change only on a container on screen.
///
/// Where UIKit shows a modal of a tab: over the whole tab bar, as a scene's layer above the tab
/// bar's; the driver never asks for the modal of a hidden tab (it waits until the tab is
/// selected). Each broken rule is recorded in ``violations`` with the transition that broke it.
///
/// ```swift
/// let host = SimulatedHost(root: app.container, ticksPerTransition: 3)
/// app.container.push(.note(1))
/// host.tickUntilIdle()
/// #expect(host.violations.isEmpty)
/// #expect(host.scene == app.container.hostScene)
/// ```
@MainActor
public final class SimulatedHost {
  /// What the host shows.
  public private(set) var scene: HostScene
  /// Every rule a transition broke, with the transition.
  public private(set) var violations: [String] = []
  /// Every transition played, in order, as text.
  public private(set) var played: [String] = []
  /// The driver that feeds this host.
  public let driver: HostDriver
  private let ticksPerTransition: Int
  private var current: (transition: HostTransition, ticksLeft: Int)?
  /// The containers the host shows, kept alive as UIKit's view controllers keep theirs: a
  /// container the tree released is still on screen until a transition takes it away, and its
  /// identity is not reused meanwhile.
  private var onScreen: [ObjectIdentifier: ContainerNode] = [:]
  /// What the transition in progress shows when it ends, read from the containers it names when
  /// it began, as a host reads them when a transition arrives.
  private var sceneAfter: HostScene?
  /// What the user changed while the transition in progress plays: made again, in order, on
  /// what that transition shows when it ends, as the driver does.
  private var userChanges: [(inout HostScene) -> Void] = []

  /// A host showing `root`'s tree as it is now, driven by a new ``HostDriver``.
  ///
  /// - Parameters:
  ///   - root: The root of the tree to show.
  ///   - ticksPerTransition: How many ticks each transition takes; 0 finishes each at once.
  public init(root: ContainerNode, ticksPerTransition: Int = 1) {
    scene = root.hostScene
    self.ticksPerTransition = ticksPerTransition
    // The driver plays into this host once it exists: through a box, made before it.
    let sink = TransitionSink()
    driver = HostDriver(root: root) { [sink] transition in sink.host?.begin(transition) }
    sink.host = self
    keep(root)
  }

  /// Whether a transition is playing.
  public var isBusy: Bool { current != nil }

  /// Advances time by one tick, finishing the transition in progress when its time is up.
  public func tick() {
    guard var playing = current else { return }
    playing.ticksLeft -= 1
    current = playing
    if playing.ticksLeft <= 0 { finish() }
  }

  /// Ticks until the host plays nothing and the driver has nothing to ask; at most `limit`
  /// ticks.
  public func tickUntilIdle(limit: Int = 10_000) {
    var ticks = 0
    while isBusy, ticks < limit {
      tick()
      ticks += 1
    }
  }

  /// The user pops `container`'s stack, as this host shows it, to `index`: the host shows it at
  /// once, mid-transition or not, and tells the driver.
  ///
  /// - Parameters:
  ///   - container: A stack on screen.
  ///   - index: The position of the screen left on top.
  public func userPops(_ container: ContainerNode, toIndex index: Int) {
    let id = ObjectIdentifier(container)
    var fits = true
    userChange { scene in
      for layer in scene.layers.indices {
        for pane in scene.layers[layer].panes.indices
        where scene.layers[layer].panes[pane].container == id {
          guard case .stack(let count, let revision) = scene.layers[layer].panes[pane].content,
            index >= 0, index < count
          else {
            fits = false
            return
          }
          scene.layers[layer].panes[pane].content = .stack(count: index + 1, revision: revision)
        }
      }
    }
    guard fits else { return }
    // The driver passes the pop on when the tree's stack still has screens above `index`.
    let reachesTheTree = !container.isFinished && index >= 0 && index < container.count - 1
    driver.userPopped(container, toIndex: index)
    // What the host shows of the stack now is the stack the tree popped, at its revision.
    if reachesTheTree, container.count == index + 1,
      let popped = container.hostScene.layers.first?.panes.first
    {
      userChange { scene in
        for layer in scene.layers.indices {
          for pane in scene.layers[layer].panes.indices
          where scene.layers[layer].panes[pane].container == popped.container {
            scene.layers[layer].panes[pane].content = popped.content
          }
        }
      }
    }
  }

  /// The user closes the layer of `container` (pulls a sheet down): the host removes it and
  /// what is above it, and tells the driver.
  ///
  /// - Parameter container: A presented container on screen.
  public func userDismisses(_ container: ContainerNode) {
    let id = ObjectIdentifier(container)
    userChange { scene in
      if let layer = scene.layers.firstIndex(where: { $0.container == id }), layer > 0 {
        scene.layers.removeSubrange(layer...)
      }
    }
    driver.userDismissed(container)
  }

  /// The user selects the tab at `index` of `bar`, as this host shows its tabs: the host shows
  /// it at once, without what the tab it left presented, and tells the driver.
  ///
  /// - Parameters:
  ///   - bar: A tab container on screen.
  ///   - index: The position of the tab, in this host's tab bar.
  public func userSelectsTab(_ bar: TabContainer, index: Int) {
    let id = ObjectIdentifier(bar)
    userChange { scene in
      for layer in scene.layers.indices {
        for pane in scene.layers[layer].panes.indices
        where scene.layers[layer].panes[pane].container == id {
          guard case .tabs(let tabs, _) = scene.layers[layer].panes[pane].content,
            tabs.indices.contains(index)
          else { return }
          scene.layers[layer].panes[pane].content = .tabs(tabs, selected: index)
          scene.layers.removeSubrange((layer + 1)...)
          return
        }
      }
    }
    driver.userSelectedTab(bar, index: index)
  }

  /// The window narrows or widens around `split`: the host collapses or expands it at once,
  /// and tells the driver.
  ///
  /// - Parameters:
  ///   - split: A split on screen.
  ///   - width: Its width now.
  public func widthChanges(_ split: SplitContainer, to width: SplitWidth) {
    let id = ObjectIdentifier(split)
    userChange { scene in
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
    driver.widthChanged(split, to: width)
  }

  /// Changes what the host shows as the user did, and what the transition in progress will
  /// show when it ends.
  private func userChange(_ change: @escaping (inout HostScene) -> Void) {
    change(&scene)
    if current != nil { userChanges.append(change) }
  }

  fileprivate func begin(_ transition: HostTransition) {
    played.append(transition.description)
    if let playing = current {
      violations.append("\(transition) began while \(playing.transition) was playing")
    }
    check(transition)
    let shown = scene
    apply(transition)
    sceneAfter = scene
    scene = shown
    current = (transition, ticksPerTransition)
    if ticksPerTransition <= 0 { finish() }
  }

  private func finish() {
    guard current != nil else { return }
    current = nil
    // The transition ends showing what it began to show; what the user did since follows.
    if let after = sceneAfter.take() { scene = after }
    for change in userChanges { change(&scene) }
    userChanges = []
    let shown = Set(scene.layers.lazy.flatMap(\.panes).map(\.container))
    onScreen = onScreen.filter { shown.contains($0.key) }
    driver.transitionFinished()
  }

  /// Records the rules `transition` breaks against what the host shows.
  private func check(_ transition: HostTransition) {
    func layer(of node: ContainerNode) -> Int? {
      let id = ObjectIdentifier(node)
      return scene.layers.firstIndex { $0.panes.contains { $0.container == id } }
    }
    switch transition {
    case .present(let node, _, let presenter, _):
      if layer(of: node) != nil { violations.append("\(transition): already on screen") }
      if layer(of: presenter) != scene.layers.count - 1 {
        violations.append("\(transition): the presenter is not in the topmost layer")
      }
    case .dismiss(let node, _):
      guard let index = layer(of: node) else {
        return violations.append("\(transition): not on screen")
      }
      if index == scene.layers.count - 1 {
        violations.append("\(transition): nothing is presented above it")
      }
    case .setStack(let node, _, _, _):
      if layer(of: node) == nil { violations.append("\(transition): not on screen") }
    case .setTabs(let bar, _, _, _):
      if layer(of: bar) == nil { violations.append("\(transition): not on screen") }
    case .setColumns(let split, _, _, _):
      if layer(of: split) == nil { violations.append("\(transition): not on screen") }
    }
  }

  /// Shows the result of `transition`, reading the containers it names as they are now.
  private func apply(_ transition: HostTransition) {
    switch transition {
    case .present(let node, _, _, _), .setStack(let node, _, _, _): keep(node)
    case .setTabs(let bar, let tabs, _, _): for node in [bar] + tabs { keep(node) }
    case .setColumns(let split, let primary, let detail, _):
      for node in [split, primary, detail].compactMap({ $0 }) { keep(node) }
    case .dismiss: break
    }
    switch transition {
    case .present(let node, let style, _, _):
      var layer = node.hostScene.layers[0]
      layer.style = style
      scene.layers.append(layer)
    case .dismiss(let node, _):
      let id = ObjectIdentifier(node)
      if let index = scene.layers.firstIndex(where: { $0.panes.contains { $0.container == id } }) {
        scene.layers.removeSubrange((index + 1)...)
      }
    case .setStack(let node, let count, let revision, _):
      replace(node, with: .stack(count: count, revision: revision), branches: [])
    case .setTabs(let bar, let tabs, let selected, _):
      replace(bar, with: .tabs(tabs.map(ObjectIdentifier.init), selected: selected), branches: tabs)
    case .setColumns(let split, let primary, let detail, _):
      replace(
        split,
        with: .split(
          primary: primary.map(ObjectIdentifier.init), detail: detail.map(ObjectIdentifier.init),
          width: split.width),
        branches: [primary, detail].compactMap { $0 })
    }
  }

  /// Keeps `node` and its branches alive while they are on screen.
  private func keep(_ node: ContainerNode) {
    var left = [node]
    while let next = left.popLast() {
      onScreen[ObjectIdentifier(next)] = next
      if let bar = next as? TabContainer { left += bar.tabs }
      if let split = next as? SplitContainer {
        left += [split.primary, split.detail].compactMap { $0 }
      }
    }
  }

  /// Shows `content` for `node`, and its branches as they are now, in place of what was shown
  /// for it and below it.
  private func replace(
    _ node: ContainerNode, with content: HostScene.Content, branches: [ContainerNode]
  ) {
    let id = ObjectIdentifier(node)
    guard let index = scene.layers.firstIndex(where: { $0.panes.contains { $0.container == id } })
    else { return }
    var known = Dictionary(
      scene.layers[index].panes.map { ($0.container, $0.content) }, uniquingKeysWith: { a, _ in a })
    known[id] = content
    for branch in branches where known[ObjectIdentifier(branch)] == nil {
      for pane in branch.hostScene.layers[0].panes { known[pane.container] = pane.content }
    }
    // The panes the layer's containers reach, in order.
    var reached: [HostScene.Pane] = []
    var left = [scene.layers[index].container]
    while let next = left.popLast() {
      guard let shown = known[next] else { continue }
      reached.append(HostScene.Pane(container: next, content: shown))
      switch shown {
      case .stack: break
      case .tabs(let tabs, _): left += tabs.reversed()
      case .split(let primary, let detail, _):
        if let detail { left.append(detail) }
        if let primary { left.append(primary) }
      }
    }
    scene.layers[index].panes = reached
  }
}

/// Where a ``SimulatedHost``'s driver sends its transitions: the host, once it is made.
@MainActor
private final class TransitionSink {
  weak var host: SimulatedHost?
}
