import FlowContainers

@MainActor
func stackBenchmarks(_ settings: Settings) -> [Result] {
  let container = StackContainer<Route>(root: .home)
  let observable = ObservablePath()
  var array: [Route] = [.home]
  let pushPop = pushAndPop(on: container)
  let observablePushPop: Workload = { operations in
    timed {
      for index in 0..<operations {
        observable.path.append(.item(index))
        blackHole(observable.path.removeLast())
      }
    }
  }
  let arrayPushPop: Workload = { operations in
    timed {
      for index in 0..<operations {
        array.append(.item(index))
        blackHole(array.removeLast())
      }
    }
  }
  var results: [Result] = []
  results.append(
    compare(
      "push_pop", goal: 1.5, settings: settings, baseline: "@Observable class with var path",
      workload: pushPop, baseline: observablePushPop))
  results.append(
    compare(
      "push_pop_raw", goal: 6, settings: settings, baseline: "Array append + removeLast",
      workload: pushPop, baseline: arrayPushPop))

  let deep = StackContainer<Route>(stack: [.home] + (1..<10_000).map(Route.item))
  let deepPushPop = pushAndPop(on: deep)
  results.append(
    compare(
      "push_pop_depth_10000", goal: 1.2, settings: settings, baseline: "push_pop at depth 1",
      workload: deepPushPop, baseline: pushPop))

  let observed = StackContainer<Route>(root: .home)
  let token = observed.observeEvents { event in blackHole(event) }
  let observedPushPop = pushAndPop(on: observed)
  results.append(
    compare(
      "observer_attached", goal: 2, settings: settings,
      baseline: "safe floor: a hand-written stack whose observer gets an event",
      workload: observedPushPop, baseline: observedFloorPushPop(events: true)))
  token.cancel()

  let changeObserved = StackContainer<Route>(root: .home)
  let changeToken = changeObserved.observeChanges { change in blackHole(change) }
  let changeObservedPushPop = pushAndPop(on: changeObserved)
  results.append(
    compare(
      "change_observer_attached", goal: 2, settings: settings,
      baseline: "safe floor: a hand-written stack whose observer gets a change",
      workload: changeObservedPushPop, baseline: observedFloorPushPop(events: false)))
  changeToken.cancel()

  let tabs = TabsFlow()
  let tabSwitch: Workload = { operations in
    timed {
      for _ in 0..<operations {
        tabs.container.select(1)
        tabs.container.select(0)
      }
    }
  }
  results.append(
    compare(
      "tab_switch", goal: 2, settings: settings, baseline: "push_pop",
      workload: tabSwitch, baseline: pushPop))

  results.append(splitCollapseExpand(settings))
  results.append(driverPushInAWideTree(settings))
  results.append(driverBacklog(settings))
  return results
}

/// Collapsing a split whose detail holds 3 screens (and its list 2) into one stack and expanding
/// it again, against its safe floor: two hand-written arrays joined and split back
/// (``FloorSplit``).
///
/// Nothing reads an observable property, as with a host that does not use Observation: one
/// that does pays the registrar on every change, as it would for `@Observable` state.
@MainActor
func splitCollapseExpand(_ settings: Settings) -> Result {
  let split = SplitBenchFlow()
  let library: Workload = { operations in
    timed {
      for _ in 0..<operations {
        split.container.handle(.widthChanged(.compact))
        split.container.handle(.widthChanged(.regular))
      }
    }
  }
  let floor = FloorSplit(
    primary: (0..<2).map(Screen.init), detail: (10..<13).map(Screen.init))
  let handWritten: Workload = { operations in
    timed {
      for _ in 0..<operations {
        floor.collapse()
        floor.expand()
      }
    }
  }
  return compare(
    "split_collapse_expand", goal: 2, settings: settings,
    baseline: "safe floor: two hand-written arrays joined and split back",
    workload: library, baseline: handWritten)
}

