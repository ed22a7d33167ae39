import FlowContainersCore
public import FlowContainersRestoration

/// A flow that deep links can reach.
///
/// Adopt it on the flows a link may lead into. It is opt-in: a flow that links never reach needs
/// none of it. It builds on ``RestorableFlow`` (how routes become screens, and the sub-flows the
/// flow can create) and adds, as pure static values, which links the flow shows and what must
/// hold before a link may show it.
///
/// ```swift
/// enum AppRoute: Hashable, Codable, Sendable {
///   case library
///   case note(Int)
///
///   /// The reverse mapping: the parameters of a stack that ends on a note.
///   static let noteParameters: @Sendable ([AppRoute]) -> [String: String]? = { stack in
///     guard case .note(let id)? = stack.last else { return nil }
///     return ["id": "\(id)"]
///   }
/// }
///
/// extension AppFlow: LinkableFlow {
///   static let routes: RouteTable<AppRoute> = [
///     .pattern("library") { _ in [.library] },
///     .pattern("note/:id<Int>", parameters: AppRoute.noteParameters) { m in
///       [.library, .note(try m.int("id"))]
///     },
///     .pattern("note/:id<Int>/*", parameters: AppRoute.noteParameters) { m in
///       [.library, .note(try m.int("id"))]
///     },
///   ]
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
///
/// ## Resolution
///
/// A link resolves from the root down. Each level matches the link's remaining components
/// against its ``routes``; the matching pattern gives the level's stack, and what its trailing
/// wildcard matched is the remainder. A non-empty remainder goes to a sub-flow: the one already
/// presented if its type's ``canHandle(_:)`` accepts it, otherwise the first of
/// ``RestorableFlow/subFlows`` whose type is linkable and whose ``canHandle(_:)`` accepts it.
/// When none does, it goes into a declared ``TabbedFlow``'s tab whose type accepts it (a split
/// tab's when one of its columns' types does): of the bar already presented (the selected tab
/// first), or of a new one (its ``TabbedFlow/splitTabFlows``, then its ``TabbedFlow/tabFlows``,
/// in order), which is presented with the tab of that type selected.
/// ``DeepLinkRouter`` turns that into a ``NavigationPlan`` before anything moves.
@MainActor
public protocol LinkableFlow: RestorableFlow {
  /// The patterns this flow answers to, and the stack each builds. Pure.
  static var routes: RouteTable<Route> { get }

  /// Whether a new flow of this type could handle `link`, from its remaining components on.
  ///
  /// It must be pure and agree with what handling does. Resolution asks it of every candidate
  /// type and obeys it. The default does exactly what resolution does: one of ``routes``
  /// matches, and the remainder, if any, is accepted by the `canHandle(_:)` of one of the
  /// linkable ``RestorableFlow/subFlows``.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when this flow type could take it.
  static func canHandle(_ link: DeepLink) -> Bool
}

extension LinkableFlow {
  /// Whether ``routes`` matches `link` and a sub-flow type can handle the remainder, if any.
  ///
  /// Each sub-flow type is asked through its own `canHandle(_:)`, so a type that overrides it
  /// is obeyed; then a declared tab bar's tabs, then a declared split's columns. Within one
  /// resolution each type is asked about each remainder at each depth at most once, so the cost
  /// grows with the link's length, not with the number of paths through the sub-flow
  /// declarations, and declarations that loop end.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when resolution from this type would succeed.
  public static func canHandle(_ link: DeepLink) -> Bool {
    Resolution.within(Self.self) { $0.handles(Self.self, link) }
  }
}
