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

/// The explorer's rows: its cost per state as the states grow, and as the paths grow.
@MainActor
func explorerBenchmarks(_ settings: Settings) async -> [Result] {
  [await exploreStates(settings), await exploreDepth(settings)]
}

/// The explorer's cost per state: one exploration of 10,000 states against ten of 1,000, so
/// that a ratio near 1 says the cost grows linearly with the states visited.
@MainActor
func exploreStates(_ settings: Settings) async -> Result {
  let name = "explore_states"
  if let row = settings.row, row != name {
    return Result(name: name, nsPerOp: 0, baseline: "", skipped: true)
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
  return Result(
    name: name, nsPerOp: median(workloadTimes),
    baseline: "10 explorations of \(states == 10_000 ? "1,000" : "\(states / 10)") states",
    baselineNsPerOp: settings.side == .workload ? nil : median(baselineTimes), goal: 1.2)
}

/// The explorer's cost per state as its paths grow: within 6 steps against within 3.
///
/// The app is `JournalApp` (tabs, links, a sheet, a stack an action grows), and both
/// explorations are exhaustive within the state budget of 2,000: 179 states within 6 steps, 84
/// within 3. Every step tried replays its path from a fresh app, so a state costs more on a
/// longer path; the goal bounds how much more.
@MainActor
func exploreDepth(_ settings: Settings) async -> Result {
  let name = "explore_depth"
  if let row = settings.row, row != name {
    return Result(name: name, nsPerOp: 0, baseline: "", skipped: true)
  }
  // A quick run, in a debug build too, explores within 3 steps against within 2.
  let (deep, shallow) = settings.rounds < Settings.full.rounds ? (3, 2) : (6, 3)
  /// The time per state of an exploration within `depth` steps.
  func perState(_ depth: Int) async -> Double {
    let explorer = FlowExplorer.journal(maxDepth: depth)
    let start = now()
    let visited = await explorer.explore().statesVisited
    return Double(now() - start) / Double(max(1, visited))
  }
  // A full run's explorations take a fraction of a second each: one pair a round.
  let isFull = settings.fixedOperations == nil && settings.rounds >= Settings.full.rounds
  var workloadTimes: [Double] = []
  var baselineTimes: [Double] = []
  for _ in 0..<(isFull ? settings.rounds : 1) {
    if settings.side != .baseline { workloadTimes.append(await perState(deep)) }
    if settings.side != .workload { baselineTimes.append(await perState(shallow)) }
  }
  return Result(
    name: name, nsPerOp: median(workloadTimes),
    baseline: "the same app within \(shallow) steps",
    baselineNsPerOp: settings.side == .workload ? nil : median(baselineTimes), goal: 2.5)
}
