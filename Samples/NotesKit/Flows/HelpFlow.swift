import FlowContainers

/// The second tab: help topics, each a screen pushed over the list.
@MainActor
final class HelpFlow {
  let container = StackContainer<any NotesScreen>()
  private let console: Console

  init(console: Console) {
    self.console = console
    container.owner = self
    container.push(HelpTopicsScreen(delegate: self), animated: false)
  }

  isolated deinit { console.trace("deinit HelpFlow") }
}

extension HelpFlow: HelpTopicsScreenDelegate {
  func helpTopicsScreen(_ screen: HelpTopicsScreen, didSelect topic: HelpTopic) {
    container.push(HelpTopicScreen(topic: topic))
  }
}

/// The help tab's screens, as links and saved state name them.
enum HelpRoute: Hashable, Codable, Sendable, CustomStringConvertible {
  case topics
  case topic(HelpTopic)

  var description: String {
    switch self {
    case .topics: "topics"
    case .topic(let topic): "topic \(topic.rawValue)"
    }
  }
}

/// A topic the help tab does not have.
struct UnknownTopic: Error, CustomStringConvertible {
  let name: String
  var description: String { "there is no help topic “\(name)”" }
}

extension HelpFlow: LinkableFlow {
  static let routes: RouteTable<HelpRoute> = [
    .pattern("help") { _ in [.topics] },
    .pattern("help/:topic", parameters: topicParameters) { match in
      let name = try match.string("topic")
      guard let topic = HelpTopic(rawValue: name) else { throw UnknownTopic(name: name) }
      return [.topics, .topic(topic)]
    },
  ]

  static let subFlows: [SubFlow<HelpFlow>] = []

  /// The reverse of `help/:topic`: the topic the stack shows, for sharing its link.
  static let topicParameters: @Sendable ([HelpRoute]) -> [String: String]? = { stack in
    guard case .topic(let topic)? = stack.last else { return nil }
    return ["topic": topic.rawValue]
  }

  func route(for screen: any NotesScreen) -> HelpRoute? {
    switch screen {
    case is HelpTopicsScreen: .topics
    case let topic as HelpTopicScreen: .topic(topic.topic)
    default: nil
    }
  }

  func makeScreen(for route: HelpRoute) throws -> any NotesScreen {
    switch route {
    case .topics: HelpTopicsScreen(delegate: self)
    case .topic(let topic): HelpTopicScreen(topic: topic)
    }
  }
}
