import FlowContainers

/// Settings, presented modally from the library; presents the account over itself.
@MainActor
final class SettingsFlow {
  let container = StackContainer<any NotesScreen>()
  private let session: Session
  private let console: Console

  init(session: Session, console: Console) {
    self.session = session
    self.console = console
    container.owner = self
    container.push(makeSettingsScreen(), animated: false)
  }

  isolated deinit { console.trace("deinit SettingsFlow") }

  private func makeSettingsScreen() -> SettingsScreen {
    SettingsScreen(
      delegate: self, holdsDelegateStrongly: session.defects.contains(.strongDelegate))
  }

  private func makeAccountFlow() -> AccountFlow? {
    guard !session.defects.contains(.unreachableFlow) else { return nil }
    return AccountFlow(session: session, console: console)
  }
}

extension SettingsFlow: SettingsScreenDelegate {
  func settingsScreenDidSelectAccount(_ screen: SettingsScreen) {
    guard let account = makeAccountFlow() else { return }
    container.present(account.container)
  }
}

enum SettingsRoute: String, Hashable, Codable, Sendable {
  case settings
}

extension SettingsFlow: LinkableFlow {
  static let routes: RouteTable<SettingsRoute> = [
    .pattern("settings") { _ in [.settings] },
    .pattern("settings/*") { _ in [.settings] },
  ]

  static let subFlows: [SubFlow<SettingsFlow>] = [
    .flow(AccountFlow.self) { settings, _ in settings.makeAccountFlow() }
  ]

  func route(for screen: any NotesScreen) -> SettingsRoute? {
    screen is SettingsScreen ? .settings : nil
  }

  func makeScreen(for route: SettingsRoute) -> any NotesScreen {
    makeSettingsScreen()
  }
}
