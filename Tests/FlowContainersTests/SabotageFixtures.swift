import FlowContainers

// Flows for the preparation property test: every factory and every `makeScreen` asks a
// `Saboteur`, which can fail one of them. A `Deck` presents a `Deck`, a `DeckBar` (tabs `Leaf`,
// `Note`) or a `DeckSplit` (primary `Ledger`, details `Page`); a `Leaf` and a `Page` present a
// `Deck`. Each stack flow's first link segment is its own (`d`, `l`, `n`, `r`, `g`), followed by
// up to two numbers.

/// A screen of the sabotage flows: the root screen, or a numbered item over it.
enum Card: Hashable, Codable, Sendable, CustomStringConvertible {
  case top
  case item(Int)

  var description: String {
    switch self {
    case .top: "top"
    case .item(let number): "\(number)"
    }
  }

  /// The patterns of a flow whose links start with `name`: `name`, `name/:a<Int>` and
  /// `name/:a<Int>/:b<Int>`, each also followed by the rest of the link.
  static func table(_ name: String) -> RouteTable<Card> {
    let one: @Sendable ([Card]) -> [String: String]? = { stack in
      guard stack.count == 2, case .item(let a) = stack[1] else { return nil }
      return ["a": "\(a)"]
    }
    let two: @Sendable ([Card]) -> [String: String]? = { stack in
      guard stack.count == 3, case .item(let a) = stack[1], case .item(let b) = stack[2] else {
        return nil
      }
      return ["a": "\(a)", "b": "\(b)"]
    }
    return RouteTable([
      .pattern(name) { _ in [.top] },
      .pattern("\(name)/*") { _ in [.top] },
      .pattern("\(name)/:a<Int>", parameters: one) { match in [.top, .item(try match.int("a"))] },
      .pattern("\(name)/:a<Int>/*", parameters: one) { match in
        [.top, .item(try match.int("a"))]
      },
      .pattern("\(name)/:a<Int>/:b<Int>", parameters: two) { match in
        [.top, .item(try match.int("a")), .item(try match.int("b"))]
      },
      .pattern("\(name)/:a<Int>/:b<Int>/*", parameters: two) { match in
        [.top, .item(try match.int("a")), .item(try match.int("b"))]
      },
    ])
  }
}

/// What a `Saboteur` makes fail.
enum Fault: Hashable, CustomStringConvertible {
  /// Nothing.
  case none
  /// The factory call at this position (from 0) returns `nil`.
  case noFlow(at: Int)
  /// The factory call at this position returns the plan's own root.
  case ownRoot(at: Int)
  /// The factory call at this position returns the foreign flow of its type at `candidate`.
  case foreign(at: Int, candidate: Int)
  /// The `makeScreen` call at this position throws.
  case screenThrows(at: Int)

  var description: String {
    switch self {
    case .none: "none"
    case .noFlow(let at): "factory call \(at) returns nil"
    case .ownRoot(let at): "factory call \(at) returns the plan's own root"
    case .foreign(let at, let candidate):
      "factory call \(at) returns foreign flow \(candidate) of its type"
    case .screenThrows(let at): "makeScreen call \(at) throws"
    }
  }
}

/// A screen the saboteur would not make.
struct SabotagedScreen: Error, CustomStringConvertible {
  let route: Card
  var description: String { "sabotaged \(route)" }
}

/// Counts the factory and `makeScreen` calls of the flows made with it while it is armed, and
/// makes the one its fault names fail.
@MainActor
final class Saboteur {
  /// Whether calls are counted, and the fault made.
  var isArmed = false
  var fault = Fault.none
  /// The root of the tree under test, which `ownRoot` returns.
  weak var root: AnyObject?
  /// Flows live in other trees, which `foreign` returns.
  var foreign: ForeignTrees?
  /// The type each counted factory call made, in order.
  private(set) var factoryCalls: [ObjectIdentifier] = []
  private(set) var screenCalls = 0
  /// How many factory calls had been made when the fault was made, once it was.
  private(set) var factoryCallsWhenFailed: Int?

