public import FlowContainers

/// An app the explorer can make afresh: what keeps the root flow and the app's data alive, and
/// the router that follows links into its tree.
///
/// ```swift
/// @MainActor final class NotesApp: ExplorableApp {
///   let store = NotesStore()
///   let tabs: MainTabsFlow
///   var router: DeepLinkRouter { tabs.router }
///   init() { tabs = MainTabsFlow(store: store) }
/// }
/// ```
@MainActor
public protocol ExplorableApp: AnyObject {
  /// The router of the app's tree: the explorer opens links with it, and reads the tree, its
  /// snapshot and its link from its root.
  var router: DeepLinkRouter { get }
}

/// Walks every state an app's own declarations reach, breadth first, and checks at each what
/// each mechanism promises.
///
/// From a fresh app it takes every step there is: each route pattern as a link, with sample
/// parameters; going back, closing the topmost modal, selecting each tab, changing a split's
/// width; and the actions registered per flow type (save, sign in, which also satisfy guards).
/// Two states are the same when their tree value and their routes match. At each new state it
/// checks that
///
/// - its snapshot restores into a fresh app to the same tree (what the snapshot leaves out,
///   alerts and flows that are not restorable, and levels the restoration reports dropped,
///   excepted);
/// - the link it shares, if it can share one, opens to the same path in a fresh app (a link
///   the fresh app holds or refuses, such as a guard or an id it has no data for, is skipped);
/// - dismissing everything and releasing the app releases every flow, container and screen;
/// - no step reported misuse;
///
/// and, at the end, that every flow type the declarations name was reached. A failure carries
/// the shortest path that shows it, as steps that paste into a test:
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

  let makeApp: @MainActor () -> App
  var actions: [RegisteredAction] = []
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

  /// Makes a fresh app and takes `steps` in it: a failure's reproduction.
  ///
  /// A step that does not fit the app as it is (nothing to close) does nothing.
  ///
  /// - Parameter steps: The steps, as a failure prints them.
  /// - Returns: The app, in the state the steps lead to.
  public func replay(_ steps: [ExplorationStep]) async -> App {
    let app = makeApp()
    for step in steps { _ = await perform(step, on: app) }
    return app
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
