import FlowContainers
import Foundation

/// A flow that presents flows of its own type, to build a chain of 1,000.
@MainActor
final class ChainFlow: LinkableFlow {
  let container = StackContainer<Route>(root: .home)
  init() { container.owner = self }

  static let routes: RouteTable<Route> = [.pattern("*") { _ in [.home] }]
  static let subFlows: [SubFlow<ChainFlow>] = [.flow(ChainFlow.self) { _, _ in ChainFlow() }]
}

/// The baseline: the same data as plain structs.
struct PlainLevel: Codable {
  var flow: String
  var routes: [Route]
}

@MainActor
func restorationBenchmarks(_ settings: Settings) -> [Result] {
  let root = ChainFlow()
  var top = root.container
  for index in 1..<1000 {
    let flow = ChainFlow()
    flow.container.push(.item(index))
    top.present(flow.container)
    top = flow.container
  }
  let router = DeepLinkRouter(root: root, scheme: "chain")
  guard let snapshot = try? router.restorer.snapshot() else {
    preconditionFailure("the root is alive")
  }
  precondition(snapshot.levels.count == 1000)
  let plain = snapshot.levels.map { level in
    PlainLevel(flow: level.flow.rawValue, routes: level.routes.compactMap { $0.as(Route.self) })
  }
  let roundTrip: Workload = { operations in
    timed {
      for _ in 0..<operations {
        guard let data = try? snapshot.jsonData(),
          let decoded = try? FlowSnapshot.decode(data, root: ChainFlow.self)
        else { fatalError("the snapshot did not round-trip") }
        blackHole(decoded)
      }
    }
  }
  let plainRoundTrip: Workload = { operations in
    timed {
      for _ in 0..<operations {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(plain),
          let decoded = try? JSONDecoder().decode([PlainLevel].self, from: data)
        else { fatalError("the plain structs did not round-trip") }
        blackHole(decoded)
      }
    }
  }
  let result = compare(
    "restore_1000", goal: 1.5, settings: settings,
    baseline: "JSONEncoder + JSONDecoder on 1,000 plain structs",
    workload: roundTrip, baseline: plainRoundTrip)
  root.container.finish()
  return [result]
}
