import FlowContainers
import FlowContainersTesting
import Testing

@testable import FlowContainersCore

@MainActor
struct StackOperationTests {
  @Test func anEmptyContainerAcceptsPushesAndTheFirstBecomesTheRoot() {
    let container = StackContainer<String>()
    #expect(container.stack.isEmpty)
    #expect(container.top == nil)
    container.push("a")
    container.push("b")
    #expect(container.stack == ["a", "b"])
    #expect(container.count == 2)
    #expect(container.top == "b")
  }

  @Test func poppingAnEmptyStackIsReportedAndChangesNothing() {
    let container = StackContainer<String>()
    let diagnostics = withRecordedDiagnostics { #expect(container.pop() == nil) }
    #expect(diagnostics.map(\.code) == [.popRoot])
    #expect(diagnostics.first?.message.contains("whose stack is empty") == true)
    #expect(container.stack.isEmpty)
  }

  @Test func poppingTheRootIsReportedAndKeepsIt() {
    let container = StackContainer(root: "root")
    let diagnostics = withRecordedDiagnostics { #expect(container.pop() == nil) }
    #expect(diagnostics.map(\.code) == [.popRoot])
    #expect(diagnostics.first?.message.contains("root") == true)
    #expect(container.stack == ["root"])
  }

  @Test func popRemovesOnlyTheTopOfATwoScreenStack() {
    let container = StackContainer(stack: ["root", "detail"])
    #expect(container.pop() == "detail")
    #expect(container.stack == ["root"])
  }

  @Test func popRemovesScreensOneAtATimeFromAManyScreenStack() {
    let container = StackContainer(stack: Array(0..<100))
    for expected in (1..<100).reversed() {
      #expect(container.pop() == expected)
    }
    #expect(container.stack == [0])
  }

  @Test(arguments: [0, 1, 2, 3])
  func popToIndexLeavesThatScreenOnTop(index: Int) {
    let container = StackContainer(stack: ["a", "b", "c", "d"])
    let removed = container.pop(toIndex: index)
    #expect(container.stack == Array(["a", "b", "c", "d"][...index]))
    #expect(removed == Array(["a", "b", "c", "d"][(index + 1)...]))
  }

  @Test(arguments: [-1, 4, 100])
  func popToAnIndexThatIsNotThereIsReportedAndChangesNothing(index: Int) {
    let container = StackContainer(stack: ["a", "b", "c", "d"])
    let diagnostics = withRecordedDiagnostics { container.pop(toIndex: index) }
    #expect(diagnostics.map(\.code) == [.screenNotFound])
    #expect(container.stack == ["a", "b", "c", "d"])
  }

  @Test func popToAScreenPopsToItsLastOccurrence() {
    let container = StackContainer(stack: ["a", "b", "a", "c"])
    #expect(container.pop(toLastWhere: { $0 == "a" }) == ["c"])
    #expect(container.stack == ["a", "b", "a"])
  }

  @Test func popToAScreenThatIsNotThereIsReportedAndChangesNothing() {
    let container = StackContainer(stack: ["a", "b"])
    let diagnostics = withRecordedDiagnostics { container.pop(toLastWhere: { $0 == "z" }) }
    #expect(diagnostics.map(\.code) == [.screenNotFound])
    #expect(container.stack == ["a", "b"])
  }

  @Test func popToAScreenObjectFindsItByIdentity() {
    let first = TestScreen("first")
    let container = StackContainer(stack: [first, TestScreen("second"), TestScreen("third")])
    container.pop(toLastWhere: { $0 === first })
    #expect(container.names == ["first"])
  }

  @Test(arguments: [0, 1, 2, 50])
  func popToRootKeepsOnlyTheRoot(extra: Int) {
    let container = StackContainer(stack: ["root"] + (0..<extra).map(String.init))
    let removed = container.popToRoot()
    #expect(container.stack == ["root"])
    #expect(removed.count == extra)
  }

  @Test func popToRootOnAnEmptyStackChangesNothingAndReportsNothing() {
    let container = StackContainer<String>()
    let diagnostics = withRecordedDiagnostics { container.popToRoot() }
    #expect(diagnostics.isEmpty)
    #expect(container.stack.isEmpty)
  }

  @Test(arguments: [[], ["x"], ["x", "y"], (0..<20).map(String.init)])
  func replaceSetsTheWholeStack(screens: [String]) {
    let container = StackContainer(stack: ["a", "b"])
    container.replace(with: screens)
    #expect(container.stack == screens)
  }

  @Test func pushContentsOfAddsAllScreensAsOneChange() {
    let container = StackContainer(root: "root")
    var changes: [StackChange<String>] = []
    let token = container.observeChanges { changes.append($0) }
    container.push(contentsOf: ["a", "b"], animated: false)
    container.push(contentsOf: [])
    #expect(container.stack == ["root", "a", "b"])
    #expect(
      changes == [
        StackChange(
          operation: .push, added: ["a", "b"], removed: [], animated: false, cause: .program)
      ])
    token.cancel()
  }

  @Test func everyMutationDeliversAChangeWithAddedRemovedAnimationAndCause() {
    let container = StackContainer(root: "root")
    var changes: [StackChange<String>] = []
    let token = container.observeChanges { changes.append($0) }
    container.push("a")
    container.push("b", animated: false)
    container.pop()
    container.push("c")
    container.pop(toIndex: 1)
    container.push("d")
    container.popToRoot(animated: false)
    container.replace(with: ["x", "y"])
    container.handle(.userPopped(toIndex: 0))
    #expect(
      changes == [
        StackChange(operation: .push, added: ["a"], removed: [], animated: true, cause: .program),
        StackChange(operation: .push, added: ["b"], removed: [], animated: false, cause: .program),
        StackChange(operation: .pop, added: [], removed: ["b"], animated: true, cause: .program),
        StackChange(operation: .push, added: ["c"], removed: [], animated: true, cause: .program),
        StackChange(
          operation: .popTo(index: 1), added: [], removed: ["c"], animated: true, cause: .program),
        StackChange(operation: .push, added: ["d"], removed: [], animated: true, cause: .program),
        StackChange(
          operation: .popTo(index: 0), added: [], removed: ["a", "d"], animated: false,
          cause: .program),
        StackChange(
          operation: .replace, added: ["x", "y"], removed: ["root"], animated: true,
          cause: .program),
        StackChange(
          operation: .popTo(index: 0), added: [], removed: ["y"], animated: false, cause: .user),
      ])
    token.cancel()
  }

  @Test func aNoOpPopDeliversNoChange() {
    let container = StackContainer(stack: ["a", "b"])
    var changes: [StackChange<String>] = []
    let token = container.observeChanges { changes.append($0) }
    container.pop(toIndex: 1)
    container.handle(.userPopped(toIndex: 1))
    #expect(changes.isEmpty)
    token.cancel()
  }

  @Test func poppedScreenObjectsAreReleasedAtOnce() {
    let journal = Journal()
    let container = StackContainer(
      stack: ["a", "b", "c", "d"].map { TestScreen($0, journal: journal) })
    container.pop()
    #expect(journal.entries == ["deinit screen d"])
    container.pop(toIndex: 0)
    #expect(journal.entries.first == "deinit screen d")
    #expect(Set(journal.entries.dropFirst()) == ["deinit screen c", "deinit screen b"])
    #expect(container.names == ["a"])
  }

  @Test func changeDescriptionsAreReadable() {
    let change = StackChange(
      operation: .push, added: ["note(2)"], removed: [], animated: true, cause: .program)
    #expect(change.description == "push +[note(2)] -[] (program, animated)")
  }
}
