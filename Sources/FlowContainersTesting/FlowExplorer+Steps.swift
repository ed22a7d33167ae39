import FlowContainers

/// What taking a step did.
enum StepResult: Equatable {
  /// It was taken.
  case taken
  /// It was a link the app held or dropped: the router keeps it, or told its delegate.
  case refused
  /// It was a link that failed: nothing moved, and the router keeps nothing of it.
  case failed
  /// Nothing it names shows (nothing to close); nothing happened.
  case notApplicable
  /// It names what the explorer does not know; nothing happened.
  case unknown(ReplayError)
}

extension FlowExplorer {
  /// Takes `step` in `app`, then waits for any held link that resumed.
  func perform(_ step: ExplorationStep, on app: App) async -> StepResult {
    let result = await take(step, in: app)
    await app.router?.waitForPendingWork()
    return result
  }

  private func take(_ step: ExplorationStep, in app: App) async -> StepResult {
    if case .open(let text) = step {
      guard let router = app.router else { return .notApplicable }
      let outcome =
        if let link = parsedLinks[text] {
          await router.open(link)
        } else {
          await router.open(text)
        }
      switch outcome {
      case .applied, .interfered: return .taken
      case .held, .dropped: return .refused
      case .failed: return .failed
      }
    }
    let root = app.rootNode
    let top = root.topmost
    switch step {
    case .open:
      return .notApplicable
    case .back:
      guard let (node, index) = Tree.backTarget(top) else { return .notApplicable }
      node.handle(.userPopped(toIndex: index))
    case .close:
      guard top.presenter != nil else { return .notApplicable }
      top.handle(.userDismissed)
    case .selectTab(let index, let flow):
      guard let bar = Tree.shown(from: root).first(where: { $0.flow == flow && $0.kind == .tabs })
      else { return .notApplicable }
      bar.node.handle(.userSelectedTab(index: index))
    case .width(let width, let flow):
      guard
        let split = Tree.shown(from: root).first(where: { $0.flow == flow && $0.kind == .split })
      else { return .notApplicable }
      split.node.handle(.widthChanged(width))
    case .choose(let label):
      guard let alert = Tree.alert(on: top) else { return .notApplicable }
      guard let index = alert.buttons.firstIndex(where: { $0.label == label }) else {
        return .unknown(.unknownAlertAction(label, known: alert.buttons.map(\.label)))
      }
      alert.choose(index)
    case .action(let name, let flow):
      let named = actions.filter { $0.name == name && $0.flow == flow }
      guard !named.isEmpty else {
        var known: [ExplorationStep] = []
        for action in actions where !known.contains(.action(action.name, on: action.flow)) {
          known.append(.action(action.name, on: action.flow))
        }
        return .unknown(.unknownAction(name, on: flow, known: known))
      }
      for shown in Tree.shown(from: root) where shown.flow == flow {
        guard let owner = shown.node.owner else { continue }
        for action in named where await action.perform(app, owner) { return .taken }
      }
      return .notApplicable
    }
    return .taken
  }

  /// The steps besides links to try from the state `app` is in: what the user can do with what
  /// shows (an alert's actions among it), then the registered actions of the flows that show.
  func candidates(in app: App) -> [ExplorationStep] {
    var steps: [ExplorationStep] = []
    let root = app.rootNode
    let top = root.topmost
    if Tree.backTarget(top) != nil { steps.append(.back) }
    if top.presenter != nil { steps.append(.close) }
    if let alert = Tree.alert(on: top) {
      steps += alert.buttons.map { .choose($0.label) }
    }
    let shown = Tree.shown(from: root)
    for level in shown {
      switch level.kind {
      case .stack:
        break
      case .tabs:
        steps += (0..<level.tabs).map { .selectTab($0, of: level.flow) }
      case .split:
        steps.append(.width(level.width == .compact ? .regular : .compact, of: level.flow))
      }
    }
    var added: Set<ExplorationStep> = []
    for level in shown {
      guard let owner = level.node.owner else { continue }
      for action in actions where action.flow == level.flow && action.isAvailable(owner) {
        let step = ExplorationStep.action(action.name, on: action.flow)
        if added.insert(step).inserted { steps.append(step) }
      }
    }
    return steps
  }
}

extension ExplorableApp {
  /// The root flow's container: the root of the app's tree.
  var rootNode: ContainerNode { root.container }

  /// What saves and restores the app's tree: its router's restorer, which knows the router's
  /// guards, or one of its own for an app without links.
  var restorer: FlowRestorer { router?.restorer ?? FlowRestorer(root: root) }
}

/// A level that shows: its container, flow and kind, its number of tabs, and a split's width.
struct ShownLevel {
  let node: ContainerNode
  let flow: FlowName
  let kind: FlowTree.Level.Kind
  let tabs: Int
  let width: SplitWidth?
}

/// Reading a live tree: its root, what shows, every container in the order of its tree value.
@MainActor
enum Tree {
  /// Where the back button of `top`, the topmost container, pops to: the stack, or in a
  /// compact split the split, and the index left on top.
  static func backTarget(_ top: ContainerNode) -> (ContainerNode, Int)? {
    if let split = top.splitContainer, split.width == .compact {
      return split.collapsedCount > 1 ? (split, split.collapsedCount - 2) : nil
    }
    return top.count > 1 ? (top, top.count - 2) : nil
  }

  /// The containers that show, nothing presented over them: the root, or what it presents, and
  /// so on, through each selected tab and each column a split shows (one while compact); each
  /// with its flow, its kind, its number of tabs and a split's width.
  static func shown(from root: ContainerNode) -> [ShownLevel] {
    let reading = root.read(describingScreens: false)
    let levels = reading.tree.levels
    var result: [ShownLevel] = []
    var left = [0]
    while let index = left.popLast() {
      let level = levels[index]
      if let presented = level.presented {
        left.append(presented)
        continue
      }
      result.append(
        ShownLevel(
          node: reading.containers[index].node, flow: level.flow, kind: level.kind,
          tabs: level.tabs.count, width: level.width))
      switch level.kind {
      case .split:
        let primary = level.columns.first { levels[$0].place == .column(.primary) }
        let detail = level.columns.first { levels[$0].place == .column(.detail) }
        let shown = level.width == .compact ? [detail ?? primary] : [detail, primary]
        left.append(contentsOf: shown.compactMap { $0 })
      case .tabs:
        for tab in level.tabs {
          if case .tab(_, selected: true) = levels[tab].place { left.append(tab) }
        }
      case .stack:
        break
      }
    }
    return result
  }

  /// The alert `top`, the topmost container, shows, if it is an alert's.
  static func alert(on top: ContainerNode) -> AlertScreen? {
    guard top.details().transientTitle != nil else { return nil }
    return (top as? any ScreenListing)?.screenObjects.first as? AlertScreen
  }

  /// Every container of the tree, in the order of ``ContainerNode/tree``'s levels: each one,
  /// then its tabs' or columns' subtrees, then what it presents.
  static func nodes(from root: ContainerNode) -> [ContainerNode] {
    root.read(describingScreens: false).containers.map(\.node)
  }
}
