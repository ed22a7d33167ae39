import Synchronization

/// Flow names, made once per type: a type's name is slow to make, and events and the modules
/// built on the core name flows on every change.
enum FlowNames {
  /// The names made so far.
  private struct Cache {
    /// Each type's name, as `String(describing:)` makes it.
    var typeNames: [ObjectIdentifier: FlowName] = [:]
    /// Each flow type's stable name: its `flowName`, or its type's name.
    var flowNames: [ObjectIdentifier: SharedFlowName] = [:]
  }

  private static let cache = Mutex(Cache())

  /// The name of `type`, such as `EditorFlow`.
  static func typeName(of type: Any.Type) -> FlowName {
    let key = ObjectIdentifier(type)
    if let name = cache.withLock({ $0.typeNames[key] }) { return name }
    // What `String(describing:)` makes of a type, without asking the type (a metatype) which
    // printing protocols it conforms to: each question is a search of every conformance.
    let name = FlowName(_typeName(type, qualified: false))
    cache.withLock { $0.typeNames[key] = name }
    return name
  }

  /// The stable name of `type`: its ``NamedFlow/flowName``, or its type's name.
  ///
  /// The name is made outside the lock: `flowName` is the flow's own code.
  static func name(of type: AnyObject.Type) -> FlowName { shared(of: type).name }

  /// The stable name of `type`, as one object every container of its flows can keep.
  static func shared(of type: AnyObject.Type) -> SharedFlowName {
    let key = ObjectIdentifier(type)
    if let shared = cache.withLock({ $0.flowNames[key] }) { return shared }
    let made = SharedFlowName((type as? any NamedFlow.Type)?.flowName ?? typeName(of: type))
    return cache.withLock { cache in
      // Another thread may have made it meanwhile: keep the first, so that one object stays.
      if let shared = cache.flowNames[key] { return shared }
      cache.flowNames[key] = made
      return made
    }
  }
}

/// A flow type's stable name, made once and shared by the containers of its flows: a container
/// keeps one reference (a word) rather than the name (two).
final class SharedFlowName: Sendable {
  /// The name.
  let name: FlowName

  /// The name of containers with no owner.
  static let noOwner = SharedFlowName(.noOwner)

  init(_ name: FlowName) {
    self.name = name
  }
}
