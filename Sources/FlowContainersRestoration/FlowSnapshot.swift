public import FlowContainersCore

/// The restorable state of a tree: for each level, the flow type and the routes it shows.
///
/// A snapshot holds the stable identity of what each flow shows (route values with IDs), never
/// objects or transient view state. It is a value: take one with ``FlowRestorer/snapshot()`` (or
/// ``DeepLinkRouter/snapshot()``), encode it with ``jsonData()``, and restore it with
/// ``FlowRestorer/restore(_:)`` or ``FlowRestorer/restore(from:)``, or the router's. The JSON
/// carries an explicit schema version, ``currentVersion`` when written.
///
/// ```swift
/// let data = try router.snapshot().jsonData()
/// // {"levels":[{"flow":"AppFlow","routes":[{"library":{}},{"note":{"_0":2}}]},
/// //            {"flow":"EditorFlow","routes":["edit"]}],"version":2}
/// ```
///
/// Since the live tree is a chain (each container presents at most one other), a snapshot is a
/// flat list of levels, root first, rather than nested objects.
public struct FlowSnapshot: Sendable, Hashable {
  /// One level: a flow and the routes it shows, bottom first.
  public struct Level: Sendable, Hashable {
    /// The flow type's ``NamedFlow/flowName``.
    public var flow: FlowName
    /// The routes, bottom first.
    public var routes: [AnyRoute]
    /// How the level was presented.
    ///
    /// The root's is not used. Saved only when it is not a ``PresentationStyle/sheet``.
    public var style: PresentationStyle

    /// Creates a level.
    ///
    /// - Parameters:
    ///   - flow: The flow type's ``NamedFlow/flowName``.
    ///   - routes: The routes it shows.
    ///   - style: How it was presented.
    public init(flow: FlowName, routes: [AnyRoute], style: PresentationStyle = .sheet) {
      self.flow = flow
      self.routes = routes
      self.style = style
    }
  }

  /// The schema version written by this library.
  public static let currentVersion = 2
  /// The oldest schema version this library reads (and migrates).
  public static let oldestReadableVersion = 1
  /// The largest snapshot accepted, in bytes.
  public static let maximumSize = 1 << 20
  /// The most levels a snapshot may have.
  public static let maximumLevels = 4096

  /// The levels, root first.
  public var levels: [Level]
  /// For a tab bar's router, the position of the selected tab, whose tree ``levels`` are;
  /// `nil` otherwise.
  public var selectedTab: Int?
  /// For a tab bar's router, the trees of the tabs that are not selected; empty otherwise.
  public var otherTabs: [TabTree] = []
  /// Transient layers that were up over the last level and are not saved: alerts.
  ///
  /// Restoring reports each in ``RestorationReport/droppedAlerts``.
  public var transient: [TransientLayer] = []

  /// The tree of one tab that is not selected, in a tab bar's snapshot.
  public struct TabTree: Sendable, Hashable {
    /// The tab's position in the tab bar when the snapshot was taken.
    public var index: Int
    /// The tab's levels, its flow first.
    public var levels: [Level]

    /// Creates a tab's tree.
    ///
    /// - Parameters:
    ///   - index: The tab's position.
    ///   - levels: Its levels, the tab flow first.
    public init(index: Int, levels: [Level]) {
      self.index = index
      self.levels = levels
    }
  }

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - levels: The levels, root first.
  ///   - selectedTab: The selected tab's position, for a tab bar's router.
  public init(levels: [Level], selectedTab: Int? = nil) {
    self.levels = levels
    self.selectedTab = selectedTab
  }
}

extension FlowSnapshot: CustomStringConvertible {
  /// One line per level: `AppFlow: [library, note(2)]`, indented like a tree dump.
  public var description: String {
    FlowTree.chainDescription(count: levels.count) { index in
      (
        levels[index].flow.rawValue, index == 0 ? nil : levels[index].style.rawValue,
        levels[index].routes.map(\.description)
      )
    }
  }
}
