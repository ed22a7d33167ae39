import FlowContainers
@_spi(Testing) import FlowContainersCore
import FlowContainersTesting
import Foundation
import Testing

/// The host driver against the simulated host while links, typed destinations and restorations
/// change trees with tabs and splits, and the user acts in the host's (lagging) positions: no
/// rule broken, the host idle where the tree is, every flow released when its layer goes, and
/// every link played within the transition bound of its plan.
@MainActor
struct HostDriverLinkModelTests {
  /// The steps of all cases together: `FLOW_DRIVER_STEPS` overrides it.
  private static let totalSteps =
    ProcessInfo.processInfo.environment["FLOW_DRIVER_STEPS"].flatMap(Int.init) ?? 100_002

  /// The seeds each tree runs with: the host finishes each transition a tick later, two ticks
  /// later, and at once, inside `play`.
  private static let seedCount = 3

  @Test(arguments: DriverWorld.Kind.allCases, [1, 2, 3] as [UInt64])
  func randomLinksRestorationsChangesAndUserActionsKeepTheHostsRulesAndReleaseEveryFlow(
    kind: DriverWorld.Kind, seed: UInt64
  ) async {
    let seed = ProcessInfo.processInfo.environment["FLOW_MODEL_SEED"].flatMap(UInt64.init) ?? seed
    let steps = Self.totalSteps / (DriverWorld.Kind.allCases.count * Self.seedCount)
    let world = DriverWorld(kind)
    let ticks = Int(seed % 3)
    var run = DriverRun(world: world, seed: seed, ticksPerTransition: ticks)
    let diagnostics = await withRecordedDiagnostics {
      // A link's transitions are counted while they play: not when each ends inside `play`.
      await run.run(steps: steps, checkingLinks: ticks > 0)
    }
    #expect(run.failure == nil, "\(kind) seed \(seed): \(run.failure ?? "")")
    #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
    guard run.failure == nil else { return }
    // The run met what it is for: links, destinations and restorations applied, links held to
    // the bound, user actions reaching the tree, and the host's positions lagging the tree's.
    #expect(run.counts.appliedLinks > steps / 100, "\(run.counts)")
    #expect(run.counts.appliedDestinations > steps / 200, "\(run.counts)")
    #expect(run.counts.restorations > steps / 200, "\(run.counts)")
    #expect(run.counts.userActions > steps / 50, "\(run.counts)")
    #expect(run.counts.interactivePops > steps / 1000, "\(run.counts)")
    if ticks > 0 {
      #expect(run.counts.boundChecks > steps / 100, "\(run.counts)")
      #expect(run.counts.busySteps > steps / 10, "\(run.counts)")
    }
    if kind != .tabbedApp {
      #expect(run.counts.widthChanges > steps / 300, "\(run.counts)")
    }
  }

  @Test(arguments: DriverWorld.Kind.allCases)
  func everyLinkFromManyTreesIsPlayedWithinTheBoundOfItsPlan(kind: DriverWorld.Kind) async {
    let world = DriverWorld(kind)
    var run = DriverRun(world: world, seed: 7, ticksPerTransition: 1)
    // Trees to start from: what random steps reach, saved.
    var starts: [FlowSnapshot] = []
    for _ in 0..<12 {
      await run.run(steps: 40, checkingLinks: false)
      if world.kind == .wideHome, world.root.presented == nil {
        // WideHome's links reach the bar it presents.
        let bar = WideTabs()
        world.root.present(bar.container, style: .fullScreenCover)
      }
      run.host.tickUntilIdle()
      if let snapshot = try? world.router.restorer.snapshot() { starts.append(snapshot) }
    }
    #expect(run.failure == nil, "\(run.failure ?? "")")
    var checked = 0
    for start in starts {
      for request in world.requests {
        world.session.isSignedIn = true
        _ = world.router.restorer.restore(start)
        run.host.tickUntilIdle()
        guard run.host.driver.isIdle else {
          Issue.record("the host did not settle after restoring \(start)")
          return
        }
        if await run.openChecked(request) { checked += 1 }
        #expect(run.failure == nil, "\(request): \(run.failure ?? "")")
        if run.failure != nil { return }
      }
    }
    #expect(checked > starts.count * world.requests.count / 3, "checked \(checked)")
  }
}

