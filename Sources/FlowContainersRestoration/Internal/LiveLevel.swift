package import FlowContainersCore

/// One level of the live tree, as planning sees it: the container, its owner if it is a
/// restorable flow, and (when asked for) the routes it shows, read once when the chain is read.
///
/// A level is a stack, a tab bar or a split, by its container's kind; the next level is what the
/// stack presents, the tab of the bar the path goes into, or the split's column it goes into.
@MainActor
package struct LiveLevel {
  package let container: ContainerNode
  /// The level's flow: as a restorable flow once asked, or, in a chain read without routes, the
  /// owner, asked only when someone reads ``flow`` (applying a link asks for reused levels only,
  /// and the cast costs more than the rest of the reading).
  private let owner: Owner
  /// The routes of the flow's screens, bottom first; `nil` for a screen without one.
  ///
  /// Empty when the chain was read without routes, and for a tab bar or a split.
  package let routes: [AnyRoute?]
  /// The container's revision, read with what it presents, after its routes.
  package private(set) var revision: UInt64 = 0

  private enum Owner {
    case cast((any RestorableFlow)?)
    case uncast(AnyObject?)
  }

  private init(container: ContainerNode, owner: Owner, routes: [AnyRoute?]) {
    self.container = container
    self.owner = owner
    self.routes = routes
  }

  private init(container: ContainerNode, flow: (any RestorableFlow)?, readingRoutes: Bool) {
    self.init(
      container: container, owner: .cast(flow),
      routes: readingRoutes ? flow.map { Self.routes(of: $0) } ?? [] : [])
  }

  private init(container: ContainerNode, owner: AnyObject?, readingRoutes: Bool) {
    guard readingRoutes else {
      self.init(container: container, owner: .uncast(owner), routes: [])
      return
    }
    self.init(container: container, flow: owner as? any RestorableFlow, readingRoutes: true)
  }

  /// The level's flow, if it is a restorable stack flow; `nil` for a tab bar or a split.
  package var flow: (any RestorableFlow)? {
    switch owner {
    case .cast(let flow): flow
    case .uncast(let owner): owner as? any RestorableFlow
    }
  }

  package var name: FlowName { container.flowName }

  /// The identity of the level's flow type.
  var flowIdentity: ObjectIdentifier? {
    switch owner {
    case .cast(let flow?): return ObjectIdentifier(type(of: flow))
    case .uncast(let owner?): return ObjectIdentifier(type(of: owner))
    case .cast(nil), .uncast(nil): return container.owner.map { ObjectIdentifier(type(of: $0)) }
    }
  }

  /// The level's tab container, when the level is a tab bar.
  package var bar: TabContainer? { container as? TabContainer }

  /// The level's split, when the level is one.
  package var split: SplitContainer? { container as? SplitContainer }

  /// Reads the chain from `root` up to the topmost level on the path.
  ///
  /// Through a stack the path goes to what it presents; through a tab bar, into the tab `tab`
  /// chooses for the bar's level (the selected one when it returns `nil`), past anything the bar
  /// presents, which a plan into a tab dismisses; through a split, into the column `column`
  /// chooses for the split's level (the shown one, the detail if there is one, when it returns
  /// `nil`). A split's shown column reads what the split presents as what it presents.
  ///
  /// - Parameters:
  ///   - root: The root flow's container.
  ///   - readingRoutes: Whether to read each flow's routes: planning needs them; applying,
  ///     holding and checking a stamp do not, and reading them is most of the cost.
  ///   - intoBranches: Whether the path goes on into a tab bar's tab or a split's column; when
  ///     not, a bar or a split it meets is its last level.
  ///   - tab: The tab the path goes into at a tab bar's level.
  ///   - column: The column the path goes into at a split's level.
  /// - Returns: The levels, the root first.
  package static func chain(
    from root: ContainerNode, readingRoutes: Bool, intoBranches: Bool = true,
    tab: (Int) -> Int? = { _ in nil }, column: (Int) -> SplitColumn? = { _ in nil }
  ) -> [LiveLevel] {
    chain(
      from: root, flow: root.owner as? any RestorableFlow, readingRoutes: readingRoutes,
      intoBranches: intoBranches, tab: tab, column: column)
  }

  /// Reads the chain from `root`, whose flow, `flow`, the caller knows without a cast; see
  /// ``chain(from:readingRoutes:intoBranches:tab:column:)``.
  package static func chain(
    from root: ContainerNode, flow rootFlow: (any RestorableFlow)?, readingRoutes: Bool,
    intoBranches: Bool = true, tab: (Int) -> Int? = { _ in nil },
    column: (Int) -> SplitColumn? = { _ in nil }
  ) -> [LiveLevel] {
    var levels: [LiveLevel] = []
    // Room for a few levels at once: growing one by one reallocates at two and at four.
    levels.reserveCapacity(4)
    levels.append(LiveLevel(container: root, flow: rootFlow, readingRoutes: readingRoutes))
    var current = root
    while true {
      let next: ContainerNode
      let flow: AnyObject?
      // Reading routes runs user code (`route(for:)`): the chain goes on from what the level
      // presents now, and the level's revision is the one it has then.
      let reading = current.untracked
      levels[levels.count - 1].revision = reading.revision
      if let columns = reading.columns {
        guard intoBranches else { break }
        let chosen = column(levels.count - 1) ?? (columns.detail == nil ? .primary : .detail)
        guard let node = chosen == .primary ? columns.primary : columns.detail else { break }
        next = node
        flow = next.owner
      } else if current is TabContainer {
        guard intoBranches, let index = tab(levels.count - 1) ?? reading.selectedTab,
          reading.tabs.indices.contains(index)
        else { break }
        next = reading.tabs[index]
        flow = next.owner
      } else {
        // The presenter holds the flow it presents strongly: no weak load.
        guard let presented = reading.presented else { break }
        next = presented
        flow = reading.presentedFlow
      }
      levels.append(LiveLevel(container: next, owner: flow, readingRoutes: readingRoutes))
      current = next
    }
    return levels
  }

  /// Reads the chain from `root`'s container; see
  /// ``chain(from:readingRoutes:intoBranches:tab:column:)``.
  package static func chain(from root: some RestorableFlow, readingRoutes: Bool) -> [LiveLevel] {
    chain(from: root.container, flow: root, readingRoutes: readingRoutes)
  }

  /// The routes of `flow`'s screens.
  ///
  /// A loop rather than `map`: this runs unspecialised (the flow is an existential), and the
  /// generic `map` would then look up metadata for every element.
  private static func routes<Flow: RestorableFlow>(of flow: Flow) -> [AnyRoute?] {
    let storage = flow.container.screensUntracked
    var routes: [AnyRoute?] = []
    routes.reserveCapacity(storage.count)
    // An index loop, not `indices`, for the same reason.
    var index = 0
    while index < storage.count {
      if let route = flow.route(for: storage[index]) {
        routes.append(AnyRoute(route))
      } else {
        routes.append(nil)
      }
      index += 1
    }
    return routes
  }
}

extension TabContainer {
  /// The tabs and the selected tab's position, read without registering an Observation access.
  package var tabsUntracked: (tabs: [ContainerNode], selected: Int?) {
    let reading = untracked
    return (reading.tabs, reading.selectedTab)
  }
}
