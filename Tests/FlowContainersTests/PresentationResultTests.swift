import FlowContainers
import FlowContainersTesting
import Testing

/// A value object, so that tests can check the result value is released.
final class Account: Sendable, CustomStringConvertible {
  let name: String
  init(_ name: String) { self.name = name }
  var description: String { name }
}

/// A sub-flow that finishes with an ``Account``.
@MainActor
final class SignInSubFlow {
  let container = StackContainer<String>(root: "form")
  let result: FlowResult<Account>

  init() {
    result = FlowResult(of: container)
    container.owner = self
  }
}

/// Typed results: every way a presentation ends gives its presenter exactly one result, through
/// the callback and through `await`, and the sub-flow and the value are released.
@MainActor
struct PresentationResultTests {
  /// Ways a presentation ends, each with the result the presenter must receive.
  enum Ending: CaseIterable, CustomStringConvertible {
    case value, finishedWithoutValue, userDismissed, presenterDismissed, ancestorDismissed
    case rootReleased

    var description: String {
      switch self {
      case .value: "value"
      case .finishedWithoutValue: "finishedWithoutValue"
      case .userDismissed: "userDismissed"
      case .presenterDismissed: "presenterDismissed"
      case .ancestorDismissed: "ancestorDismissed"
      case .rootReleased: "rootReleased"
      }
    }

    var expected: String {
      switch self {
      case .value: "finished(with: ada)"
      case .finishedWithoutValue: "ended(finished, cause: program)"
      case .userDismissed: "ended(dismissedByUser, cause: user)"
      case .presenterDismissed: "ended(dismissedByPresenter, cause: program)"
      case .ancestorDismissed, .rootReleased: "ended(tornDown, cause: program)"
      }
    }
  }

  /// A root, with a middle flow presented over it that presents the sub-flow; returns what
  /// ends it the `ending` way.
  private func end(
    _ ending: Ending, root: inout TestFlow<Root>?, middle: TestFlow<Middle>,
    signIn: SignInSubFlow
  ) {
    switch ending {
    case .value: signIn.result.finish(with: Account("ada"))
    case .finishedWithoutValue: signIn.container.dismiss()
    case .userDismissed: signIn.container.handle(.userDismissed)
    case .presenterDismissed: middle.container.dismissPresented()
    case .ancestorDismissed: root?.container.dismissPresented()
    case .rootReleased: root = nil
    }
  }

  @Test(arguments: Ending.allCases)
  func theCallbackHearsEveryEndingOnceAndTheSubFlowIsReleased(ending: Ending) {
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    var results: [String] = []
    weak var weakSignIn: SignInSubFlow?
    do {
      let middle = TestFlow<Middle>("middle")
      root?.container.present(middle.container)
      let signIn = SignInSubFlow()
      weakSignIn = signIn
      middle.container.present(signIn.result) { results.append("\($0)") }
      #expect(results.isEmpty)
      end(ending, root: &root, middle: middle, signIn: signIn)
    }
    #expect(results == [ending.expected])
    #expect(weakSignIn == nil)
  }

  @Test(arguments: Ending.allCases)
  func anAwaitedPresentationReturnsEveryEndingOnce(ending: Ending) async {
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle")
    root?.container.present(middle.container)
    weak var weakSignIn: SignInSubFlow?
    let task: Task<PresentationResult<Account>, Never>
    do {
      let signIn = SignInSubFlow()
      weakSignIn = signIn
      task = Task { await middle.container.present(signIn.result) }
      // Let the task present it.
      while signIn.container.presentationStyle == nil { await Task.yield() }
      end(ending, root: &root, middle: middle, signIn: signIn)
    }
    #expect("\(await task.value)" == ending.expected)
    #expect(weakSignIn == nil)
  }

  @Test func anAwaitingPresenterWhoseTreeIsDroppedResumesAndIsReleased() async {
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    weak var weakMiddle: TestFlow<Middle>?
    weak var weakSignIn: SignInSubFlow?
    let task: Task<String, Never>
    do {
      let middle = TestFlow<Middle>("middle")
      root?.container.present(middle.container)
      weakMiddle = middle
      let signIn = SignInSubFlow()
      weakSignIn = signIn
      // The awaiting code holds its presenter weakly, as a flow's own task would.
      task = Task { [weak middle] in
        guard let container = middle?.container else { return "gone" }
        return "\(await container.present(signIn.result))"
      }
      while signIn.container.presentationStyle == nil { await Task.yield() }
    }
    root = nil
    #expect(await task.value == "ended(tornDown, cause: program)")
    #expect(weakMiddle == nil)
    #expect(weakSignIn == nil)
  }

  @Test func theValueIsReleasedOnceThePresenterIsDoneWithIt() {
    let root = TestFlow<Root>("root")
    weak var weakAccount: Account?
    var received: String?
    do {
      let signIn = SignInSubFlow()
      root.container.present(signIn.result) { received = $0.value?.name }
      let account = Account("ada")
      weakAccount = account
      signIn.result.finish(with: account)
    }
    #expect(received == "ada")
    #expect(weakAccount == nil)
  }

