/// What a kind of container holds, for the code of ``ContainerNode`` that does not know the
/// container's type: the one seam between the untyped tree and a typed container.
///
/// ``StackContainer`` is the kind there is: its content is a stack of screens. Every kind of
/// container conforms, and ``ContainerNode/content`` reaches it; the tree code asks it and
/// never assumes a kind.
@MainActor
protocol ContainerContent {
  /// The number of screens.
  var screenCount: Int { get }

  /// The screens as text, bottom first.
  var screenDescriptions: [String] { get }

  /// The position in the stack of the screen that is `object` itself, if a screen is.
  func screenIndex(identicalTo object: AnyObject) -> Int?

  /// Removes the screens above `index`, for the host.
  func hostPop(toIndex index: Int)

  /// Removes the top screen, for the host.
  func hostPopTop()

  /// Registers a read of the stack with the Observation framework.
  func accessStack()

  /// Reports a pop that would remove the root.
  func reportPopOfRoot(fileID: StaticString, line: UInt)
}

/// The content of a container of no known kind: none can be made, and this answers for one
/// without trapping.
struct NoContent: ContainerContent {
  var screenCount: Int { 0 }
  var screenDescriptions: [String] { [] }
  func screenIndex(identicalTo object: AnyObject) -> Int? { nil }
  func hostPop(toIndex index: Int) {}
  func hostPopTop() {}
  func accessStack() {}
  func reportPopOfRoot(fileID: StaticString, line: UInt) {}
}
