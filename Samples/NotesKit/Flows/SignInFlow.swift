import FlowContainers

/// Signing in, which finishes with the user's name.
///
/// The router presents it as the guard while a link or destination (the Edit button) that needs
/// sign-in waits; the account screen presents it and awaits its result.
@MainActor
final class SignInFlow: PresentableFlow {
  let container = StackContainer<any NotesScreen>()
  /// The name of the user who signed in, for whoever presented this flow for its result.
  let result: FlowResult<String>
  private let session: Session
  private let console: Console

  init(session: Session, console: Console) {
    self.session = session
    self.console = console
    result = FlowResult(of: container)
    container.owner = self
    container.push(SignInScreen(delegate: self), animated: false)
  }

  isolated deinit { console.trace("deinit SignInFlow") }
}

extension SignInFlow: SignInScreenDelegate {
  func signInScreenDidSignIn(_ screen: SignInScreen) {
    session.userName = "Ada"
    console.say("Signed in as Ada.")
    // The router sees the requirement met when this presentation ends, and resumes the held
    // request; a presenter that awaited the result receives the name.
    result.finish(with: "Ada")
  }

  func signInScreenDidCancel(_ screen: SignInScreen) {
    container.dismiss()
  }
}
