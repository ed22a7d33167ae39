import FlowContainersCore

extension FlowSnapshot {
  /// How many tab bars or splits deep, each in a tab or column of the one before, a snapshot
  /// saves: each nests its branches' trees five JSON levels deeper, and `JSONDecoder` reads 512.
  static let maximumNesting = 64

  /// What the live tree shows, from its root: each restorable flow's level, up to the first flow
  /// that is not restorable or the first screen without a route; a ``TabbedFlow``'s bar or a
  /// ``SplitFlow``'s split is a level holding its tabs' or its columns' trees.
  @MainActor
  init(live: LiveTree) {
    self = Self.tree(at: 0, of: live, nesting: 0)
  }

  /// How many levels the snapshot has, counting every tab's and column's: what
  /// ``maximumLevels`` limits, when a snapshot is saved and when it is restored.
  var levelCount: Int {
    var count = 0
    var left: [FlowSnapshot] = [self]
    while let tree = left.popLast() {
      count += tree.levels.count
      for level in tree.levels {
        if let tabs = level.tabs { left += tabs.trees }
        if let columns = level.columns {
          left += [columns.primary] + (columns.detail.map { [$0] } ?? [])
        }
      }
    }
    return count
  }

  /// The tree from the live level `start`: a tab bar's or a split's level with its branches'
  /// trees, or a chain.
  @MainActor
  private static func tree(at start: Int, of live: LiveTree, nesting: Int) -> FlowSnapshot {
    switch live.levels[start].kind {
    case .stack: chain(from: start, of: live, nesting: nesting)
    case .tabs: bar(at: start, of: live, nesting: nesting)
    case .split: split(at: start, of: live, nesting: nesting)
    }
  }

  /// The chain from the live level `start`.
  ///
  /// Each restorable flow's level, up to the first flow that is not restorable or the first
  /// screen without a route; a tab bar or a split presented on the way is the last level,
  /// holding its branches' trees. An alert up over the last saved level is listed as transient.
  @MainActor
  private static func chain(from start: Int, of live: LiveTree, nesting: Int) -> FlowSnapshot {
    var levels: [Level] = []
    var current: Int? = start
    var unsaved: Int?
    while let index = current {
      let level = live.levels[index]
      let style = level.place.presentationStyle ?? .sheet
      guard level.kind == .stack else {
        guard !levels.isEmpty, nesting < maximumNesting,
          live.node(index).owner is any ContainerFlow
        else {
          unsaved = index
          break
        }
        var saved = tree(at: index, of: live, nesting: nesting + 1)
        saved.levels[0].style = style
        saved.levels.insert(contentsOf: levels, at: 0)
        return saved
      }
      guard let routes = live.routes(index) else {
        unsaved = index
        break
      }
      levels.append(Level(flow: level.flow, routes: routes.erased, style: style))
      current = live.presented(over: index)
      if routes.count < live.screenCount(index) {
        unsaved = current
        break
      }
    }
    var snapshot = FlowSnapshot(levels: levels)
    // An alert up over the last saved level is not saved, but listed, so that restoring says so.
    if !levels.isEmpty, let unsaved, let title = live.node(unsaved).details().transientTitle {
      snapshot.transient = [TransientLayer(.alert, title: title)]
    }
    return snapshot
  }

  /// A tab bar's level with every tab's tree, in the tabs' order, and the selection.
  ///
  /// An alert up in a tab or over the bar is listed as transient, with the tab it was up in
  /// when that is not the selected one.
  @MainActor
  private static func bar(at index: Int, of live: LiveTree, nesting: Int) -> FlowSnapshot {
    let selected = live.selectedTab(of: index)
    var trees: [FlowSnapshot] = []
    var shownAlerts: [TransientLayer] = []
    var otherAlerts: [TransientLayer] = []
    for (position, tab) in live.levels[index].tabs.enumerated() {
      var tree =
        live.levels[tab].kind == .stack
        ? chain(from: tab, of: live, nesting: nesting)
        : nesting < maximumNesting
          ? self.tree(at: tab, of: live, nesting: nesting + 1)
          : FlowSnapshot(levels: [])
      if position == selected {
        shownAlerts = tree.transient
      } else {
        otherAlerts += tree.transient.map {
          TransientLayer($0.kind, title: $0.title, tab: position)
        }
      }
      tree.transient = []
      trees.append(tree)
    }
    if let cover = live.levels[index].presented,
      let title = live.node(cover).details().transientTitle
    {
      shownAlerts.append(TransientLayer(.alert, title: title))
    }
    var snapshot = FlowSnapshot(levels: [
      Level(
        flow: live.levels[index].flow, routes: [], tabs: Tabs(trees: trees, selected: selected))
    ])
    snapshot.transient = shownAlerts + otherAlerts
    return snapshot
  }

  /// A split's level with the primary's tree and the detail's, if a restorable detail is shown.
  ///
  /// Never the width. What the split presents is saved in the tree of the column it hangs over.
  @MainActor
  private static func split(at index: Int, of live: LiveTree, nesting: Int) -> FlowSnapshot {
    var primary =
      live.column(.primary, of: index).map { chain(from: $0, of: live, nesting: nesting) }
      ?? FlowSnapshot(levels: [])
    var detail = live.column(.detail, of: index).map { chain(from: $0, of: live, nesting: nesting) }
    if detail?.levels.isEmpty == true { detail = nil }
    let transient = primary.transient + (detail?.transient ?? [])
    primary.transient = []
    detail?.transient = []
    var snapshot = FlowSnapshot(levels: [
      Level(
        flow: live.levels[index].flow, routes: [],
        columns: Columns(primary: primary, detail: detail))
    ])
    snapshot.transient = transient
    return snapshot
  }
}

extension FlowTree.Level.Place {
  /// The style a presented level was shown in; `nil` for any other place.
  var presentationStyle: PresentationStyle? {
    if case .presented(let style) = self { return style }
    return nil
  }
}
