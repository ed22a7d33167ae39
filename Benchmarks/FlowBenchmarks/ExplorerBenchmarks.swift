import FlowContainers
import FlowContainersTesting

/// A catalogue of items, every one a link away: the explorer's states grow with the samples,
/// each reached and checked at the same cost.
@MainActor
final class CatalogueFlow: LinkableFlow {
  let container = StackContainer<Route>(root: .home)

  init() {
    container.owner = self
  }

  static let routes: RouteTable<Route> = [
    .pattern("") { _ in [.home] },
    .pattern("item/:id<Int>", parameters: itemParameters) { match in
      [.home, .item(try match.int("id"))]
    },
  ]
  static let subFlows: [SubFlow<CatalogueFlow>] = []

  static let itemParameters: @Sendable ([Route]) -> [String: String]? = { stack in
    guard case .item(let id)? = stack.last else { return nil }
    return ["id": "\(id)"]
  }
}

/// The catalogue and its router, made afresh for every path.
@MainActor
final class CatalogueApp: ExplorableApp {
  let root = CatalogueFlow()
  let router: DeepLinkRouter?

  init() {
    router = DeepLinkRouter(root: root, scheme: "catalogue")
  }
}

/// The explorer's cost per state: one exploration of 10,000 states against ten of 1,000, so
/// that a ratio near 1 says the cost grows linearly with the states visited.
@MainActor
func explorerBenchmarks(_ settings: Settings) async -> [Result] {
  let name = "explore_states"
  if let row = settings.row, row != name {
    return [Result(name: name, nsPerOp: 0, baseline: "", skipped: true)]
  }
  let states = settings.rounds < Settings.full.rounds ? 200 : 10_000
  /// Explores `count` states, and says how many it visited.
  func explore(_ count: Int) async -> Int {
    let explorer = FlowExplorer(stateBudget: count) { CatalogueApp() }
    explorer.samples["id"] = (1...count).map(String.init)
    return await explorer.explore().statesVisited
  }
  let rounds = settings.fixedOperations == nil ? max(1, settings.rounds / 5) : 1
  var workloadTimes: [Double] = []
  var baselineTimes: [Double] = []
  for _ in 0..<rounds {
    if settings.side != .baseline {
      let start = now()
      let visited = await explore(states)
      workloadTimes.append(Double(now() - start) / Double(visited))
    }
    if settings.side != .workload {
      let start = now()
      var visited = 0
      for _ in 0..<10 { visited += await explore(states / 10) }
      baselineTimes.append(Double(now() - start) / Double(visited))
    }
  }
  return [
    Result(
      name: name, nsPerOp: median(workloadTimes),
      baseline: "10 explorations of \(states == 10_000 ? "1,000" : "\(states / 10)") states",
      baselineNsPerOp: settings.side == .workload ? nil : median(baselineTimes), goal: 1.2)
  ]
}
