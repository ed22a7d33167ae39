public import FlowContainersCore

/// The restorable state of a tree: for each level, the flow type and the routes it shows.
///
/// It holds route values with IDs, never objects or view state. Take one with
/// ``FlowRestorer/snapshot()``, encode it with ``jsonData()``, and restore it with
/// ``FlowRestorer/restore(_:)`` or ``FlowRestorer/restore(from:)``. The JSON has a schema
/// version, 3, the only one this library writes and reads.
///
/// ```swift
/// let data = try router.restorer.snapshot().jsonData()
/// // {"levels":[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]},
/// //            {"flow":"EditorFlow","routes":["edit"]}],"version":3}
/// ```
///
/// Each chain of presentations is a flat list of levels, root first; a tab bar's level holds its
/// tabs' trees (``Level/tabs``), and a split's its columns' (``Level/columns``).
public struct FlowSnapshot: Sendable, Hashable {
  /// One level: a flow and the routes it shows, bottom first, a tab bar and its tabs, or a split
  /// and its columns.
  public struct Level: Sendable, Hashable {
    /// The flow type's ``NamedFlow/flowName``.
    public var flow: FlowName
    /// The routes, bottom first; none for a tab bar.
    public var routes: [AnyRoute]
    /// How the level was presented (the root's is not used).
    public var style: PresentationStyle
    /// For a tab bar, its tabs' trees; `nil` for a stack.
    public var tabs: Tabs?
    /// For a split, its columns' trees; `nil` for a stack or a tab bar.
    public var columns: Columns?

    /// Creates a level of `flow` showing `routes`, presented with `style`, holding `tabs` for a
    /// tab bar or `columns` for a split.
    public init(
      flow: FlowName, routes: [AnyRoute], style: PresentationStyle = .sheet, tabs: Tabs? = nil,
      columns: Columns? = nil
    ) {
      self.flow = flow
      self.routes = routes
      self.style = style
      self.tabs = tabs
      self.columns = columns
    }
  }

  /// A tab bar's tabs: each tab's tree, in the tabs' order, and which tab was selected.
  ///
  /// A tree is restored into the tab whose flow has its first level's ``NamedFlow/flowName``;
  /// its position tells two tabs of one type apart. A tab not restorable saves an empty tree.
  public struct Tabs: Sendable, Hashable {
    /// Each tab's tree, in the tabs' order.
    public var trees: [FlowSnapshot]
    /// The position of the selected tab, if one was.
    public var selected: Int?

    /// Creates a tab bar's tabs: each tab's tree, in order, and the selected tab's position.
    public init(trees: [FlowSnapshot], selected: Int?) {
      self.trees = trees
      self.selected = selected
    }
  }

  /// A split's columns: the primary's tree and, if a detail was shown, the detail's; never the
  /// width, which is the host's.
  public struct Columns: Sendable, Hashable {
    /// The primary column's tree.
    public var primary: FlowSnapshot
    /// The detail column's tree; `nil` when no restorable detail was shown.
    public var detail: FlowSnapshot?

    /// Creates a split's columns: the primary's tree, and the detail's if one was shown.
    public init(primary: FlowSnapshot, detail: FlowSnapshot?) {
      self.primary = primary
      self.detail = detail
    }
  }

  /// The schema version this library writes, and the only one it reads.
  ///
  /// A snapshot of another version is refused with ``RestorationError/unsupportedVersion(_:)``.
  static let currentVersion = 3
  /// The largest snapshot accepted, in bytes: 1 MiB.
  static let maximumSize = 1 << 20
  /// The most levels a snapshot may have, counting every tab's and column's: 4,096.
  static let maximumLevels = 4096

  /// The levels, root first.
  public var levels: [Level]
  /// Transient layers that were up and are not saved: alerts.
  ///
  /// Restoring never rebuilds them; the report lists them in
  /// ``RestorationReport/droppedAlerts``, so that the user learns the alert is gone.
  public var transient: [TransientLayer] = []

  /// Creates a snapshot from its levels, root first.
  public init(levels: [Level]) {
    self.levels = levels
  }
}

extension FlowSnapshot: CustomStringConvertible {
  /// The levels as a tree dump draws a chain, root first; a tab bar's tabs beneath it, each
  /// indented, with `*` on the selected one; a split's columns beneath it, each indented.
  public var description: String {
    var lines = [
      FlowTree.chainDescription(count: levels.count) { index in
        (
          levels[index].flow.rawValue, index == 0 ? nil : levels[index].style.rawValue,
          levels[index].routes.map(\.description)
        )
      }
    ]
    for level in levels {
      var branches = [("primary", level.columns?.primary), ("detail", level.columns?.detail)]
      for (index, tree) in (level.tabs?.trees ?? []).enumerated() {
        branches.append(("tab \(index)\(index == level.tabs?.selected ? "*" : "")", tree))
      }
      for case (let name, let tree?) in branches {
        lines.append("  \(name) of \(level.flow):")
        lines += tree.description.split(separator: "\n").map { "    " + $0 }
      }
    }
    return lines.joined(separator: "\n")
  }
}
