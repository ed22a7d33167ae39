import FlowContainers

// The Results and Alerts article's listings, compiled with what they need around them: an
// account screen that signs in, and notes that can be deleted.

@MainActor
final class SignInFlow {
  let container = StackContainer<String>(root: "sign-in")
  /// The name of the user who signed in.
  let result: FlowResult<String>

  init() {
    result = FlowResult(of: container)
    container.owner = self
  }

  func signInTapped() { result.finish(with: "Ada") }
  func cancelTapped() { container.dismiss() }
}

extension AccountFlow {
  func signInWithCallback() {
    let signIn = SignInFlow()
    container.present(signIn.result, style: .fullScreenCover) { [weak self] result in
      if let name = result.value { self?.greet(name) }
    }
  }

  func signInTapped() {
    let signIn = SignInFlow()
    Task { [weak self, container] in
      let result = await container.present(signIn.result, style: .fullScreenCover)
      if let name = result.value { self?.greet(name) } else { self?.say("Still signed out.") }
    }
  }
}

extension AccountFlow: LinkableFlow {
  static let routes: RouteTable<String> = [
    .pattern("account") { _ in ["account"] },
    .pattern("account/*") { _ in ["account"] },
  ]

  static let subFlows: [SubFlow<AccountFlow>] = [
    .flow(
      SignInFlow.self, style: .fullScreenCover, result: { $0.result },
      make: { _, _ in SignInFlow() },
      onResult: { account, _, result in
        if let name = result.value { account.greet(name) }
      })
  ]
}

extension SignInFlow: LinkableFlow {
  static let routes: RouteTable<String> = [.pattern("sign-in") { _ in ["sign-in"] }]
  static let subFlows: [SubFlow<SignInFlow>] = []
}

extension NotesFlow {
  func deleteTapped(_ note: Note) {
    let confirmation = Alert(
      title: "Delete “\(note.title)”?", message: "This cannot be undone.",
      actions: [
        AlertAction("Delete", value: true, role: .destructive),
        AlertAction("Cancel", value: false, role: .cancel),
      ],
      style: .confirmationDialog)
    container.present(confirmation) { [weak self] result in
      switch result {
      case .finished(with: true): self?.delete(note)
      case .ended(_, cause: .deepLink): self?.say("A link closed the confirmation.")
      default: self?.say("Kept “\(note.title)”.")
      }
    }
  }
}

// What the listings take as given.

/// The account screen's flow: it greets whoever signs in.
@MainActor
final class AccountFlow {
  let container = StackContainer<String>(root: "account")
  /// What the flow said, in order.
  private(set) var said: [String] = []

  init() { container.owner = self }

  func greet(_ name: String) { said.append("Welcome, \(name).") }
  func say(_ message: String) { said.append(message) }
}

struct Note {
  let id: Int
  let title: String
}

@MainActor
final class NotesFlow {
  let container = StackContainer<String>(root: "notes")
  private(set) var notes = [Note(id: 1, title: "Groceries")]
  private(set) var said: [String] = []

  init() { container.owner = self }

  func delete(_ note: Note) { notes.removeAll { $0.id == note.id } }
  func say(_ message: String) { said.append(message) }
}