// MARK: - The trees

/// A tree the run drives: its root flow, router and guard, the links and destinations it opens,
/// and the detail flows its splits take.
@MainActor
final class DriverWorld {
  /// Which tree.
  enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A stack root that presents a tab bar whose first tab is a split (``WideHome``).
    case wideHome
    /// A root tab bar of the linkable app and a gallery (``TabbedApp``).
    case tabbedApp
    /// A stack root that presents a split (``NotesHome``).
    case notesHome

    var description: String { rawValue }
  }

  /// A link or a typed destination.
  enum Request: CustomStringConvertible {
    case link(String)
    case destination(LinkDestination)

    var description: String {
      switch self {
      case .link(let text): text
      case .destination(let destination): "\(destination)"
      }
    }
  }

  let kind: Kind
  let flow: AnyObject
  let root: ContainerNode
  let router: DeepLinkRouter
  let session = Session()
  let requests: [Request]

  init(_ kind: Kind) {
    self.kind = kind
    let links: [String]
    let destinations: [LinkDestination]
    switch kind {
    case .wideHome:
      let home = WideHome()
      flow = home
      root = home.container
      router = DeepLinkRouter(root: home, scheme: "notes")
      links = [
        "home", "note/1", "note/2", "note/2/edit", "note/3/edit", "note/95", "folder/work",
        "folder/home", "list", "help", "help/about", "settings",
      ]
      destinations = [
        .root(WideHome.self, showing: ["home"]),
        .root(WideHome.self, showing: ["home"]).then(EditableNoteFlow.self, showing: [.note(4)]),
        .root(WideHome.self, showing: ["home"]).then(EditableNoteFlow.self, showing: [.note(2)])
          .then(EditorFlow.self, showing: [.edit, .preview]),
        .root(WideHome.self, showing: ["home"]).then(NoteListFlow.self, showing: ["list"]),
        .root(WideHome.self, showing: ["home"]).then(HelpTab.self, showing: ["help", "about"]),
      ]
    case .tabbedApp:
      let tabs = TabbedApp()
      flow = tabs
      root = tabs.container
      router = DeepLinkRouter(root: tabs, scheme: "notes")
      links = [
        "library", "note/1", "note/2", "note/2/edit", "note/3/edit/preview", "note/7",
        "settings", "settings/account", "settings/account/devices", "wall", "slides",
      ]
      destinations = [
        .root(AppFlow.self, showing: [.library, .note(2)]).then(EditorFlow.self, showing: [.edit]),
        .root(AppFlow.self, showing: [.library]).then(SettingsFlow.self, showing: [.settings])
          .then(AccountFlow.self, showing: [.account, .devices]),
        .root(AppFlow.self, showing: [.library, .note(3)]),
        .root(Gallery.self, showing: [.wall]).then(Slides.self, showing: [.slide]),
      ]
    case .notesHome:
      let home = NotesHome()
      flow = home
      root = home.container
      router = DeepLinkRouter(root: home, scheme: "notes")
      links = [
        "home", "note/3", "note/3/history", "note/4", "folder/x", "folder/y", "list", "other",
      ]
      destinations = [
        .root(NotesHome.self, showing: ["home"]).then(NoteDetailFlow.self, showing: [.note(9)]),
        .root(NotesHome.self, showing: ["home"])
          .then(NoteDetailFlow.self, showing: [.note(3), .history]),
        .root(NotesHome.self, showing: ["home"]).then(NoteListFlow.self, showing: ["list"]),
      ]
    }
    requests = links.map { .link("notes://\($0)") } + destinations.map { .destination($0) }
    router.setGuard(
      for: .signedIn, isSatisfied: { [session] in session.isSignedIn },
      makeGuardFlow: { [session] in SignInFlow(session: session) })
    session.isSignedIn = true
  }

  /// A new detail for `split`, of the type its declaration makes.
  func makeDetail(
    for split: SplitContainer, id: Int
  ) -> (flow: AnyObject, container: ContainerNode)? {
    switch split.owner {
    case is WideNotes:
      let note = EditableNoteFlow(id: id)
      return (note, note.container)
    case is NotesSplit:
      let note = NoteDetailFlow(id: id)
      return (note, note.container)
    default: return nil
    }
  }
}

