public import FlowContainersCore
/// A flow that deep links and restoration can reach.
///
/// Adopt it on the flows a link may lead into. It is opt-in: a flow that links never reach needs
/// none of it. A linkable flow declares, as pure static values, which links it shows and which
/// sub-flow types it can present for the rest of a link; and, as instance methods, how it turns
/// routes into screens and creates its sub-flows.
///
/// ```swift
/// enum AppRoute: Hashable, Codable, Sendable { case library, note(Int) }
///
/// extension AppFlow: LinkableFlow {
///   static let routes: RouteTable<AppRoute> = [
///     .pattern("library") { _ in [.library] },
///     .pattern("note/:id<Int>", parameters: AppRoute.noteID) { m in
///       [.library, .note(try m.int("id"))]
///     },
///     .pattern("note/:id<Int>/*") { m in [.library, .note(try m.int("id"))] },
///   ]
///   static var subFlowTypes: [any LinkableFlow.Type] { [EditorFlow.self] }
///
///   func route(for screen: Screen) -> AppRoute? { screen.route }
///   func makeScreen(for route: AppRoute) throws -> Screen { try Screen(route, store: store) }
///   func makeSubFlow(_ type: any LinkableFlow.Type, over stack: [AppRoute]) -> (any LinkableFlow)? {
///     guard type == EditorFlow.self, case .note(let id)? = stack.last else { return nil }
///     return EditorFlow(noteID: id, delegate: self)
///   }
/// }
/// ```
///
/// ## Resolution
///
/// A link resolves from the root down. Each level matches the link's remaining components
/// against its ``routes``; the matching pattern gives the level's stack, and what its trailing
/// wildcard matched is the remainder. A non-empty remainder goes to a sub-flow: the one already
/// presented if its type ``canHandle(_:)`` it, otherwise the first of ``subFlowTypes`` that
/// can. ``DeepLinkRouter`` turns that into a ``LinkPlan`` before anything moves.
@MainActor
public protocol LinkableFlow: PresentableFlow {
  /// The stable identity of one screen of this flow: usually an enum with IDs.
  associatedtype Route: Hashable & Codable & Sendable

  /// The patterns this flow answers to, and the stack each builds. Pure.
  static var routes: RouteTable<Route> { get }

  /// The flow types this flow can present for the rest of a link, in order of preference.
  ///
  /// The default is none.
  static var subFlowTypes: [any LinkableFlow.Type] { get }

  /// What must hold before a link may show this flow, or `nil`.
  ///
  /// The default is `nil`.
  static var requirement: LinkRequirement? { get }

  /// The name plans and snapshots use for this flow type.
  ///
  /// The default is the type's name; keep it stable once snapshots exist.
  static var flowName: String { get }

  /// Whether a new flow of this type could handle `link`, from its remaining components on.
  ///
  /// It must be pure and agree with what handling does. The default does exactly what
  /// resolution does: one of ``routes`` matches, and the remainder, if any, is handled by one of
  /// ``subFlowTypes``.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when this flow type could take it.
  static func canHandle(_ link: DeepLink) -> Bool

  /// The route of a screen in this flow's stack, or `nil` for a transient screen that has none.
  ///
  /// The default, when `Screen` is `Route`, is the screen itself.
  ///
  /// - Parameter screen: A screen in the stack.
  /// - Returns: Its route.
  func route(for screen: Screen) -> Route?

  /// Makes the screen that shows `route`.
  ///
  /// Throw when the route names content that no longer exists or may not be shown; the error's
  /// description says why. The default, when `Screen` is `Route`, is the route itself.
  ///
  /// - Parameter route: The route to show.
  /// - Returns: The screen.
  /// - Throws: Why the route cannot be shown.
  func makeScreen(for route: Route) throws -> Screen

  /// Creates a sub-flow of `type` to present over this flow, whose stack will be `stack`.
  ///
  /// Return `nil` if this flow cannot create it; the link then fails and nothing moves. The
  /// default creates nothing.
  ///
  /// - Parameters:
  ///   - type: One of ``subFlowTypes``.
  ///   - stack: This flow's stack once the link is applied, for context (such as which note).
  /// - Returns: The new flow, not yet presented.
  func makeSubFlow(_ type: any LinkableFlow.Type, over stack: [Route]) -> (any LinkableFlow)?

  /// Called exactly once when a sub-flow that a link or a restoration presented over this flow
  /// ends, with how it ended.
  ///
  /// Flows you present yourself report through the `onEnd` closure you pass to
  /// ``ContainerNode/present(_:animated:fileID:line:onEnd:)``; this is the same news for the
  /// flows the router presents. The default does nothing.
  ///
  /// - Parameters:
  ///   - subFlow: The sub-flow, still alive during the call.
  ///   - ending: How its presentation ended.
  func linkedSubFlow(_ subFlow: any LinkableFlow, didEndWith ending: PresentationEnding)
}

