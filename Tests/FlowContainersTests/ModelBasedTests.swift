import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// Random sequences of operations, run against a simple reference model of the tree.
///
/// After every step the live tree must equal the model, misuse must have been reported exactly
/// when the model says, every flow and screen the model dropped must have been released, and
/// every presentation that ended must have told its presenter exactly once, with the right
/// ending. Runs are seeded; a failure prints the seed and the shortest failing sequence found.
/// `FLOW_MODEL_STEPS` sets the number of steps (100,000 by default).
@MainActor
struct ModelBasedTests {
  static let stepsPerRun = 500

  @Test func randomSequencesKeepTheTreeEqualToTheModel() {
    let total = ProcessInfo.processInfo.environment["FLOW_MODEL_STEPS"].flatMap(Int.init) ?? 100_000
    let baseSeed =
      ProcessInfo.processInfo.environment["FLOW_MODEL_SEED"].flatMap(UInt64.init) ?? 0x5EED
    var stepsRun = 0
    var run: UInt64 = 0
    var coverage = ModelRun.Coverage()
    while stepsRun < total {
      let seed = baseSeed &+ run
      var generator = SplitMix64(seed: seed)
      let operations = (0..<Self.stepsPerRun).map { _ in ModelOperation.random(using: &generator) }
      if let failure = ModelRun.execute(operations, coverage: &coverage) {
        let shortest = ModelRun.shrink(operations)
        Issue.record(
          """
          model test failed with seed \(seed) (FLOW_MODEL_SEED=\(seed) FLOW_MODEL_STEPS=\
          \(Self.stepsPerRun) reproduces it) at step \(failure.step): \(failure.message)
          shortest failing sequence (\(shortest.operations.count) steps), failing with \
          "\(shortest.failure.message)":
          \(shortest.operations.map { "  \($0)" }.joined(separator: "\n"))
          """)
        return
      }
      stepsRun += operations.count
      run += 1
    }
    #expect(stepsRun >= total)
    // The runs must reach what they are meant to test, or passing means little.
    #expect(coverage.steps == stepsRun)
    if total >= 100_000 {
      #expect(coverage.maxDepth >= 5)
      #expect(coverage.linksApplied >= total / 20)
      #expect(coverage.linksRejected >= total / 100)
      #expect(coverage.misuseReports >= total / 20)
      #expect(coverage.freshRootRestores >= total / 200)
      #expect(coverage.interactiveCommits >= total / 500)
      #expect(coverage.valuesDelivered >= total / 200)
      for ending in PresentationEnding.allCases {
        #expect(coverage.endings[ending, default: 0] >= total / 200, "\(ending)")
      }
    }
    print(
      "model test: \(stepsRun) steps in \(run) runs; deepest tree \(coverage.maxDepth); links \(coverage.linksApplied) applied, \(coverage.linksRejected) rejected; \(coverage.misuseReports) misuse reports; \(coverage.freshRootRestores) restores into a fresh root; \(coverage.valuesDelivered) values delivered; endings \(coverage.endings.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))"
    )
  }

  /// The same runs with a tab bar at the root.
  ///
  /// Three tabs of two kinds, selected, added and removed (with modals up in them), links that
  /// select a tab and continue inside it, and restoration of every tab's tree and the
  /// selection into a fresh tab bar.
  /// `FLOW_TAB_MODEL_STEPS` sets the number of steps (40,000 by default).
  @Test func randomSequencesThroughATabBarKeepEveryTabEqualToTheModel() {
    let total =
      ProcessInfo.processInfo.environment["FLOW_TAB_MODEL_STEPS"].flatMap(Int.init) ?? 40_000
    var stepsRun = 0
    var run: UInt64 = 0
    var coverage = ModelRun.Coverage()
    while stepsRun < total {
      let seed = 0x7AB5 &+ run
      var generator = SplitMix64(seed: seed)
      let operations = (0..<Self.stepsPerRun).map { _ in
        ModelOperation.random(using: &generator, tabbed: true)
      }
      if let failure = ModelRun.execute(operations, tabbed: true, coverage: &coverage) {
        let shortest = ModelRun.shrink(operations) { ModelRun.execute($0, tabbed: true) }
        Issue.record(
          """
          tabbed model test failed with seed \(seed) at step \(failure.step): \(failure.message)
          shortest failing sequence (\(shortest.operations.count) steps), failing with \
          "\(shortest.failure.message)":
          \(shortest.operations.map { "  \($0)" }.joined(separator: "\n"))
          """)
        return
      }
      stepsRun += operations.count
      run += 1
    }
    #expect(coverage.steps == stepsRun)
    if total >= 40_000 {
      #expect(coverage.tabSelections >= total / 100)
      #expect(coverage.tabRemovalsUnderModal >= total / 1_000)
      #expect(coverage.linksIntoOtherTabs >= total / 200)
      #expect(coverage.linksApplied >= total / 20)
      #expect(coverage.freshRootRestores >= total / 200)
      #expect(coverage.maxDepth >= 4)
      for ending in PresentationEnding.allCases {
        #expect(coverage.endings[ending, default: 0] >= total / 400, "\(ending)")
      }
    }
    print(
      "tabbed model test: \(stepsRun) steps; \(coverage.tabSelections) tab selections, \(coverage.tabRemovalsUnderModal) tabs removed under a modal, \(coverage.linksIntoOtherTabs) links into another tab, \(coverage.linksApplied) links applied, \(coverage.freshRootRestores) restores into a fresh tab bar"
    )
  }

