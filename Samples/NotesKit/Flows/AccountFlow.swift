import FlowContainers

/// The account, presented over settings: a modal over a modal.
@MainActor
final class AccountFlow {
  let container = StackContainer<any NotesScreen>()
  private let session: Session
  private let console: Console

  init(session: Session, console: Console) {
    self.session = session
    self.console = console
    container.owner = self
    container.push(AccountScreen(session: session, delegate: self), animated: false)
  }

  isolated deinit { console.trace("deinit AccountFlow") }
}

extension AccountFlow: AccountScreenDelegate {
  func accountScreenDidSignOut(_ screen: AccountScreen) {
    session.userName = nil
    console.say("Signed out.")
  }

  func accountScreenDidSelectSignIn(_ screen: AccountScreen) {
    let signIn = SignInFlow(session: session, console: console)
    // The result arrives once, however signing in ends, as the presentation ends: before the
    // terminal draws its next screen. (`await container.present(signIn.result)` reads top to
    // bottom too, but its task resumes on a later turn of the main actor.)
    container.present(signIn.result, style: .fullScreenCover) { [weak self] result in
      self?.signInEnded(result)
    }
  }

  private func signInEnded(_ result: PresentationResult<String>) {
    switch result {
    case .finished(with: let name): console.say("Welcome, \(name).")
    case .ended(.tornDown, _): break
    case .ended, .notPresented: console.say("Still signed out.")
    }
  }
}

enum AccountRoute: String, Hashable, Codable, Sendable {
  case account
}

extension AccountFlow: LinkableFlow {
  static let routes: RouteTable<AccountRoute> = [
    .pattern("account") { _ in [.account] }
  ]

  static let subFlows: [SubFlow<AccountFlow>] = []

  func route(for screen: any NotesScreen) -> AccountRoute? {
    screen is AccountScreen ? .account : nil
  }

  func makeScreen(for route: AccountRoute) -> any NotesScreen {
    AccountScreen(session: session, delegate: self)
  }
}
