import FlowContainers
import Foundation

/// The root of the deep-link benchmarks: `item/:id` pushes an item, and a trailing remainder
/// goes to a `DetailFlow`; `fillers` more patterns make the program's pattern count.
@MainActor
final class LinkRoot: LinkableFlow {
  let container = StackContainer<Route>(root: .home)
  nonisolated(unsafe) static var fillers = 97
  static var table: RouteTable<Route>?

  init() { container.owner = self }

  static var routes: RouteTable<Route> {
    if let table { return table }
    var entries: [RouteTable<Route>.Entry] = (0..<fillers).map { index in
      .pattern("section\(index)/:id<Int>") { [.home, .item(try $0.int("id"))] }
    }
    entries += [
      .pattern("item/:id<Int>") { [.home, .item(try $0.int("id"))] },
      .pattern("item/:id<Int>/*") { [.home, .item(try $0.int("id"))] },
    ]
    let built = RouteTable(entries)
    table = built
    return built
  }

  static let subFlows: [SubFlow<LinkRoot>] = [.flow(DetailFlow.self) { _, _ in DetailFlow() }]
}

@MainActor
final class DetailFlow: LinkableFlow {
  let container = StackContainer<Route>()
  init() { container.owner = self }

  static let routes: RouteTable<Route> = [
    .pattern("detail/:id<Int>") { [.detail(try $0.int("id"))] }
  ]
}

@MainActor
func deepLinkBenchmarks(_ settings: Settings) -> [Result] {
  let text = "notes://note/2/edit?from=share"
  let parse: Workload = { operations in
    timed {
      for _ in 0..<operations { blackHole(try? DeepLink(parsing: text)) }
    }
  }
  let foundation: Workload = { operations in
    timed {
      for _ in 0..<operations {
        let components = URLComponents(string: text)
        blackHole(components?.host)
        blackHole(components?.path)
        blackHole(components?.queryItems)
      }
    }
  }
  var results: [Result] = []
  results.append(
    compare(
      "deeplink_parse", goal: 1.0, settings: settings,
      baseline: "URLComponents(string:) + host, path, queryItems",
      workload: parse, baseline: foundation))

  func resolveApply(patterns: Int) -> Workload {
    LinkRoot.fillers = patterns - 2
    LinkRoot.table = nil
    let table = LinkRoot.routes
    let root = LinkRoot()
    let router = DeepLinkRouter(root: root, scheme: "bench")
    let links = ["bench://item/1/detail/7", "bench://item/2/detail/7"]
    return { operations in
      // Workloads with different pattern counts alternate: each installs its own table.
      LinkRoot.table = table
      precondition(LinkRoot.routes.patterns.count == patterns, "the workload's table is not in use")
      // The router holds its root weakly; the workload keeps it alive.
      withExtendedLifetime(root) {}
      return timed {
        for index in 0..<operations {
          // Alternate items, so each link replaces the item and presents a new detail flow.
          guard let link = try? DeepLink(parsing: links[index & 1]) else {
            fatalError("the benchmark link did not parse")
          }
          let plan: LinkPlan
          switch router.plan(for: link) {
          case .success(let made): plan = made
          case .failure(let failure): fatalError("the benchmark link did not resolve: \(failure)")
          }
          blackHole(router.apply(plan))
        }
      }
    }
  }
  let linkFoundation: Workload = { operations in
    timed {
      for index in 0..<operations {
        let components = URLComponents(
          string: index & 1 == 0 ? "bench://item/1/detail/7" : "bench://item/2/detail/7")
        blackHole(components?.host)
        blackHole(components?.path)
        blackHole(components?.queryItems)
      }
    }
  }
  let hundred = resolveApply(patterns: 100)
  let resolve = compare(
    "deeplink_resolve_apply", goal: 1.5, settings: settings,
    baseline: "URLComponents(string:) + host, path, queryItems",
    workload: hundred, baseline: linkFoundation)
  results.append(resolve)
  let thousand = resolveApply(patterns: 1000)
  var scaled = compare(
    "deeplink_patterns_1000", goal: 1.2, settings: settings, baseline: "deeplink_resolve_apply",
    workload: thousand, baseline: hundred)
  scaled.baseline = "deeplink_resolve_apply (100 patterns)"
  results.append(scaled)
  return results
}
