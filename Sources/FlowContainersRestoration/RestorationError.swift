public import FlowContainersCore

/// Why a snapshot could not be read; restoring falls back to leaving the tree as it was.
///
/// ```swift
/// let report = router.restorer.restore(from: Data("{\"version\":9}".utf8))
/// print(report.error!)  // snapshot version 9 is not supported (this library reads version 3)
/// ```
public enum RestorationError: Error, Sendable, Hashable {
  /// The data is larger than the limit, 1 MiB (1,048,576 bytes).
  case tooLarge(bytes: Int, limit: Int)
  /// The snapshot file at this path is not a regular file (a folder, a named pipe, a device),
  /// so ``SnapshotFile/read()`` does not read it: a pipe could keep it waiting.
  case notARegularFile(String)
  /// The data is not a snapshot: empty, not JSON, cut short, or the wrong shape. The text says
  /// where.
  case corrupt(String)
  /// The snapshot's schema version is missing, or is not 3, the only one this library reads.
  /// The version found, `nil` when there was none.
  case unsupportedVersion(Int?)
  /// A level names a flow type the root's tree does not know.
  case unknownFlow(FlowName)
  /// A level's flow type is not one its presenter's type can present (or the root is not the
  /// router's root type).
  case unexpectedFlow(FlowName, after: FlowName?)
  /// A level's routes could not be decoded as its flow type's routes.
  case unknownRoute(flow: FlowName, detail: String)
  /// More levels than a snapshot may have (`limit`, 4,096, counting every tab's and column's).
  case tooManyLevels(count: Int, limit: Int)
  /// A flow the restoration would dismiss objects (``InterruptionAware``), for this reason;
  /// nothing was restored.
  case objection(flow: FlowName, reason: String)
  /// The root flow has been released: routers and restorers hold their root weakly, and the
  /// caller must keep it alive.
  case rootReleased
  /// The root's container has finished; a finished container never changes again.
  case rootFinished
  /// A change was under way in the tree: restoration was asked for from a callback of
  /// another change.
  case treeChanging
}

extension RestorationError: CustomStringConvertible {
  /// One line for a person.
  public var description: String {
    switch self {
    case .tooLarge(let bytes, let limit):
      return "the snapshot is too large (\(bytes) bytes, limit \(limit))"
    case .notARegularFile(let path):
      return "the snapshot file \"\(path)\" is not a regular file (a folder, a pipe, a device)"
    case .corrupt(let detail): return "the snapshot is corrupt: \(detail)"
    case .unsupportedVersion(let version):
      let supported = "version \(FlowSnapshot.currentVersion)"
      guard let version else {
        return "the snapshot has no version (this library reads \(supported))"
      }
      return "snapshot version \(version) is not supported (this library reads \(supported))"
    case .unknownFlow(let flow): return "the snapshot names an unknown flow \"\(flow)\""
    case .unexpectedFlow(let flow, let after):
      guard let after else { return "the snapshot's root is \"\(flow)\", not this router's root" }
      return "\"\(flow)\" cannot be presented over \"\(after)\""
    case .unknownRoute(let flow, let detail):
      return "the snapshot has a route \(flow) does not know: \(detail)"
    case .tooManyLevels(let count, let limit):
      return "the snapshot has too many levels (\(count), limit \(limit))"
    case .objection(let flow, let reason): return "\(flow) objects: \(reason)"
    case .rootReleased:
      return
        "the root flow has been released; the router or restorer holds its root flow weakly, so "
        + "keep the root flow alive (store it, for example in a property of your app) as long as you "
        + "use it, rather than passing a temporary such as `DeepLinkRouter(root: AppFlow(), …)`"
    case .rootFinished: return "the root flow's container has finished"
    case .treeChanging:
      return "a change was under way in the tree; restore after it, not from its callbacks"
    }
  }
}
