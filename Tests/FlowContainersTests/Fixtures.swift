import FlowContainers
import Synchronization

/// Records lifecycle events (deinits, endings) in the order they happen.
@MainActor
final class Journal {
  var entries: [String] = []

  func record(_ entry: String) {
    entries.append(entry)
  }
}

/// A screen object, so tests can check that screens are released.
@MainActor
final class TestScreen: CustomStringConvertible {
  let name: String
  private let journal: Journal?

  init(_ name: String, journal: Journal? = nil) {
    self.name = name
    self.journal = journal
  }

  nonisolated var description: String { name }

  isolated deinit { journal?.record("deinit screen \(name)") }
}

/// Tags that give test flows distinct type names in dumps and events.
enum Root {}
enum Middle {}
enum Top {}
enum Extra {}

/// A minimal flow: owns a container of screen objects and records its deinit.
@MainActor
final class TestFlow<Tag>: CustomStringConvertible {
  let container: StackContainer<TestScreen>
  let name: String
  private let journal: Journal?

  init(_ name: String, screens: [String] = ["root"], journal: Journal? = nil) {
    self.name = name
    self.journal = journal
    container = StackContainer(stack: screens.map { TestScreen("\(name).\($0)", journal: journal) })
    container.owner = self
  }

  nonisolated var description: String { "TestFlow" }

  isolated deinit { journal?.record("deinit \(name)") }
}

/// Builds a root with a middle flow presented over it and a top flow presented over that, and
/// returns only the root: the presentations keep the others alive.
@MainActor
func makeThreeLevelTree(journal: Journal? = nil) -> TestFlow<Root> {
  let root = TestFlow<Root>("root", screens: ["a", "b"], journal: journal)
  let middle = TestFlow<Middle>("middle", journal: journal)
  let top = TestFlow<Top>("top", screens: ["x", "y", "z"], journal: journal)
  root.container.present(middle.container) { journal?.record("middle ended: \($0)") }
  middle.container.present(top.container) { journal?.record("top ended: \($0)") }
  return root
}

extension StackContainer where Screen == TestScreen {
  /// The screens' names, bottom first.
  var names: [String] { stack.map(\.name) }
}

extension ContainerNode {
  /// This container and the layers above it up to what the user sees: what each presents, or
  /// the selected tab of a tab container that presents nothing.
  var layersToTop: [ContainerNode] {
    var layers: [ContainerNode] = [self]
    while let last = layers.last, let next = last.presented ?? (last as? TabContainer)?.selectedTab
    {
      layers.append(next)
    }
    return layers
  }
}

/// A counter that `@Sendable` callbacks (such as Observation's `onChange`) can bump.
final class SendableCounter: Sendable {
  private let storage = Mutex(0)

  var value: Int { storage.withLock { $0 } }

  func increment() {
    storage.withLock { $0 += 1 }
  }
}

extension TabContainer {
  /// The selected tab's container: `selectedIndex.map { tabs[$0] }`.
  var selectedTab: ContainerNode? { selectedIndex.map { tabs[$0] } }
}
