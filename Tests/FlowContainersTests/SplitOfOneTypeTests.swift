import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// A split whose primary is a note, and whose detail is a note too: the primary's flow type is
/// also one of its detail types.
@MainActor
final class NotePairSplit: SplitFlow {
  let container = SplitContainer()
  let first = NoteDetailFlow(id: 1)

  init() {
    container.owner = self
    container.setPrimary(first.container)
  }

  static let primaryFlow: any RestorableFlow.Type = NoteDetailFlow.self
  static let detailFlows: [DetailFlow<NotePairSplit>] = [
    .flow(NoteDetailFlow.self) { _, routes in
      guard case .note(let id)? = routes.first else { return nil }
      return NoteDetailFlow(id: id)
    }
  ]
}

/// Links and snapshots of a split whose primary's flow type is also its detail's: the detail is
/// made by the detail's declaration, and the primary, made with the split, stays.
@MainActor
struct SplitOfOneTypeTests {
  @Test func restoringASavedDetailOfThePrimarysTypeMakesTheDetail() throws {
    let source = NotePairSplit()
    let note = NoteDetailFlow(id: 7)
    note.container.push(.history)
    source.container.showDetail(note.container)
    let saved = try FlowRestorer(root: source).snapshot()

    let split = NotePairSplit()
    let report = FlowRestorer(root: split).restore(from: try saved.jsonData())
    #expect(report.error == nil && report.dropped.isEmpty)
    let detail = split.container.detail?.owner as? NoteDetailFlow
    #expect(detail?.id == 7)
    #expect(detail !== split.first)
    #expect(split.container.primary === split.first.container)
    #expect(split.container.tree == source.container.tree)
  }

  @Test func aLinkThatNeedsADetailOfThePrimarysTypeMakesIt() async {
    let split = NotePairSplit()
    let router = DeepLinkRouter(root: split, scheme: "notes")
    let outcome = await router.open("notes://note/4/history")
    guard case .applied(let plan) = outcome else {
      Issue.record("expected the link applied, got \(outcome)")
      return
    }
    #expect(
      plan.description == """
        plan for notes://note/4/history
          1. show NoteDetailFlow@1 as detail with [note(4), history]
        """)
    let detail = split.container.detail?.owner as? NoteDetailFlow
    #expect(detail?.id == 4)
    #expect(detail?.container.stack == [.note(4), .history])
    #expect(split.container.primary === split.first.container)
    #expect(split.first.container.stack == [.note(1)])
  }
}
