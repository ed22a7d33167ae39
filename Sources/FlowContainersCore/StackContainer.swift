import Observation

/// An ordered stack of screens that one flow owns, and the modal layer it may present.
///
/// A flow is a plain `final class` of yours that owns one `StackContainer` and decides what
/// happens next. The container keeps the screens, tells observers about every change, and
/// presents at most one sub-flow's container at a time over itself. Presenting is what keeps a
/// sub-flow alive; dismissing it, by any path, releases it before the call returns.
///
/// ```swift
/// @MainActor
/// final class AppFlow {
///   let container = StackContainer<Route>(root: .library)
///   init() { container.owner = self }
///
///   func show(note id: Int) { container.push(.note(id)) }
///
///   func editNote() {
///     let editor = EditorFlow()
///     container.present(editor.container) { ending in print("editor ended: \(ending)") }
///     // No need to store `editor`: the presentation keeps it alive.
///   }
/// }
/// ```
///
/// ## Screens are generic
///
/// `Screen` is whatever your host renders. A SwiftUI host uses a route enum (`Hashable` values,
/// so `NavigationStack(path:)` can show them); a UIKit host uses its view controllers; a terminal
/// host uses small screen objects. The container never inspects screens: it stores them,
/// releases them when they are removed, and hands them back in ``StackChange`` values. The first
/// screen is the root; pops never remove it.
///
/// ## Ownership
///
/// Set ``ContainerNode/owner`` to the flow that owns the container, once, in the flow's
/// initialiser. The container holds it weakly; a presenter holds it strongly while the container
/// is presented. Nothing else is needed: there are no child-flow arrays to maintain.
///
/// ## Misuse
///
/// An operation that does not fit the tree (popping the root, presenting twice, pushing after
/// the container finished) changes nothing and reports a ``FlowDiagnostic`` to
/// ``MisuseReports``. It never traps.
///
/// ## Navigating from callbacks
///
/// Each tree has one change in progress at a time. A call made from a callback while a change is
/// under way in the same tree (an observer, `onEnd`, Observation's `onChange`, a released flow's
/// `deinit`) is queued and made after that change has been applied and announced, in request
/// order, and checked then; it returns at once (a queued `pop()` returns `nil`, the other pops
/// `[]`). See <doc:OwnershipAndLifecycle>.
///
/// ## Observation
///
/// The container is `Observable`: ``stack``, ``ContainerNode/presented`` and
/// ``ContainerNode/isFinished`` can drive SwiftUI directly. For host adapters and traces,
/// ``observeChanges(_:)`` delivers every ``StackChange`` and ``ContainerNode/observeEvents(_:)``
/// every ``NavigationEvent`` of the whole tree above the container.
///
/// ## Speed
///
/// Push and pop cost an array append and removal plus one call for their checks, whatever the
/// depth; the stack change itself is inlinable, so it is specialised for your screen type.
@MainActor
public final class StackContainer<Screen>: ContainerNode {
  /// The screens, bottom first: `nil` only while a change has taken them out to change them.
  ///
  /// The inlined push and pop take the array out and put it back, one instantaneous access
  /// each. Optional, so that putting it back overwrites `nil`, which releases nothing: an empty
  /// array left in its place would cost a release on every push and pop. Spelled out, not
  /// `[Screen]?`: a `T?` variable starts as `nil`, so the initialisers' store would be an
  /// assignment, checked for exclusivity at run time, where this one is initialisation.
  // swift-format-ignore: UseShorthandTypeNames
  @usableFromInline var storage: Optional<[Screen]>
  /// The observers of this container's stack changes.
  var changeObservers: ObserverList<StackChange<Screen>>?

  /// Creates a container whose stack holds `root`.
  ///
  /// - Parameter root: The first screen; pops never remove it.
  @inlinable
  public init(root: Screen) {
    storage = [root]
    super.init()
  }

  /// Creates a container holding `stack`, bottom first.
  ///
  /// The stack may be empty.
  ///
  /// - Parameter stack: The screens, bottom (root) first.
  @inlinable
  public init(stack: [Screen] = []) {
    storage = stack
    super.init()
  }

  /// The screens, bottom first, for reading.
  ///
  /// An `if let`, not `??`: this runs unspecialised, where `??` is a generic call that looks up
  /// the metadata of an optional array.
  var currentScreens: [Screen] {
    if let storage { return storage }
    return []
  }

  /// Tears down what the container still presents, if anything.
  ///
  /// Most containers present nothing when they are released (they were dismissed, or never
  /// presented anything), and their `deinit` does no work at all. A container released while it
  /// presents (a root dropped with modals up) ends the presented layers top-down as
  /// ``PresentationEnding/tornDown``, on the main actor: at once when the release happens there
  /// and no change is under way in the tree, otherwise just after.
  isolated deinit { releasePresentation() }

  override var screenCount: Int {
    if let storage { return storage.count }
    return 0
  }

  override var changeObserverCount: Int { changeObservers?.count ?? 0 }

  override var screenDescriptions: [String] { currentScreens.map { String(describing: $0) } }

  override func screenIndex(identicalTo object: AnyObject) -> Int? {
    currentScreens.firstIndex { type(of: $0) is AnyClass && ($0 as AnyObject) === object }
  }

  override func hostPop(toIndex index: Int) {
    _ = pop(toIndex: index, operation: .popTo(index: index), animated: false, cause: .user)
  }

  override func hostPopTop() {
    _ = popTop(animated: false, cause: .user)
  }

  override func accessStack() { access(.stack) }

  override func pop(from stored: Int, keeping count: Int, animated: Bool, cause: NavigationCause) {
    guard screenCount == stored else { return }
    // One screen unobserved: popped alone, with no list of the screens removed.
    guard count + 1 < stored || isObserved else {
      _ = popTop(animated: animated, cause: cause)
      return
    }
    _ = pop(
      toIndex: count - 1, operation: .popTo(index: count - 1), animated: animated, cause: cause)
  }

  @usableFromInline override func reportPopOfRoot(fileID: StaticString, line: UInt) {
    report(
      .popRoot,
      currentScreens.isEmpty
        ? "pop() on \(locationDescription), whose stack is empty; there is nothing to pop."
        : "pop() on \(locationDescription) would remove the root screen; a flow always keeps "
          + "its root. To leave the flow, dismiss its container instead.",
      fileID: fileID, line: line)
  }
}
