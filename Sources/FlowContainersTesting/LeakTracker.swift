public import FlowContainers

/// Checks that flows, containers and screens are released when they should be.
///
/// Track objects as you create them, drop your own references, then check. A failed check
/// names each object still alive and, when it can tell, where it still hangs in the tree: the
/// container that presents it, or the stack that holds it. Use it in Swift Testing and in
/// XCTest alike; failures are reported to whichever is running.
///
/// ```swift
/// @Test func dismissingTheEditorReleasesIt() {
///   let leaks = LeakTracker()
///   let app = AppFlow()
///   do {
///     let editor = EditorFlow()
///     leaks.track(editor)
///     leaks.track(editor.container)
///     app.container.present(editor.container)
///   }
///   app.container.dismissPresented()
///   leaks.expectAllReleased()  // fails, naming EditorFlow, if anything still holds it
/// }
/// ```
@MainActor
public final class LeakTracker {
  private struct Entry {
    weak var object: AnyObject?
    let name: String
    let location: CallerLocation
  }

  private var entries: [Entry] = []

  /// Creates an empty tracker.
  public init() {}

  /// Starts tracking `object`, weakly, and returns it.
  ///
  /// - Parameters:
  ///   - object: The flow, container or screen to watch.
  ///   - name: How failure messages name it; its type name by default.
  ///   - fileID: Where it was tracked, for failure messages.
  ///   - filePath: Where it was tracked, for failure messages.
  ///   - line: Where it was tracked, for failure messages.
  ///   - column: Where it was tracked, for failure messages.
  /// - Returns: `object`, so tracking can wrap its creation.
  @discardableResult
  public func track<Object: AnyObject>(
    _ object: Object, name: String? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Object {
    record(
      object, name: name,
      at: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    return object
  }

  /// Tracks `object` as tracked at `location`; what the public `track` calls share.
  private func record(_ object: AnyObject, name: String?, at location: CallerLocation) {
    entries.append(
      Entry(object: object, name: name ?? String(describing: type(of: object)), location: location))
  }

  /// Tracks a flow and its container, the first two things both flow overloads track.
  private func recordFlow(_ flow: AnyObject, container: ContainerNode, at location: CallerLocation)
  {
    record(flow, name: nil, at: location)
    record(container, name: "\(type(of: flow)).container", at: location)
  }

  /// Starts tracking a flow together with its container and every screen object in the
  /// container's stack.
  ///
  /// - Parameters:
  ///   - flow: The flow to watch.
  ///   - container: The flow's container.
  ///   - fileID: Where it was tracked, for failure messages.
  ///   - filePath: Where it was tracked, for failure messages.
  ///   - line: Where it was tracked, for failure messages.
  ///   - column: Where it was tracked, for failure messages.
  public func track<Screen>(
    flow: AnyObject, container: StackContainer<Screen>, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    recordFlow(flow, container: container, at: location)
    for (index, screen) in container.stack.enumerated() {
      if let object = screen as AnyObject?, type(of: screen) is AnyClass {
        record(
          object, name: "\(type(of: flow)) screen \(index) (\(type(of: object)))", at: location)
      }
    }
  }

  /// Starts tracking a flow that owns tabs, its tab container, and each tab's flow and
  /// container.
  ///
  /// ```swift
  /// leaks.track(flow: app, container: app.container)  // the app and every tab
  /// ```
  ///
  /// - Parameters:
  ///   - flow: The flow to watch.
  ///   - container: The flow's tab container.
  ///   - fileID: Where it was tracked, for failure messages.
  ///   - filePath: Where it was tracked, for failure messages.
  ///   - line: Where it was tracked, for failure messages.
  ///   - column: Where it was tracked, for failure messages.
  public func track(
    flow: AnyObject, container: TabContainer, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    recordFlow(flow, container: container, at: location)
    for (index, tab) in container.tabs.enumerated() {
      guard let owner = tab.owner else { continue }
      record(owner, name: "\(type(of: flow)) tab \(index) (\(type(of: owner)))", at: location)
      record(tab, name: "\(type(of: flow)) tab \(index) container", at: location)
    }
  }

  /// Starts tracking a flow that owns a split, its split container, and each column's flow and
  /// container (the primary's and, if one is shown, the detail's).
  ///
  /// ```swift
  /// leaks.track(flow: notes, container: notes.container)  // the split and both columns
  /// ```
  ///
  /// - Parameters:
  ///   - flow: The flow to watch.
  ///   - container: The flow's split container.
  ///   - fileID: Where it was tracked, for failure messages.
  ///   - filePath: Where it was tracked, for failure messages.
  ///   - line: Where it was tracked, for failure messages.
  ///   - column: Where it was tracked, for failure messages.
  public func track(
    flow: AnyObject, container: SplitContainer, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    recordFlow(flow, container: container, at: location)
    let columns: [(SplitColumn, ContainerNode?)] = [
      (.primary, container.primary), (.detail, container.detail),
    ]
    for case (let which, let node?) in columns {
      guard let owner = node.owner else { continue }
      record(owner, name: "\(type(of: flow)) \(which) (\(type(of: owner)))", at: location)
      record(node, name: "\(type(of: flow)) \(which) container", at: location)
    }
  }

  /// How many tracked objects are still alive.
  public var liveCount: Int { entries.count { $0.object != nil } }

  /// A description of each tracked object still alive, and where it still hangs, if known.
  public var leaks: [String] {
    entries.compactMap { entry in
      entry.object.map { describeLeak(entry.name, $0) }
    }
  }

  /// Records a test failure for every tracked object still alive.
  ///
  /// Call it after dropping your own references (the end of a `do { }` block) and after the
  /// dismissal you are testing. Dismissals release synchronously, so no waiting is needed.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file, where a failure is reported.
  ///   - line: The caller's line, where a failure is reported.
  ///   - column: The caller's column, where a failure is reported.
  public func expectAllReleased(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let caller = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    for entry in entries {
      guard let object = entry.object else { continue }
      caller.fail(
        "\(describeLeak(entry.name, object)) (tracked at \(entry.location.fileID):"
          + "\(entry.location.line))")
    }
  }

  private func describeLeak(_ name: String, _ object: AnyObject) -> String {
    "\(name) leaked: \(whereItHangs(object))"
  }

  private func whereItHangs(_ object: AnyObject) -> String {
    if let node = object as? ContainerNode {
      return position(of: node, as: "it")
    }
    for child in Mirror(reflecting: object).children {
      if let node = child.value as? ContainerNode, node.owner === object {
        return position(of: node, as: "its container")
      }
    }
    for entry in entries {
      guard let node = entry.object as? ContainerNode, !node.isFinished else { continue }
      if let index = stackIndex(of: object, in: node) {
        return "it is still screen \(index) on the stack of \(label(node)), which is alive"
      }
    }
    return "it is not in any tracked tree; something outside the tree holds it (a strong "
      + "delegate, a closure capturing it, a stored reference)"
  }

  private func position(of node: ContainerNode, as subject: String) -> String {
    if let host = node.tabContainer {
      let index = host.tabs.firstIndex { $0 === node }.map { "tab \($0)" } ?? "a tab"
      return "\(subject) is still \(index) of \(label(host)) in this tree (remove the tab, or "
        + "release the tab container's flow):\n" + node.root.tree.description
    }
    if let split = node.splitContainer, let which = node.column {
      return "\(subject) is still the \(which) column of \(label(split)) in this tree (close "
        + "the detail, or release the split's flow):\n" + node.root.tree.description
    }
    if let presenter = node.presenter {
      return "\(subject) is still presented by \(label(presenter)) in this tree:\n"
        + node.root.tree.description
    }
    if node.isFinished {
      return "\(subject) was dismissed, but something outside the tree still holds it (a "
        + "strong delegate, a closure capturing it, a stored reference)" + closureHints(node)
    }
    return "\(subject) is not presented (a root); something outside the tree still holds it "
      + "(whoever created it, a strong delegate, a closure capturing it)" + closureHints(node)
      + ". Its tree:\n" + node.tree.description
  }

  /// The closures the tree keeps that could hold `node`'s flow: the edges a leak report can
  /// name without seeing inside closures.
  private func closureHints(_ node: ContainerNode) -> String {
    var hints: [String] = []
    let kept = node.details()
    if let presented = node.presented, kept.hasPresentationOnEnd {
      hints.append(
        "the onEnd closure of its presentation of \(label(presented)) is kept while that "
          + "presentation lasts; if it captures the flow strongly, the flow holds its own "
          + "presentation (capture [weak self])")
    }
    let observers = kept.observerCount
    if observers > 0 {
      hints.append(
        "its container keeps \(observers) observer closure\(observers == 1 ? "" : "s") until "
          + "the token is cancelled; one that captures the flow keeps it alive (capture it "
          + "weakly, or cancel the token)")
    }
    return hints.isEmpty ? "" : "; " + hints.joined(separator: "; ")
  }

  private func label(_ node: ContainerNode) -> String {
    let owner = node.owner == nil ? FlowName.noOwner : node.flowName
    return "\(owner)@\(node.depth)"
  }

  private func stackIndex(of object: AnyObject, in node: ContainerNode) -> Int? {
    node.details(screen: object).screenIndex
  }
}
