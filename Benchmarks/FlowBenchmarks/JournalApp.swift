import FlowContainers
import FlowContainersTesting

/// A page of the journal: its home, or an entry.
enum JournalPage: Hashable, Codable, Sendable {
  case home
  case entry(Int)
}

/// The journal, the first tab: entries a link away, each leading to the next, and a sheet to
/// write on.
@MainActor
final class JournalFlow: LinkableFlow {
  let container = StackContainer<JournalPage>(root: .home)

  init() {
    container.owner = self
  }

  static let routes: RouteTable<JournalPage> = [
    .pattern("journal") { _ in [.home] },
    .pattern("journal/entry/:id<Int>", parameters: entryParameters) { match in
      [.home, .entry(try match.int("id"))]
    },
    .pattern("journal/*") { _ in [.home] },
  ]
  static let subFlows: [SubFlow<JournalFlow>] = [
    .flow(ComposeFlow.self) { _, _ in ComposeFlow() }
  ]

  /// An entry's link, for a stack of the home and one entry only.
  static let entryParameters: @Sendable ([JournalPage]) -> [String: String]? = { stack in
    guard stack.count == 2, case .entry(let id) = stack[1] else { return nil }
    return ["id": "\(id)"]
  }

  /// Whether an entry shows, before the last, with nothing over it.
  var hasNext: Bool {
    guard container.presented == nil, case .entry(let id) = container.top else { return false }
    return id < 8
  }

  /// Opens the entry after the one on top.
  func next() {
    guard hasNext, case .entry(let id) = container.top else { return }
    container.push(.entry(id + 1))
  }
}

/// The sheet to write on, over the journal.
@MainActor
final class ComposeFlow: LinkableFlow {
  let container = StackContainer<String>(root: "compose")

  init() {
    container.owner = self
  }

  static let routes: RouteTable<String> = [.pattern("compose") { _ in ["compose"] }]
  static let subFlows: [SubFlow<ComposeFlow>] = []

  /// Sends what was written, and closes the sheet.
  func send() {
    container.dismiss()
  }
}

/// A row of the shelf, the second tab.
enum ShelfPage: Hashable, Codable, Sendable {
  case shelf
  case row(Int)
}

/// The shelf, the second tab: its rows, each a link away.
@MainActor
final class ShelfFlow: LinkableFlow {
  let container = StackContainer<ShelfPage>(root: .shelf)

  init() {
    container.owner = self
  }

  static let routes: RouteTable<ShelfPage> = [
    .pattern("shelf") { _ in [.shelf] },
    .pattern("shelf/:row<Int>", parameters: rowParameters) { match in
      [.shelf, .row(try match.int("row"))]
    },
  ]
  static let subFlows: [SubFlow<ShelfFlow>] = []

  static let rowParameters: @Sendable ([ShelfPage]) -> [String: String]? = { stack in
    guard stack.count == 2, case .row(let row) = stack[1] else { return nil }
    return ["row": "\(row)"]
  }
}

/// The journal's tab bar: the journal and the shelf.
@MainActor
final class JournalTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [JournalFlow.self, ShelfFlow.self]

  init() {
    let journal = JournalFlow()
    let shelf = ShelfFlow()
    container.owner = self
    container.setTabs([journal.container, shelf.container])
  }
}

/// The journal app, with tabs, links, a sheet and a stack that grows by an action, and its
/// router, made afresh for every path.
@MainActor
final class JournalApp: ExplorableApp {
  let root = JournalTabs()
  let router: DeepLinkRouter?

  init() {
    router = DeepLinkRouter(root: root, scheme: "journal")
  }
}

extension FlowExplorer where App == JournalApp {
  /// An explorer of the journal within `maxDepth`: entries 1 to 4, rows 1 to 3, the next
  /// entry, and sending what the sheet holds.
  static func journal(maxDepth: Int) -> FlowExplorer {
    let explorer = FlowExplorer(maxDepth: maxDepth, stateBudget: 2_000) { JournalApp() }
    explorer.samples["id"] = ["1", "2", "3", "4"]
    explorer.samples["row"] = ["1", "2", "3"]
    explorer.action(
      "next", on: JournalFlow.self, when: { $0.hasNext }, { _, journal in journal.next() })
    explorer.action("send", on: ComposeFlow.self) { _, compose in compose.send() }
    return explorer
  }
}
