import FlowContainers
import FlowContainersTesting
import Testing

@testable import quick_start  // the quick start's flows; in your tests, your app's module

@MainActor
@Test func dismissingTheEditorReleasesItItsContainerAndScreens() throws {
  let leaks = LeakTracker()
  let app = AppFlow()
  do {
    app.editTapped()
    let editor = try #require(app.container.presentedFlow as? EditorFlow)
    leaks.track(flow: editor, container: editor.container)
  }
  app.container.dismissPresented()
  leaks.expectAllReleased()
}

// The other listings of the Testing Your Flows article, each in a test of its own.

@MainActor
@Test func theRecorderListingRecordsAPush() {
  let app = AppFlow()
  let recorder = NavigationRecorder(app.container)
  app.container.push("note 2")
  recorder.expectDescriptions(["AppFlow@0 push +1 -0 (program, animated)"])
}

@MainActor
@Test func theMisuseListingReportsEachMisuse() {
  let app = AppFlow()
  app.editTapped()
  let extra = EditorFlow()
  expectMisuse(.popRoot, leavesUnchanged: app.container) { app.container.pop() }
  expectMisuse(.alreadyPresenting, leavesUnchanged: app.container, extra.container) {
    app.container.present(extra.container)
  }
}
