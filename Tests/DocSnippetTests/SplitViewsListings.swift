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
      notes.container.tree.description == """
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
      notes.container.tree.description == """
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
      notes.container.tree.description == """
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

/// The Split Views article's listings on links and restoration, run.
@MainActor
struct LinkedSplitListings {
  @Test func aLinkShowsTheMessageAsTheDetailAndKeepsItForItsAttachment() async {
    let mail = MailSplitFlow()
    let router = DeepLinkRouter(root: mail, scheme: "mail")
    _ = await router.open("mail://message/7")  // shows message 7 as the detail
    let first = mail.container.detail
    #expect((first?.owner as? MessageFlow)?.id == 7)
    _ = await router.open("mail://message/7/attachment/1")  // the same message: kept, one push
    #expect(mail.container.detail === first)
    _ = await router.open("mail://message/8")  // another message: replaces message 7, which ends
    #expect((mail.container.detail?.owner as? MessageFlow)?.id == 8)
  }

  @Test func restoringIntoACompactSplitThenExpandingIsRestoringIntoARegularOne() async throws {
    let mail = MailSplitFlow()
    let router = DeepLinkRouter(root: mail, scheme: "mail")
    _ = await router.open("mail://message/7/attachment/1")
    let saved = try FlowRestorer(root: mail).snapshot()

    let narrow = MailSplitFlow()
    narrow.container.handle(.widthChanged(.compact))
    #expect(FlowRestorer(root: narrow).restore(saved).error == nil)
    narrow.container.handle(.widthChanged(.regular))
    let wide = MailSplitFlow()
    #expect(FlowRestorer(root: wide).restore(saved).error == nil)
    #expect(narrow.container.tree == wide.container.tree)
    #expect(wide.container.tree == mail.container.tree)
  }
}
