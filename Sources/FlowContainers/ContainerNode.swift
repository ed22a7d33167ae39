/// A container in a presentation tree, whatever type its screens have.
///
/// A tree is made of ``StackContainer``s of different screen types: the root flow's container
/// presents a sub-flow's container, which may present another. `ContainerNode` is how code that
/// does not know the screen types (a host adapter, a tracer, a leak check) walks and inspects the
/// tree. Only ``StackContainer`` conforms; do not conform your own types.
///
/// Each container presents at most one other at a time, so the live tree is a chain from the
/// root up to the topmost modal layer:
///
/// ```swift
/// var node: (any ContainerNode)? = app.container
/// while let current = node {
///   print(current.depth, current.stackDescription)
///   node = current.presented
/// }
/// ```
@MainActor
public protocol ContainerNode: AnyObject {
  /// The flow that owns this container, held weakly.
  var owner: AnyObject? { get }
  /// The container that presents this one, or `nil` for a root (or a dismissed container).
  var presenter: (any ContainerNode)? { get }
  /// The container this one presents, or `nil`.
  var presented: (any ContainerNode)? { get }
  /// How many presenters lie below this container: 0 for a root.
  var depth: Int { get }
  /// The number of screens in the stack.
  var count: Int { get }
  /// Whether the container has finished: it was dismissed, or ``StackContainer/finish()`` ran.
  var isFinished: Bool { get }
  /// The stack's screens, bottom first, as `String(describing:)` renders them.
  var stackDescription: [String] { get }
  /// A text dump of this container and everything presented above it: each container on its
  /// own line, indented under its presenter, with its owner's type name and its stack.
  var treeDescription: String { get }

  /// Dismisses this container, which must be presented; the presentation ends as
  /// ``PresentationEnding/finished``. See ``StackContainer/dismiss(animated:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  func dismiss(animated: Bool, fileID: StaticString, line: UInt)

  /// Dismisses what this container presents; the presentation ends as
  /// ``PresentationEnding/dismissedByPresenter``. See
  /// ``StackContainer/dismissPresented(animated:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  func dismissPresented(animated: Bool, fileID: StaticString, line: UInt)

  /// Applies something the user did, as reported by the host. See
  /// ``StackContainer/handle(_:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - event: What the user did.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  func handle(_ event: HostEvent, fileID: StaticString, line: UInt)

  /// Ends this container. See ``StackContainer/finish()``.
  func finish()

  /// Calls `handler` with every navigation event in this container and in everything presented
  /// above it, now and later, until the token is cancelled or released.
  ///
  /// - Parameter handler: Receives each event, on the main actor, after the change is made.
  /// - Returns: A token; keep it for as long as you want events.
  func observeEvents(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> ObserverToken
}

extension ContainerNode {
  /// Dismisses this container, which must be presented.
  ///
  /// See ``StackContainer/dismiss(animated:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func dismiss(animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line) {
    dismiss(animated: animated, fileID: fileID, line: line)
  }

  /// Dismisses what this container presents.
  ///
  /// See ``StackContainer/dismissPresented(animated:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func dismissPresented(
    animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    dismissPresented(animated: animated, fileID: fileID, line: line)
  }

  /// Applies something the user did.
  ///
  /// See ``StackContainer/handle(_:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - event: What the user did.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func handle(_ event: HostEvent, fileID: StaticString = #fileID, line: UInt = #line) {
    handle(event, fileID: fileID, line: line)
  }

  /// The topmost container of the chain this one belongs to: the one the user sees.
  public var topmost: any ContainerNode {
    var node: any ContainerNode = self
    while let above = node.presented { node = above }
    return node
  }
}