extension LinkableFlow {
  /// No sub-flows.
  public static var subFlowTypes: [any LinkableFlow.Type] { [] }

  /// No requirement.
  public static var requirement: LinkRequirement? { nil }

  /// The type's name.
  public static var flowName: String { TypeNames.name(of: self) }

  /// Whether ``routes`` matches `link` and a sub-flow type can handle the remainder, if any.
  ///
  /// Each sub-flow type is asked through its own `canHandle(_:)`, so a type that overrides it
  /// is obeyed. Within one resolution each type is asked about each remainder at each depth at
  /// most once, so the cost grows with the link's length, not with the number of paths through
  /// the sub-flow declarations.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when resolution from this type would succeed.
  public static func canHandle(_ link: DeepLink) -> Bool {
    ResolutionDepth.memoized(Self.self, link) {
      guard let resolution = routes.resolve(link) else { return false }
      let rest = resolution.remainder
      return rest.remaining.isEmpty || subFlowTypes.contains { $0.canHandle(rest) }
    }
  }

  /// Creates nothing.
  ///
  /// - Parameters:
  ///   - type: The sub-flow type asked for.
  ///   - stack: This flow's stack.
  /// - Returns: `nil`.
  public func makeSubFlow(_ type: any LinkableFlow.Type, over stack: [Route]) -> (any LinkableFlow)?
  {
    nil
  }
}

extension LinkableFlow {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - subFlow: The sub-flow.
  ///   - ending: How its presentation ended.
  public func linkedSubFlow(_ subFlow: any LinkableFlow, didEndWith ending: PresentationEnding) {}
}

extension LinkableFlow where Screen == Route {
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

/// Type names, made once per type: `String(describing:)` of a type is slow, and plans and
/// snapshots name their flows' types on every link.
@MainActor
enum TypeNames {
  private static var names: [ObjectIdentifier: String] = [:]

  static func name(of type: Any.Type) -> String {
    if let name = names[ObjectIdentifier(type)] { return name }
    let name = String(describing: type)
    names[ObjectIdentifier(type)] = name
    return name
  }
}

/// Bounds how deep type-level resolution may recurse, so that sub-flow declarations that loop
/// without consuming anything (`*` handing everything to a type that hands it back) end, and
/// remembers, within one resolution, what each type answered for each remainder at each depth,
/// so that types that can present each other are not explored once per path (2^depth).
@MainActor
enum ResolutionDepth {
  static let limit = 32
  private static var current = 0
  /// What the default `canHandle` answered, while a resolution is under way; emptied when it
  /// ends, keeping its storage for the next one.
  private static var answers: [Key: Answer] = [:]
  /// Whether a resolution is under way.
  private static var isResolving = false

  /// A type, at a depth, asked about a link with so many components left.
  ///
  /// Within one resolution every link asked about is a remainder of the same link, so this names it; the
  /// answer keeps the link too, and is used only for an equal one (remainders share their
  /// components' storage, so comparing them is cheap).
  private struct Key: Hashable {
    let type: ObjectIdentifier
    let remaining: Int
    let depth: Int
  }

  private struct Answer {
    let link: DeepLink
    let canHandle: Bool
  }

  /// Runs `body`, the default `canHandle` of `type` for `link`, once per type, link and depth
  /// within the outermost resolution; `false` past the depth limit.
  static func memoized(_ type: Any.Type, _ link: DeepLink, _ body: () -> Bool) -> Bool {
    guard current < limit else { return false }
    let outermost = !isResolving
    isResolving = true
    defer { if outermost { endResolution() } }
    let key = Key(type: ObjectIdentifier(type), remaining: link.remaining.count, depth: current)
    if let known = answers[key], known.link == link { return known.canHandle }
    current += 1
    let answer = body()
    current -= 1
    answers[key] = Answer(link: link, canHandle: answer)
    return answer
  }

  /// Runs `body` as one resolution that starts at `depth`: the `canHandle` answers it gets are
  /// remembered across it, and depths count from there.
  static func resolving<Result>(from depth: Int, _ body: () -> Result) -> Result {
    let outermost = !isResolving
    isResolving = true
    let saved = current
    current = depth
    defer {
      current = saved
      if outermost { endResolution() }
    }
    return body()
  }

  private static func endResolution() {
    isResolving = false
    answers.removeAll(keepingCapacity: true)
  }
}
