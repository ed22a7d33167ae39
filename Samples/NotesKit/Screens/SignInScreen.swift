@MainActor
protocol SignInScreenDelegate: AnyObject {
  func signInScreenDidSignIn(_ screen: SignInScreen)
  func signInScreenDidCancel(_ screen: SignInScreen)
}

/// Asks the user to sign in.
@MainActor
final class SignInScreen: NotesScreen {
  weak var delegate: (any SignInScreenDelegate)?

  init(delegate: any SignInScreenDelegate) {
    self.delegate = delegate
  }

  nonisolated var description: String { "sign-in" }
  var title: String { "Sign in" }
  var text: [String] { ["You need to sign in to edit notes."] }
  var actions: [String] { ["Sign in as Ada", "Cancel"] }
  var hint: String { "What you asked for opens once you are signed in." }

  func perform(_ action: Int) {
    switch action {
    case 0: delegate?.signInScreenDidSignIn(self)
    default: delegate?.signInScreenDidCancel(self)
    }
  }
}
