import FlowContainers

/// The guard for editing: presented by the router while a link or destination (the Edit button)
/// that needs sign-in waits.
@MainActor
final class SignInFlow: PresentableFlow {
  let container = StackContainer<any NotesScreen>()
  private let session: Session
  private let console: Console

  init(session: Session, console: Console) {
    self.session = session
    self.console = console
    container.owner = self
    container.push(SignInScreen(delegate: self), animated: false)
  }

  isolated deinit { console.trace("deinit SignInFlow") }

  /// Signing in covers the whole screen: nothing behind it can be used until it is done.
  var preferredPresentationStyle: PresentationStyle { .fullScreenCover }
}

extension SignInFlow: SignInScreenDelegate {
  func signInScreenDidSignIn(_ screen: SignInScreen) {
    session.userName = "Ada"
    console.say("Signed in as Ada.")
    // The router sees the requirement met when this presentation ends, and resumes the held
    // request.
    container.dismiss()
  }

  func signInScreenDidCancel(_ screen: SignInScreen) {
    container.dismiss()
  }
}
