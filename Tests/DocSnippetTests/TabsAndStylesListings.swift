import FlowContainers
import Testing

@testable import NotesKit

extension PresentationStyle {
  static let popover = PresentationStyle(rawValue: "popover")
}

/// The Tabs and Styles article's listings that are not excerpts of the Notes sample, run over
/// its flows.
@MainActor
struct TabsAndStylesListings {
  let console = Console(isTracing: false)

  @Test func aSettingsSheetThenAnEditorCoveringTheScreen() {
    let app = AppFlow(store: NotesStore(), session: Session(), console: console)
    let container = app.container
    let settings = SettingsFlow(session: Session(), console: console)
    let editor = EditorFlow(note: Note(id: 1, title: "Groceries", body: ""), console: console)
    container.present(settings.container)  // a sheet
    settings.container.present(editor.container, style: .fullScreenCover)  // covers the screen
    #expect(settings.container.presentationStyle == .sheet)
    #expect(editor.container.presentationStyle == .fullScreenCover)
  }

  @Test func aStyleOfYourOwnIsANamedValue() {
    #expect(PresentationStyle.popover.rawValue == "popover")
  }
}