  /// What the factory call for a `T` returns: `fresh()`, unless the fault names this call.
  func make<T: AnyObject>(_ type: T.Type, fresh: () -> T) -> T? {
    guard isArmed else { return fresh() }
    let call = factoryCalls.count
    factoryCalls.append(ObjectIdentifier(type))
    switch fault {
    case .noFlow(call):
      factoryCallsWhenFailed = factoryCalls.count
      return nil
    case .ownRoot(call):
      factoryCallsWhenFailed = factoryCalls.count
      return root as? T
    case .foreign(call, let candidate):
      factoryCallsWhenFailed = factoryCalls.count
      let candidates = foreign?.candidates(of: type) ?? []
      return candidates.indices.contains(candidate) ? candidates[candidate] as? T : nil
    default: return fresh()
    }
  }

  /// Checks that `route` may be shown: throws when the fault names this call.
  func screen(_ route: Card) throws {
    guard isArmed else { return }
    let call = screenCalls
    screenCalls += 1
    if case .screenThrows(call) = fault {
      factoryCallsWhenFailed = factoryCalls.count
      throw SabotagedScreen(route: route)
    }
  }
}

/// A stack flow that presents a deck, a bar or a split; links start with `d`.
@MainActor
final class Deck: LinkableFlow {
  let container: StackContainer<Card>
  let saboteur: Saboteur

  init(_ saboteur: Saboteur, _ stack: [Card] = [.top]) {
    self.saboteur = saboteur
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let routes = Card.table("d")
  static let subFlows: [SubFlow<Deck>] = [
    .flow(Deck.self) { deck, _ in deck.saboteur.make(Deck.self) { Deck(deck.saboteur) } },
    .flow(DeckBar.self, style: .fullScreenCover) { deck, _ in
      deck.saboteur.make(DeckBar.self) { DeckBar(deck.saboteur) }
    },
    .flow(DeckSplit.self) { deck, _ in
      deck.saboteur.make(DeckSplit.self) { DeckSplit(deck.saboteur) }
    },
  ]

  func makeScreen(for route: Card) throws -> Card {
    try saboteur.screen(route)
    return route
  }
}

/// A bar's first tab, which presents a deck; links start with `l`.
@MainActor
final class Leaf: LinkableFlow {
  let container: StackContainer<Card>
  let saboteur: Saboteur

  init(_ saboteur: Saboteur, _ stack: [Card] = [.top]) {
    self.saboteur = saboteur
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let routes = Card.table("l")
  static let subFlows: [SubFlow<Leaf>] = [
    .flow(Deck.self) { leaf, _ in leaf.saboteur.make(Deck.self) { Deck(leaf.saboteur) } }
  ]

  func makeScreen(for route: Card) throws -> Card {
    try saboteur.screen(route)
    return route
  }
}

/// A bar's second tab; links start with `n`.
@MainActor
final class Note: LinkableFlow {
  let container: StackContainer<Card>
  let saboteur: Saboteur

  init(_ saboteur: Saboteur, _ stack: [Card] = [.top]) {
    self.saboteur = saboteur
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let routes = Card.table("n")
  static let subFlows: [SubFlow<Note>] = []

  func makeScreen(for route: Card) throws -> Card {
    try saboteur.screen(route)
    return route
  }
}

/// A split's primary; links start with `r`.
@MainActor
final class Ledger: LinkableFlow {
  let container: StackContainer<Card>
  let saboteur: Saboteur

  init(_ saboteur: Saboteur, _ stack: [Card] = [.top]) {
    self.saboteur = saboteur
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let routes = Card.table("r")
  static let subFlows: [SubFlow<Ledger>] = []

  func makeScreen(for route: Card) throws -> Card {
    try saboteur.screen(route)
    return route
  }
}

/// A split's detail, which presents a deck; links start with `g`.
@MainActor
final class Page: LinkableFlow {
  let container: StackContainer<Card>
  let saboteur: Saboteur

  init(_ saboteur: Saboteur, _ stack: [Card] = [.top]) {
    self.saboteur = saboteur
    container = StackContainer(stack: stack)
    container.owner = self
  }

  static let routes = Card.table("g")
  static let subFlows: [SubFlow<Page>] = [
    .flow(Deck.self) { page, _ in page.saboteur.make(Deck.self) { Deck(page.saboteur) } }
  ]

