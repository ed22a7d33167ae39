import FlowContainersCore

extension FlowSnapshot {
  /// How many tab bars or splits deep a snapshot saves: each nests five JSON levels deeper, and
  /// `JSONDecoder` reads 512.
  static let maximumNesting = 64

  /// Throws when the snapshot has more than ``maximumLevels`` levels, counting every tab's and
  /// column's: checked when a snapshot is saved and when it is restored.
  func checkLevelCount() throws(RestorationError) {
    var count = 0
    var left: [FlowSnapshot] = [self]
    while let tree = left.popLast() {
      count += tree.levels.count
      for level in tree.levels {
        left += level.tabs?.trees ?? []
        left += [level.columns?.primary, level.columns?.detail].compactMap { $0 }
      }
    }
    guard count <= Self.maximumLevels else {
      throw .tooManyLevels(count: count, limit: Self.maximumLevels)
    }
  }

  /// What the live tree shows from its level `start`: a chain, or a tab bar's or a split's level
  /// holding its branches' trees (never a split's width), with the alerts up in them as
  /// transient (one in a tab not selected, with its tab, after the rest).
  @MainActor
  static func tree(at start: Int = 0, of live: LiveTree, nesting: Int = 0) -> FlowSnapshot {
    var level = Level(flow: live.levels[start].flow, routes: [])
    var transient: [TransientLayer] = []
    switch live.levels[start].kind {
    case .stack: return chain(from: start, of: live, nesting: nesting)
    case .tabs:
      let selected = live.selectedTab(of: start)
      var trees: [FlowSnapshot] = []
      var others: [TransientLayer] = []
      for (position, tab) in live.levels[start].tabs.enumerated() {
        var tree =
          live.levels[tab].kind == .stack
          ? chain(from: tab, of: live, nesting: nesting)
          : nesting < maximumNesting
            ? self.tree(at: tab, of: live, nesting: nesting + 1)
            : FlowSnapshot(levels: [])
        if position == selected {
          transient = tree.transient
        } else {
          others += tree.transient.map { TransientLayer(title: $0.title, tab: position) }
        }
        tree.transient = []
        trees.append(tree)
      }
      if let cover = live.levels[start].presented,
        let title = live.node(cover).details().transientTitle
      {
        transient.append(TransientLayer(title: title))
      }
      transient += others
      level.tabs = Tabs(trees: trees, selected: selected)
    case .split:
      // What the split presents is saved in the tree of the column it hangs over.
      var primary =
        live.column(.primary, of: start).map { chain(from: $0, of: live, nesting: nesting) }
        ?? FlowSnapshot(levels: [])
      var detail = live.column(.detail, of: start).map {
        chain(from: $0, of: live, nesting: nesting)
      }
      if detail?.levels.isEmpty == true { detail = nil }
      transient = primary.transient + (detail?.transient ?? [])
      primary.transient = []
      detail?.transient = []
      level.columns = Columns(primary: primary, detail: detail)
    }
    var snapshot = FlowSnapshot(levels: [level])
    snapshot.transient = transient
    return snapshot
  }

  /// The chain from the live level `start`, up to the first flow not restorable or the first
  /// screen without a route; a tab bar or a split on the way is the last level.
  @MainActor
  private static func chain(from start: Int, of live: LiveTree, nesting: Int) -> FlowSnapshot {
    var levels: [Level] = []
    var current: Int? = start
    var unsaved: Int?
    while let index = current {
      let level = live.levels[index]
      let style: PresentationStyle =
        if case .presented(let style) = level.place { style } else { .sheet }
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
      guard let (routes, screens) = live.routes(index) else {
        unsaved = index
        break
      }
      levels.append(Level(flow: level.flow, routes: routes.erased, style: style))
      current = live.presented(over: index)
      if routes.count < screens {
        unsaved = current
        break
      }
    }
    var snapshot = FlowSnapshot(levels: levels)
    // An alert up over the last saved level is listed, so that restoring says it is gone.
    if !levels.isEmpty, let unsaved, let title = live.node(unsaved).details().transientTitle {
      snapshot.transient = [TransientLayer(title: title)]
    }
    return snapshot
  }
}
