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
/// Set ``owner`` to the flow that owns the container, once, in the flow's initialiser. The
/// container holds it weakly; a presenter holds it strongly while the container is presented.
/// Nothing else is needed: there are no child-flow arrays to maintain.
///
/// ## Misuse
///
/// An operation that does not fit the tree (popping the root, presenting twice, pushing after
/// the container finished) changes nothing and reports a ``FlowDiagnostic`` to
/// ``FlowDiagnostics``. It never traps.
///
/// ## Observation
///
/// The container is `Observable`: ``stack``, ``presented`` and ``isFinished`` can drive SwiftUI
/// directly. For host adapters and traces, ``observeChanges(_:)`` delivers every ``StackChange``
/// and ``observeEvents(_:)`` every ``NavigationEvent`` of the whole tree above the container.
@MainActor
public final class StackContainer<Screen> {
  /// The flow that owns this container, held weakly.
  ///
  /// Set it once, in the flow's initialiser: `container.owner = self`. Presenting a container
  /// keeps its owner alive, and dumps and traces name the owner's type. Presenting a container
  /// whose owner is `nil` is reported as misuse.
  public weak var owner: AnyObject? {
    didSet { ownerType = owner.map { type(of: $0) } }
  }

  var ownerType: Any.Type?
  var storage: [Screen]
  var presentation: Presentation?
  weak var presenterNode: (any TreeNode)?
  var finished = false
  var generation: UInt64 = 0
  var registrar: ObservationRegistrar?
  var changeObservers = ObserverList<StackChange<Screen>>()
  var eventObservers = ObserverList<NavigationEvent>()
  /// How many event observers sit on this container and the ones below it.
  var eventObserverCount = 0
  /// The generation at which an interactive pop began, while one is in progress.
  var interactivePopGeneration: UInt64?

  /// Creates a container whose stack holds `root`.
  ///
  /// - Parameter root: The first screen; pops never remove it.
  public init(root: Screen) {
    storage = [root]
  }

  /// Creates a container holding `stack`, bottom first.
  ///
  /// The stack may be empty.
  ///
  /// - Parameter stack: The screens, bottom (root) first.
  public init(stack: [Screen] = []) {
    storage = stack
  }

  isolated deinit { tearDown() }
}
