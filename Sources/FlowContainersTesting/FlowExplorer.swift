public import FlowContainers

/// An app the explorer can make afresh: what keeps the root flow and the app's data alive, and
/// the router that follows links into its tree, if it has links.
///
/// ```swift
/// @MainActor final class NotesApp: ExplorableApp {
///   let tabs = MainTabsFlow(store: NotesStore())
///   var root: MainTabsFlow { tabs }
///   var router: DeepLinkRouter? { tabs.router }
/// }
/// ```
@MainActor
public protocol ExplorableApp: AnyObject {
  /// The type of the app's root flow: a ``RestorableFlow``, a ``TabbedFlow`` or a ``SplitFlow``.
  associatedtype Root: ContainerFlow

  /// The root flow of the app's tree: the explorer reads the tree, its snapshot and what shows
  /// from it. The app keeps it alive.
  var root: Root { get }

  /// The router of the app's tree, made for ``root``: the explorer opens links with it, and
  /// checks the link each state shares. `nil` for an app without links, whose states are
  /// reached by what the user does and by the actions registered.
  var router: DeepLinkRouter? { get }
}

/// Walks every state an app's own declarations reach, breadth first, and checks at each what
/// each mechanism promises.
///
/// From a fresh app it takes every step there is: each route pattern as a link, with sample
/// parameters (when the app has a router); going back, closing the topmost modal, choosing
/// each action of an alert, selecting each tab, changing a split's width; and the actions
/// registered per flow type (save, sign in, which also satisfy guards). Two states are the same
/// when their tree value, their routes and the app's own state (``appState``) match. At each
/// new state it checks that
///
/// - its snapshot restores into a fresh app to the same tree (what the snapshot leaves out,
///   alerts and flows that are not restorable, and levels the restoration reports dropped,
///   excepted);
/// - the link it shares opens to the same path in a fresh app (a link the fresh app holds or
///   refuses, such as a guard or an id it has no data for, is a refusal); a state that cannot
///   share one is listed, and is a failure when a pattern builds what it shows;
/// - releasing the app as it stands releases every flow, container and screen;
///
/// after every step, that what it dismissed was released and that nothing reported misuse; and,
/// at the end, that every flow type on the route map was reached. A failure carries the
/// shortest path that shows it, as steps that paste into a test:
///
/// ```swift
/// let explorer = FlowExplorer { NotesApp() }
/// explorer.samples["id"] = ["1", "2", "99"]
/// explorer.action("sign in", on: SignInFlow.self) { _, flow in flow.signIn() }
/// await explorer.explore().expectNoFailures()
/// ```
@MainActor
public final class FlowExplorer<App: ExplorableApp> {
  /// The most steps a path has; the default is 4.
  public var maxDepth: Int
  /// The most distinct states visited; the default is 2,000.
  public var stateBudget: Int
  /// Sample values of route parameters, by name, such as `["id": ["1", "2", "99"]]`.
  ///
  /// A parameter without samples gets one of its type: `1` for `Int`, a fixed UUID, `sample`
  /// for `String`. Give samples for parameters backed by data, including one with no data to
  /// see the refusal.
  public var samples: [String: [String]] = [:]
  /// Flow types that may stay unreached, such as those of another layout of the app.
  public var mayStayUnreached: Set<FlowName> = []
  /// The app's own state, beside its tree and routes, that tells two states apart: a value
  /// read from the app, such as whether an editor has unsaved changes.
  ///
  /// Without it, an editor with unsaved changes is the state it came from, and what only such a
  /// state offers (an objection, a question before discarding) is never walked:
  ///
  /// ```swift
  /// explorer.appState = { app in app.desk.draft?.lines }
  /// ```
  public var appState: (@MainActor (_ app: App) -> AnyHashable)?

  let makeApp: @MainActor () -> App
  var actions: [RegisteredAction] = []
  var waivers: [ExplorationWaiver] = []
  /// The links of the declarations, parsed once.
  var parsedLinks: [String: DeepLink] = [:]

  /// An explorer of the apps `makeApp` makes.
  ///
  /// - Parameters:
  ///   - maxDepth: The most steps a path has.
  ///   - stateBudget: The most distinct states visited.
  ///   - makeApp: Makes the whole app afresh, its root flow and its data; called for every
  ///     path followed.
  public init(
    maxDepth: Int = 4, stateBudget: Int = 2_000, _ makeApp: @escaping @MainActor () -> App
  ) {
    self.maxDepth = maxDepth
    self.stateBudget = stateBudget
    self.makeApp = makeApp
  }

  /// Registers an action the user can take while a flow of type `type` shows, such as saving
  /// or signing in.
  ///
  /// ```swift
  /// explorer.action("save", on: EditorFlow.self) { _, editor in editor.save() }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What a reproduction calls it: `.action("save", on: "EditorFlow")`.
  ///   - type: The flow type.
  ///   - isAvailable: Whether the action can be taken now, such as whether the flow's top
  ///     screen has its button; it is tried only then. The default says always.
  ///   - perform: Does it, given the app and the flow; it returns once what it started is
  ///     done (await the tasks it starts).
  public func action<Flow: AnyObject>(
    _ name: String, on type: Flow.Type,
    when isAvailable: @escaping @MainActor (_ flow: Flow) -> Bool = { _ in true },
    _ perform: @escaping @MainActor (_ app: App, _ flow: Flow) async -> Void
  ) {
    actions.append(
      RegisteredAction(
        name: name, flow: FlowName(type),
        isAvailable: { owner in (owner as? Flow).map(isAvailable) ?? false }
      ) { app, owner in
        guard let flow = owner as? Flow else { return false }
        await perform(app, flow)
        return true
      })
  }

  /// Explores the app, breadth first, within ``maxDepth`` and ``stateBudget``.
  ///
  /// - Returns: What it visited and what failed, each failure with its shortest reproduction.
  public func explore() async -> ExplorationReport {
    var run = Run(explorer: self)
    await run.start()
    return run.report
  }
}

/// An action registered for a flow type.
struct RegisteredAction {
  let name: String
  let flow: FlowName
  /// Whether it can be taken on the flow, given as its owner.
  let isAvailable: @MainActor (_ owner: AnyObject) -> Bool
  /// Runs it on the flow, given as its owner; `false` when the owner is not of its type.
  let perform: @MainActor (_ app: any ExplorableApp, _ owner: AnyObject) async -> Bool

  init<App: ExplorableApp>(
    name: String, flow: FlowName, isAvailable: @escaping @MainActor (_ owner: AnyObject) -> Bool,
    perform: @escaping @MainActor (_ app: App, _ owner: AnyObject) async -> Bool
  ) {
    self.name = name
    self.flow = flow
    self.isAvailable = isAvailable
    self.perform = { app, owner in
      guard let app = app as? App else { return false }
      return await perform(app, owner)
    }
  }
}
