import FlowContainers

/// Who opens a note the library picked, when the library does not push it itself: the split of
/// the wide layout.
@MainActor
protocol AppFlowNoteOpener: AnyObject {
  func appFlow(_ flow: AppFlow, didSelectNote id: Int)
}

/// The notes tab: the library and the note screens, and the sub-flows presented over them.
///
/// In the wide layout it is the split's list, and asks its ``noteOpener`` to open a note beside
/// it instead of pushing it.
@MainActor
final class AppFlow {
  let container = StackContainer<any NotesScreen>()
  let store: NotesStore
  let session: Session
  let console: Console
  /// The app's router, which the tab bar makes; links and the Edit button go through it.
  var router: DeepLinkRouter?
  /// Who opens a picked note beside the library, in the wide layout.
  weak var noteOpener: (any AppFlowNoteOpener)?
  /// The link request a screen started; the host waits for it after each command.
  private var request: Task<Void, Never>?

  init(store: NotesStore, session: Session, console: Console) {
    self.store = store
    self.session = session
    self.console = console
    container.owner = self
    container.push(LibraryScreen(store: store, delegate: self), animated: false)
  }

  isolated deinit { console.trace("deinit AppFlow") }

  /// Follows a link, and says why when it did not open.
  func open(_ text: String) async {
    guard let router else { return }
    report(await router.open(text), for: text)
  }

  /// Waits until the link a screen asked for, and any held link that resumed, has been followed.
  func settle() async {
    await request?.value
    request = nil
    await router?.waitForPendingWork()
  }

  private func request(_ destination: LinkDestination) {
    guard let router else { return }
    request = Task { report(await router.open(destination), for: "the editor") }
  }

  /// Follows `link` for a screen of the wide layout's note; the host waits for it after the
  /// command, as for the Edit button.
  func follow(_ link: String) {
    guard let router else { return }
    request = Task { report(await router.open(link), for: link) }
  }

  /// How the console names what was asked for: a link as it reads, the Edit button's
  /// destination as "the editor".
  private func label(_ request: NavigationRequest) -> String {
    if let link = request.link { return link.description }
    return request == .restoration ? "the saved screens" : "the editor"
  }

  private func report(_ outcome: LinkOutcome, for link: String) {
    switch outcome {
    case .applied:
      break
    case .interfered(_, let operation, _, _):
      console.say("Opened \(link), then \(operation) changed what is shown.")
    case .held(.guardRequired):
      console.say("Sign in first: \(link) opens after.")
    case .held(.objection(_, let reason)):
      console.say("Waiting: \(reason). \(link) opens when you leave the editor.")
    case .dropped(let reason):
      console.say("Not opened: \(link) (\(reason)).")
    case .failed(let failure):
      console.say("Cannot open \(link): \(failure).")
    }
  }

  private func showSettings() {
    let settings = SettingsFlow(session: session, console: console)
    container.present(settings.container) { [console] ending in
      console.trace("settings ended: \(ending)")
    }
  }
}

extension AppFlow: LibraryScreenDelegate {
  func libraryScreen(_ screen: LibraryScreen, didSelectNote id: Int) {
    if let noteOpener { return noteOpener.appFlow(self, didSelectNote: id) }
    container.push(NoteScreen(noteID: id, store: store, delegate: self))
  }

  func libraryScreenDidSelectSettings(_ screen: LibraryScreen) {
    showSettings()
  }
}

extension AppFlow: NoteScreenDelegate {
  func noteScreenDidSelectEdit(_ screen: NoteScreen) {
    // Editing goes through the router, by typed routes, so the sign-in guard, objections and
    // reuse apply to it as to any link.
    request(
      .root(AppFlow.self, showing: [.library, .note(screen.noteID)])
        .then(EditorFlow.self, showing: [.edit]))
  }

  func noteScreenDidSelectShare(_ screen: NoteScreen) {
    switch router?.currentLink() {
    case .success(let link): console.say("Link to this screen: \(link)")
    case .failure(let failure): console.say("This screen has no link: \(failure).")
    case nil: break
    }
  }

  func noteScreenDidSelectDelete(_ screen: NoteScreen) {
    guard let note = store.note(screen.noteID) else { return }
    let confirmation = Alert(
      title: "Delete “\(note.title)”?", message: "This cannot be undone.",
      actions: [
        AlertAction("Delete", value: true, role: .destructive),
        AlertAction("Cancel", value: false, role: .cancel),
      ],
      style: .confirmationDialog)
    // The confirmation is a presentation like any other: its result says what to do, however
    // it ended.
    container.present(confirmation) { [weak self] result in
      self?.confirmationEnded(result, for: note)
    }
  }

  private func confirmationEnded(_ result: PresentationResult<Bool>, for note: Note) {
    switch result {
    case .finished(with: true):
      store.delete(note.id)
      // Back to the library: the note's screen has nothing left to show.
      container.popToRoot()
      console.say("Deleted “\(note.title)”.")
    case .ended(_, cause: .deepLink):
      console.say("A link closed the confirmation; “\(note.title)” was kept.")
    default:
      console.say("Kept “\(note.title)”.")
    }
  }
}

extension AppFlow: EditorFlowDelegate {
  func editorFlow(_ flow: EditorFlow, didSave note: Note) {
    store.save(note)
    console.say("Saved “\(note.title)”.")
  }

  func editorFlowDidCancel(_ flow: EditorFlow) {
    console.say("Edit cancelled.")
  }
}

extension AppFlow {
  /// Says how a held link ended; the router calls it (its `onHeldLinkEnd`).
  func heldLinkEnded(_ request: NavigationRequest, _ outcome: LinkOutcome) {
    let link = label(request)
    switch outcome {
    case .applied: console.say("Opened \(link).")
    case .dropped(.guardNotSatisfied): console.say("Sign-in cancelled: \(link) was not opened.")
    case .dropped(.superseded): console.say("\(link) was replaced by a newer link.")
    case .dropped(.expired): console.say("\(link) waited too long and was dropped.")
    case .dropped(.objection(_, let why)): console.say("Not opened: \(link) (\(why)).")
    default: report(outcome, for: link)
    }
  }
}
