@MainActor
protocol AccountScreenDelegate: AnyObject {
  func accountScreenDidSignOut(_ screen: AccountScreen)
  func accountScreenDidSelectSignIn(_ screen: AccountScreen)
}

/// Who is signed in, over the settings modal.
@MainActor
final class AccountScreen: NotesScreen {
  private let session: Session
  weak var delegate: (any AccountScreenDelegate)?

  init(session: Session, delegate: any AccountScreenDelegate) {
    self.session = session
    self.delegate = delegate
  }

  nonisolated var description: String { "account" }
  var title: String { "Account" }
  var text: [String] { [session.userName.map { "Signed in as \($0)." } ?? "Not signed in."] }
  var actions: [String] { session.isSignedIn ? ["Sign out"] : ["Sign in"] }
  var hint: String { "Type close to go back to settings." }

  func perform(_ action: Int) {
    if session.isSignedIn {
      delegate?.accountScreenDidSignOut(self)
    } else {
      delegate?.accountScreenDidSelectSignIn(self)
    }
  }
}
