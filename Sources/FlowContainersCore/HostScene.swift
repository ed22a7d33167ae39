/// What a host shows, as a value: the layers on screen, bottom first, each with every container
/// it holds.
///
/// The first layer is the root's; each layer above is a container presented over the one below
/// it. A layer holds its container and, through tabs and split columns, the containers those
/// hold, hidden tabs included (a tab bar keeps every tab's stack). A container presented by a
/// hidden tab is not on screen: the scene ends where what the user sees ends.
///
/// ``HostDriver`` keeps the scene its host shows and moves it toward the tree's, one
/// ``HostTransition`` at a time; a simulated host checks its rules against it. Compare two scenes
/// (`host.scene == root.hostScene`) or print one; its parts are the package's own.
public struct HostScene: Hashable, Sendable {
  /// One presentation layer.
  @_spi(Testing) public struct Layer: Hashable, Sendable {
    /// The layer's container: the root, or the container presented.
    @_spi(Testing) public var container: ObjectIdentifier
    /// How the layer is presented; `nil` for the root's.
    @_spi(Testing) public var style: PresentationStyle?
    /// Every container of the layer, the layer's own first, then each one's branches in order.
    @_spi(Testing) public var panes: [Pane]

    /// A layer of `panes`, whose container is `container`.
    @_spi(Testing) public init(
      container: ObjectIdentifier, style: PresentationStyle?, panes: [Pane]
    ) {
      self.container = container
      self.style = style
      self.panes = panes
    }
  }

  /// One container of a layer, and what it shows.
  @_spi(Testing) public struct Pane: Hashable, Sendable {
    /// The container.
    @_spi(Testing) public var container: ObjectIdentifier
    /// What it shows.
    @_spi(Testing) public var content: Content

    /// A pane of `container`, showing `content`.
    @_spi(Testing) public init(container: ObjectIdentifier, content: Content) {
      self.container = container
      self.content = content
    }
  }

  /// What a container shows.
  @_spi(Testing) public enum Content: Hashable, Sendable {
    /// A stack of `count` screens, at a revision that changes whenever the stack changes, so
    /// that no screen is described to compare two stacks.
    case stack(count: Int, revision: UInt32)
    /// Tabs, by container, one of them selected.
    case tabs([ObjectIdentifier], selected: Int?)
    /// A split's columns, and whether they are collapsed into one stack.
    case split(primary: ObjectIdentifier?, detail: ObjectIdentifier?, width: SplitWidth)
  }

  /// The layers, bottom first.
  @_spi(Testing) public var layers: [Layer]

  /// A scene of `layers`.
  @_spi(Testing) public init(layers: [Layer]) {
    self.layers = layers
  }
}

extension ContainerNode {
  /// What a host shows of the tree this container is the root of: every layer the user sees,
  /// bottom first.
  ///
  /// One walk along what the user sees, and through each layer's branches; it reads no screen,
  /// only how many each stack holds and its revision.
  public var hostScene: HostScene {
    HostScene(
      layers: hostLayerRoots.map { layer in
        var panes: [HostScene.Pane] = []
        // The layer's containers, pre-order, with a list of what is left: no depth recurses.
        var left: [ContainerNode] = [layer.node]
        while let node = left.popLast() {
          panes.append(
            HostScene.Pane(container: ObjectIdentifier(node), content: node.hostContent))
          if node.hasBranches { left += node.branches.nodes.reversed() }
        }
        return HostScene.Layer(
          container: ObjectIdentifier(layer.node), style: layer.style, panes: panes)
      })
  }

  /// The container of each layer the user sees, bottom first, and how it is presented (`nil`
  /// for this one, the root's): one walk along what the user sees, through no hidden branch.
  var hostLayerRoots: [(node: ContainerNode, style: PresentationStyle?)] {
    var found: [(node: ContainerNode, style: PresentationStyle?)] = [(self, nil)]
    var node = self
    while true {
      if let presented = node.presentedNode {
        found.append((presented, presented.attachment.style))
        node = presented
      } else if let shown = node.shownBranch {
        node = shown
      } else {
        return found
      }
    }
  }

  /// What this container shows, as a scene says it.
  var hostContent: HostScene.Content {
    if let bar = tabBar {
      return .tabs(bar.tabNodes.map(ObjectIdentifier.init), selected: bar.selectedPosition)
    }
    if let split = splitView {
      return .split(
        primary: split.primaryNode.map(ObjectIdentifier.init),
        detail: split.detailNode.map(ObjectIdentifier.init), width: split.currentWidth)
    }
    return .stack(count: screenCount, revision: stackRevision)
  }
}

extension HostScene.Content {
  /// Pops a stack so that the screen at `index` is on top, as a host does for a back button;
  /// anything but a stack, or a position the stack does not have, stays as it is.
  ///
  /// - Parameter index: The position of the screen left on top.
  @_spi(Testing) public mutating func pop(toIndex index: Int) {
    guard case .stack(let count, let revision) = self, index >= 0, index < count else { return }
    self = .stack(count: index + 1, revision: revision)
  }
}
