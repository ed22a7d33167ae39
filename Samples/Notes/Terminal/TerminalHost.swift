import FlowContainers
import Foundation
import NotesKit

/// The host adapter: renders the topmost screen as text and turns what the user types into
/// commands (``NotesCommand``, which the server takes too): screen actions, host events and
/// links.
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
      await tabs.settle()
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
    guard let parsed = NotesCommand(command) else {
      console.say("Unknown command “\(command)”. Type help for the commands.")
      return true
    }
    switch parsed {
    case .quit:
      return false
    case .help:
      console.say(Options.commands)
    default:
      // What the user does goes through the driver, which plays it.
      guard let driver else { break }
      await tabs.perform(parsed, reportingTo: driver)
    }
    return true
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
    if let split = tabs.splitSideBySide {
      // Side by side: the library, then the note or a placeholder.
      let screens = tabs.shownScreens
      var lines = screens.enumerated().map { offset, screen in
        screen.rendered(
          style: nil, numberedFrom: screens[..<offset].reduce(1) { $0 + $1.actions.count })
      }
      if split.detail == nil { lines.append("── No note open ──\nPick a note to read it here.") }
      print(lines.joined(separator: "\n"))
    } else if let screen = tabs.topScreen {
      print(screen.rendered(style: tabs.container.topmost.presentationStyle))
    } else if let alert = tabs.topAlert {
      print(alert.rendered(style: tabs.container.topmost.presentationStyle))
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
