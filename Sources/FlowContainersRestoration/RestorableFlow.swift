public import FlowContainersCore

/// A flow whose screens can be saved and rebuilt: what restoration needs, and no more.
///
/// It says how its screens become routes and back, and which sub-flows it can create, each with
/// the code that creates it; ``FlowRestorer`` saves and restores its tree, and ``LinkableFlow``
/// adds route patterns. Snapshots save each flow under its ``NamedFlow/flowName``: keep it
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
  /// Required, so that a misspelt declaration does not compile: a flow without sub-flows says
  /// `static let subFlows: [SubFlow<MyFlow>] = []`.
  static var subFlows: [SubFlow<Self>] { get }

  /// The route of a screen in this flow's stack, or `nil` for a transient screen that has none.
  ///
  /// - Parameter screen: A screen in the stack.
  /// - Returns: Its route; by default, when `Screen` is `Route`, the screen.
  func route(for screen: Screen) -> Route?

  /// The route a restored stack of this flow must start with, or `nil` when any may.
  ///
  /// Restoration keeps the root and cuts a saved stack that does not start with it, with a
  /// report. The default is the route of the flow's bottom screen now (a sub-flow's, the one it
  /// was created with).
  var rootRoute: Route? { get }

  /// Makes the screen that shows `route`.
  ///
  /// - Parameter route: The route to show.
  /// - Returns: The screen; by default, when `Screen` is `Route`, the route.
  /// - Throws: Why the route cannot be shown: its content is gone or may not be shown.
  func makeScreen(for route: Route) throws -> Screen

  /// What must hold before a link or a restoration may show this flow; by default `nil`.
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
  /// The screen itself, which is its own route.
  public func route(for screen: Screen) -> Route? { screen }

  /// The route itself, which is its own screen.
  public func makeScreen(for route: Route) -> Screen { route }
}
