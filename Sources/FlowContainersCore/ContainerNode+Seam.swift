/// What the modules built on the core may do with a tree, and nothing more: the core's ten
/// `package` declarations, this file's and ``TreeChange``.
///
/// Users of the library see none of them. Through them, a module above the core reads a tree
/// once, as a value with each level's container and revision
/// (``ContainerNode/read(describingScreens:)``, ``ContainerNode/revision``), reads a stack's
/// screens without registering an Observation access (``StackContainer/screensUntracked``),
/// makes one change of a tree from many ``TreeChange``s, each the change the door makes for a
/// public operation (``ContainerNode/transact(cause:_:)``,
/// ``StackContainer/edit(from:keeping:adding:)``), takes a typed result
/// (``FlowResult/take(_:_:)``), keeps observers of its own
/// (``ObserverToken/makeObservers(of:)``), and prints a chain of levels as a tree dump prints it
/// (``FlowTree/chainDescription(count:level:)``). What a container keeps that can keep a flow
/// alive, and whether its flow is one the tree made for itself, are read apart
/// (``ContainerNode/details(screen:)``): they cost more, and few ask.
///
/// A change a module applies is made by the same code the public operations reach through the
/// door (``ContainerNode/request(_:animated:cause:fileID:line:)``); only the checks differ: a
/// change that does not fit is left out quietly rather than reported as misuse. None of them
/// runs user code of its own; every change runs inside a change of the tree. The modules above
/// never touch the core's stored properties.
extension ContainerNode {
  /// The tree under this container as a value, read once: ``tree``, with each level's
  /// container and revision (a number that changes whenever the container's stack, tabs,
  /// columns or presentation change), in the levels' order, and whether a change is under way
  /// in the tree.
  ///
  /// One walk without recursion, registering no Observation access. Describing the screens
  /// (``FlowTree/Level/screens``) costs a `String(describing:)` each: planning leaves them out.
  ///
  /// - Parameters:
  ///   - describingScreens: Whether to describe each level's screens.
  ///   - levels: An empty list the caller kept from an earlier reading, whose room the
  ///     reading fills rather than allocating its own.
  ///   - containers: Another, for the containers.
  /// - Returns: The tree, its containers and their revisions, and whether it is changing.
  package func read(
    describingScreens: Bool, reusing levels: consuming [FlowTree.Level] = [],
    _ containers: consuming [(node: ContainerNode, revision: UInt64)] = []
  ) -> (
    tree: FlowTree, containers: [(node: ContainerNode, revision: UInt64)], isChanging: Bool
  ) {
    var containers: [(node: ContainerNode, revision: UInt64)]? = consume containers
    let tree = walk(describingScreens: describingScreens, into: levels, containers: &containers)
    return (tree, containers ?? [], changes?.isChanging == true)
  }

  /// A number that changes whenever this container's stack, tabs, columns or presentation
  /// change: a reading of the tree still holds for the containers whose revisions are as read.
  package var revision: UInt64 { generation }

  /// Runs `body` as one change of the tree (a transaction), then each request that callbacks
  /// made during it, each as a change of its own; and says which request ran first, if any.
  ///
  /// `body` makes its changes with the function it is given, which makes one ``TreeChange`` on
  /// its container, as a public operation makes it, by the same code. Unlike the public
  /// operations, a change that does not fit is not misuse: it is left out (the function
  /// returns whether it was made). A presentation and a dismissal asked of a
  /// split's column are made on its split, over which the column presents. Whatever `body`
  /// does before, between and after its changes (making flows, telling its own observers) runs
  /// inside the change, so that requests callbacks make wait until the change has ended.
  ///
  /// Called during a change of the tree, the transaction joins it, and no request runs before
  /// this returns.
  ///
  /// - Parameters:
  ///   - cause: What the events the changes cause say caused them.
  ///   - body: The work, given the function that makes changes.
  /// - Returns: What `body` returned, and the operation and place of the first request that
  ///   ran after it.
  package func transact<Result>(
    cause: NavigationCause,
    _ body: (_ apply: (_ on: ContainerNode, _ change: TreeChange, _ animated: Bool) -> Bool) ->
      Result
  ) -> (result: Result, firstRequest: (operation: String, fileID: StaticString, line: UInt)?) {
    let queue = changeQueue
    // Begun and ended as `ChangeQueue.perform` does, without a closure: none is allocated.
    let isJoining = queue.isChanging
    if !isJoining { queue.startRecording() }
    let started = queue.begin()
    // A closure written here, which the compiler keeps on the stack: a local function passed as
    // a value was allocated.
    let result = body { node, change, animated in
      node.makeInTransaction(change, animated: animated, cause: cause)
    }
    queue.end(started)
    guard !isJoining else { return (result, nil) }
    let first = queue.stopRecording().first
    return (result, first.map { ($0.operation, $0.fileID, $0.line) })
  }

