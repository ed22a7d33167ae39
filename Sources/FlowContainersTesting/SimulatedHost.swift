public import FlowContainers
@_spi(Testing) import FlowContainersCore

/// A host with UIKit's rules, simulated, for testing a ``HostDriver`` and the flows it drives
/// without a device.
///
/// It plays one transition at a time, each taking a number of virtual ticks (no clocks: a test
/// calls ``tick()``), and checks UIKit's rules as each begins:
/// - one transition at a time;
/// - a presentation only from the topmost layer, which presents nothing;
/// - a dismissal removes every layer above the one it names, which must be below the top;
/// - a stack, tabs or columns change only on a container on screen;
/// - an interactive pop begins only on a stack of two screens or more that the user sees in the
///   topmost layer, one at a time, and not while a transition changes that stack, its layer's
///   containers above it, or the layers; while it lasts, no transition begins and the user does
///   nothing else.
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
  /// The transition playing, its ticks left, and what the host shows when it ends: what it
  /// brings on screen read from the containers it names when it began (a host reads them when
  /// a transition arrives), with what the user did since made on it too, as the driver does.
  private var current: (transition: HostTransition, ticksLeft: Int, after: HostScene)?
  /// The containers the host shows, kept alive as UIKit's view controllers keep theirs: a
  /// container the tree released is still on screen until a transition takes it away, and its
  /// identity is not reused meanwhile.
  private var onScreen: [ObjectIdentifier: ContainerNode] = [:]
  /// The stack of the interactive pop under way, if one is.
  private var dragged: ObjectIdentifier?
  /// Its container, while it lives.
  private weak var draggedNode: ContainerNode?
  /// What the tree showed of the dragged stack when the gesture began, if the host showed the
  /// same: the driver told the tree of the gesture then, and passes its commit on while the
  /// tree still shows that.
  private var draggedInTree: HostScene.Content?

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

  /// Whether the user is making an interactive pop: between
  /// ``userBeginsInteractivePop(_:)`` and its commit or cancel.
  ///
  /// A gesture ends with its stack: when the tree ends the dragged container, UIKit's
  /// controller goes, and the gesture with it.
  public var isDragging: Bool {
    guard dragged != nil else { return false }
    if let node = draggedNode, !node.isFinished { return true }
    dragged = nil
    return false
  }

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
  /// A compact split's stack is its collapsed one: the primary's screens, then the detail's. A
  /// position among the detail's pops the detail; one below them closes the detail and pops the
  /// primary.
  ///
  /// - Parameters:
  ///   - container: A stack on screen, or a compact split.
  ///   - index: The position of the screen left on top.
  public func userPops(_ container: ContainerNode, toIndex index: Int) {
    guard !isBrokenByGesture("userPops(\(container.flowName), toIndex: \(index))") else { return }
    let id = ObjectIdentifier(container)
    if let split = container as? SplitContainer, case .split? = shownContent(of: id) {
      return userPopsCollapsed(split, toIndex: index)
    }
    // A pop the host cannot show is not made, and the driver does not hear of it.
    for pane in scene.layers.lazy.flatMap(\.panes) where pane.container == id {
      guard case .stack(let count, _) = pane.content, index >= 0, index < count else { return }
    }
    // The driver passes the pop on when the tree's stack still has screens above `index`.
    let reachesTheTree = !container.isFinished && index >= 0 && index < container.count - 1
    userChange(of: id) { $0.pop(toIndex: index) }
    driver.handle(.userPopped(toIndex: index), on: container)
    // What the host shows of the stack now is the stack the tree popped, at its revision.
    if reachesTheTree, container.count == index + 1, let popped = Self.content(of: container) {
      userChange(of: id) { $0 = popped }
    }
  }

  /// The user pops the one stack a compact split shows to `index`, as the host shows it.
  private func userPopsCollapsed(_ split: SplitContainer, toIndex index: Int) {
    let id = ObjectIdentifier(split)
    guard case .split(let primary, let detail, .compact)? = shownContent(of: id) else { return }
    let primaryCount = primary.flatMap(stackCount(of:)) ?? 0
    let detailCount = detail.flatMap(stackCount(of:)) ?? 0
    guard index >= 0, index < primaryCount + detailCount else { return }
    // The driver passes the pop on when the tree's collapsed stack has screens above `index`.
    let reachesTheTree =
      !split.isFinished && split.width == .compact && index < split.collapsedCount - 1
    if let detail, index >= primaryCount {
      userChange(of: detail) { $0.pop(toIndex: index - primaryCount) }
    } else {
      if detail != nil {
        userChange { scene in
          for pane in scene.layers.lazy.flatMap(\.panes) where pane.container == id {
            guard case .split(let primary, _, let width) = pane.content else { continue }
            Self.replace(
              id, with: .split(primary: primary, detail: nil, width: width), read: [],
              in: &scene)
            return
          }
        }
      }
      if let primary { userChange(of: primary) { $0.pop(toIndex: index) } }
    }
    driver.handle(.userPopped(toIndex: index), on: split)
    // What the host shows of a column whose screens the tree has as many of is the tree's.
    guard reachesTheTree, split.collapsedCount == index + 1,
      case .split(let primary, let detail, _)? = shownContent(of: id)
    else { return }
    for column in [split.primary, split.detail].compactMap({ $0 }) {
      let columnID = ObjectIdentifier(column)
      guard columnID == primary || columnID == detail,
        stackCount(of: columnID) == column.count, let content = Self.content(of: column)
      else { continue }
      userChange(of: columnID) { $0 = content }
    }
  }

  /// What the host shows of `id`, if it shows it.
  private func shownContent(of id: ObjectIdentifier) -> HostScene.Content? {
    scene.layers.lazy.flatMap(\.panes).first { $0.container == id }?.content
  }

  /// How many screens the host shows of the stack `id`, if it shows it as a stack.
  private func stackCount(of id: ObjectIdentifier) -> Int? {
    guard case .stack(let count, _)? = shownContent(of: id) else { return nil }
    return count
  }

  /// The user closes the layer of `container` (pulls a sheet down): the host removes it and
  /// what is above it, and tells the driver.
  ///
  /// - Parameter container: A presented container on screen.
  public func userDismisses(_ container: ContainerNode) {
    guard !isBrokenByGesture("userDismisses(\(container.flowName))") else { return }
    let id = ObjectIdentifier(container)
    userChange { scene in
      if let layer = scene.layers.firstIndex(where: { $0.container == id }), layer > 0 {
        scene.layers.removeSubrange(layer...)
      }
    }
    driver.handle(.userDismissed, on: container)
  }

  /// The user selects the tab at `index` of `bar`, as this host shows its tabs: the host shows
  /// it at once, without what the tab it left presented, and tells the driver.
  ///
  /// - Parameters:
  ///   - bar: A tab container on screen.
  ///   - index: The position of the tab, in this host's tab bar.
  public func userSelectsTab(_ bar: TabContainer, index: Int) {
    guard !isBrokenByGesture("userSelectsTab(\(bar.flowName), index: \(index))") else { return }
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
    driver.handle(.userSelectedTab(index: index), on: bar)
  }

  /// The window narrows or widens around `split`: the host collapses or expands it at once,
  /// and tells the driver.
  ///
  /// - Parameters:
  ///   - split: A split on screen.
  ///   - width: Its width now.
  public func widthChanges(_ split: SplitContainer, to width: SplitWidth) {
    guard !isBrokenByGesture("widthChanges(\(split.flowName), to: \(width))") else { return }
    userChange(of: ObjectIdentifier(split)) { content in
      guard case .split(let primary, let detail, _) = content else { return }
      content = .split(primary: primary, detail: detail, width: width)
    }
    driver.handle(.widthChanged(width), on: split)
  }

  /// The user begins an interactive pop of `container`'s stack, as this host shows it.
  ///
  /// The user drags the top screen away; the gesture ends with ``userCommitsInteractivePop()``
  /// or ``userCancelsInteractivePop()``. The host tells the driver.
  ///
  /// A gesture UIKit would not begin (see ``canBeginInteractivePop(_:)``) is recorded in
  /// ``violations``, and does not begin.
  ///
  /// - Parameter container: A stack the user sees in the topmost layer.
  public func userBeginsInteractivePop(_ container: ContainerNode) {
    if let broken = ruleBrokenByInteractivePop(of: container) {
      return violations.append("userBeginsInteractivePop(\(container.flowName)): \(broken)")
    }
    let id = ObjectIdentifier(container)
    dragged = id
    draggedNode = container
    // The driver tells the tree of the gesture when the tree shows the stack the host does.
    let inTree = Self.content(of: container)
    draggedInTree = !container.isFinished && inTree == shownContent(of: id) ? inTree : nil
    driver.handle(.interactivePopBegan, on: container)
  }

  /// Whether UIKit would begin an interactive pop of `container` now: no gesture is under way,
  /// the user sees its stack, of two screens or more, in the topmost layer, and no transition
  /// playing changes that stack, its layer's containers above it, or the layers.
  ///
  /// - Parameter container: A stack.
  /// - Returns: Whether ``userBeginsInteractivePop(_:)`` would begin one.
  public func canBeginInteractivePop(_ container: ContainerNode) -> Bool {
    ruleBrokenByInteractivePop(of: container) == nil
  }

  /// The user finishes the interactive pop: the host removes the top screen of the dragged
  /// stack, and tells the driver.
  public func userCommitsInteractivePop() {
    guard isDragging, let id = dragged, let node = draggedNode else {
      return violations.append("userCommitsInteractivePop(): no interactive pop is under way")
    }
    dragged = nil
    // The driver passes the commit on when the tree still shows the stack the gesture began on.
    let reachesTheTree =
      draggedInTree != nil && !node.isFinished && Self.content(of: node) == draggedInTree
    draggedInTree = nil
    var remaining: Int?
    userChange(of: id) { content in
      guard case .stack(let count, let revision) = content, count > 1 else { return }
      content = .stack(count: count - 1, revision: revision)
      if remaining == nil { remaining = count - 1 }
    }
    driver.handle(.interactivePopCommitted, on: node)
    // What the host shows of the stack now is the stack the tree popped, at its revision.
    if reachesTheTree, node.count == remaining, let popped = Self.content(of: node) {
      userChange(of: id) { $0 = popped }
    }
  }

  /// The user abandons the interactive pop: the host shows the dragged stack as before, and
  /// tells the driver.
  public func userCancelsInteractivePop() {
    guard isDragging else {
      return violations.append("userCancelsInteractivePop(): no interactive pop is under way")
    }
    dragged = nil
    draggedInTree = nil
    if let node = draggedNode { driver.handle(.interactivePopCancelled, on: node) }
  }

  /// Changes what the host shows as the user did: now, and in what the transition playing
  /// shows when it ends.
  private func userChange(_ change: (inout HostScene) -> Void) {
    change(&scene)
    if var playing = current {
      change(&playing.after)
      current = playing
    }
  }

  /// Changes what the host shows of `id`, wherever it shows it, as the user did.
  private func userChange(of id: ObjectIdentifier, _ change: (inout HostScene.Content) -> Void) {
    userChange { scene in
      for layer in scene.layers.indices {
        for pane in scene.layers[layer].panes.indices
        where scene.layers[layer].panes[pane].container == id {
          change(&scene.layers[layer].panes[pane].content)
        }
      }
    }
  }

  /// Records that `action` came during an interactive pop, if one is under way.
  private func isBrokenByGesture(_ action: String) -> Bool {
    guard isDragging else { return false }
    violations.append("\(action) during an interactive pop")
    return true
  }

  /// The rule an interactive pop of `container` would break now, if any.
  private func ruleBrokenByInteractivePop(of container: ContainerNode) -> String? {
    let id = ObjectIdentifier(container)
    if isDragging { return "an interactive pop is already under way" }
    guard let top = scene.layers.last else { return "nothing is on screen" }
    let contents = Dictionary(
      top.panes.map { ($0.container, $0.content) }, uniquingKeysWith: { a, _ in a })
    // The stacks the user sees in the topmost layer, down the selected tabs and shown columns.
    var seen: Set<ObjectIdentifier> = []
    var left = [top.container]
    while let next = left.popLast() {
      switch contents[next] {
      case .stack: seen.insert(next)
      case .tabs(let tabs, let selected?) where tabs.indices.contains(selected):
        left.append(tabs[selected])
      case .split(let primary, let detail, .regular): left += [primary, detail].compactMap { $0 }
      case .split(let primary, let detail, .compact):
        if let shown = detail ?? primary { left.append(shown) }
      case .tabs, nil: break
      }
    }
    guard seen.contains(id) else { return "the user does not see its stack in the topmost layer" }
    guard case .stack(let count, _)? = contents[id], count > 1 else {
      return "its stack has no screen to pop"
    }
    guard let playing = current?.transition else { return nil }
    let changing: ContainerNode
    switch playing {
    case .present, .dismiss: return "\(playing) is playing"
    case .setStack(let node, _, _, _): changing = node
    case .setTabs(let bar, _, _, _): changing = bar
    case .setColumns(let split, _, _, _): changing = split
    }
    // The containers the playing transition changes: its own and what hangs on it.
    var reached = [ObjectIdentifier(changing)]
    while let next = reached.popLast() {
      if next == id { return "\(playing) is playing" }
      switch contents[next] {
      case .tabs(let tabs, _): reached += tabs
      case .split(let primary, let detail, _): reached += [primary, detail].compactMap { $0 }
      case .stack, nil: break
      }
    }
    return nil
  }

  /// Begins `transition` as if the driver had asked for it, checking UIKit's rules against what
  /// the host shows: for tests of the rules a driver never breaks.
  ///
  /// - Parameter transition: The transition to play.
  @_spi(Testing) public func begin(_ transition: HostTransition) {
    played.append(transition.description)
    if let playing = current {
      violations.append("\(transition) began while \(playing.transition) was playing")
    }
    if isDragging { violations.append("\(transition) began during an interactive pop") }
    check(transition)
    keep(for: transition)
    var after = scene
    Self.apply(transition, read: read(for: transition), to: &after)
    current = (transition, ticksPerTransition, after)
    if ticksPerTransition <= 0 { finish() }
  }

  private func finish() {
    guard let playing = current else { return }
    current = nil
    // The transition ends showing what it began to show, with what the user did since.
    scene = playing.after
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

  /// What the containers `transition` brings on screen show now: a presented layer's, or new
  /// tabs' and columns'.
  private func read(for transition: HostTransition) -> [HostScene.Pane] {
    switch transition {
    case .present(let node, _, _, _):
      return node.hostScene.layers[0].panes
    case .setTabs(_, let tabs, _, _):
      return tabs.flatMap { $0.hostScene.layers[0].panes }
    case .setColumns(_, let primary, let detail, _):
      return [primary, detail].compactMap { $0 }.flatMap { $0.hostScene.layers[0].panes }
    case .setStack, .dismiss:
      return []
    }
  }

  /// Shows the result of `transition`, with what the containers it brought on screen showed
  /// when it began.
  private static func apply(
    _ transition: HostTransition, read: [HostScene.Pane], to scene: inout HostScene
  ) {
    switch transition {
    case .present(let node, let style, _, _):
      scene.layers.append(
        HostScene.Layer(container: ObjectIdentifier(node), style: style, panes: read))
    case .dismiss(let node, _):
      let id = ObjectIdentifier(node)
      if let index = scene.layers.firstIndex(where: { $0.panes.contains { $0.container == id } }) {
        scene.layers.removeSubrange((index + 1)...)
      }
    case .setStack(let node, let count, let revision, _):
      replace(
        ObjectIdentifier(node), with: .stack(count: count, revision: revision), read: [],
        in: &scene)
    case .setTabs(let bar, let tabs, let selected, _):
      replace(
        ObjectIdentifier(bar), with: .tabs(tabs.map(ObjectIdentifier.init), selected: selected),
        read: read,
        in: &scene)
    case .setColumns(let split, let primary, let detail, _):
      replace(
        ObjectIdentifier(split),
        with: .split(
          primary: primary.map(ObjectIdentifier.init), detail: detail.map(ObjectIdentifier.init),
          width: split.width),
        read: read, in: &scene)
    }
  }

  /// Keeps alive what `transition` brings on screen.
  private func keep(for transition: HostTransition) {
    switch transition {
    case .present(let node, _, _, _), .setStack(let node, _, _, _): keep(node)
    case .setTabs(let bar, let tabs, _, _): for node in [bar] + tabs { keep(node) }
    case .setColumns(let split, let primary, let detail, _):
      for node in [split, primary, detail].compactMap({ $0 }) { keep(node) }
    case .dismiss: break
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

  /// What the tree shows of `node` now.
  private static func content(of node: ContainerNode) -> HostScene.Content? {
    node.hostScene.layers.first?.panes.first?.content
  }

  /// Shows `content` for `node`, and its new branches as `read` says, in place of what was
  /// shown for it and below it.
  private static func replace(
    _ id: ObjectIdentifier, with content: HostScene.Content, read: [HostScene.Pane],
    in scene: inout HostScene
  ) {
    guard let index = scene.layers.firstIndex(where: { $0.panes.contains { $0.container == id } })
    else { return }
    var known = Dictionary(
      scene.layers[index].panes.map { ($0.container, $0.content) }, uniquingKeysWith: { a, _ in a })
    known[id] = content
    for pane in read where known[pane.container] == nil { known[pane.container] = pane.content }
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
