import FlowContainers
import FlowContainersTesting
import Testing

@MainActor
struct PresentationTests {
  @Test func presentingKeepsTheSubFlowAliveWithoutTheParentStoringIt() {
    let root = TestFlow<Root>("root")
    weak var weakMiddle: TestFlow<Middle>?
    do {
      let middle = TestFlow<Middle>("middle")
      weakMiddle = middle
      root.container.present(middle.container)
    }
    #expect(weakMiddle != nil)
    #expect(root.container.presentedFlow === weakMiddle)
    #expect(root.container.presented === weakMiddle?.container)
    #expect(weakMiddle?.container.presenter === root.container)
    #expect(weakMiddle?.container.presentationStyle != nil)
  }

  @Test func aChainThreeDeepHasOneContainerPerLevel() {
    let root = makeThreeLevelTree()
    let middle = root.container.presented
    let top = middle?.presented
    #expect(root.container.depth == 0)
    #expect(middle?.depth == 1)
    #expect(top?.depth == 2)
    #expect(top?.presented == nil)
    #expect(top?.stackDescription == ["top.x", "top.y", "top.z"])
    #expect(root.container.topmost === top)
  }

  @Test func dismissingTheMiddleLayerReleasesItAndEverythingAboveIt() {
    let root = makeThreeLevelTree()
    weak let middle = root.container.presentedFlow
    weak let top = root.container.presented?.presented?.owner
    #expect(middle != nil && top != nil)
    root.container.dismissPresented()
    #expect(middle == nil)
    #expect(top == nil)
    #expect(root.container.presented == nil)
    #expect(root.container.names == ["root.a", "root.b"])
  }

  @Test func dismissalReleasesEveryLayerBeforeItReturnsTopFirst() {
    let journal = Journal()
    let root = makeThreeLevelTree(journal: journal)
    root.container.dismissPresented()
    let order = journal.entries.filter { !$0.hasPrefix("deinit screen") }
    #expect(
      order == [
        "top ended: tornDown", "deinit top", "middle ended: dismissedByPresenter", "deinit middle",
      ])
    let screens = journal.entries.filter { $0.hasPrefix("deinit screen") }
    #expect(
      Set(screens) == [
        "deinit screen top.x", "deinit screen top.y", "deinit screen top.z",
        "deinit screen middle.root",
      ])
  }

  @Test func aPresentedFlowCanDismissItselfAndItsPresenterLearnsItFinished() {
    let journal = Journal()
    let root = makeThreeLevelTree(journal: journal)
    let top = root.container.presented?.presented
    top?.dismiss()
    #expect(
      journal.entries.filter { !$0.hasPrefix("deinit screen") } == [
        "top ended: finished", "deinit top",
      ])
    #expect(root.container.presented?.presented == nil)
    #expect(root.container.presented?.isFinished == false)
  }

  @Test func theUserClosingAModalIsReportedAsDismissedByUser() {
    let journal = Journal()
    let root = makeThreeLevelTree(journal: journal)
    root.container.presented?.handle(.userDismissed)
    #expect(
      journal.entries.filter { !$0.hasPrefix("deinit screen") } == [
        "top ended: tornDown", "deinit top", "middle ended: dismissedByUser", "deinit middle",
      ])
  }

  @Test func releasingTheRootTearsDownEveryPresentationOnce() {
    let journal = Journal()
    var root: TestFlow<Root>? = makeThreeLevelTree(journal: journal)
    #expect(root != nil)
    root = nil
    let order = journal.entries.filter { !$0.hasPrefix("deinit screen") }
    #expect(
      order == [
        "deinit root", "top ended: tornDown", "deinit top", "middle ended: tornDown",
        "deinit middle",
      ])
    #expect(journal.entries.count { $0.hasPrefix("deinit screen") } == 6)
  }

  @Test func finishingARootTearsDownWhatItPresentsButKeepsItsScreens() {
    let journal = Journal()
    let root = makeThreeLevelTree(journal: journal)
    root.container.finish()
    root.container.finish()
    #expect(
      journal.entries.filter { $0.contains("ended") } == [
        "top ended: tornDown", "middle ended: tornDown",
      ])
    #expect(root.container.isFinished)
    #expect(root.container.names == ["root.a", "root.b"])
  }

  @Test func finishingAPresentedContainerDismissesItAsFinished() {
    let journal = Journal()
    let root = makeThreeLevelTree(journal: journal)
    root.container.presented?.finish()
    #expect(
      journal.entries.filter { $0.contains("ended") } == [
        "top ended: tornDown", "middle ended: finished",
      ])
  }

  @Test(arguments: PresentationEnding.allCases)
  func everyEndingIsDeliveredExactlyOnceEvenWhenCallersRepeatThemselves(
    ending: PresentationEnding
  ) {
    var root: TestFlow<Root>? = TestFlow<Root>("root")
    var endings: [PresentationEnding] = []
    let middle = TestFlow<Middle>("middle")
    root?.container.present(middle.container) { endings.append($0) }
    let diagnostics = withRecordedDiagnostics {
      switch ending {
      case .finished:
        middle.container.dismiss()
        middle.container.dismiss()
      case .dismissedByPresenter:
        root?.container.dismissPresented()
        root?.container.dismissPresented()
      case .dismissedByUser:
        middle.container.handle(.userDismissed)
        middle.container.handle(.userDismissed)
      case .tornDown:
        root = nil
      }
    }
    #expect(endings == [ending])
    #expect(middle.container.isFinished)
    #expect(diagnostics.count == (ending == .tornDown ? 0 : 1))
  }

  @Test func anOnEndHandlerMayPresentTheNextFlowOverTheSamePresenter() {
    let root = TestFlow<Root>("root")
    let first = TestFlow<Middle>("first")
    root.container.present(first.container) { _ in
      let second = TestFlow<Extra>("second")
      root.container.present(second.container)
    }
    first.container.dismiss()
    #expect(root.container.presentedFlow is TestFlow<Extra>)
  }

  @Test func anOnEndHandlerIsCalledForItsOwnPresentationOnlyNeverAgain() {
    let root = TestFlow<Root>("root")
    var calls = 0
    do {
      let first = TestFlow<Middle>("first")
      root.container.present(first.container) { _ in calls += 1 }
    }
    root.container.dismissPresented()
    #expect(calls == 1)
    do {
      let second = TestFlow<Extra>("second")
      root.container.present(second.container)
    }
    root.container.dismissPresented()
    #expect(calls == 1)
  }

  @Test func callbacksCannotBuildOnLayersThatAreGoingAway() {
    let root = makeThreeLevelTree()
    let middle = root.container.presented
    let diagnostics = withRecordedDiagnostics {
      let top = middle?.presented
      // When the top layer's ending arrives, the middle layer is already finished.
      root.container.dismissPresented()
      #expect(top?.isFinished == true)
      #expect(middle?.isFinished == true)
      middle?.dismissPresented()
    }
    #expect(diagnostics.map(\.code) == [.finishedContainer])
  }

  @Test func aReentrantDismissalFromAnEndingHandlerEndsEachLayerOnce() {
    let root = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle")
    let top = TestFlow<Top>("top")
    var endings: [String] = []
    root.container.present(middle.container) { endings.append("middle \($0)") }
    middle.container.present(top.container) { ending in
      endings.append("top \(ending)")
      root.container.dismissPresented()  // already ending: must not end anything twice
    }
    let diagnostics = withRecordedDiagnostics { root.container.dismissPresented() }
    #expect(endings == ["top tornDown", "middle dismissedByPresenter"])
    #expect(diagnostics.isEmpty || diagnostics.allSatisfy { $0.code == .notPresented })
  }
}

