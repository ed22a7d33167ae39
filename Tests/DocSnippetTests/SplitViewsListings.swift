import FlowContainers
import FlowContainersTesting
import Testing

@testable import SplitViewsSnippets

/// The Split Views article's listings, run, and the dumps it shows checked against them.
@MainActor
struct SplitViewsListings {
  /// The split of the article, with note 1 open.
  private func openNoteOne() -> NotesSplitFlow {
    let notes = NotesSplitFlow()
    (notes.container.primary?.owner as? LibraryFlow)?.noteTapped(1)
    return notes
  }

  @Test func theListAsksItsDelegateAndTheSplitShowsTheNote() {
    let notes = openNoteOne()
    #expect(
      notes.container.treeDescription == """
        NotesSplitFlow: [LibraryFlow, NoteFlow]
        ├─ LibraryFlow (primary): [list]
        └─ NoteFlow (detail): [reading(1)]
        """)
  }

  @Test func openingAnotherNoteEndsTheFirstOnce() {
    let notes = openNoteOne()
    weak let first = notes.container.detail?.owner
    (notes.container.primary?.owner as? LibraryFlow)?.noteTapped(2)
    #expect(first == nil)
    #expect(notes.log == ["note 1 ended: dismissedByPresenter"])
  }

  @Test func collapsedTheColumnsAreOneStackAndAPopBelowTheSeamClosesTheNote() {
    let notes = openNoteOne()
    let note = notes.container.detail as? StackContainer<NoteScreen>
    note?.push(.history(1))
    notes.container.handle(.widthChanged(.compact))
    #expect(notes.container.collapsedCount == 3)
    #expect(
      notes.container.treeDescription == """
        NotesSplitFlow: [LibraryFlow + NoteFlow]
        ├─ LibraryFlow (primary): [list]
        └─ NoteFlow (detail): [reading(1), history(1)]
        """)
    notes.container.handle(.userPopped(toIndex: 1))
    #expect(note?.stack == [.reading(1)])
    notes.container.handle(.userPopped(toIndex: 0))
    #expect(notes.container.detail == nil)
    #expect(notes.log == ["note 1 ended: dismissedByUser"])
    notes.container.handle(.widthChanged(.regular))
    #expect(
      notes.container.treeDescription == """
        NotesSplitFlow: [LibraryFlow, no detail]
        └─ LibraryFlow (primary): [list]
        """)
  }

  @Test func theSplitAndBothColumnsAreReleasedWithItsFlow() {
    let leaks = LeakTracker()
    do {
      let notes = openNoteOne()
      leaks.track(flow: notes, container: notes.container)
    }
    leaks.expectAllReleased()
  }
}
