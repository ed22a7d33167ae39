import FlowContainersCore
public import FlowContainersRestoration

/// A place in the tree named by typed routes, root first: what a link names, without a URL.
///
/// Program code (an Edit button, a notification handler) asks the router for a destination
/// through the same machinery as a link, so guards, reuse of presented flows, minimal dismissal
/// and objections apply, and the compiler checks each level's routes against its flow type:
///
/// ```swift
/// let editNote = LinkDestination
///   .root(AppFlow.self, showing: [.library, .note(2)])
///   .then(EditorFlow.self, showing: [.edit])
/// _ = await router.open(editNote)
/// ```
///
/// Each flow type after the root must be one of the ``RestorableFlow/subFlows`` of the one
/// before it, or the type of a tab of a ``TabbedFlow`` declared there (the bar is presented, or
/// kept, with that tab selected); planning checks that, and fails with a ``LinkFailure``
/// otherwise.
public struct LinkDestination: Sendable, Hashable {
  /// One level: a flow type and the routes it shows.
  struct Level: Sendable, Hashable {
    let type: Metatype<any RestorableFlow.Type>
    let routes: [AnyRoute]
    /// Adds the level to a target, with its routes typed.
    let add: @MainActor @Sendable (inout TargetTree, FlowTree.Level.Place, Int?) -> Int

    init<Flow: RestorableFlow>(_ type: Flow.Type, routes: [Flow.Route]) {
      self.type = Metatype(type: type)
      self.routes = routes.map(AnyRoute.init)
      add = { target, place, parent in
        target.add(Flow.self, showing: routes, at: place, under: parent)
      }
    }

    /// The flow type's name.
    var name: FlowName { FlowName(type.type) }

    static func == (lhs: Level, rhs: Level) -> Bool {
      ObjectIdentifier(lhs.type.type) == ObjectIdentifier(rhs.type.type) && lhs.routes == rhs.routes
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(type.type))
      hasher.combine(routes)
    }
  }

  let levels: [Level]

  /// A destination whose root flow, of type `type`, shows `routes`.
  ///
  /// - Parameters:
  ///   - type: The root flow's type.
  ///   - routes: What it shows, bottom first.
  /// - Returns: The destination.
  public static func root<Root: RestorableFlow>(
    _ type: Root.Type, showing routes: [Root.Route]
  ) -> LinkDestination {
    LinkDestination(levels: [Level(type, routes: routes)])
  }

  /// This destination with a flow of type `type` presented on top, showing `routes`.
  ///
  /// - Parameters:
  ///   - type: The presented flow's type: a sub-flow the level below declares.
  ///   - routes: What it shows, bottom first.
  /// - Returns: The longer destination.
  public func then<Flow: RestorableFlow>(
    _ type: Flow.Type, showing routes: [Flow.Route]
  ) -> LinkDestination {
    LinkDestination(levels: levels + [Level(type, routes: routes)])
  }
}

extension LinkDestination: CustomStringConvertible {
  /// The levels, such as `AppFlow [library, note(2)] › EditorFlow [edit]`.
  public var description: String {
    levels.map { "\($0.name) [\($0.routes.map(\.description).joined(separator: ", "))]" }
      .joined(separator: " › ")
  }
}
