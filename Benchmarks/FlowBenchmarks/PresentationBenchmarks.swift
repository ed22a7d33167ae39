import FlowContainers

@MainActor
func presentationBenchmarks(_ settings: Settings) -> [Result] {
  let root = ScreenFlow()
  let presentDismiss: Workload = { operations in
    timed {
      for index in 0..<operations {
        do {
          let flow = ScreenFlow(index)
          root.container.present(flow.container)
        }
        root.container.dismissPresented()
      }
    }
  }
  return [
    compare(
      "present_dismiss", goal: 1.5, settings: settings,
      baseline: "safe floor: a hand-written flow presents and dismisses a child flow",
      workload: presentDismiss, baseline: presentDismissFloor()),
    topmostInATab(settings),
  ]
}

/// Presenting 10,000 flows in a tab, each on `topmost`, against 10 times the same with 1,000.
///
/// `topmost` is read from the tab bar before each presentation, so after each change: 1.0 when
/// a read costs the same at any depth below a tab. Only the presentations are measured; their
/// dismissal is not.
@MainActor
func topmostInATab(_ settings: Settings) -> Result {
  func presentations(_ count: Int, runs: Int) -> Workload {
    let bar = TabsFlow()
    let tab = bar.container.tabs[0]
    return { operations in
      var total: UInt64 = 0
      for _ in 0..<operations * runs {
        total += timed {
          for index in 0..<count {
            let flow = ScreenFlow(index)
            bar.container.topmost.present(flow.container, animated: false)
          }
          blackHole(bar.container.topmost)
        }
        tab.dismissPresented(animated: false)
      }
      return total
    }
  }
  let count = settings.isQuick ? 1_000 : 10_000
  return compare(
    "topmost_tabs", goal: 1.2, settings: settings,
    baseline: "10 × the same with 1,000 presentations",
    workload: presentations(count, runs: 1),
    baseline: presentations(count / 10, runs: 10))
}

/// The safe floor of `present_dismiss`: a hand-written, seed-style flow presents a child flow
/// (flow, container, one screen) as its delegate and dismisses it; the child's `deinit` runs.
///
/// What it leaves out is ``FloorContainer``'s to say; here, with no observer, that includes no
/// events.
@MainActor
func presentDismissFloor() -> Workload {
  let root = FloorFlow()
  return { operations in
    timed {
      for index in 0..<operations {
        root.present(FloorFlow(index))
        root.container.dismissPresented()
      }
    }
  }
}

@MainActor
func teardownBenchmarks(_ settings: Settings) -> [Result] {
  let root = ScreenFlow()

  func buildChain() {
    var top = root.container
    for index in 0..<1000 {
      let flow = ScreenFlow(index)
      top.present(flow.container)
      top = flow.container
    }
  }
  let teardown: Workload = { operations in
    var total: UInt64 = 0
    for _ in 0..<operations {
      buildChain()
      total += timed { root.container.dismissPresented() }
    }
    return total
  }
  return [
    compare(
      "teardown_1000", goal: 1.4, settings: settings,
      baseline: "safe floor: dismissing a chain of 1,000 hand-written flows",
      workload: teardown, baseline: teardownFloor()),
    observedTeardown(settings),
  ]
}

/// The safe floor of `teardown_1000`: dismissing a chain of 1,000 hand-written flows.
///
/// Each seed-style flow is presented by the one below, as its delegate; the root dismisses the
/// first, and every flow's `deinit` ends what it presents. Only the dismissal is measured, as in
/// the library's row. What it leaves out is ``FloorContainer``'s to say: in particular it tears down by nested
/// `deinit`s, which 1,000 levels allow and 100,000 would not.
@MainActor
func teardownFloor() -> Workload {
  let root = FloorFlow()
  return { operations in
    var total: UInt64 = 0
    for _ in 0..<operations {
      var top = root
      for index in 0..<1000 {
        let flow = FloorFlow(index)
        top.present(flow)
        top = flow
      }
      total += timed { root.container.dismissPresented() }
    }
    return total
  }
}

