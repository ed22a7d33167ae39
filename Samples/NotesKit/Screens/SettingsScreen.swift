@MainActor
protocol SettingsScreenDelegate: AnyObject {
  func settingsScreenDidSelectAccount(_ screen: SettingsScreen)
}

/// The settings modal's screen.
@MainActor
final class SettingsScreen: NotesScreen {
  weak var delegate: (any SettingsScreenDelegate)?
  /// The delegate held strongly, with ``SeededDefects/strongDelegate`` only.
  private var retainedDelegate: (any SettingsScreenDelegate)?

  init(delegate: any SettingsScreenDelegate, holdsDelegateStrongly: Bool = false) {
    self.delegate = delegate
    if holdsDelegateStrongly { retainedDelegate = delegate }
  }

  nonisolated var description: String { "settings" }
  var title: String { "Settings" }
  var text: [String] { ["Notes are kept in memory for this run."] }
  var actions: [String] { ["Account"] }
  var hint: String { "Type close to leave settings." }

  func perform(_ action: Int) {
    delegate?.settingsScreenDidSelectAccount(self)
  }
}
