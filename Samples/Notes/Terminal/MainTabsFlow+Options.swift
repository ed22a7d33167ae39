import NotesKit

extension MainTabsFlow {
  /// The app's root as a run with `options` makes it: a fresh store and session.
  convenience init(options: Options, console: Console) {
    self.init(store: NotesStore(), session: Session(), console: console, isWide: options.isWide)
  }
}
