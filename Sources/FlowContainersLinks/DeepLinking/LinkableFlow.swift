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
  /// is obeyed. Within one resolution each type is asked about each remainder at each depth at
  /// most once, so the cost grows with the link's length, not with the number of paths through
  /// the sub-flow declarations.
  ///
  /// - Parameter link: The link, as this level would see it.
  /// - Returns: `true` when resolution from this type would succeed.
  public static func canHandle(_ link: DeepLink) -> Bool {
    ResolutionDepth.memoized(Self.self, link) {
      var remainder: DeepLink?
      routes.firstResolution(of: link) { _, _, rest in remainder = rest }
      guard let rest = remainder else { return false }
      return rest.remaining.isEmpty
        || linkableSubFlowTypes.contains { $0.canHandle(rest) }
        || linkableBars.contains { $0.tab(handling: rest) != nil }
        || declaredSplitTypes.contains { $0.column(handling: rest, liveDetail: nil) != nil }
    }
  }

  /// The linkable types among ``RestorableFlow/subFlows``, in order.
  ///
  /// Found once per type, as the declarations are made once (`static let`): asking each
  /// declared type whether it is linkable is a cast.
  static var linkableSubFlowTypes: [any LinkableFlow.Type] {
    LinkableSubFlows.types(of: Self.self) {
      var types: [any LinkableFlow.Type] = []
      for subFlow in subFlows {
        if let linkable = subFlow.type as? any LinkableFlow.Type { types.append(linkable) }
      }
      return types
    }
  }
}

extension LinkableFlow {
  /// The tab bars among ``RestorableFlow/subFlows``, in order, each with its linkable tabs.
  ///
  /// Found once per type, as ``linkableSubFlowTypes`` are.
  static var linkableBars: [LinkableBar] {
    LinkableSubFlows.bars(of: Self.self) {
      var bars: [LinkableBar] = []
      for subFlow in subFlows {
        guard let bar = subFlow.type as? any TabbedFlow.Type else { continue }
        // The split tabs first, then the stack tabs, as a bar whose first tab is a split lists
        // them: the positions a plan shows until the bar is made and its tab found by type.
        var tabs: [(index: Int, tab: LinkableTab)] = []
        for (index, split) in bar.splitTabFlows.enumerated() {
          tabs.append((index, .split(split)))
        }
        for (index, tab) in bar.tabFlows.enumerated() {
          guard let linkable = tab as? any LinkableFlow.Type else { continue }
          tabs.append((bar.splitTabFlows.count + index, .stack(linkable)))
        }
        bars.append(LinkableBar(type: bar, tabs: tabs))
      }
      return bars
    }
  }
}

/// What a link may go into in a tab: a stack flow's type, or a split's, whose column is chosen
/// by the split's rule.
@MainActor
enum LinkableTab {
  case stack(any LinkableFlow.Type)
  case split(any SplitFlow.Type)

  /// The tab `node`, a live tab, is: its flow's type; `nil` for a flow links cannot reach.
  init?(_ node: ContainerNode) {
    if node is SplitContainer, let split = node.owner as? any SplitFlow {
      self = .split(Swift.type(of: split))
    } else if let flow = node.owner as? any LinkableFlow {
      self = .stack(Swift.type(of: flow))
    } else {
      return nil
    }
  }

  /// Where `link` goes in this tab, the one rule for live and new tabs: the flow type that
  /// resolves it, and for a split tab the split's type and the column, by the split's rule
  /// (``SplitFlow/column(handling:in:)`` for `live`, the live split, else
  /// ``SplitFlow/column(handling:liveDetail:)``); `nil` when the tab cannot handle it.
  func choice(
    handling link: DeepLink, live: SplitContainer? = nil
  ) -> (type: any LinkableFlow.Type, split: (type: AnyObject.Type, column: SplitColumn)?)? {
    switch self {
    case .stack(let type):
      return type.canHandle(link) ? (type, nil) : nil
    case .split(let split):
      let found =
        if let live { split.column(handling: link, in: live) } else {
          split.column(handling: link, liveDetail: nil)
        }
      guard let (column, type) = found else { return nil }
      return (type, (split, column))
    }
  }
}

/// A tab bar type a flow declares as a sub-flow, and its linkable tabs (the types among its
/// ``TabbedFlow/splitTabFlows`` and ``TabbedFlow/tabFlows``), with their declared positions.
@MainActor
struct LinkableBar {
  let type: any TabbedFlow.Type
  let tabs: [(index: Int, tab: LinkableTab)]

  /// The first tab, in the declared order, that can handle `link`, and where it goes there.
  func tab(
    handling link: DeepLink
  ) -> (
    index: Int, type: any LinkableFlow.Type, split: (type: AnyObject.Type, column: SplitColumn)?
  )? {
    for (index, tab) in tabs {
      if let choice = tab.choice(handling: link) { return (index, choice.type, choice.split) }
    }
    return nil
  }
}

/// The linkable sub-flow types of each linkable type, found once.
@MainActor
enum LinkableSubFlows {
  private static var known: [ObjectIdentifier: [any LinkableFlow.Type]] = [:]
  private static var knownBars: [ObjectIdentifier: [LinkableBar]] = [:]

  /// The tab bar sub-flows of `type`, found by `find` the first time it is asked.
  static func bars(
    of type: any LinkableFlow.Type, find: () -> [LinkableBar]
  ) -> [LinkableBar] {
    let key = ObjectIdentifier(type)
    if let bars = knownBars[key] { return bars }
    let bars = find()
    knownBars[key] = bars
    return bars
  }

  /// The linkable sub-flow types of `type`, found by `find` the first time it is asked.
  static func types(
    of type: any LinkableFlow.Type, find: () -> [any LinkableFlow.Type]
  ) -> [any LinkableFlow.Type] {
    let key = ObjectIdentifier(type)
    if let types = known[key] { return types }
    let types = find()
    known[key] = types
    return types
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
  /// How many default `canHandle` calls the resolution under way has made.
  private static var calls = 0
  /// How many calls a resolution makes before it remembers answers: an ordinary link asks a
  /// few types once each, and remembering costs more than asking; sub-flow declarations that
  /// would make it exponential ask many more, and from then on every answer is remembered, so
  /// the work stays bounded.
  static let callsBeforeRemembering = 8

  /// A type, at a depth, asked about a link with so many components left.
  ///
  /// Within one resolution every link asked about is a remainder of the same link, so this names
  /// it; the answer keeps the link too, and is used only for an equal one (remainders share their
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
    calls += 1
    if calls <= callsBeforeRemembering {
      current += 1
      defer { current -= 1 }
      return body()
    }
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
    calls = 0
    if !answers.isEmpty { answers.removeAll(keepingCapacity: true) }
  }
}

extension LinkableFlow {
  /// Resolves `link` at this level, with the routes type-erased.
  static func resolveErased(_ link: DeepLink) -> (routes: [AnyRoute], remainder: DeepLink)? {
    var resolved: (routes: [AnyRoute], remainder: DeepLink)?
    routes.firstResolution(of: link) { stack, _, remainder in
      var erased: [AnyRoute] = []
      erased.reserveCapacity(stack.count)
      // An index loop: unspecialised (the flow is an existential), `indices` looks up metadata.
      var index = 0
      while index < stack.count {
        erased.append(AnyRoute(stack[index]))
        index += 1
      }
      resolved = (erased, remainder)
    }
    return resolved
  }
}