  @Test func finishingWhenNotPresentedIsMisuseAndDropsTheValue() {
    let signIn = SignInSubFlow()
    weak var weakAccount: Account?
    let diagnostics = withRecordedDiagnostics {
      let account = Account("ada")
      weakAccount = account
      signIn.result.finish(with: account)
    }
    #expect(diagnostics.map(\.code) == [.notPresented])
    #expect(weakAccount == nil)
    // A later presentation that ends without a value does not receive the dropped one.
    let root = TestFlow<Root>("root")
    var results: [String] = []
    root.container.present(signIn.result) { results.append("\($0)") }
    signIn.container.dismiss()
    #expect(results == ["ended(finished, cause: program)"])
  }

  @Test func aPresentationThatIsMisuseReturnsNotPresentedAtOnce() async {
    let root = TestFlow<Root>("root")
    let other = TestFlow<Middle>("other")
    root.container.present(other.container)
    let signIn = SignInSubFlow()
    var result: PresentationResult<Account>?
    let diagnostics = await withRecordedDiagnostics {
      result = await root.container.present(signIn.result)
    }
    #expect(diagnostics.map(\.code) == [.alreadyPresenting])
    #expect(result.map { "\($0)" } == "notPresented")
  }

  @Test func cancellingTheAwaitingTaskDismissesTheSubFlow() async {
    let root = TestFlow<Root>("root")
    weak var weakSignIn: SignInSubFlow?
    let task: Task<PresentationResult<Account>, Never>
    do {
      let signIn = SignInSubFlow()
      weakSignIn = signIn
      task = Task { await root.container.present(signIn.result) }
      while signIn.container.presentationStyle == nil { await Task.yield() }
    }
    task.cancel()
    #expect("\(await task.value)" == "ended(dismissedByPresenter, cause: program)")
    #expect(root.container.presented == nil)
    #expect(weakSignIn == nil)
  }

  @Test func aTaskCancelledBeforehandPresentsNothing() async {
    let root = TestFlow<Root>("root")
    let signIn = SignInSubFlow()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await root.container.present(signIn.result)
    }
    #expect("\(await task.value)" == "notPresented")
    #expect(root.container.presented == nil)
  }

  @Test func whenTwoEndingsAreAskedInOneChangeTheFirstWinsAndTheSecondIsMisuse() {
    for secondIsValue in [false, true] {
      let root = TestFlow<Root>("root")
      let signIn = SignInSubFlow()
      var results: [String] = []
      root.container.present(signIn.result) { results.append("\($0)") }
      weak var weakSecond: Account?
      let diagnostics = withRecordedDiagnostics {
        let token = signIn.container.observeEvents { event in
          guard case .stack = event.action else { return }
          signIn.result.finish(with: Account("first"))
          if secondIsValue {
            let second = Account("second")
            weakSecond = second
            signIn.result.finish(with: second)
          } else {
            signIn.container.dismiss()
          }
        }
        signIn.container.push("next")
        token.cancel()
      }
      #expect(results == ["finished(with: first)"], "second is a value: \(secondIsValue)")
      #expect(diagnostics.map(\.code) == [.finishedContainer], "\(diagnostics)")
      #expect(weakSecond == nil)
    }
  }

  @Test func finishingFromInsideTheResultCallbackIsMisuseAndKeepsNothing() {
    let root = TestFlow<Root>("root")
    let signIn = SignInSubFlow()
    weak var weakLate: Account?
    var results: [String] = []
    var diagnostics: [FlowDiagnostic] = []
    root.container.present(signIn.result) { result in
      results.append("\(result)")
      diagnostics = withRecordedDiagnostics {
        let late = Account("late")
        weakLate = late
        signIn.result.finish(with: late)
      }
    }
    signIn.result.finish(with: Account("ada"))
    #expect(results == ["finished(with: ada)"])
    #expect(diagnostics.count == 1)
    #expect(weakLate == nil)
  }

  @Test func aResultCallbackThatPresentsAgainSeesAWholeTree() {
    let root = TestFlow<Root>("root")
    var results: [String] = []
    let first = SignInSubFlow()
    let second = SignInSubFlow()
    root.container.present(first.result) { result in
      results.append("first \(result)")
      // The first presentation has ended: the container is free to present the next one.
      #expect(root.container.presented == nil)
      root.container.present(second.result) { results.append("second \($0)") }
    }
    first.result.finish(with: Account("ada"))
    #expect(root.container.presented === second.container)
    second.result.finish(with: Account("bob"))
    #expect(results == ["first finished(with: ada)", "second finished(with: bob)"])
  }

  @Test func aValueGivenFromACallbackDuringAChangeArrivesAfterIt() {
    let root = TestFlow<Root>("root")
    let signIn = SignInSubFlow()
    var results: [String] = []
    root.container.present(signIn.result) { results.append("\($0)") }
    let token = signIn.container.observeEvents { event in
      if case .stack = event.action { signIn.result.finish(with: Account("ada")) }
    }
    signIn.container.push("next")
    token.cancel()
    #expect(results == ["finished(with: ada)"])
    #expect(root.container.presented == nil)
  }
}