/// Dismissing a chain of 100,000 presented layers with one observer on the root, against ten
/// times the same with 10,000: 1.0 when the cost is linear in the depth.
@MainActor
func observedTeardown(_ settings: Settings) -> Result {
  func dismissal(depth: Int) -> Workload {
    { operations in
      var total: UInt64 = 0
      for _ in 0..<operations {
        let root = ScreenFlow()
        var heard = 0
        let token = root.container.observeEvents { _ in heard += 1 }
        var top = root.container
        for index in 0..<depth {
          let flow = ScreenFlow(index)
          top.present(flow.container, animated: false)
          top = flow.container
        }
        total += timed { root.container.dismissPresented(animated: false) }
        precondition(heard >= 2 * depth, "the observer missed events")
        token.cancel()
      }
      return total
    }
  }
  let deep = dismissal(depth: 100_000)
  let shallow = dismissal(depth: 10_000)
  return compare(
    "observed_teardown_depth", goal: 1.5, settings: settings,
    baseline: "10 × the same with 10,000 layers", workload: deep,
    baseline: { operations in 10 * shallow(operations) })
}

/// Bytes per live tree of 3 flows and 7 screens, against its safe floor: 3 hand-written,
/// seed-style flows holding the same screens, each presented by the one below (strongly) as its
/// delegate, with weak delegates and weak presenters.
///
/// The growth of the resident set while 100,000 of each are alive. It runs first, before other
/// groups leave freed memory that the trees would reuse without growing the resident set. The
/// floor leaves out what ``FloorContainer`` leaves out: the library's bookkeeping for its change
/// queue, events, Observation and misuse checks.
@MainActor
func treeBytes(_ settings: Settings) -> Result {
  // At least 20,000 even in a quick run: fewer would not move the resident set measurably.
  let count = max(20_000, settings.rssCycles / 10)
  var trees: [ScreenFlow] = []
  trees.reserveCapacity(count)
  var floors: [FloorFlow] = []
  floors.reserveCapacity(count)
  let before = residentKiB()
  for index in 0..<count {
    let root = ScreenFlow(index, screens: 3)
    let middle = ScreenFlow(index, screens: 2)
    let top = ScreenFlow(index, screens: 2)
    root.container.present(middle.container, animated: false)
    middle.container.present(top.container, animated: false)
    trees.append(root)
  }
  let library = (residentKiB() - before) * 1024
  let between = residentKiB()
  for index in 0..<count {
    let root = FloorFlow(index, screens: 3)
    let middle = FloorFlow(index, screens: 2)
    root.present(middle)
    middle.present(FloorFlow(index, screens: 2))
    floors.append(root)
  }
  let floor = (residentKiB() - between) * 1024
  blackHole(trees)
  blackHole(floors)
  return Result(
    name: "tree_bytes", nsPerOp: library / Double(count),
    baseline: "safe floor: 3 hand-written flows and 7 screens, weak parents",
    baselineNsPerOp: floor / Double(count), goal: 1.4, kib: nil, unit: "B/tree")
}

/// RSS growth over many present/dismiss cycles, after a warm-up.
@MainActor
func memoryBenchmarks(_ settings: Settings) -> [Result] {
  // First, while little memory is free for reuse.
  let bytes = treeBytes(settings)
  let root = ScreenFlow()
  func cycle(_ count: Int) {
    for index in 0..<count {
      do {
        let flow = ScreenFlow(index)
        root.container.present(flow.container)
      }
      root.container.dismissPresented()
    }
  }
  cycle(10_000)
  let before = residentKiB()
  let start = now()
  cycle(settings.rssCycles)
  let elapsed = now() - start
  let after = residentKiB()
  return [
    bytes,
    Result(
      name: "rss_growth_1e6", nsPerOp: Double(elapsed) / Double(settings.rssCycles),
      baseline: "—", baselineNsPerOp: nil, goal: 1024, kib: max(0, after - before)),
  ]
}