@MainActor
struct PresentationMisuseTests {
  @Test func presentingWhileAlreadyPresentingIsReportedAndChangesNothing() {
    let root = makeThreeLevelTree()
    let extra = TestFlow<Extra>("extra")
    expectMisuse(.alreadyPresenting, leavesUnchanged: root.container, extra.container) {
      root.container.present(extra.container)
    }
    #expect(extra.container.presenter == nil)
  }

  @Test func dismissingWhenNothingIsPresentedIsReported() {
    let root = TestFlow<Root>("root")
    expectMisuse(.notPresented, leavesUnchanged: root.container) {
      root.container.dismissPresented()
    }
  }

  @Test func aRootCannotDismissItself() {
    let root = makeThreeLevelTree()
    expectMisuse(.notPresented, leavesUnchanged: root.container) { root.container.dismiss() }
    expectMisuse(.notPresented, leavesUnchanged: root.container) {
      root.container.handle(.userDismissed)
    }
  }

  @Test func presentingAContainerThatIsAlreadyPresentedElsewhereIsReported() {
    let root = makeThreeLevelTree()
    let other = TestFlow<Extra>("other")
    let middle = root.container.presented
    guard let top = middle?.presented as? StackContainer<TestScreen> else {
      Issue.record("no top layer")
      return
    }
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container, other.container) {
      other.container.present(top)
    }
  }

  @Test func presentingItselfOrAnAncestorIsReported() {
    let root = makeThreeLevelTree()
    guard let top = root.container.topmost as? StackContainer<TestScreen> else {
      Issue.record("no top layer")
      return
    }
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container) { top.present(top) }
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container) {
      top.present(root.container)
    }
  }

  @Test func presentingAContainerOwnedByThePresentingFlowIsReportedAsACycle() {
    let root = TestFlow<Root>("root")
    let second = StackContainer(root: TestScreen("second"))
    second.owner = root
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container, second) {
      root.container.present(second)
    }
    let message = withRecordedDiagnostics { root.container.present(second) }.first?.message
    #expect(message?.contains("a cycle that is never released") == true)
  }

  @Test func presentingAContainerOwnedByAnAncestorFlowIsReportedAsACycle() {
    let root = makeThreeLevelTree()
    let ancestorOwned = StackContainer(root: TestScreen("again"))
    ancestorOwned.owner = root
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container, ancestorOwned) {
      root.container.topmost.present(ancestorOwned)
    }
  }

  @Test func aContainerOwnedByAFlowAnyDepthBelowIsReportedAsACycle() {
    for depth in [63, 64, 100, 1_000] {
      let root = TestFlow<Root>("root")
      var chain: [TestFlow<Middle>] = []
      var top: ContainerNode = root.container
      for _ in 0..<depth {
        let flow = TestFlow<Middle>("layer")
        top.present(flow.container)
        chain.append(flow)
        top = flow.container
      }
      let ownedByRoot = StackContainer(root: TestScreen("again"))
      ownedByRoot.owner = root
      let ownedByTheMiddle = StackContainer(root: TestScreen("again"))
      ownedByTheMiddle.owner = chain[depth / 2]
      expectMisuse(.invalidPresentation, leavesUnchanged: root.container, ownedByRoot) {
        top.present(ownedByRoot)
      }
      expectMisuse(.invalidPresentation, leavesUnchanged: root.container, ownedByTheMiddle) {
        top.present(ownedByTheMiddle)
      }
      let bar = TabsFlow()
      top.present(bar.container)
      expectMisuse(.invalidTab, leavesUnchanged: root.container, ownedByRoot) {
        bar.container.addTab(ownedByRoot)
      }
      // A fresh flow is no cycle, however deep.
      let fresh = TestFlow<Top>("fresh")
      bar.container.present(fresh.container)
      #expect(bar.container.presented === fresh.container)
      root.container.dismissPresented()
    }
  }

  @Test func aFlowPresentingItsOwnSecondContainerWouldHaveLeaked() {
    // What the check prevents: the presentation holds the flow, and the flow its container.
    weak var leaked: TestFlow<Root>?
    do {
      let root = TestFlow<Root>("root")
      leaked = root
      let second = StackContainer(root: TestScreen("second"))
      second.owner = root
      _ = withRecordedDiagnostics { root.container.present(second) }
    }
    #expect(leaked == nil)
  }

  @Test func presentingAContainerWithoutAnOwnerIsReported() {
    let root = TestFlow<Root>("root")
    let orphan = StackContainer(root: TestScreen("orphan"))
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container, orphan) {
      root.container.present(orphan)
    }
  }

  @Test func presentingAFinishedContainerIsReported() {
    let root = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle")
    root.container.present(middle.container)
    middle.container.dismiss()
    expectMisuse(.invalidPresentation, leavesUnchanged: root.container, middle.container) {
      root.container.present(middle.container)
    }
  }

  @Test func everyOperationOnADismissedContainerIsReportedAndChangesNothing() {
    let root = TestFlow<Root>("root")
    let middle = TestFlow<Middle>("middle", screens: ["a", "b"])
    let extra = TestFlow<Extra>("extra")
    root.container.present(middle.container)
    root.container.dismissPresented()
    let operations: [(String, () -> Void)] = [
      ("push", { middle.container.push(TestScreen("c")) }),
      ("pushContents", { middle.container.push(contentsOf: [TestScreen("c")]) }),
      ("pop", { middle.container.pop() }),
      ("popToIndex", { middle.container.pop(toIndex: 0) }),
      ("popToLastWhere", { middle.container.pop(toLastWhere: { _ in true }) }),
      ("popToRoot", { middle.container.popToRoot() }),
      ("replace", { middle.container.replace(with: []) }),
      ("present", { middle.container.present(extra.container) }),
      ("dismiss", { middle.container.dismiss() }),
      ("dismissPresented", { middle.container.dismissPresented() }),
      ("hostPop", { middle.container.handle(.userPopped(toIndex: 0)) }),
      ("hostDismiss", { middle.container.handle(.userDismissed) }),
      ("interactive", { middle.container.handle(.interactivePopBegan) }),
    ]
    for (name, operation) in operations {
      let diagnostics = withRecordedDiagnostics(operation)
      #expect(diagnostics.map(\.code) == [.finishedContainer], "\(name)")
      #expect(middle.container.names == ["middle.a", "middle.b"], "\(name)")
    }
    #expect(extra.container.presenter == nil)
  }

  @Test func diagnosticsNameTheCallSite() {
    let container = StackContainer(root: "root")
    let line: UInt = #line + 1
    let diagnostics = withRecordedDiagnostics { container.pop() }
    #expect(diagnostics.first?.line == line)
    #expect(diagnostics.first?.fileID.hasSuffix("StackContainer+PresentationTests.swift") == true)
    #expect(diagnostics.first?.location == "(no owner)@0")
  }
}