// MARK: - The run

/// One random run against a simulated host, and what it checks after every step.
@MainActor
struct DriverRun {
  /// How often each kind of step met its purpose.
  struct Counts: CustomStringConvertible {
    var appliedLinks = 0
    var appliedDestinations = 0
    var restorations = 0
    var boundChecks = 0
    var userActions = 0
    var widthChanges = 0
    var interactivePops = 0
    var busySteps = 0

    var description: String {
      "links \(appliedLinks), destinations \(appliedDestinations), restorations "
        + "\(restorations), bound checks \(boundChecks), user actions \(userActions), widths "
        + "\(widthChanges), interactive pops \(interactivePops), busy steps \(busySteps)"
    }
  }

  let world: DriverWorld
  let host: SimulatedHost
  var generator: SplitMix64
  let seed: UInt64
  /// The first check that failed, with the step and the steps before it.
  var failure: String?
  var counts = Counts()
  /// The last steps, for a failure's message.
  private var recent: [String] = []
  private var step = 0
  private var snapshots: [FlowSnapshot] = []
  /// Every container and flow seen in the tree, weakly.
  private var containers: [ObjectIdentifier: WeakBox] = [:]
  private var flows: [ObjectIdentifier: WeakBox] = [:]

  init(world: DriverWorld, seed: UInt64, ticksPerTransition: Int) {
    self.world = world
    self.seed = seed
    generator = SplitMix64(seed: seed)
    host = SimulatedHost(root: world.root, ticksPerTransition: ticksPerTransition)
  }

  private mutating func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

  /// Runs `steps` random steps, checking after each; stops at the first failure.
  mutating func run(steps: Int, checkingLinks: Bool = true) async {
    for _ in 0..<steps where failure == nil {
      step += 1
      if host.isBusy { counts.busySteps += 1 }
      await takeStep(checkingLinks: checkingLinks)
      await world.router.waitForPendingWork()
      check()
    }
    guard failure == nil else { return }
    if host.isDragging { host.userCancelsInteractivePop() }
    host.tickUntilIdle()
    check()
    if failure == nil, !host.driver.isIdle || host.isBusy {
      fail("the host did not settle at the end")
    }
  }

  private mutating func takeStep(checkingLinks: Bool) async {
    let root = world.root
    switch random(40) {
    case 0..<5:
      let request = world.requests[random(world.requests.count)]
      if checkingLinks, !host.isBusy, host.driver.isIdle {
        note("open \(request), checked")
        _ = await openChecked(request)
      } else {
        note("open \(request)")
        record(await open(request), of: request)
      }
    case 5:
      if let snapshot = try? world.router.restorer.snapshot() {
        note("snapshot")
        snapshots.append(snapshot)
        if snapshots.count > 8 { snapshots.removeFirst() }
      }
    case 6:
      guard !snapshots.isEmpty else { return }
      let snapshot = snapshots[random(snapshots.count)]
      note("restore \(snapshot.levels.map(\.flow))")
      let report = world.router.restorer.restore(snapshot)
      if report.error == nil { counts.restorations += 1 }
    case 7, 8:
      // The program pushes on a stack of the tree.
      let nodes = treeNodes().filter { !($0 is TabContainer) && !($0 is SplitContainer) }
      guard !nodes.isEmpty else { return }
      let node = nodes[random(nodes.count)]
      if node.count < 5 {
        note("push on \(node.flowName)")
        push(on: node)
      }
    case 9:
      let nodes = treeNodes().filter { $0.count > 1 && !($0 is SplitContainer) }
      guard !nodes.isEmpty else { return }
      let node = nodes[random(nodes.count)]
      note("pop \(node.flowName)")
      pop(node)
    case 10:
      let top = root.topmost
      if world.kind == .wideHome, top === root {
        // WideHome's links reach the bar it presents: the program presents one, as the Split
        // Tabs tests do.
        note("present the bar")
        let bar = WideTabs()
        root.present(bar.container, style: .fullScreenCover)
      } else if top.depth < 6 {
        note("present an alert over \(top.flowName)")
        let alert = AlertFlow()
        top.present(alert.container, style: random(2) == 0 ? .sheet : .fullScreenCover)
      }
    case 11:
      let presented = treeNodes().filter { $0.presenter != nil }
      guard !presented.isEmpty else { return }
      let node = presented[random(presented.count)]
      note("dismiss \(node.flowName)")
      node.dismiss()
    case 12:
      let bars = treeNodes().compactMap { $0 as? TabContainer }
      guard let bar = bars.first, !bar.tabs.isEmpty else { return }
      let index = random(bar.tabs.count)
      note("select tab \(index)")
      bar.select(index)
    case 13:
      let splits = treeNodes().compactMap { $0 as? SplitContainer }
      guard let split = splits.first else { return }
      if split.detail != nil, random(2) == 0 {
        note("close detail")
        split.closeDetail()
      } else if let detail = world.makeDetail(for: split, id: random(6)) {
        note("show detail")
        split.showDetail(detail.container)
      }
    case 14:
      // Guards and objections: the session signs out, an editor or a note objects, or not.
      switch random(4) {
      case 0: world.session.isSignedIn.toggle()
      case 1:
        for node in treeNodes() {
          if let editor = node.owner as? EditorFlow { editor.hasUnsavedChanges = random(3) == 0 }
          if let note = node.owner as? NoteDetailFlow {
            note.objection = random(3) == 0 ? "busy" : nil
          }
        }
      default:
        if let signIn = root.topmost.owner as? SignInFlow {
          note("sign in")
          if random(3) == 0 { signIn.cancel() } else { signIn.signIn() }
        }
      }
    case 15..<20:
      await userActs()
    default:
      host.tick()
    }
  }

