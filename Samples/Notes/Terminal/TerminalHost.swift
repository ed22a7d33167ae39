import FlowContainers
import Foundation

/// The host adapter: renders the topmost screen as text and turns what the user types into
/// screen actions, host events and links.
///
/// It plays the tree's changes through a ``HostDriver``, one transition at a time. A terminal
/// redraws at once, so each transition ends as it begins; with `--slow` each takes three commands,
/// and the host says when each begins and ends.
@MainActor
final class TerminalHost {
  private let tabs: MainTabsFlow
  private let console: Console
  private let stateFile: SnapshotFile?
  private let isInteractive: Bool
  private var traceToken: ObserverToken?
  private let isSlow: Bool
  private var driver: HostDriver?
  /// The transition playing with `--slow`, as it read when it began, and how many commands it
  /// still takes.
  private var playing: (transition: String, commandsLeft: Int)?

  init(options: Options, isInteractive: Bool) {
    console = Console(isTracing: options.isTracing)
    tabs = MainTabsFlow(options: options, console: console)
    stateFile = options.statePath.map { SnapshotFile(url: URL(fileURLWithPath: $0)) }
    self.isInteractive = isInteractive
    isSlow = options.isSlow
    if options.isTracing {
      traceToken = tabs.container.observeEvents { [console] event in
        // Events say where and what; for stack changes, show the stack they left.
        guard case .stack = event.action, let node = event.container else {
          console.trace("\(event)")
          return
        }
        console.trace("\(event) → [\(node.stackDescription.joined(separator: ", "))]")
      }
    }
  }

  /// Restores, shows the first screen, then reads commands until `quit` or the end of input.
  func run() async {
    restore()
    driver = HostDriver(root: tabs.container) { [weak self] transition in
      self?.play(transition)
    }
    show()
    while let line = readCommand() {
      let command = line.trimmingCharacters(in: .whitespaces)
      guard !command.isEmpty else { continue }
      if !isInteractive { print("> \(command)") }
      let keepGoing = await perform(command)
      await tabs.notes?.settle()
      tick()
      if !keepGoing { break }
      show()
    }
    save()
    flushMessages()
  }

  private func readCommand() -> String? {
    if isInteractive {
      print("> ", terminator: "")
      fflush(nil)
    }
    return readLine()
  }

  // MARK: Commands

  private func perform(_ command: String) async -> Bool {
    let words = command.split(separator: " ", maxSplits: 1).map(String.init)
    switch words[0] {
    case "quit", "exit":
      return false
    case "back":
      back()
    case "close":
      close()
    case "open":
      guard words.count == 2 else {
        console.say("Usage: open <url>, for example open notes://note/2")
        return true
      }
      await tabs.notes?.open(words[1])
    case "tree":
      console.say(tabs.container.treeDescription)
    case "tab":
      selectTab(words.count == 2 ? Int(words[1]) : nil)
    case "width":
      setWidth(words.count == 2 ? words[1] : "")
    case "help":
      console.say(Options.commands)
    default:
      if let number = Int(words[0]) {
        pick(number)
      } else {
        console.say("Unknown command “\(command)”. Type help for the commands.")
      }
    }
    return true
  }

  private var topmost: ContainerNode { tabs.container.topmost }

  /// The user taps tab `number` (counted from 1) in the tab bar.
  private func selectTab(_ number: Int?) {
    let count = tabs.container.tabs.count
    guard let number, (1...count).contains(number) else {
      console.say("Usage: tab <n>, for n from 1 to \(count): 1 for your notes, 2 for help.")
      return
    }
    driver?.userSelectedTab(tabs.container, index: number - 1)
  }

  private var topScreen: (any NotesScreen)? {
    (topmost as? StackContainer<any NotesScreen>)?.top
  }

  /// The notes split, when the user sees its columns side by side.
  private var splitSideBySide: SplitContainer? {
    guard let split = tabs.notesSplit?.container, split.width == .regular,
      topmost === split || topmost.splitContainer === split
    else { return nil }
    return split
  }

  /// The screens the user sees, whose actions are numbered in turn: the topmost one, or, for
  /// the notes split side by side, the library's and the note's.
  private var shownScreens: [any NotesScreen] {
    guard let split = splitSideBySide else { return topScreen.map { [$0] } ?? [] }
    return [split.primary, split.detail].compactMap {
      ($0 as? StackContainer<any NotesScreen>)?.top
    }
  }

  /// The window narrows or widens around the notes split.
  private func setWidth(_ width: String) {
    guard let split = tabs.notesSplit?.container else {
      return console.say("The width changes only with --wide: the notes tab is one stack.")
    }
    switch width {
    case "compact": driver?.widthChanged(split, to: .compact)
    case "regular": driver?.widthChanged(split, to: .regular)
    default: console.say("Usage: width compact, or width regular.")
    }
  }