  @Test func theTabbedModelChecksEveryTabNotOnlyTheSelectedOne() {
    // The checker must be able to fail in a tab the user is not looking at.
    var run = ModelRun(tabbed: true)
    _ = run.apply(.selectTab(1))
    _ = run.apply(.present(level: 0, values: [0, 3]))
    #expect(run.check() == nil)
    let hidden = run.tabsRoot?.container.tabs[2] as? StackContainer<ModelScreen>
    hidden?.push(ModelScreen(5, counts: run.counts))
    #expect(run.check()?.contains("tree differs in tab 2") == true)
  }

  @Test func theModelCatchesABrokenTree() {
    // The checker must be able to fail: a run whose tree is tampered with behind its back.
    let operations: [ModelOperation] = [
      .present(level: 0, values: [0, 4]), .push(level: 1, value: 9),
    ]
    let failure = ModelRun.execute(
      operations, tamper: { app in app.container.push(ModelScreen(77, counts: app.counts)) })
    #expect(failure?.message.contains("tree differs") == true)
  }

  @Test func shrinkingFindsAShortFailingSequence() {
    var operations: [ModelOperation] = []
    var generator = SplitMix64(seed: 7)
    for _ in 0..<60 { operations.append(.random(using: &generator)) }
    operations.insert(.present(level: 0, values: [0, 1]), at: 30)
    // A predicate that fails whenever a presentation happened: shrinking keeps one present.
    let shortest = ModelRun.shrink(operations) { ops in
      ops.contains { if case .present = $0 { true } else { false } }
        ? ModelRun.Failure(step: 0, message: "present seen") : nil
    }
    #expect(shortest.operations.count == 1)
  }
}

/// A deterministic generator, so that a seed reproduces a run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// One step.
///
/// Levels and indices are taken modulo what exists when the step runs, so that any subsequence of a
/// run is itself a valid run (which shrinking needs).
enum ModelOperation: CustomStringConvertible {
  case push(level: Int, value: Int)
  case pop(level: Int)
  case popToRoot(level: Int)
  case popTo(level: Int, index: Int)
  case replace(level: Int, values: [Int])
  case present(level: Int, values: [Int])
  /// Present for a result (`FlowResult`), the callback recording it.
  case presentForResult(level: Int, values: [Int])
  /// The flow at `level` finishes with `value` through its `FlowResult`.
  case finishWithValue(level: Int, value: Int)
  case dismissPresented(level: Int)
  case dismissSelf(level: Int)
  case userPopped(level: Int, index: Int)
  case userDismissed(level: Int)
  case interactiveBegan(level: Int)
  case interactiveCommitted(level: Int)
  case interactiveCancelled(level: Int)
  /// A whole gesture: began, then committed or cancelled, with nothing in between.
  case interactiveGesture(level: Int, commit: Bool)
  case link(String)
  case snapshotAndRestore
  case restoreIntoFreshRoot
  /// Tabbed runs only (a run without tabs ignores these): select a tab from code.
  case selectTab(Int)
  /// The host reports the user selected a tab; one past the last is misuse.
  case userSelectTab(Int)
  case userReselectTab
  /// Remove a tab (never the last one), ending whatever it presents.
  case removeTab(Int)
  /// Add a tab (up to five): a `ModelTabFlow` when `w`, a `ModelFlow` otherwise.
  case addTab(w: Bool, at: Int)

