import FlowContainers
import FlowContainersTesting
import Testing

@testable import FlowContainersCore

/// Alerts and confirmation dialogs are presentations: the chosen action is the typed result,
/// and they end every way a modal ends, each giving the presenter exactly one result.
@MainActor
struct AlertTests {
  enum Choice: Sendable, Equatable, CustomStringConvertible {
    case delete, keep
    var description: String { self == .delete ? "delete" : "keep" }
  }

  static let confirmation = Alert(
    title: "Delete the note?", message: "This cannot be undone.",
    actions: [
      AlertAction("Delete", value: Choice.delete, role: .destructive),
      AlertAction("Keep", value: Choice.keep, role: .cancel),
    ],
    style: .confirmationDialog)

  /// The alert screen presented over `container`, if one is.
  private func alertScreen(over container: ContainerNode) -> AlertScreen? {
    (container.presented as? StackContainer<AlertScreen>)?.stack.first
  }

  @Test func theHostSeesTheAlertAndTheChosenActionIsTheResult() {
    let root = TestFlow<Root>("root")
    var results: [String] = []
    root.container.present(Self.confirmation) { results.append("\($0)") }
    let screen = alertScreen(over: root.container)
    #expect(screen?.title == "Delete the note?")
    #expect(screen?.message == "This cannot be undone.")
    #expect(screen?.buttons.map(\.label) == ["Delete", "Keep"])
    #expect(screen?.buttons.map(\.role) == [.destructive, .cancel])
    #expect(root.container.presented?.presentationStyle == .confirmationDialog)
    #expect(
      root.container.tree.description
        == """
        TestFlow<Root>: [root.root]
        └─ AlertLayer<Choice> (confirmationDialog): [alert: Delete the note? [Delete, Keep]]
        """)
    weak let weakLayer = root.container.presented
    screen?.choose(0)
    #expect(results == ["finished(with: delete)"])
    #expect(root.container.presented == nil)
    #expect(weakLayer == nil)
  }

  @Test func everyWayAnAlertEndsGivesOneResult() {
    let cases: [(String, (TestFlow<Root>, ContainerNode) -> Void, String)] = [
      (
        "user closed it", { _, layer in layer.handle(.userDismissed) },
        "ended(dismissedByUser, cause: user)"
      ),
      (
        "presenter dismissed it", { root, _ in root.container.dismissPresented() },
        "ended(dismissedByPresenter, cause: program)"
      ),
      (
        "chose keep",
        { _, layer in
          (layer as? StackContainer<AlertScreen>)?.stack.first?.choose(1)
        },
        "finished(with: keep)"
      ),
    ]
    for (name, end, expected) in cases {
      let root = TestFlow<Root>("root")
      var results: [String] = []
      root.container.present(Self.confirmation) { results.append("\($0)") }
      guard let layer = root.container.presented else {
        Issue.record("\(name): nothing presented")
        continue
      }
      end(root, layer)
      #expect(results == [expected], "\(name)")
      #expect(root.container.presented == nil, "\(name)")
    }
  }

  @Test func anAlertIsTornDownWithItsPresenter() {
    var results: [String] = []
    weak var weakLayer: ContainerNode?
    do {
      let root = TestFlow<Root>("root")
      let middle = TestFlow<Middle>("middle")
      root.container.present(middle.container)
      middle.container.present(Self.confirmation) { results.append("\($0)") }
      weakLayer = middle.container.presented
    }
    #expect(results == ["ended(tornDown, cause: program)"])
    #expect(weakLayer == nil)
  }

  @Test func anAwaitedAlertReturnsTheChoiceAndCancellingDismissesIt() async {
    let root = TestFlow<Root>("root")
    let chosen = Task { await root.container.present(Self.confirmation) }
    while alertScreen(over: root.container) == nil { await Task.yield() }
    alertScreen(over: root.container)?.choose(0)
    #expect(await chosen.value == .finished(with: .delete))

    let cancelled = Task { await root.container.present(Self.confirmation) }
    while alertScreen(over: root.container) == nil { await Task.yield() }
    weak let weakLayer = root.container.presented
    cancelled.cancel()
    #expect(await cancelled.value == .ended(.dismissedByPresenter, cause: .program))
    #expect(root.container.presented == nil)
    #expect(weakLayer == nil)
  }

  @Test func choosingAButtonThatIsNotThereOrAfterTheAlertEndedIsMisuse() {
    let root = TestFlow<Root>("root")
    var results: [String] = []
    root.container.present(Self.confirmation) { results.append("\($0)") }
    let screen = alertScreen(over: root.container)
    let missing = withRecordedDiagnostics { screen?.choose(2) }
    #expect(missing.map(\.code) == [.alertActionNotFound])
    #expect(results.isEmpty)
    #expect(root.container.presented != nil)
    screen?.choose(1)
    let late = withRecordedDiagnostics { screen?.choose(0) }
    #expect(late.map(\.code) == [.alertActionNotFound])
    #expect(results == ["finished(with: keep)"])
  }

  @Test func choosingTwiceFromACallbackDuringAChangeGivesOneResultAndReportsTheSecondChoice() {
    let root = TestFlow<Root>("root")
    var results: [String] = []
    root.container.present(Self.confirmation) { results.append("\($0)") }
    let screen = alertScreen(over: root.container)
    var chose = false
    let token = root.container.observeEvents { _ in
      guard !chose else { return }
      chose = true
      screen?.choose(0)
      screen?.choose(1)
    }
    let diagnostics = withRecordedDiagnostics { root.container.push(TestScreen("next")) }
    token.cancel()
    #expect(results == ["finished(with: delete)"])
    #expect(diagnostics.map(\.code) == [.alertActionNotFound])
    #expect(root.container.presented == nil)
  }

  @Test func anAlertOverAPresentationIsAMisuseThatNeverCallsBack() {
    let root = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle")
    root.container.present(middle.container)
    var results: [String] = []
    let diagnostics = withRecordedDiagnostics {
      root.container.present(Self.confirmation) { results.append("\($0)") }
    }
    #expect(diagnostics.map(\.code) == [.alreadyPresenting])
    #expect(results.isEmpty)
    #expect(root.container.presented === middle.container)
  }

  @Test func anAlertsLayerIsHeldOnlyUntilItIsPresentedOrRejected() async {
    let root = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle")
    root.container.present(middle.container)
    // Rejected: the layer goes at once.
    let rejected = AlertLayer.result(for: Self.confirmation)
    weak let rejectedLayer = rejected.container.owner
    #expect(rejectedLayer != nil)
    _ = withRecordedDiagnostics { root.container.present(rejected) { _ in } }
    #expect(rejectedLayer == nil)
    // Awaited by a task cancelled beforehand: nothing is presented, and the layer goes.
    let skipped = AlertLayer.result(for: Self.confirmation)
    weak let skippedLayer = skipped.container.owner
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await middle.container.present(skipped)
    }
    #expect(await task.value == .notPresented)
    #expect(skippedLayer == nil)
  }
}