  /// Opens `request`, counting what applied.
  private func open(_ request: DriverWorld.Request) async -> LinkOutcome {
    switch request {
    case .link(let text): await world.router.open(text)
    case .destination(let destination): await world.router.open(destination)
    }
  }

  private mutating func record(_ outcome: LinkOutcome, of request: DriverWorld.Request) {
    guard case .applied = outcome else { return }
    switch request {
    case .link: counts.appliedLinks += 1
    case .destination: counts.appliedDestinations += 1
    }
  }

  /// Opens `request` while the host is idle, lets the host settle with nothing else changing,
  /// and checks what it played against the bound of the link's plan; whether it applied.
  mutating func openChecked(_ request: DriverWorld.Request) async -> Bool {
    let before = host.scene
    let playedBefore = host.played.count
    let outcome = await open(request)
    record(outcome, of: request)
    guard case .applied(let plan) = outcome else { return false }
    let after = world.root.hostScene
    // Each transition lasts a tick at least: every one is seen while it plays.
    var transitions: [HostTransition] = []
    var seen = playedBefore
    while true {
      if host.played.count > seen, let playing = host.driver.transitionInProgress {
        transitions.append(playing)
        seen = host.played.count
      }
      guard host.isBusy else { break }
      host.tick()
    }
    counts.boundChecks += 1
    if host.played.count != playedBefore + transitions.count {
      return fail("\(request): a transition finished unseen")
    }
    if world.root.hostScene != after {
      return fail("\(request): the tree moved while the host settled")
    }
    let problems = HostDriverLinkModelTests.boundProblems(
      before: before, after: after, played: transitions)
    if !problems.isEmpty {
      return fail(
        "\(request) (\(plan.description)) broke the bound: \(problems); played "
          + "\(host.played[playedBefore...])")
    }
    return true
  }

  // MARK: The user