/// Pushes a route on `container` and pops it, `operations` times: the workload of every
/// push-and-pop row, on containers set up differently.
@MainActor
func pushAndPop(on container: StackContainer<Route>) -> Workload {
  { operations in
    timed {
      for index in 0..<operations {
        container.push(.item(index))
        blackHole(container.pop())
      }
    }
  }
}

/// The safe floor of `observer_attached` (with `events`) and `change_observer_attached`
/// (without): push and pop on a hand-written ``FloorStack`` whose one observer closure receives
/// a ``FloorEvent`` or a ``FloorChange``, values of the library's shapes.
///
/// What it leaves out is ``FloorStack``'s to say: the change queue, misuse checks, Observation
/// and tree-wide delivery.
@MainActor
func observedFloorPushPop(events: Bool) -> Workload {
  let stack = FloorStack(root: .home)
  if events {
    stack.observeEvents { event in blackHole(event) }
  } else {
    stack.observeChanges { change in blackHole(change) }
  }
  return { operations in
    timed {
      for index in 0..<operations {
        stack.push(.item(index))
        blackHole(stack.pop())
      }
    }
  }
}

/// A push and a pop on the selected tab's stack, each played through a host driver to the end,
/// in a tree of 10,000 tabs, the selected one's stack of 1,000 screens, against the same in a
/// tree of 10 tabs, the selected one's of 10: the driver's work per change must not grow with
/// the tree.
@MainActor
func driverPushInAWideTree(_ settings: Settings) -> Result {
  func pushAndPopDriven(tabs: Int, screens: Int) -> Workload {
    let root = WideTabsFlow(tabs: tabs, screens: screens)
    let stack = root.selected
    var inProgress = false
    let driver = HostDriver(root: root.container) { _ in inProgress = true }
    let screen = Screen(-1)
    return { operations in
      withExtendedLifetime(root) {}
      return timed {
        for _ in 0..<operations {
          stack.push(screen)
          while inProgress {
            inProgress = false
            driver.transitionFinished()
          }
          stack.pop()
          while inProgress {
            inProgress = false
            driver.transitionFinished()
          }
        }
      }
    }
  }
  return compare(
    "driver_push_10000_tabs", goal: 1.2, settings: settings,
    baseline: "the same through a driver, 10 tabs, 10 screens",
    workload: pushAndPopDriven(tabs: 10_000, screens: 1_000),
    baseline: pushAndPopDriven(tabs: 10, screens: 10))
}

/// A backlog of 10,000 changed tab stacks behind one held transition, played to the end (a push
/// on every tab's stack, then a pop on each), against 10 backlogs of 1,000 in a tree of 1,000
/// tabs: 1.0 when a backlog costs in proportion to its length.
@MainActor
func driverBacklog(_ settings: Settings) -> Result {
  func backlogs(tabs: Int, runs: Int) -> Workload {
    let root = WideTabsFlow(tabs: tabs, screens: 1)
    let stacks = root.stacks
    var inProgress = false
    let driver = HostDriver(root: root.container) { _ in inProgress = true }
    let screen = Screen(-1)
    func drain() {
      while inProgress {
        inProgress = false
        driver.transitionFinished()
      }
    }
    return { operations in
      withExtendedLifetime(root) {}
      return timed {
        for _ in 0..<operations * runs {
          // The first tab's change holds the host; every tab's waits behind it.
          stacks[0].push(screen)
          for stack in stacks { stack.push(screen) }
          drain()
          stacks[0].pop()
          for stack in stacks { stack.pop() }
          drain()
        }
      }
    }
  }
  let tabs = settings.isQuick ? 1_000 : 10_000
  return compare(
    "driver_backlog", goal: 1.2, settings: settings,
    baseline: "10 × the same with 1,000 tabs",
    workload: backlogs(tabs: tabs, runs: 1),
    baseline: backlogs(tabs: tabs / 10, runs: 10))
}
