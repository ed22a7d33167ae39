import FlowContainers

// The Split Views article's listings on links and restoration, compiled.

enum MessageRoute: Hashable, Codable, Sendable {
  case message(Int)
  case attachment(Int)
}

/// The mailboxes: the primary column.
@MainActor
final class MailboxesFlow: LinkableFlow {
  let container = StackContainer<String>(root: "mailboxes")
  init() { container.owner = self }

  static let routes: RouteTable<String> = [
    .pattern("mailboxes") { _ in ["mailboxes"] }
  ]
  static let subFlows: [SubFlow<MailboxesFlow>] = []
}

/// A message: the detail column.
@MainActor
final class MessageFlow: LinkableFlow {
  let container: StackContainer<MessageRoute>
  let id: Int

  init(id: Int) {
    self.id = id
    container = StackContainer(root: .message(id))
    container.owner = self
  }

  static let routes: RouteTable<MessageRoute> = [
    .pattern("message/:id<Int>") { match in [.message(try match.int("id"))] },
    .pattern("message/:id<Int>/attachment/:n<Int>") { match in
      [.message(try match.int("id")), .attachment(try match.int("n"))]
    },
  ]
  static let subFlows: [SubFlow<MessageFlow>] = []
}

@MainActor
final class MailSplitFlow: SplitFlow {
  let container = SplitContainer()

  init() {
    container.owner = self
    let mailboxes = MailboxesFlow()
    container.setPrimary(mailboxes.container)
  }

  static let primaryFlow: any RestorableFlow.Type = MailboxesFlow.self
  static let detailFlows: [DetailFlow<MailSplitFlow>] = [
    .flow(MessageFlow.self) { _, routes in
      guard case .message(let id)? = routes.first else { return nil }
      return MessageFlow(id: id)
    }
  ]
}
