import Synchronization

/// Flow names, made once per type: a type's name is slow to make, and events and the modules
/// built on the core name flows on every change.
enum FlowNames {
  /// The names made so far.
  private struct Cache {
    /// Each type's name, as `String(describing:)` makes it.
    var typeNames: [ObjectIdentifier: FlowName] = [:]
    /// Each flow type's stable name: its `flowName`, or its type's name.
    var flowNames: [ObjectIdentifier: FlowName] = [:]
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
  static func name(of type: AnyObject.Type) -> FlowName {
    let key = ObjectIdentifier(type)
    if let name = cache.withLock({ $0.flowNames[key] }) { return name }
    let name = (type as? any NamedFlow.Type)?.flowName ?? typeName(of: type)
    cache.withLock { $0.flowNames[key] = name }
    return name
  }
}
