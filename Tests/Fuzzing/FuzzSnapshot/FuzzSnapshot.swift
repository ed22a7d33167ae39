import FlowContainers
import Foundation
import FuzzSupport

/// Decodes arbitrary bytes as a snapshot of a small tree and restores it.
///
/// Decoding must never crash; a snapshot it accepts must survive a JSON round trip, and restoring
/// it must build a tree that shows what the report says, and that leaves nothing alive when
/// dropped.
@MainActor
final class Counts {
  var flows = 0
}

@MainActor
final class FuzzRoot: LinkableFlow {
  let container = StackContainer<Int>()
  let counts: Counts

  init(counts: Counts) {
    self.counts = counts
    counts.flows += 1
    container.owner = self
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [.pattern("*") { _ in [0] }]
  static let subFlows: [SubFlow<FuzzRoot>] = [
    .flow(FuzzChild.self) { parent, _ in FuzzChild(counts: parent.counts) }
  ]

  func makeScreen(for route: Int) throws -> Int {
    guard route >= 0 else { throw Gone(route: route) }
    return route
  }

}

@MainActor
final class FuzzChild: LinkableFlow {
  let container = StackContainer<Int>()
  let counts: Counts

  init(counts: Counts) {
    self.counts = counts
    counts.flows += 1
    container.owner = self
  }

  isolated deinit { counts.flows -= 1 }

  static let routes: RouteTable<Int> = [.pattern("c") { _ in [0] }]
  static let subFlows: [SubFlow<FuzzChild>] = [
    .flow(FuzzChild.self) { parent, _ in FuzzChild(counts: parent.counts) }
  ]

  func makeScreen(for route: Int) throws -> Int {
    guard route >= 0 else { throw Gone(route: route) }
    return route
  }

}

struct Gone: Error {
  let route: Int
}

@MainActor
func check(_ data: Data) {
  let counts = Counts()
  do {
    let root = FuzzRoot(counts: counts)
    let router = DeepLinkRouter(root: root, scheme: "fuzz")
    let report = router.restorer.restore(from: data)
    if let error = report.error {
      require(!error.description.isEmpty, "an empty error description")
      require(
        (try? router.restorer.snapshot())?.levels.count == 1, "a failed restore changed the tree")
    } else {
      require(
        (try? router.restorer.snapshot()) == report.restored, "the tree is not what the report says"
      )
      let snapshot = (try? FlowSnapshot.decode(data, root: FuzzRoot.self))
      require(snapshot != nil, "restore accepted what decode rejects")
      if let snapshot {
        let again = (try? snapshot.jsonData()).flatMap {
          try? FlowSnapshot.decode($0, root: FuzzRoot.self)
        }
        require(again == snapshot, "the snapshot does not survive a JSON round trip")
        let restoredLevels = report.restored.levels.count
        let droppedLevels = Set(report.dropped.map(\.level)).count
        require(
          restoredLevels + droppedLevels >= snapshot.levels.count,
          "levels went missing without being reported")
      }
    }
  }
  require(counts.flows == 0, "\(counts.flows) flows still alive after the tree was dropped")
}

#if FUZZING
  /// libFuzzer's entry point: checks one input.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - count: Its length.
  /// - Returns: 0, as libFuzzer expects.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    MainActor.assumeIsolated { check(data) }
    return 0
  }
#else
  @main
  enum Main {
    @MainActor
    static func main() {
      Replay.run(arguments: Array(CommandLine.arguments.dropFirst()), check)
    }
  }
#endif
