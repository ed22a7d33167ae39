/// The containers of a tree in presentation order, from one container toward the root or toward
/// the topmost layer: the one way to walk a tree.
///
/// Each container presents at most one other, so a tree is a chain, and walking it in either
/// direction visits every container on that side once. Get one from
/// ``ContainerNode/chain(_:)``:
///
/// ```swift
/// // Every layer, root first: what a host renders, bottom to top.
/// for node in app.container.chain(.towardTop) {
///   print(node.depth, node.stackDescription)
/// }
///
/// // The flows a modal sits on, nearest first.
/// let presenters = editor.container.chain(.towardRoot).dropFirst()
/// ```
///
/// The sequence starts with the container it was made from. Each step follows the link as it is
/// when that element is produced, and the iterator keeps the container it returns next alive,
/// so a dismissal during the walk cannot release it. Walking costs one step per container,
/// whatever the depth, and nothing is copied. It does not register Observation accesses: read
/// ``ContainerNode/presented`` to track a layer.
@MainActor
public struct ContainerChain: @MainActor Sequence {
  /// Which way a ``ContainerChain`` walks.
  public enum Direction: Sendable, Hashable {
    /// From the container, through the one it presents and so on, to the topmost layer: what
    /// the user sees. A ``TabContainer`` that presents nothing leads to its selected tab.
    case towardTop
    /// From the container, through its presenter (or the tab container it is a tab of) and so
    /// on, to the root.
    case towardRoot
  }

  /// Walks the chain one container at a time.
  @MainActor
  public struct Iterator: @MainActor IteratorProtocol {
    var upcoming: ContainerNode?
    let direction: Direction

    /// The next container, or `nil` past the end of the chain.
    public mutating func next() -> ContainerNode? {
      guard let current = upcoming else { return nil }
      switch direction {
      case .towardTop:
        upcoming = current.presentedNode ?? current.shownBranch
      case .towardRoot: upcoming = current.parentNode
      }
      return current
    }
  }

  let start: ContainerNode
  /// Which way this chain walks.
  public let direction: Direction

  /// Walks from the container the chain was made from.
  public func makeIterator() -> Iterator {
    Iterator(upcoming: start, direction: direction)
  }
}

extension ContainerNode {
  /// The containers from this one toward the topmost layer or toward the root, this one first.
  ///
  /// ```swift
  /// let layers = Array(root.chain(.towardTop))  // root first, topmost last
  /// ```
  ///
  /// - Parameter direction: Which way to walk.
  /// - Returns: A sequence that starts with this container.
  public func chain(_ direction: ContainerChain.Direction) -> ContainerChain {
    ContainerChain(start: self, direction: direction)
  }
}
