/// The root coordinator of the deep-link floor, written by hand as `LinkRoot`'s twin: a stack of
/// routes, where `item/<id>` shows an item and what follows it goes to a ``FloorDetailFlow``
/// presented over it.
///
/// Resolution asks each level's `static canHandle` down the link, as the library does; opening
/// then dismisses what is presented, pops to the root, pushes the item, and creates and presents
/// the detail flow with its screen. It leaves out what only the library promises: patterns and
/// specificity (one `switch` a level), a plan as a value, reuse of a presented flow, guards,
/// objections and held links, and ``FloorContainer``'s omissions.
@MainActor
final class FloorLinkRoot: FloorDetailFlowDelegate {
  let container = FloorContainer<Route>(stack: [.home])

  /// Whether a link of these components, after the scheme, can be shown from the root.
  static func canHandle(_ components: ArraySlice<Substring>) -> Bool {
    guard components.count >= 2, components.first == "item",
      HandWritten.int(components[components.startIndex + 1]) != nil
    else { return false }
    let rest = components.dropFirst(2)
    return rest.isEmpty || FloorDetailFlow.canHandle(rest)
  }

  /// Shows what `components` name; call it for components that ``canHandle(_:)`` accepted.
  func open(_ components: ArraySlice<Substring>) {
    guard let item = HandWritten.int(components[components.startIndex + 1]) else { return }
    container.dismissPresented()
    container.editStack { stack in
      stack.removeSubrange(1...)
      stack.append(.item(item))
    }
    let rest = components.dropFirst(2)
    guard !rest.isEmpty else { return }
    let detail = FloorDetailFlow()
    detail.delegate = self
    detail.open(rest)
    container.present(detail, container: detail.container)
  }

  func detailFlowDidFinish(_ flow: FloorDetailFlow) {
    container.dismissPresented()
  }

  isolated deinit {
    container.endPresentation(.tornDown)
  }
}

/// What a ``FloorDetailFlow`` tells the flow that presented it.
@MainActor
protocol FloorDetailFlowDelegate: AnyObject {
  /// The detail flow is done; its presenter dismisses it.
  func detailFlowDidFinish(_ flow: FloorDetailFlow)
}

/// The presented level of the deep-link floor, `DetailFlow`'s twin: `detail/<id>` pushes a
/// detail on its empty stack.
@MainActor
final class FloorDetailFlow {
  let container = FloorContainer<Route>(stack: [])
  weak var delegate: (any FloorDetailFlowDelegate)?

  /// Whether this flow can show a link of these components.
  static func canHandle(_ components: ArraySlice<Substring>) -> Bool {
    components.count == 2 && components.first == "detail"
      && HandWritten.int(components[components.startIndex + 1]) != nil
  }

  /// Shows what `components` name; call it for components that ``canHandle(_:)`` accepted.
  func open(_ components: ArraySlice<Substring>) {
    guard let detail = HandWritten.int(components[components.startIndex + 1]) else { return }
    container.editStack { $0.append(.detail(detail)) }
  }

  isolated deinit {
    container.endPresentation(.tornDown)
  }
}
