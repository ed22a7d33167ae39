import FlowContainers

/// A flow whose one sub-flow is of its own type, made by whatever `handOut` returns.
///
/// A fresh flow when `handOut` is `nil`, else the plan's own root or a flow live in another tree.
/// `a` shows `[a]` and `a/b` shows `[a, b]`, so `x://a/b/a` is the root at `[a, b]` with a
/// `Letters` at `[a]` over it.
@MainActor
final class Letters: LinkableFlow {
  let container: StackContainer<String>
  /// What the declaration hands out for a sub-flow of this flow; a fresh flow when `nil`.
  var handOut: (@MainActor (Letters) -> Letters?)?

  init(_ stack: [String] = ["a"]) {
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let routes: RouteTable<String> = [
    .pattern("a") { _ in ["a"] },
    .pattern("a/b") { _ in ["a", "b"] },
    .pattern("a/b/*") { _ in ["a", "b"] },
  ]
  static let subFlows: [SubFlow<Letters>] = [
    .flow(Letters.self) { parent, _ in parent.handOut.map { $0(parent) } ?? Letters() }
  ]
}

/// A live flow that a sub-flow factory hands back instead of a fresh one.
enum LiveHandout: String, CaseIterable, CustomStringConvertible, Sendable {
  case thePlansOwnRoot
  case aFlowPresentedInAnotherTree
  case aTabOfAnotherBar
  case theRootOfAnotherTreeThatPresentsSomething

  var description: String { rawValue }

  /// Makes `root` and every flow made for it hand this out, and returns the root containers of
  /// the other trees involved, which must not change either.
  @MainActor
  func arrange(on root: Letters) -> [ContainerNode] {
    switch self {
    case .thePlansOwnRoot:
      root.handOut = { [weak root] _ in root }
      return []
    case .aFlowPresentedInAnotherTree:
      let other = Letters(["a", "b"])
      let presented = Letters()
      other.container.present(presented.container)
      root.handOut = { _ in withExtendedLifetime(other) { presented } }
      return [other.container]
    case .aTabOfAnotherBar:
      let bar = TabsFlow()
      let first = Letters(["a", "b"])
      let tab = Letters()
      bar.container.setTabs([first.container, tab.container])
      root.handOut = { _ in withExtendedLifetime(bar) { tab } }
      return [bar.container]
    case .theRootOfAnotherTreeThatPresentsSomething:
      let other = Letters(["a", "b"])
      let presented = Letters()
      other.container.present(presented.container)
      root.handOut = { _ in other }
      return [other.container]
    }
  }
}
