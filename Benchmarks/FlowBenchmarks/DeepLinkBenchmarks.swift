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
  static let subFlows: [SubFlow<DetailFlow>] = []
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
          let plan: NavigationPlan
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
  results.append(matchBenchmark(settings))
  let hundred = resolveApply(patterns: 100)
  results.append(
    compare(
      "deeplink_resolve_apply", goal: 4, settings: settings,
      baseline: "safe floor: hand-written coordinators parse, canHandle, present, push",
      workload: hundred, baseline: resolveApplyFloor()))
  // A reference for links from outside the package, without a goal: the floor is the baseline.
  results.append(
    compare(
      "deeplink_resolve_apply_urlcomponents", goal: nil, settings: settings,
      baseline: "URLComponents(string:) + host, path, queryItems",
      workload: hundred, baseline: linkFoundation))
  let thousand = resolveApply(patterns: 1000)
  var scaled = compare(
    "deeplink_patterns_1000", goal: 1.2, settings: settings, baseline: "deeplink_resolve_apply",
    workload: thousand, baseline: hundred)
  scaled.baseline = "deeplink_resolve_apply (100 patterns)"
  results.append(scaled)
  results.append(driverLinkTransitions(settings, table: resolveApplyTable(patterns: 100)))
  return results
}

/// The route table of `deeplink_resolve_apply` with `patterns` patterns, installed.
@MainActor
func resolveApplyTable(patterns: Int) -> RouteTable<Route> {
  LinkRoot.fillers = patterns - 2
  LinkRoot.table = nil
  return LinkRoot.routes
}

/// `deeplink_resolve_apply`'s link applied while the host plays a transition (the user pushed a
/// screen), then every transition the driver asks for played to the end, against the same push
/// and link with no host.
@MainActor
func driverLinkTransitions(_ settings: Settings, table: RouteTable<Route>) -> Result {
  let links = ["bench://item/1/detail/7", "bench://item/2/detail/7"].compactMap {
    try? DeepLink(parsing: $0)
  }
  precondition(links.count == 2, "the benchmark links did not parse")
  func linkAfterAPush(driven: Bool) -> Workload {
    let root = LinkRoot()
    let router = DeepLinkRouter(root: root, scheme: "bench")
    var inProgress = false
    let driver =
      driven ? HostDriver(root: root.container) { _ in inProgress = true } : nil
    return { operations in
      LinkRoot.table = table
      withExtendedLifetime(root) {}
      return timed {
        for index in 0..<operations {
          // The user's push begins a transition; the link arrives while it plays.
          root.container.push(.item(index))
          guard case .success(let plan) = router.plan(for: links[index & 1]) else {
            fatalError("the benchmark link did not resolve")
          }
          blackHole(router.apply(plan))
          // The host plays the rest to the end.
          while inProgress, let driver {
            inProgress = false
            driver.transitionFinished()
          }
        }
      }
    }
  }
  return compare(
    "driver_link_transitions", goal: 2, settings: settings,
    baseline: "the same push and link with no host", workload: linkAfterAPush(driven: true),
    baseline: linkAfterAPush(driven: false))
}

/// The 50 shapes `deeplink_match` matches: 49 `kind<n>/:id<Int>` and one
/// `thing/:id<UUID>/part/:n<Int>`.
let matchTable: RouteTable<Route> = {
  var entries: [RouteTable<Route>.Entry] = (0..<49).map { index in
    .pattern("kind\(index)/:id<Int>") { [.home, .item(try $0.int("id"))] }
  }
  entries.append(
    .pattern("thing/:id<UUID>/part/:n<Int>") { [.home, .part(try $0.uuid("id"), try $0.int("n"))] })
  return RouteTable(entries)
}()

@MainActor
func matchBenchmark(_ settings: Settings) -> Result {
  let text = "bench://thing/6BA7B810-9DAD-11D1-80B4-00C04FD430C8/part/42"
  let table = matchTable
  let library: Workload = { operations in
    timed {
      for _ in 0..<operations {
        guard let link = try? DeepLink(parsing: text), let resolution = table.resolve(link) else {
          fatalError("the benchmark link did not match")
        }
        blackHole(resolution.stack)
      }
    }
  }
  let byHand: Workload = { operations in
    timed {
      for _ in 0..<operations {
        guard let stack = HandWritten.match(text) else {
          fatalError("the benchmark link did not match by hand")
        }
        blackHole(stack)
      }
    }
  }
  return compare(
    "deeplink_match", goal: 4, settings: settings,
    baseline: "hand-written UTF-8 matcher of the same 50 shapes", workload: library,
    baseline: byHand)
}

/// The safe floor of `deeplink_resolve_apply`: the same two links, alternating, resolved by
/// hand-written, seed-style coordinators (``FloorLinkRoot`` and ``FloorDetailFlow``, the twins
/// of `LinkRoot` and `DetailFlow`): split the link, ask each level's `static canHandle`, then
/// dismiss the detail flow, pop to the root, push the item, create the detail flow, push its
/// screen and present it.
///
/// What it leaves out is ``FloorLinkRoot``'s to say: patterns, plans, reuse, guards and the
/// library's other promises.
@MainActor
func resolveApplyFloor() -> Workload {
  let root = FloorLinkRoot()
  let links = ["bench://item/1/detail/7", "bench://item/2/detail/7"]
  return { operations in
    withExtendedLifetime(root) {}
    return timed {
      for index in 0..<operations {
        guard let components = HandWritten.components(of: links[index & 1], scheme: "bench"),
          FloorLinkRoot.canHandle(components[...])
        else { fatalError("the benchmark link did not resolve by hand") }
        root.open(components[...])
      }
    }
  }
}
