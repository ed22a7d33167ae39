import FlowContainers
import Testing

@testable import ResultsAndAlertsSnippets

/// The Results and Alerts article's listings, run.
@MainActor
struct ResultsAndAlertsListings {
  @Test func theCallbackAndTheAwaitedFormsGreetWhoeverSignsIn() async {
    let account = AccountFlow()
    account.signInWithCallback()
    (account.container.presentedFlow as? SignInFlow)?.signInTapped()
    #expect(account.said == ["Welcome, Ada."])

    account.signInTapped()
    while account.container.presented == nil { await Task.yield() }
    (account.container.presentedFlow as? SignInFlow)?.cancelTapped()
    while account.said.count < 2 { await Task.yield() }
    #expect(account.said == ["Welcome, Ada.", "Still signed out."])
  }

  @Test func aSignInALinkPresentedReturnsItsResultToTheAccount() async {
    let account = AccountFlow()
    let router = DeepLinkRouter(root: account, scheme: "app")
    guard case .applied = await router.open("app://account/sign-in") else {
      Issue.record("app://account/sign-in was not applied")
      return
    }
    #expect(account.container.presented?.presentationStyle == .fullScreenCover)
    (account.container.presentedFlow as? SignInFlow)?.signInTapped()
    #expect(account.said == ["Welcome, Ada."])
  }

  @Test func theConfirmationDeletesKeepsOrYieldsToALink() {
    let notes = NotesFlow()
    let note = notes.notes[0]
    notes.deleteTapped(note)
    (notes.container.presented as? StackContainer<AlertScreen>)?.top?.choose(1)
    #expect(notes.said == ["Kept “Groceries”."])
    notes.deleteTapped(note)
    (notes.container.presented as? StackContainer<AlertScreen>)?.top?.choose(0)
    #expect(notes.notes.isEmpty)
  }
}