  static func random(
    using generator: inout some RandomNumberGenerator, tabbed: Bool = false
  ) -> ModelOperation {
    func int(_ upper: Int) -> Int { Int.random(in: 0..<upper, using: &generator) }
    if tabbed, int(100) < 14 {
      switch int(8) {
      case 0, 1: return .selectTab(int(5))
      case 2, 3: return .userSelectTab(int(6))
      case 4: return .userReselectTab
      case 5: return .removeTab(int(5))
      default: return .addTab(w: int(2) == 0, at: int(6))
      }
    }
    let level = int(6)
    switch int(100) {
    case 0..<16: return .push(level: level, value: int(9))
    case 16..<26: return .pop(level: level)
    case 26..<29: return .popToRoot(level: level)
    case 29..<33: return .popTo(level: level, index: int(6))
    case 33..<36: return .replace(level: level, values: (0..<(1 + int(3))).map { _ in int(9) })
    case 36..<42: return .present(level: level, values: [0] + (0..<int(3)).map { _ in int(9) })
    case 42..<46:
      return .presentForResult(level: level, values: [0] + (0..<int(3)).map { _ in int(9) })
    case 46..<51: return .dismissPresented(level: level)
    case 51..<53: return .dismissSelf(level: level)
    case 53..<55: return .finishWithValue(level: level, value: int(100))
    case 55..<60: return .userPopped(level: level, index: int(6))
    case 60..<64: return .userDismissed(level: level)
    case 64..<68: return .interactiveBegan(level: level)
    case 68..<71: return .interactiveCommitted(level: level)
    case 71..<73: return .interactiveCancelled(level: level)
    case 73..<76: return .interactiveGesture(level: level, commit: int(3) != 0)
    case 76..<90:
      let levels = 1 + int(3)
      var path = (0..<levels).map { _ in "v/\(int(9))" }
      let hostile = [
        "m://", "m://v", "m://v/x", "m://v/1/w/2", "m://v/%ZZ", "http://v/1", "m://v/1?a=%",
        "m://v/99999999999999999999", "m:\u{0}v/1", String(repeating: "v/1/", count: 40),
      ]
      if int(4) == 0 { return .link(hostile[int(hostile.count)]) }
      // Tabbed runs also link into a `w` tab: its own level first, then `v` levels over it.
      if tabbed, int(2) == 0 { path[0] = "w/\(int(9))" }
      return .link("m://" + path.joined(separator: "/"))
    case 90..<97: return .snapshotAndRestore
    default: return .restoreIntoFreshRoot
    }
  }

  var description: String {
    switch self {
    case .push(let level, let value): "push(level: \(level), value: \(value))"
    case .pop(let level): "pop(level: \(level))"
    case .popToRoot(let level): "popToRoot(level: \(level))"
    case .popTo(let level, let index): "popTo(level: \(level), index: \(index))"
    case .replace(let level, let values): "replace(level: \(level), values: \(values))"
    case .present(let level, let values): "present(level: \(level), values: \(values))"
    case .presentForResult(let level, let values):
      "presentForResult(level: \(level), values: \(values))"
    case .finishWithValue(let level, let value): "finishWithValue(level: \(level), value: \(value))"
    case .dismissPresented(let level): "dismissPresented(level: \(level))"
    case .dismissSelf(let level): "dismissSelf(level: \(level))"
    case .userPopped(let level, let index): "userPopped(level: \(level), index: \(index))"
    case .userDismissed(let level): "userDismissed(level: \(level))"
    case .interactiveBegan(let level): "interactiveBegan(level: \(level))"
    case .interactiveCommitted(let level): "interactiveCommitted(level: \(level))"
    case .interactiveCancelled(let level): "interactiveCancelled(level: \(level))"
    case .interactiveGesture(let level, let commit):
      "interactiveGesture(level: \(level), commit: \(commit))"
    case .link(let text): "link(\(text.debugDescription))"
    case .snapshotAndRestore: "snapshotAndRestore"
    case .restoreIntoFreshRoot: "restoreIntoFreshRoot"
    case .selectTab(let index): "selectTab(\(index))"
    case .userSelectTab(let index): "userSelectTab(\(index))"
    case .userReselectTab: "userReselectTab"
    case .removeTab(let index): "removeTab(\(index))"
    case .addTab(let w, let index): "addTab(w: \(w), at: \(index))"
    }
  }
}
