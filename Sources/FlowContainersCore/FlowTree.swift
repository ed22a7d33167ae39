/// The live tree as a value: every level, its kind, its flow, its screens, how it hangs and what
/// hangs on it, as it was when ``ContainerNode/tree`` read it.
///
/// The levels are stored flat, in the order a dump shows them: each level, then its tabs'
/// subtrees in order, then what it presents. A level names the level it hangs on by position, so
/// a tree of any depth compares, prints and is released without recursion. Compare two readings
/// to test navigation as a whole:
///
/// ```swift
/// #expect(app.container.tree.levels.map(\.flow.description) == ["AppFlow", "EditorFlow"])
/// ```
public struct FlowTree: Sendable, Hashable {
  /// One container of the tree.
  public struct Level: Sendable, Hashable {
    /// What a level holds: the one enum of container kinds that planning, snapshots, route maps
    /// and drivers switch on.
    public enum Kind: Sendable, Hashable {
      /// A stack of screens.
      case stack
      /// Tabs, one of them selected (the tab level whose place says so).
      case tabs
      /// A split's columns, side by side or collapsed into one stack (``Level/width``).
      case split
    }

    /// How a level hangs on the level below it.
    public enum Place: Sendable, Hashable {
      /// Nothing holds it: the root of its tree.
      case root
      /// Presented, with a style.
      case presented(PresentationStyle)
      /// A tab, at a position of its tab container, selected or not.
      case tab(Int, selected: Bool)
      /// A column of a split.
      case column(SplitColumn)
    }

    /// The stable name of the flow that owns the container, or ``FlowName/noOwner``.
    public var flow: FlowName
    /// What the container holds.
    public var kind: Kind
    /// How it hangs, also for the first level, whose holder is not in the value.
    public var place: Place
    /// The screens as `String(describing:)` renders them, bottom first; for tabs, the tabs'
    /// flows, the selected one marked `*`; for a split, its columns' flows (`no detail` where
    /// there is none), joined with `+` while collapsed.
    public var screens: [String]
    /// Whether the container has finished; part of the value, so trees that differ in it differ.
    var isFinished: Bool
    /// The position in ``FlowTree/levels`` of the level this one hangs on; `nil` for the first.
    public internal(set) var parent: Int?
    /// How many levels lie below this one in the value: 0 for the first.
    public internal(set) var depth: Int
    /// The positions of its tabs' levels, in order; empty for a stack.
    package internal(set) var tabs: [Int] = []
    /// The positions of a split's column levels: the primary's, then the detail's.
    package internal(set) var columns: [Int] = []
    /// The position of the level it presents, if it presents one.
    package internal(set) var presented: Int?
    /// A split's width: regular, its columns side by side, or compact, collapsed into one stack;
    /// `nil` for any other kind.
    public internal(set) var width: SplitWidth?
    /// The position in ``tabs`` of the selected tab, if any.
    var selectedTab: Int?

    /// The positions of the levels that hang on this one.
    ///
    /// Its tabs' in order, or a split's columns (the primary's, then the detail's), then the
    /// level it presents. Each one's ``place`` says how it hangs.
    public var children: [Int] { tabs + columns + (presented.map { [$0] } ?? []) }
  }

  /// Every level, the first one first, then each level's tabs' subtrees, then what it presents.
  public private(set) var levels: [Level]

  /// The positions of the levels along what the user sees, from the first level to the one the
  /// user sees, the last.
  ///
  /// What each level presents, the selected tab of each tab level, and the detail (or, with
  /// none, the primary) of each split that presents nothing. The last is the same in either
  /// width: collapsed, the detail is on top.
  public var shownLevels: [Int] {
    guard !levels.isEmpty else { return [] }
    var shown = [0]
    while let index = shown.last {
      let level = levels[index]
      if let presented = level.presented {
        shown.append(presented)
      } else if let selected = level.selectedTab, level.tabs.indices.contains(selected) {
        shown.append(level.tabs[selected])
      } else if level.kind == .split, let column = level.columns.last {
        shown.append(column)
      } else {
        return shown
      }
    }
    return shown
  }

  init(levels: [Level]) {
    self.levels = levels
  }
}

extension ContainerNode {
  /// This container and everything that hangs on it (its tabs and what it presents, and so on),
  /// as a value.
  ///
  /// One walk, without recursion, costing the levels and screens it reads. Read it from
  /// ``root`` for the whole tree.
  public var tree: FlowTree {
    var ignored: [(node: ContainerNode, revision: UInt64)]?
    return walk(describingScreens: true, into: [], containers: &ignored)
  }

  /// The walk of ``tree``, without recursion.
  ///
  /// Each level, then its tabs in order, then what it presents, with a list of what is left, so
  /// no depth recurses. When `containers` is not `nil`, each level's container and revision are
  /// added to it, in the levels' order. The levels fill `spare`, an empty list.
  func walk(
    describingScreens: Bool, into spare: consuming [FlowTree.Level],
    containers: inout [(node: ContainerNode, revision: UInt64)]?
  ) -> FlowTree {
    // Room for a few levels at once: growing from one costs an allocation a level. The list of
    // what is left is the last walk's, emptied, when it is small.
    var levels = spare
    var left: [(node: ContainerNode, parent: Int?, place: FlowTree.Level.Place)] = []
    swap(&left, &Self.spareLeft)
    defer { if left.capacity <= 64 { Self.spareLeft = left } }
    levels.reserveCapacity(4)
    left.reserveCapacity(4)
    containers?.reserveCapacity(4)
    left.append((self, nil, place))
    while let (node, parent, place) = left.popLast() {
      let index = levels.count
      if let presented = node.presentedNode, let style = presented.attachment.style {
        left.append((presented, index, .presented(style)))
      }
      if node.hasBranches {
        let branches = node.branches
        for (position, branch) in branches.nodes.enumerated().reversed() {
          left.append((branch, index, branch.place(at: position, shown: branches.shown)))
        }
      }
      var depth = 0
      if let parent {
        depth = levels[parent].depth + 1
        switch place {
        case .tab: levels[parent].tabs.append(index)
        case .column: levels[parent].columns.append(index)
        case .root, .presented: levels[parent].presented = index
        }
      }
      // Made in place: a level copied into the list costs a copy and a release.
      let kind = node.kind
      levels.append(
        FlowTree.Level(
          flow: node.flowName, kind: kind, place: place,
          screens: describingScreens ? node.screenDescriptions : [], isFinished: node.finished,
          parent: parent, depth: depth))
      switch kind {
      case .stack: break
      case .tabs: levels[index].selectedTab = node.branches.shown
      case .split: levels[index].width = node.splitView?.currentWidth
      }
      containers?.append((node, node.generation))
    }
    return FlowTree(levels: levels)
  }

  /// An empty list for the next walk of what is left to read.
  private static var spareLeft: [(node: ContainerNode, parent: Int?, place: FlowTree.Level.Place)] =
    []

  /// How this container hangs, as a tree value says it.
  private var place: FlowTree.Level.Place {
    let siblings = attachment == .root ? nil : holder?.branches
    let position = siblings?.nodes.firstIndex { $0 === self }
    return place(at: position, shown: siblings?.shown)
  }

  /// How this container hangs, as a tree value says it, at `position` among its holder's
  /// branches, of which the one at `shown` is shown.
  private func place(at position: Int?, shown: Int?) -> FlowTree.Level.Place {
    switch attachment {
    case .root: return .root
    case .presented(let style): return .presented(style)
    case .tab:
      guard let position else { return .root }
      return .tab(position, selected: position == shown)
    case .column(let column): return .column(column)
    }
  }
}
