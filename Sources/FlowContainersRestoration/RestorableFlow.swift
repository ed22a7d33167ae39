public import FlowContainersCore

/// A flow whose screens can be saved and rebuilt: what restoration needs, and no more.
///
/// Adopt it to save and restore a tree with ``FlowRestorer``, without deep links: no URL
/// scheme, no route patterns. A restorable flow says how its screens become routes and back,
/// and which sub-flows it can create (``subFlows``, required even when there are none), each
/// paired with the code that creates it.
/// ``LinkableFlow`` builds on it, adding patterns, ``LinkableFlow/canHandle(_:)`` and
/// requirements, so that links reach the same flows through the same engine. Snapshots save
/// each flow under its ``NamedFlow/flowName``, the type's name unless it gives one: keep it
/// stable once snapshots exist.
///
/// ```swift
/// enum AppRoute: Hashable, Codable, Sendable { case library, note(Int) }
///
/// extension AppFlow: RestorableFlow {
///   static let subFlows: [SubFlow<AppFlow>] = [
///     .flow(EditorFlow.self) { app, stack in
///       guard case .note(let id)? = stack.last else { return nil }
///       return app.makeEditor(for: id)
///     }
///   ]
///
///   func route(for screen: Screen) -> AppRoute? { screen.route }
///   func makeScreen(for route: AppRoute) throws -> Screen { try Screen(route, store: store) }
/// }
/// ```
@MainActor
public protocol RestorableFlow: PresentableFlow, ContainerFlow
where Container == StackContainer<Screen> {
  /// The stable identity of one screen of this flow: usually an enum with IDs.
  associatedtype Route: Hashable & Codable & Sendable

  /// The sub-flows this flow can create, each with the code that creates it, in order of
  /// preference.
  ///
  /// Restoration creates them to rebuild a saved tree, and links to follow the rest of a link.
  /// Required, with no default: a flow without sub-flows says so,
  /// `static let subFlows: [SubFlow<MyFlow>] = []`, so that a misspelt declaration does not
  /// compile rather than silently leaving the flow without sub-flows.
  static var subFlows: [SubFlow<Self>] { get }

  /// The route of a screen in this flow's stack, or `nil` for a transient screen that has none.
  ///
  /// The default, when `Screen` is `Route`, is the screen itself.
  ///
  /// - Parameter screen: A screen in the stack.
  /// - Returns: Its route.
  func route(for screen: Screen) -> Route?

  /// The route a restored stack of this flow must start with, or `nil` when any may.
  ///
  /// A flow keeps its root screen: a saved stack that does not start with it is not one the
  /// flow could have had, and restoration keeps the root and cuts the rest, with a report. The
  /// default is the route of the flow's bottom screen now: for a sub-flow restoration creates,
  /// the root it was created with; for the root flow, what it shows at the bottom when the
  /// restoration starts. Return `nil` for a flow whose bottom screen may be anything.
  var rootRoute: Route? { get }

  /// Makes the screen that shows `route`.
  ///
  /// Throw when the route names content that no longer exists or may not be shown; the error's
  /// description says why. The default, when `Screen` is `Route`, is the route itself.
  ///
  /// - Parameter route: The route to show.
  /// - Returns: The screen.
  /// - Throws: Why the route cannot be shown.
  func makeScreen(for route: Route) throws -> Screen

  /// What must hold before a link or a restoration may show this flow, or `nil`.
  ///
  /// A restoration drops a level whose requirement does not hold; a ``FlowRestorer`` of its
  /// own holds none. The default is `nil`.
  static var requirement: FlowRequirement? { get }
}

extension RestorableFlow {
  /// No requirement.
  public static var requirement: FlowRequirement? { nil }

  /// The route of the bottom screen now, if it has one.
  public var rootRoute: Route? {
    container.screensUntracked.first.flatMap(route(for:))
  }
}

extension RestorableFlow where Screen == Route {
  /// The screen itself.
  ///
  /// - Parameter screen: A screen in the stack.
  /// - Returns: The screen, which is its own route.
  public func route(for screen: Screen) -> Route? { screen }

  /// The route itself.
  ///
  /// - Parameter route: The route to show.
  /// - Returns: The route, which is its own screen.
  public func makeScreen(for route: Route) -> Screen { route }
}
