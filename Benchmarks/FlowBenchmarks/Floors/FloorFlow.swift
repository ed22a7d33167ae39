/// What a seed-style flow tells the flow that presented it.
@MainActor
protocol FloorFlowDelegate: AnyObject {
  /// The flow is done; its presenter dismisses it.
  func floorFlowDidFinish(_ flow: FloorFlow)
}

/// A hand-written, seed-style flow of screen objects: the floor of `present_dismiss`,
/// `teardown_1000` and `tree_bytes`.
///
/// It owns its container, reports to a weak delegate, presents a child flow by handing it to its
/// container (which holds it strongly; the child's container holds this one's weakly), and its
/// `isolated deinit` ends what it presents, so releasing a flow tears down everything above it.
/// What it leaves out is ``FloorContainer``'s to say.
@MainActor
final class FloorFlow: FloorFlowDelegate {
  let container: FloorContainer<Screen>
  weak var delegate: (any FloorFlowDelegate)?

  init(_ id: Int = 0) {
    container = FloorContainer(stack: [Screen(id)])
  }

  init(_ id: Int, screens: Int) {
    container = FloorContainer(stack: (0..<screens).map { Screen(id + $0) })
  }

  /// Presents `child` over this flow, as its delegate.
  func present(_ child: FloorFlow) {
    child.delegate = self
    container.present(child, container: child.container)
  }

  func floorFlowDidFinish(_ flow: FloorFlow) {
    container.dismissPresented()
  }

  isolated deinit {
    container.endPresentation(.tornDown)
  }
}
