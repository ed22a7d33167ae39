import FlowContainers

// The Writing a Host Adapter article's listings, compiled.

/// A host adapter that logs each transition and finishes it at once; a UIKit adapter would
/// start an animation and report the end from its completion.
@MainActor
final class LoggingAdapter {
  private(set) var log: [String] = []
  private var driver: HostDriver?

  init(root: ContainerNode) {
    driver = HostDriver(root: root) { [weak self] transition in
      self?.play(transition)
    }
  }

  private func play(_ transition: HostTransition) {
    switch transition {
    case .setStack(let container, _, _, let animated):
      let path = container.stackDescription.joined(separator: " > ")
      log.append("\(container.flowName): \(path)\(animated ? " ~" : "")")
    case .present(let container, let style, _, let animated):
      log.append("show \(container.flowName) as \(style)\(animated ? " ~" : "")")
    case .dismiss(let container, let animated):
      log.append("back to \(container.flowName)\(animated ? " ~" : "")")
    case .setTabs, .setColumns:
      log.append("\(transition)")
    }
    // The animation is over: the driver sends the next transition, if the tree moved on.
    driver?.transitionFinished()
  }

  /// The back button of `container`'s navigation bar.
  func backTapped(on container: ContainerNode, showing count: Int) {
    driver?.handle(.userPopped(toIndex: count - 2), on: container)
  }

  /// The interactive pop gesture of `container`'s navigation controller began.
  func backSwipeBegan(on container: ContainerNode) {
    driver?.handle(.interactivePopBegan, on: container)
  }

  /// The gesture ended: the user let go past the middle, or gave up.
  func backSwipeEnded(on container: ContainerNode, cancelled: Bool) {
    if cancelled {
      driver?.handle(.interactivePopCancelled, on: container)
    } else {
      driver?.handle(.interactivePopCommitted, on: container)
    }
  }
}

enum Screen: Hashable, CustomStringConvertible {
  case inbox
  case message(Int)

  var description: String {
    switch self {
    case .inbox: "inbox"
    case .message(let id): "message \(id)"
    }
  }
}

@MainActor
final class InboxFlow {
  let container = StackContainer<Screen>(root: .inbox)
  init() { container.owner = self }
}

@MainActor
final class ComposeFlow {
  let container = StackContainer<Screen>(root: .message(0))
  init() { container.owner = self }
}