  /// The user acts on what the host shows on top: pops a stack, closes the top layer, selects
  /// a tab, the window's width changes around a split, or drags a stack's top screen away (an
  /// interactive pop, which is all the user does until it is committed or cancelled).
  private mutating func userActs() async {
    guard let layer = host.scene.layers.last else { return }
    if host.isDragging {
      if random(2) == 0 {
        note("user commits the interactive pop")
        host.userCommitsInteractivePop()
      } else {
        note("user cancels the interactive pop")
        host.userCancelsInteractivePop()
      }
      return
    }
    let visible = Self.visiblePanes(of: layer)
    switch random(5) {
    case 0:
      // A stack, or a compact split's collapsed stack: the primary's screens, then the detail's.
      let contents = Dictionary(
        layer.panes.map { ($0.container, $0.content) }, uniquingKeysWith: { a, _ in a })
      func screens(_ id: ObjectIdentifier?) -> Int {
        guard let id, case .stack(let count, _)? = contents[id] else { return 0 }
        return count
      }
      let stacks = visible.compactMap { pane -> (ObjectIdentifier, Int)? in
        let count: Int
        switch pane.content {
        case .stack(let screens, _): count = screens
        case .split(let primary, let detail, .compact): count = screens(primary) + screens(detail)
        case .split, .tabs: return nil
        }
        return count > 1 ? (pane.container, count) : nil
      }
      guard !stacks.isEmpty else { return }
      let (id, count) = stacks[random(stacks.count)]
      guard let node = containers[id]?.object as? ContainerNode else { return }
      let index = random(count - 1)
      note("user pops \(node.flowName) to \(index)")
      counts.userActions += 1
      host.userPops(node, toIndex: index)
    case 1:
      guard host.scene.layers.count > 1,
        let node = containers[layer.container]?.object as? ContainerNode
      else { return }
      note("user closes \(node.flowName)")
      counts.userActions += 1
      host.userDismisses(node)
    case 2:
      let bars = visible.compactMap { pane -> (ObjectIdentifier, Int)? in
        guard case .tabs(let tabs, _) = pane.content, !tabs.isEmpty else { return nil }
        return (pane.container, tabs.count)
      }
      guard let (id, count) = bars.first,
        let bar = containers[id]?.object as? TabContainer
      else { return }
      let index = random(count)
      note("user selects tab \(index)")
      counts.userActions += 1
      host.userSelectsTab(bar, index: index)
    case 3:
      let splits = host.scene.layers.flatMap(\.panes).compactMap { pane -> ObjectIdentifier? in
        guard case .split = pane.content else { return nil }
        return pane.container
      }
      guard let id = splits.first, let split = containers[id]?.object as? SplitContainer
      else { return }
      let width: SplitWidth = random(2) == 0 ? .compact : .regular
      note("width \(width)")
      counts.widthChanges += 1
      host.widthChanges(split, to: width)
    default:
      // Any stack of the top layer UIKit lets the user drag: a compact split's shown column too.
      let stacks = layer.panes.compactMap { pane -> ContainerNode? in
        guard case .stack(let count, _) = pane.content, count > 1,
          let node = containers[pane.container]?.object as? ContainerNode,
          host.canBeginInteractivePop(node)
        else { return nil }
        return node
      }
      guard !stacks.isEmpty else { return }
      let node = stacks[random(stacks.count)]
      note("user begins an interactive pop of \(node.flowName)")
      counts.interactivePops += 1
      host.userBeginsInteractivePop(node)
    }
  }

  /// The panes of `layer` the user sees: the selected tab of each bar, both columns of each
  /// split, from the layer's container up.
  static func visiblePanes(of layer: HostScene.Layer) -> [HostScene.Pane] {
    let panes = Dictionary(layer.panes.map { ($0.container, $0) }, uniquingKeysWith: { a, _ in a })
    var visible: [HostScene.Pane] = []
    var left = [layer.container]
    while let next = left.popLast() {
      guard let pane = panes[next] else { continue }
      visible.append(pane)
      switch pane.content {
      case .stack: break
      case .tabs(let tabs, let selected):
        if let selected, tabs.indices.contains(selected) { left.append(tabs[selected]) }
      case .split(let primary, let detail, let width):
        // A compact split's columns are one stack, whose pops the host reports on the split.
        guard width == .regular else { break }
        left += [primary, detail].compactMap { $0 }
      }
    }
    return visible
  }

  // MARK: The program's own changes

  private mutating func push(on node: ContainerNode) {
    if let stack = node as? StackContainer<String> {
      stack.push("s\(step)")
    } else if let stack = node as? StackContainer<NoteRoute> {
      stack.push(.history)
    } else if let stack = node as? StackContainer<AppRoute> {
      stack.push(.note(random(4)))
    } else if let stack = node as? StackContainer<EditorRoute> {
      stack.push(.preview)
    } else if let stack = node as? StackContainer<SettingsRoute> {
      stack.push(.devices)
    } else if let stack = node as? StackContainer<GalleryRoute> {
      stack.push(.wall)
    }
  }

