package import FlowContainers

extension MainTabsFlow {
  /// Applies `command`: the user's actions go to `actions`, what the app says to the console.
  ///
  /// `help` and `quit` are the host's own, and change nothing here. A link a screen asked for
  /// may still be on its way when this returns: ``settle()`` waits for it.
  ///
  /// - Parameters:
  ///   - command: What the user typed.
  ///   - actions: Where the host takes the user's actions: its driver, or the tree.
  package func perform(_ command: NotesCommand, reportingTo actions: some NotesUserActions) async {
    switch command {
    case .back: back(actions)
    case .close: close(actions)
    case .open(let link?): await notes?.open(link)
    case .open(nil): console.say("Usage: open <url>, for example open notes://note/2")
    case .tree: console.say(container.tree.description)
    case .tab(let number): selectTab(number, actions)
    case .width(let width): setWidth(width, actions)
    case .pick(let number): pick(number)
    case .help, .quit: break
    }
  }

  /// Waits until the link a screen asked for, and any held link that resumed, has been followed.
  package func settle() async {
    await notes?.settle()
  }

  private var topmost: ContainerNode { container.topmost }

  /// The user taps tab `number` (counted from 1) in the tab bar.
  private func selectTab(_ number: Int?, _ actions: some NotesUserActions) {
    let count = container.tabs.count
    guard let number, (1...count).contains(number) else {
      console.say("Usage: tab <n>, for n from 1 to \(count): 1 for your notes, 2 for help.")
      return
    }
    actions.handle(.userSelectedTab(index: number - 1), on: container)
  }

  /// The screen on top of the topmost stack, unless the topmost layer is an alert.
  package var topScreen: (any NotesScreen)? {
    (topmost as? StackContainer<any NotesScreen>)?.top
  }

  /// The notes split, when the user sees its columns side by side.
  package var splitSideBySide: SplitContainer? {
    guard let split = notesSplit?.container, split.width == .regular,
      topmost === split || topmost.splitContainer === split
    else { return nil }
    return split
  }

  /// The screens the user sees, whose actions are numbered in turn: the topmost one, or, for
  /// the notes split side by side, the library's and the note's.
  package var shownScreens: [any NotesScreen] {
    guard let split = splitSideBySide else { return topScreen.map { [$0] } ?? [] }
    return [split.primary, split.detail].compactMap {
      ($0 as? StackContainer<any NotesScreen>)?.top
    }
  }

  /// The window narrows or widens around the notes split.
  private func setWidth(_ width: String, _ actions: some NotesUserActions) {
    guard let split = notesSplit?.container else {
      return console.say("The width changes only with --wide: the notes tab is one stack.")
    }
    switch width {
    case "compact": actions.handle(.widthChanged(.compact), on: split)
    case "regular": actions.handle(.widthChanged(.regular), on: split)
    default: console.say("Usage: width compact, or width regular.")
    }
  }

  /// The alert or confirmation the topmost layer shows, if it is one.
  package var topAlert: AlertScreen? {
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
  private func back(_ actions: some NotesUserActions) {
    let node = topmost
    if let split = node.splitContainer, split.width == .compact {
      // One stack, the library's screens then the note's: the pop may close the note.
      if split.collapsedCount > 1 {
        actions.handle(.userPopped(toIndex: split.collapsedCount - 2), on: split)
      } else {
        console.say("You are at the library already.")
      }
    } else if node.count > 1 {
      actions.handle(.userPopped(toIndex: node.count - 2), on: node)
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
  private func close(_ actions: some NotesUserActions) {
    let node = topmost
    guard node.presenter != nil else {
      console.say("There is nothing to close.")
      return
    }
    actions.handle(.userDismissed, on: node)
  }
}
