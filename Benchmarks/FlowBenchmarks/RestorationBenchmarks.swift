import FlowContainers
@_spi(Testing) import FlowContainersCore
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
  return [result, restoreApplySave(settings)]
}

/// The root of `restore_apply_save`: `item/:id` shows an item, and what follows goes to a
/// ``SaveDetail``.
@MainActor
final class SaveRoot: LinkableFlow {
  let container = StackContainer<Route>(root: .home)
  init() { container.owner = self }

  static let routes: RouteTable<Route> = [
    .pattern("item/:id<Int>") { [.home, .item(try $0.int("id"))] },
    .pattern("item/:id<Int>/*") { [.home, .item(try $0.int("id"))] },
  ]
  static let subFlows: [SubFlow<SaveRoot>] = [.flow(SaveDetail.self) { _, _ in SaveDetail() }]
}

/// The middle level of `restore_apply_save`: `detail/:id` shows a detail, and what follows goes
/// to a ``SavePart``.
@MainActor
final class SaveDetail: LinkableFlow {
  let container = StackContainer<Route>()
  init() { container.owner = self }

  static let routes: RouteTable<Route> = [
    .pattern("detail/:id<Int>") { [.detail(try $0.int("id"))] },
    .pattern("detail/:id<Int>/*") { [.detail(try $0.int("id"))] },
  ]
  static let subFlows: [SubFlow<SaveDetail>] = [.flow(SavePart.self) { _, _ in SavePart() }]
}

/// The top level of `restore_apply_save`: `part/:n` shows an item.
@MainActor
final class SavePart: LinkableFlow {
  let container = StackContainer<Route>()
  init() { container.owner = self }

  static let routes: RouteTable<Route> = [
    .pattern("part/:n<Int>") { [.item(try $0.int("n"))] }
  ]
  static let subFlows: [SubFlow<SavePart>] = []
}

/// A launch: a 3-level snapshot restored into a fresh root, a link applied (it keeps the root's
/// stack, replaces the detail's and the part over it), and the tree saved again; against the
/// same by hand (``FloorSaveRoot``): plain `Codable` state decoded from the same JSON, the same
/// flows built, the same link applied and the state encoded.
@MainActor
func restoreApplySave(_ settings: Settings) -> Result {
  let saved = "bench://item/1/detail/7/part/3"
  let text = "bench://item/1/detail/8/part/5"
  // The saved tree, made by the library once.
  let data: Data
  do {
    let root = SaveRoot()
    let router = DeepLinkRouter(root: root, scheme: "bench")
    guard let link = try? DeepLink(parsing: saved),
      case .success(let plan) = router.plan(for: link),
      case .applied = router.apply(plan), let snapshot = try? router.restorer.snapshot(),
      snapshot.levels.count == 3, let json = try? snapshot.jsonData()
    else { preconditionFailure("the saved tree was not made") }
    data = json
    root.container.finish()
  }
  /// One launch by the library: the saved tree's JSON, and the new.
  func launch() -> Data? {
    let root = SaveRoot()
    let router = DeepLinkRouter(root: root, scheme: "bench")
    guard router.restorer.restore(from: data).isComplete, let link = try? DeepLink(parsing: text),
      case .success(let plan) = router.plan(for: link), case .applied = router.apply(plan)
    else { return nil }
    return try? router.restorer.snapshot().jsonData()
  }
  /// The same by hand.
  func launchByHand() -> Data? {
    guard let root = FloorSaveRoot.restore(data),
      let components = HandWritten.components(of: text, scheme: "bench"),
      FloorSaveRoot.canHandle(components[...])
    else { return nil }
    root.open(components[...])
    return root.save()
  }
  // Both save the same JSON.
  guard let library = launch(), let floor = launchByHand(), library == floor else {
    preconditionFailure("the library and the floor saved different trees")
  }
  let workload: Workload = { operations in
    timed {
      for _ in 0..<operations {
        guard let saved = launch() else { fatalError("the launch failed") }
        blackHole(saved)
      }
    }
  }
  let baseline: Workload = { operations in
    timed {
      for _ in 0..<operations {
        guard let saved = launchByHand() else { fatalError("the launch by hand failed") }
        blackHole(saved)
      }
    }
  }
  return compare(
    "restore_apply_save", goal: 3, settings: settings,
    baseline: "safe floor: Codable state decoded, the same flows built and link applied by hand, "
      + "encoded", workload: workload, baseline: baseline)
}

/// Restores the deepest snapshot the limit allows into a fresh root under a host that finishes
/// each transition inside `play`, as the Writing a Host Adapter listing does; whether the host
/// played every layer, each from the same stack depth.
///
/// `.ci/run` runs it (`flow-benchmarks --deepest-restore`) in release under `ulimit -s 1024`,
/// the size of iOS's main thread: a driver that asked for each transition a frame deeper
/// crashed there.
@MainActor
func restoresTheDeepestSnapshotUnderASynchronousHost() -> Bool {
  // The most levels a snapshot holds (`FlowSnapshot`'s limit, internal to the library).
  let levels = 4_096
  let saved = ChainFlow()
  var top = saved.container
  for index in 1..<levels {
    let flow = ChainFlow()
    flow.container.push(.item(index))
    top.present(flow.container, animated: false)
    top = flow.container
  }
  guard let snapshot = try? FlowRestorer(root: saved).snapshot(), snapshot.levels.count == levels
  else {
    print("flow-benchmarks: the chain of \(levels) levels was not saved")
    return false
  }
  saved.container.finish()
  let fresh = ChainFlow()
  var driver: HostDriver?
  var played = 0
  var lowest = UInt.max
  var highest: UInt = 0
  driver = HostDriver(root: fresh.container) { _ in
    var marker = 0
    let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    (lowest, highest) = (min(lowest, address), max(highest, address))
    played += 1
    driver?.transitionFinished()
  }
  let report = FlowRestorer(root: fresh).restore(snapshot)
  let isIdle = played > 0 && driver?.shown == fresh.container.hostScene
  driver = nil
  fresh.container.finish()
  let growth = highest >= lowest ? highest - lowest : 0
  print(
    "flow-benchmarks: restored \(levels) levels under a synchronous host: \(played) "
      + "transitions, the stack \(growth) bytes apart at their deepest")
  guard report.error == nil, isIdle, played >= levels - 1, growth < 16_384 else {
    print("flow-benchmarks: the deepest restore failed: \(report.error.map { "\($0)" } ?? "")")
    return false
  }
  return true
}