  func makeScreen(for route: Card) throws -> Card {
    try saboteur.screen(route)
    return route
  }
}

/// A tab bar of a `Leaf` and a `Note`.
@MainActor
final class DeckBar: TabbedFlow {
  let container = TabContainer()
  let saboteur: Saboteur
  static let tabFlows: [any RestorableFlow.Type] = [Leaf.self, Note.self]

  init(_ saboteur: Saboteur) {
    self.saboteur = saboteur
    container.owner = self
    let leaf = Leaf(saboteur)
    let note = Note(saboteur)
    container.setTabs([leaf.container, note.container])
  }
}

/// A split of a `Ledger` beside the `Page` its declaration makes.
@MainActor
final class DeckSplit: SplitFlow {
  let container = SplitContainer()
  let saboteur: Saboteur

  init(_ saboteur: Saboteur) {
    self.saboteur = saboteur
    container.owner = self
    let ledger = Ledger(saboteur)
    container.setPrimary(ledger.container)
  }

  static let primaryFlow: any RestorableFlow.Type = Ledger.self
  static let detailFlows: [DetailFlow<DeckSplit>] = [
    .flow(Page.self) { split, _ in split.saboteur.make(Page.self) { Page(split.saboteur) } }
  ]
}

/// Flows live in trees other than the one under test, of every type a factory makes: presented,
/// a tab, a column, and roots that present something.
@MainActor
final class ForeignTrees {
  /// The root flows of the other trees, which keep them alive.
  let roots: [AnyObject]
  /// The candidates of each type, by the type's identity.
  private let byType: [ObjectIdentifier: [AnyObject]]

  init() {
    // Their own saboteur, never armed: their calls are not counted.
    let saboteur = Saboteur()
    // A deck presenting a deck presenting a bar, whose leaf presents a split showing a page.
    let deck = Deck(saboteur, [.top, .item(1)])
    let presentedDeck = Deck(saboteur)
    deck.container.present(presentedDeck.container)
    let bar = DeckBar(saboteur)
    presentedDeck.container.present(bar.container, style: .fullScreenCover)
    let split = DeckSplit(saboteur)
    bar.container.tabs[0].present(split.container)
    let page = Page(saboteur, [.top, .item(2)])
    split.container.showDetail(page.container)
    // A plain bar whose tabs are a deck and a page.
    let tabs = TabsFlow()
    let tabDeck = Deck(saboteur)
    let tabPage = Page(saboteur)
    tabs.container.setTabs([tabDeck.container, tabPage.container])
    // A root bar presenting a deck that presents a page.
    let rootBar = DeckBar(saboteur)
    let barDeck = Deck(saboteur)
    rootBar.container.present(barDeck.container)
    let barPage = Page(saboteur)
    barDeck.container.present(barPage.container)
    // A root split whose detail is a deck, presenting a deck.
    let rootSplit = DeckSplit(saboteur)
    let columnDeck = Deck(saboteur)
    rootSplit.container.showDetail(columnDeck.container)
    let splitDeck = Deck(saboteur)
    rootSplit.container.present(splitDeck.container)
    roots = [deck, tabs, rootBar, rootSplit]
    byType = [
      ObjectIdentifier(Deck.self): [deck, presentedDeck, tabDeck, columnDeck, barDeck],
      ObjectIdentifier(DeckBar.self): [bar, rootBar],
      ObjectIdentifier(DeckSplit.self): [split, rootSplit],
      ObjectIdentifier(Page.self): [page, tabPage, barPage],
    ]
  }

  /// The root containers of the other trees.
  var rootContainers: [ContainerNode] {
    roots.compactMap { root in
      switch root {
      case let deck as Deck: deck.container
      case let tabs as TabsFlow: tabs.container
      case let bar as DeckBar: bar.container
      case let split as DeckSplit: split.container
      default: nil
      }
    }
  }

  /// The live flows of type `type`.
  func candidates(of type: AnyObject.Type) -> [AnyObject] {
    byType[ObjectIdentifier(type)] ?? []
  }
}
