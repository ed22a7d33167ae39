@MainActor
protocol HelpTopicsScreenDelegate: AnyObject {
  func helpTopicsScreen(_ screen: HelpTopicsScreen, didSelect topic: HelpTopic)
}

/// The help tab's first screen: the topics.
@MainActor
final class HelpTopicsScreen: NotesScreen {
  weak var delegate: (any HelpTopicsScreenDelegate)?

  init(delegate: any HelpTopicsScreenDelegate) {
    self.delegate = delegate
  }

  nonisolated var description: String { "topics" }
  var title: String { "Help" }
  var text: [String] { ["\(HelpTopic.allCases.count) topics:"] }
  var actions: [String] { HelpTopic.allCases.map { "Read “\($0.title)”" } }
  var hint: String { "Type tab 1 to go back to your notes." }

  func perform(_ action: Int) {
    delegate?.helpTopicsScreen(self, didSelect: HelpTopic.allCases[action])
  }
}

/// One help topic.
@MainActor
final class HelpTopicScreen: NotesScreen {
  let topic: HelpTopic

  init(topic: HelpTopic) {
    self.topic = topic
  }

  nonisolated var description: String { "topic \(topic.rawValue)" }
  var title: String { topic.title }
  var text: [String] { [topic.text] }
  var actions: [String] { [] }
  var hint: String { "Type back for the topics." }

  func perform(_ action: Int) {}
}

/// What the help tab explains.
enum HelpTopic: String, CaseIterable, Hashable, Codable, Sendable {
  case tabs
  case links

  var title: String {
    switch self {
    case .tabs: "Tabs"
    case .links: "Links"
    }
  }

  var text: String {
    switch self {
    case .tabs: "Each tab keeps its own screens. Type tab 1 for your notes, tab 2 for help."
    case .links: "Links open in the tab that can show them: notes://note/2, notes://help/tabs."
    }
  }
}
