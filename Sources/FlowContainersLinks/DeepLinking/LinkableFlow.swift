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
/// A link resolves from the root down: each level's ``routes`` give its stack, and the rest of
/// the link goes to the presented sub-flow, a declared sub-flow, tab or column whose type's
/// ``canHandle(_:)`` accepts it, as the Deep Linking article tells.
@MainActor
public protocol LinkableFlow: RestorableFlow {
  /// The patterns this flow answers to, and the stack each builds. Pure.
  static var routes: RouteTable<Route> { get }

  /// Whether a new flow of this type could handle `link`, from its remaining components on.
  ///
  /// It must be pure and agree with what handling does; resolution asks it of every candidate
  /// type and obeys it. The default does what resolution does.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when this flow type could take it.
  static func canHandle(_ link: DeepLink) -> Bool
}

extension LinkableFlow {
  /// Whether ``routes`` matches `link` and a sub-flow type can handle the remainder, if any.
  ///
  /// Each sub-flow, tab or column type is asked through its own `canHandle(_:)`, at most once
  /// per remainder and depth within one resolution, so declarations that loop end.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when resolution from this type would succeed.
  public static func canHandle(_ link: DeepLink) -> Bool {
    // In the resolution under way, or in one of its own through a map of this type.
    let resolution = Resolution.current ?? Resolution(map: RouteMap(type: Self.self))
    return resolution.run { $0.handles(Self.self, link) }
  }
}
