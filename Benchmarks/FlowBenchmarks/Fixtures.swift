import FlowContainers
import Foundation
import Observation

/// A route value, as a SwiftUI host would push.
enum Route: Hashable, Codable, Sendable {
  case home
  case item(Int)
  case detail(Int)
  case part(UUID, Int)
}

/// What a user writes without the library: an observable class holding a path.
@Observable
@MainActor
final class ObservablePath {
  var path: [Route] = [.home]
}

/// A screen object, for the workloads that allocate one.
final class Screen {
  let id: Int
  init(_ id: Int) { self.id = id }
}

/// A flow with a container of screen objects.
@MainActor
final class ScreenFlow {
  let container: StackContainer<Screen>
  init(_ id: Int = 0) {
    container = StackContainer(root: Screen(id))
    container.owner = self
  }

  init(_ id: Int, screens: Int) {
    container = StackContainer(stack: (0..<screens).map { Screen(id + $0) })
    container.owner = self
  }
}

/// A root flow whose container is a split: a list of 2 screens beside a detail of 3.
@MainActor
final class SplitBenchFlow {
  let container = SplitContainer()

  init() {
    container.owner = self
    // Locals: a flow made inside the call would be released before the column could hold it.
    let list = ScreenFlow(0, screens: 2)
    let detail = ScreenFlow(10, screens: 3)
    container.setPrimary(list.container)
    container.showDetail(detail.container, animated: false)
  }
}

/// A root flow with two tabs, each a flow with a stack of routes.
@MainActor
final class TabsFlow {
  let container = TabContainer()

  init() {
    container.owner = self
    // Locals: a flow made inside the call would be released before the tab could hold it.
    let first = ScreenFlow(0)
    let second = ScreenFlow(1)
    container.setTabs([first.container, second.container])
  }
}

/// A root flow with `tabs` tabs, each a flow with a stack of screens: `screens` in the first
/// (selected), one in each other.
@MainActor
final class WideTabsFlow {
  let container = TabContainer()
  /// The first tab's stack.
  let selected: StackContainer<Screen>
  /// Every tab's stack, in order.
  let stacks: [StackContainer<Screen>]

  init(tabs: Int, screens: Int) {
    // Locals: a flow made inside the call would be released before the tab could hold it.
    let flows = (0..<tabs).map { ScreenFlow($0, screens: $0 == 0 ? screens : 1) }
    selected = flows[0].container
    stacks = flows.map(\.container)
    container.owner = self
    withExtendedLifetime(flows) { container.setTabs(flows.map(\.container)) }
  }
}
