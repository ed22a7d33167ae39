import FlowContainers

/// Counts live instances of the model test's objects; every count must return to zero.
@MainActor
final class LiveCounts {
  var flows = 0
  var screens = 0
  /// How each flow's presentation ended, by flow id: exactly one entry per ended presentation.
  var endings: [Int: [PresentationEnding]] = [:]
  /// The values flows presented for a result finished with, by flow id.
  var values: [Int: [Int]] = [:]
  var nextID = 1

  func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Records a presentation's result: its ending, and its value if it has one.
  func record(_ result: PresentationResult<Int>, of id: Int) {
    switch result {
    case .finished: endings[id, default: []].append(.finished)
    case .ended(let ending, _): endings[id, default: []].append(ending)
    case .notPresented: break
    }
    if let value = result.value { values[id, default: []].append(value) }
  }
}

/// A screen object whose route is its value; counted while alive.
@MainActor
final class ModelScreen: CustomStringConvertible {
  let value: Int
  private let counts: LiveCounts

  init(_ value: Int, counts: LiveCounts) {
    self.value = value
    self.counts = counts
    counts.screens += 1
  }

  nonisolated var description: String { "\(value)" }

  isolated deinit { counts.screens -= 1 }
}

/// The model test's flow: linkable, presents flows of its own type.
///
/// Links look like `m://v/3/v/7`: each `v/<n>` is one level whose stack is `[0, n]`.
@MainActor
final class ModelFlow: LinkableFlow {
  let container = StackContainer<ModelScreen>()
  let id: Int
  let counts: LiveCounts
  /// What the flow finishes with when presented for a result.
  let result: FlowResult<Int>

  init(counts: LiveCounts, stack: [Int] = [0]) {
    self.counts = counts
    result = FlowResult(of: container)
    id = counts.makeID()
    counts.flows += 1
    container.owner = self
    container.replace(with: stack.map { ModelScreen($0, counts: counts) }, animated: false)
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [
    .pattern("v/:n<Int>", parameters: lastParameter) { [0, try $0.int("n")] },
    .pattern("v/:n<Int>/*", parameters: lastParameter) { [0, try $0.int("n")] },
  ]

  static let lastParameter: @Sendable ([Int]) -> [String: String]? = { stack in
    stack.count == 2 && stack[0] == 0 ? ["n": "\(stack[1])"] : nil
  }

  /// How links present a model sub-flow: not the default, so that the model can tell.
  static let linkedStyle = PresentationStyle.fullScreenCover

  /// Links and restorations present model flows for a result: each records its ending and
  /// its value, if it finished with one.
  static let subFlows: [SubFlow<ModelFlow>] = [
    .flow(
      ModelFlow.self, style: linkedStyle, result: { $0.result },
      make: { parent, _ in ModelFlow(counts: parent.counts) },
      onResult: { parent, flow, result in parent.counts.record(result, of: flow.id) })
  ]

  func route(for screen: ModelScreen) -> Int? { screen.value }

  /// The model replaces stacks with anything, the bottom screen too.
  var rootRoute: Int? { nil }

  func makeScreen(for route: Int) -> ModelScreen { ModelScreen(route, counts: counts) }
}

/// A model flow of either kind, by its id.
@MainActor
protocol ModelIdentified: AnyObject {
  var id: Int { get }
  /// The flow's stack container.
  var node: ContainerNode { get }
  /// What the flow finishes with when presented for a result.
  var result: FlowResult<Int> { get }
}

extension ModelFlow: ModelIdentified {
  var node: ContainerNode { container }
}

/// The second kind of tab in the tabbed model test: its links start `w/<n>`, and it presents
/// ``ModelFlow``s for what follows, so that `m://w/3/v/7` lands in a tab of this kind.
@MainActor
final class ModelTabFlow: LinkableFlow, ModelIdentified {
  let container = StackContainer<ModelScreen>()
  let id: Int
  let counts: LiveCounts
  let result: FlowResult<Int>

  init(counts: LiveCounts) {
    self.counts = counts
    result = FlowResult(of: container)
    id = counts.makeID()
    counts.flows += 1
    container.owner = self
    container.replace(with: [ModelScreen(0, counts: counts)], animated: false)
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [
    .pattern("w/:n<Int>", parameters: ModelFlow.lastParameter) { [0, try $0.int("n")] },
    .pattern("w/:n<Int>/*", parameters: ModelFlow.lastParameter) { [0, try $0.int("n")] },
  ]

  static let subFlows: [SubFlow<ModelTabFlow>] = [
    .flow(
      ModelFlow.self, style: ModelFlow.linkedStyle, result: { $0.result },
      make: { parent, _ in ModelFlow(counts: parent.counts) },
      onResult: { parent, flow, result in parent.counts.record(result, of: flow.id) })
  ]

  func route(for screen: ModelScreen) -> Int? { screen.value }

  var rootRoute: Int? { nil }

  func makeScreen(for route: Int) -> ModelScreen { ModelScreen(route, counts: counts) }

  var node: ContainerNode { container }
}

/// The tabbed model test's root: a tab bar whose tabs are ``ModelFlow``s (`v` links) and
/// ``ModelTabFlow``s (`w` links).
@MainActor
final class ModelTabs: TabbedFlow {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [ModelFlow.self, ModelTabFlow.self]

  /// Tabs of the given kinds, in order: `false` for a ``ModelFlow``, `true` for a
  /// ``ModelTabFlow``.
  init(kinds: [Bool], counts: LiveCounts) {
    container.owner = self
    let flows: [any ModelIdentified] = kinds.map { w in
      w ? ModelTabFlow(counts: counts) as any ModelIdentified : ModelFlow(counts: counts)
    }
    container.setTabs(flows.map(\.node))
  }
}
