import FlowContainers
import FlowContainersTesting
import Testing

@testable import quick_start  // the quick start's flows; in your tests, your app's module

@MainActor
@Test func dismissingTheEditorReleasesIt() throws {
  let leaks = LeakTracker()
  let app = AppFlow()
  do {
    app.editTapped()
    leaks.track(try #require(app.container.presentedFlow))
  }
  app.container.dismissPresented()
  leaks.expectAllReleased()  // names the leaked flow and where it still hangs in the tree
}