  private func pop(_ node: ContainerNode) {
    if let stack = node as? StackContainer<String> {
      _ = stack.pop()
    } else if let stack = node as? StackContainer<NoteRoute> {
      _ = stack.pop()
    } else if let stack = node as? StackContainer<AppRoute> {
      _ = stack.pop()
    } else if let stack = node as? StackContainer<EditorRoute> {
      _ = stack.pop()
    } else if let stack = node as? StackContainer<SettingsRoute> {
      _ = stack.pop()
    } else if let stack = node as? StackContainer<GalleryRoute> {
      _ = stack.pop()
    }
  }

  /// Every container of the tree: presented ones, tabs and columns, hidden or not.
  private func treeNodes() -> [ContainerNode] {
    var found: [ContainerNode] = []
    var left = [world.root]
    while let node = left.popLast() {
      found.append(node)
      if let presented = node.presented { left.append(presented) }
      if let bar = node as? TabContainer { left += bar.tabs }
      if let split = node as? SplitContainer {
        left += [split.primary, split.detail].compactMap { $0 }
      }
    }
    return found
  }

  // MARK: Checks

  /// After every step: no rule broken; an idle host shows the tree; every flow that left the
  /// tree released, whatever the host still shows.
  private mutating func check() {
    if host.scene != host.driver.shown {
      fail(
        "the host does not show what the driver thinks:\nhost \(describe(host.scene))\ndriver "
          + describe(host.driver.shown))
      return
    }
    if !host.violations.isEmpty {
      fail("rules broken: \(host.violations.prefix(3))")
      return
    }
    if !host.isBusy, !host.isDragging {
      if host.scene != world.root.hostScene {
        fail(
          "the idle host does not show the tree:\nhost \(describe(host.scene))\ntree "
            + describe(world.root.hostScene) + "\ndriver \(describe(host.driver.shown))")
        return
      }
      if host.scene != host.driver.shown {
        fail("the idle host is not the driver's")
        return
      }
    }
    let nodes = treeNodes()
    var inTree = Set<ObjectIdentifier>()
    for node in nodes {
      let id = ObjectIdentifier(node)
      if containers[id]?.object == nil { containers[id] = WeakBox(node) }
      if let owner = node.owner {
        let flow = ObjectIdentifier(owner)
        inTree.insert(flow)
        if flows[flow]?.object == nil { flows[flow] = WeakBox(owner) }
      }
    }
    for (id, box) in flows {
      guard let alive = box.object else {
        flows[id] = nil
        continue
      }
      if !inTree.contains(id), !isKeptByItsFixture(alive) {
        fail("\(type(of: alive)) outlived its layer")
        return
      }
    }
    containers = containers.filter { $0.value.object != nil }
  }

  /// Whether a live flow of the tree keeps `flow` as a stored property (a bar's tab flows, a
  /// split's list), so it lives while that flow does, in the tree or not.
  private func isKeptByItsFixture(_ flow: AnyObject) -> Bool {
    flows.values.contains { box in
      switch box.object {
      case let bar as WideTabs: bar.notes === flow || bar.help === flow
      case let notes as WideNotes: notes.list === flow
      case let split as NotesSplit: split.list === flow
      case let tabs as TabbedApp: tabs.app === flow
      default: false
      }
    }
  }

  /// `scene` with its containers' flow names.
  func describe(_ scene: HostScene) -> String {
    func name(_ id: ObjectIdentifier?) -> String {
      guard let id else { return "none" }
      return (containers[id]?.object as? ContainerNode)?.flowName.rawValue ?? "gone"
    }
    return scene.layers.map { layer in
      "["
        + layer.panes.map { pane in
          switch pane.content {
          case .stack(let count, let revision): "\(name(pane.container)) \(count)@\(revision)"
          case .tabs(let tabs, let selected):
            "\(name(pane.container)) tabs \(tabs.map(name)) \(selected.map(String.init) ?? "-")"
          case .split(let primary, let detail, let width):
            "\(name(pane.container)) \(name(primary))|\(name(detail)) \(width)"
          }
        }.joined(separator: ", ") + "]"
    }.joined(separator: " / ")
  }