  /// Makes `change` on this container inside ``transact(cause:_:)``, if it fits; whether it
  /// did.
  private func makeInTransaction(
    _ change: TreeChange, animated: Bool, cause: NavigationCause
  ) -> Bool {
    // A column's presentation is made on its split by the change itself, which remembers the
    // column it ends with; a dismissal is asked of the split.
    var target = self
    switch change {
    case .dismissPresented, .purpose:
      if case .column = attachment { target = presentingLevel }
    default:
      break
    }
    guard target.fits(change) else { return false }
    // The flows a change brings in live through it, even if only what it ends held them.
    let owners = change.incomingOwners
    target.perform(change, animated: animated, cause: cause, fileID: #fileID, line: #line)
    extendLifetime(owners)
    return true
  }

  /// What this container keeps that can keep a flow or a screen alive, and whether its flow is
  /// one the tree made for itself; read without registering an Observation access.
  ///
  /// Dearer than ``read(describingScreens:)`` (it loads the owner and asks what it is, and copies
  /// a tag of any type), for reports and rare checks:
  ///
  /// - `screenIndex`: `object`'s position in its stack, if `object` is one of its screens.
  /// - `hasPresentationOnEnd`: whether the presenter gave its current presentation an `onEnd`
  ///   closure; one that captures the presenting flow strongly keeps it alive while the
  ///   presentation lasts.
  /// - `observerCount`: how many observers (of events and of stack changes) sit on it; one whose
  ///   closure captures the flow keeps it alive until its token is cancelled.
  /// - `transientTitle`: for a flow the tree makes for itself (the flow behind a presented
  ///   alert), the title that names it where a saved tree leaves it out, such as `Delete?`;
  ///   `nil` for any other flow.
  /// - `presentationTag`: what its presentation is for (``TreeChange/purpose(_:)``); `nil`
  ///   when nothing is presented or nothing was said.
  /// - `isFree`: whether it could join another tree now: not finished, hanging nowhere
  ///   (neither presented, even by a presenter being released, nor a tab, nor a column), and
  ///   presenting nothing, as a flow just made is.
  /// - `isFinished`: whether it has finished.
  /// - `isChanging`: whether a change is being applied or announced in its tree.
  ///
  /// - Parameter object: A screen to look for, or `nil`.
  /// - Returns: What it keeps, and what its flow is.
  package func details(
    screen object: AnyObject? = nil
  ) -> (
    screenIndex: Int?, hasPresentationOnEnd: Bool, observerCount: Int, transientTitle: String?,
    presentationTag: String?, isFree: Bool, isFinished: Bool, isChanging: Bool
  ) {
    (
      object.flatMap { screenIndex(identicalTo: $0) }, endHandlers?.onEnd != nil,
      (eventObservers?.count ?? 0) + changeObserverCount,
      // Only an alert's flow is transient, and an alert's container holds alert screens: other
      // containers skip the protocol cast, which costs more than the rest.
      self is StackContainer<AlertScreen> ? (owner as? any TransientFlow)?.transientTitle : nil,
      endHandlers?.tag, !finished && attachment == .root && holder == nil && presentedNode == nil,
      finished, changes?.isChanging == true
    )
  }
}

extension StackContainer {
  /// The change that keeps the first `count` of the stack's `stored` screens and pushes
  /// `screens` over them, as the public operation of that shape makes it: a replacement (none
  /// kept, even of an empty stack), a push (all kept) or a pop to `count - 1` (none added);
  /// `nil` for an edit of another shape.
  ///
  /// Made in a ``ContainerNode/transact(cause:_:)``; it changes nothing when the stack does not
  /// hold `stored` screens then: a plan's edits of one stack follow each other.
  ///
  /// - Parameters:
  ///   - stored: How many screens the stack holds when the change is made.
  ///   - count: How many screens stay, from the bottom.
  ///   - screens: The screens pushed over them.
  /// - Returns: The change, or `nil`.
  package func edit(from stored: Int, keeping count: Int, adding screens: [Screen]) -> TreeChange? {
    // Counts, not `isEmpty`: this runs unspecialised from generic code, where `isEmpty` is
    // Collection's, looked up through witness tables.
    let added = screens.count
    if count == 0, added != 0 {
      // Nothing kept, even over an empty stack (a new flow's): a replacement.
      return .stack(
        "replace(with:)", check: nil,
        apply: { [self] animated, cause in
          replace(with: screens, animated: animated, cause: cause)
        })
    }
    if count == stored, added != 0 {
      return .stack(
        "push(contentsOf:)", check: nil,
        apply: { [self] animated, cause in
          guard screenCount == stored else { return }
          push(contentsOf: screens, animated: animated, cause: cause)
        })
    }
    // A pop needs no screens: a value, not a closure.
    guard added == 0, count >= 1, count < stored else { return nil }
    return .pop(stored: stored, keeping: count)
  }
}

extension StackContainer {
  /// The screens, read without registering an Observation access.
  package var screensUntracked: [Screen] { currentScreens }
}

extension FlowResult {
  /// The result for a presentation of this result's container that ended as `ending` because of
  /// `cause`, for its `onEndWithCause`; the value goes with it.
  ///
  /// - Parameters:
  ///   - ending: How the presentation ended.
  ///   - cause: What caused it.
  /// - Returns: `.finished(with:)` the value the flow finished with, or `.ended(_:cause:)`.
  package func take(
    _ ending: PresentationEnding, _ cause: NavigationCause
  ) -> PresentationResult<Value> {
    defer { pending = nil }
    if ending == .finished, let value = pending { return .finished(with: value) }
    return .ended(ending, cause: cause)
  }
}

extension ObserverToken {
  /// Observers of a module's own values, kept as the tree keeps its observers: called in
  /// registration order; one added during a delivery hears the next value, one removed hears
  /// nothing more.
  ///
  /// - Parameter type: The values' type.
  /// - Returns: `observe`, which registers a handler until its token is cancelled or released,
  ///   and `send`, which calls the handlers.
  package static func makeObservers<Value>(
    of type: Value.Type
  ) -> (observe: (@escaping (Value) -> Void) -> ObserverToken, send: (Value) -> Void) {
    let list = ObserverList<Value>()
    return (
      observe: { handler in
        let id = list.add(handler)
        return ObserverToken { [weak list] in list?.remove(id) }
      },
      send: { value in if !list.isEmpty { list.send(value) } }
    )
  }
}

extension FlowTree {
  /// The dump of a chain of `count` levels, each presented on the one before, drawn as a tree
  /// dump draws it: `AppFlow: [library]`, then `└─ EditorFlow (sheet): [edit]` one level in.
  ///
  /// - Parameters:
  ///   - count: How many levels.
  ///   - level: A level's flow, how it is shown (`nil` for the first) and its items, by position.
  /// - Returns: The lines, joined.
  package static func chainDescription(
    count: Int, level: (Int) -> (flow: String, note: String?, items: [String])
  ) -> String {
    TreeDump.shownLevels(count: count).map { index in
      guard let index else {
        return TreeDump.elision(
          depth: TreeDump.keptAtEachEnd, count: count - 2 * TreeDump.keptAtEachEnd)
      }
      let shown = level(index)
      return TreeDump.line(depth: index, flow: shown.flow, note: shown.note, items: shown.items)
    }.joined(separator: "\n")
  }
}