  /// The alert or confirmation the topmost layer shows, if it is one.
  private var topAlert: AlertScreen? {
    (topmost as? StackContainer<AlertScreen>)?.top
  }

  private func pick(_ number: Int) {
    if let alert = topAlert {
      guard alert.buttons.indices.contains(number - 1) else {
        console.say("There is no action \(number) here; pick 1 to \(alert.buttons.count).")
        return
      }
      // The user's choice is a host event the alert turns into its presenter's result.
      alert.choose(number - 1)
      return
    }
    // The actions of the screens shown, numbered in turn.
    var remaining = number - 1
    let screens = shownScreens
    for screen in screens {
      if remaining >= 0, remaining < screen.actions.count { return screen.perform(remaining) }
      remaining -= screen.actions.count
    }
    let count = screens.reduce(0) { $0 + $1.actions.count }
    console.say(
      count == 0
        ? "There is nothing to pick here."
        : "There is no action \(number) here; pick 1 to \(count).")
  }

  /// The back button: the user pops the top screen of the topmost stack.
  private func back() {
    let node = topmost
    if let split = node.splitContainer, split.width == .compact {
      // One stack, the library's screens then the note's: the pop may close the note.
      if split.collapsedCount > 1 {
        driver?.userPopped(split, toIndex: split.collapsedCount - 2)
      } else {
        console.say("You are at the library already.")
      }
    } else if node.count > 1 {
      driver?.userPopped(node, toIndex: node.count - 2)
    } else if node.presenter != nil {
      console.say("This is the first screen here; type close to close it.")
    } else if node.tabContainer?.tabs.first === node || node.column == .primary {
      console.say("You are at the library already.")
    } else if node.column == .detail {
      console.say("This is the note; pick another one in the library beside it.")
    } else {
      console.say("You are at the first screen of this tab already.")
    }
  }

  /// The user closes the topmost modal, outside the program's control.
  private func close() {
    let node = topmost
    guard node.presenter != nil else {
      console.say("There is nothing to close.")
      return
    }
    driver?.userDismissed(node)
  }

  // MARK: Transitions

  /// The driver asks for a transition: a terminal plays it at once, or, with `--slow`, over
  /// three commands, this one included.
  private func play(_ transition: HostTransition) {
    guard isSlow else { return finishTransition() }
    console.say("[host] begins: \(transition)")
    playing = ("\(transition)", 3)
  }

  /// A command went by: the slow transition in progress moves on, and ends when its time is up.
  private func tick() {
    guard var current = playing else { return }
    current.commandsLeft -= 1
    playing = current
    guard current.commandsLeft <= 0 else { return }
    playing = nil
    console.say("[host] done: \(current.transition)")
    finishTransition()
  }

  private func finishTransition() {
    driver?.transitionFinished()
  }

  // MARK: Output

  private func show() {
    if isInteractive { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    flushMessages()
    if let split = splitSideBySide {
      // Side by side: the library, then the note or a placeholder.
      let screens = shownScreens
      var lines = screens.enumerated().map { offset, screen in
        screen.rendered(
          style: nil, numberedFrom: screens[..<offset].reduce(1) { $0 + $1.actions.count })
      }
      if split.detail == nil { lines.append("── No note open ──\nPick a note to read it here.") }
      print(lines.joined(separator: "\n"))
    } else if let screen = topScreen {
      print(screen.rendered(style: topmost.presentationStyle))
    } else if let alert = topAlert {
      print(alert.rendered(style: topmost.presentationStyle))
    }
    if isInteractive { print("Type help for the commands.") }
  }

  private func flushMessages() {
    for line in console.takeLines() { print(line) }
  }

  // MARK: State

  private func restore() {
    guard let stateFile else { return }
    let data: Data
    do {
      guard let read = try stateFile.read() else { return }
      data = read
    } catch {
      console.say("Could not read the state file: \(error)")
      console.say("Starting at the library.")
      return
    }
    let report = tabs.router.restorer.restore(from: data)
    if let error = report.error {
      console.say("Could not restore the saved state: \(error)")
      console.say("Starting at the library.")
    }
    for drop in report.dropped {
      console.say("Not restored: \(drop).")
    }
    for alert in report.droppedAlerts {
      console.say("Not restored: \(alert) (alerts are transient).")
    }
  }

  private func save() {
    guard let stateFile else { return }
    do {
      try stateFile.write(tabs.router.restorer.snapshot().jsonData())
      console.say("Saved the screens to the state file.")
    } catch {
      console.say("Could not save the state file: \(error).")
    }
  }
}
