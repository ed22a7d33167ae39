import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

@testable import NotesKit

/// The Notes sample, made afresh: its data, its session and its tab bar.
@MainActor
final class NotesApp: ExplorableApp {
  let tabs: MainTabsFlow
  var root: MainTabsFlow { tabs }
  var router: DeepLinkRouter? { tabs.router }

  init(isWide: Bool = false, defects: SeededDefects = []) {
    tabs = MainTabsFlow(
      store: NotesStore(), session: Session(defects: defects), console: Console(isTracing: false),
      isWide: isWide)
  }

  /// Waits for the link a screen's button asked for.
  func settle() async {
    await tabs.notes?.settle()
  }
}

extension FlowExplorer where App == NotesApp {
  /// An explorer of the sample, with notes 1 to 3 and one that does not exist, each help
  /// topic, and the buttons of its screens as actions.
  static func notes(isWide: Bool = false, defects: SeededDefects = []) -> FlowExplorer {
    let explorer = FlowExplorer { NotesApp(isWide: isWide, defects: defects) }
    explorer.samples["id"] = ["1", "2", "3", "4"]
    explorer.samples["topic"] = HelpTopic.allCases.map(\.rawValue)
    explorer.tap("settings", on: AppFlow.self, LibraryScreen.self, action: 3)
    explorer.tap("edit", on: AppFlow.self, NoteScreen.self, action: 0)
    explorer.tap("delete", on: AppFlow.self, NoteScreen.self, action: 2)
    explorer.tap("edit", on: NoteFlow.self, NoteScreen.self, action: 0)
    explorer.tap("add a line", on: EditorFlow.self, EditScreen.self, action: 0)
    explorer.tap("preview", on: EditorFlow.self, EditScreen.self, action: 1)
    explorer.tap("save", on: EditorFlow.self, PreviewScreen.self, action: 0)
    explorer.tap("account", on: SettingsFlow.self, SettingsScreen.self, action: 0)
    explorer.tap("sign in or out", on: AccountFlow.self, AccountScreen.self, action: 0)
    explorer.tap("sign in", on: SignInFlow.self, SignInScreen.self, action: 0)
    if isWide {
      // The library of the wide layout opens a note beside it.
      explorer.tap("open note 2", on: AppFlow.self, LibraryScreen.self, action: 1)
    } else {
      // The narrow layout's tab bar declares the split of the wide one too.
      explorer.mayStayUnreached = ["NotesSplitFlow", "NoteFlow"]
    }
    return explorer
  }

  /// Registers `name`: the button at `action` of the top screen of a `Flow`, when it is a
  /// `Screen`.
  func tap<Flow: PresentableFlow, Screen: NotesScreen>(
    _ name: String, on flow: Flow.Type, _ screen: Screen.Type, action index: Int
  ) where Flow.Screen == any NotesScreen {
    action(
      name, on: flow, when: { $0.container.top is Screen },
      { app, flow in
        (flow.container.top as? Screen)?.perform(index)
        await app.settle()
      })
  }
}

/// The explorer over the whole Notes sample, clean and with each seeded defect.
///
/// One at a time: explorations share the main actor, so two at once would each time the other.
@MainActor
@Suite(.serialized)
struct NotesExplorerTests {
  @Test func theNarrowSampleExploresClean() async {
    let clock = ContinuousClock()
    var report: ExplorationReport?
    let time = await clock.measure { report = await FlowExplorer.notes().explore() }
    report?.expectNoFailures()
    // Speed is not a test's to judge (timed ratios swing on a shared machine): the time is
    // printed, the explorer's cost is the benchmark row explore_states.
    print("notes: \(report.map(\.description) ?? "") in \(time)")
  }

  @Test func theWideSampleExploresClean() async {
    let clock = ContinuousClock()
    var report: ExplorationReport?
    let time = await clock.measure { report = await FlowExplorer.notes(isWide: true).explore() }
    report?.expectNoFailures()
    print("notes --wide: \(report.map(\.description) ?? "") in \(time)")
  }

  @Test func aStrongDelegateIsCaughtWithItsReproduction() async {
    let report = await FlowExplorer.notes(defects: .strongDelegate).explore()
    print(report)
    // Settings holds itself: it outlives the app, and its dismissal.
    #expect(report.failures.map(\.kind) == [.leak, .notReleasedWhenDismissed])
    #expect(report.failures.first?.steps == [.open("notes://settings")])
    #expect(report.failures.last?.steps == [.open("notes://settings"), .open("notes://")])
  }

  @Test func aRouteThatDoesNotRoundTripIsCaughtWithItsReproduction() async {
    let report = await FlowExplorer.notes(defects: .routeDoesNotRoundTrip).explore()
    print(report)
    #expect(report.failures.first?.kind == .snapshotDoesNotRestore)
    #expect(report.failures.first?.steps == [.open("notes://note/1")])
  }

  @Test func anUnreachableFlowIsCaught() async {
    let report = await FlowExplorer.notes(defects: .unreachableFlow).explore()
    print(report)
    #expect(report.failures.map(\.kind) == [.unreachedFlow])
    #expect(
      report.failures.first?.message.hasPrefix("AccountFlow, declared by SettingsFlow") == true)
  }
}