  private mutating func note(_ text: String) {
    recent.append("\(step): \(text)")
    if recent.count > 24 { recent.removeFirst() }
  }

  @discardableResult
  private mutating func fail(_ message: String) -> Bool {
    if failure == nil {
      failure =
        "step \(step), seed \(seed): \(message)\nlast steps:\n" + recent.joined(separator: "\n")
        + "\ntree:\n\(world.root.tree.description)"
    }
    return false
  }
}

/// A weak reference.
@MainActor
final class WeakBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

// MARK: - The bound

extension HostDriverLinkModelTests {
  /// What `played` does beyond the bound of a change from `before` to `after`: at most one
  /// dismissal, of the lowest layer that goes, first; one presentation per new layer, last, in
  /// order; at most one transition per changed stack, tab bar or split of the layers that stay;
  /// exactly one animated, the last, unless nothing changed, when nothing is played.
  static func boundProblems(
    before: HostScene, after: HostScene, played: [HostTransition]
  ) -> [String] {
    guard before != after else {
      return played.isEmpty ? [] : ["\(played.count) transitions for a change of nothing"]
    }
    var problems: [String] = []
    if played.isEmpty { problems.append("nothing played") }
    if played.last?.isAnimated != true { problems.append("the last is not animated") }
    if played.dropLast().contains(where: \.isAnimated) {
      problems.append("more than one animated")
    }
    var kept = 0
    while kept < before.layers.count, kept < after.layers.count,
      before.layers[kept].container == after.layers[kept].container,
      before.layers[kept].style == after.layers[kept].style
    {
      kept += 1
    }
    // The panes of the layers that stay whose content changed, by kind.
    var changed: [ObjectIdentifier: HostScene.Content] = [:]
    for index in 0..<kept {
      let was = Dictionary(
        before.layers[index].panes.map { ($0.container, $0.content) },
        uniquingKeysWith: { a, _ in a })
      for pane in after.layers[index].panes {
        if let old = was[pane.container], old != pane.content {
          changed[pane.container] = pane.content
        }
      }
    }
    let dismissals = played.filter { if case .dismiss = $0 { true } else { false } }
    let goes = before.layers.count > kept
    if dismissals.count != (goes ? 1 : 0) {
      problems.append("\(dismissals.count) dismissals where \(goes ? 1 : 0) was needed")
    }
    if case .dismiss(let node, _)? = dismissals.first {
      if ObjectIdentifier(node) != before.layers[kept - 1].container {
        problems.append("the dismissal is not of the lowest layer that goes")
      }
      if case .dismiss = played[0] {} else { problems.append("the dismissal is not first") }
    }
    var presented: [ObjectIdentifier] = []
    var set: Set<ObjectIdentifier> = []
    for (index, transition) in played.enumerated() {
      switch transition {
      case .dismiss: break
      case .present(let node, let style, _, _):
        presented.append(ObjectIdentifier(node))
        let layer = kept + presented.count - 1
        if layer >= after.layers.count || after.layers[layer].style != style {
          problems.append("\(transition) is not a new layer's, in order")
        }
      case .setStack, .setTabs, .setColumns:
        let id = transition.containerID
        if !presented.isEmpty {
          problems.append("\(transition) (\(index)) after a presentation")
        }
        switch (transition, changed[id]) {
        case (.setStack, .stack?), (.setTabs, .tabs?), (.setColumns, .split?): break
        default: problems.append("\(transition): no change of its kind of a layer that stays")
        }
        if !set.insert(id).inserted { problems.append("\(transition): a second transition") }
      }
    }
    let wanted = after.layers[kept...].map(\.container)
    if presented != Array(wanted) {
      problems.append("presented \(presented.count) layers where \(wanted.count) are new")
    }
    return problems
  }
}

extension HostTransition {
  /// The container a stack's, tabs' or columns' transition changes, or the layer's.
  fileprivate var containerID: ObjectIdentifier {
    switch self {
    case .setStack(let node, _, _, _), .present(let node, _, _, _), .dismiss(let node, _):
      ObjectIdentifier(node)
    case .setTabs(let bar, _, _, _): ObjectIdentifier(bar)
    case .setColumns(let split, _, _, _): ObjectIdentifier(split)
    }
  }
}
