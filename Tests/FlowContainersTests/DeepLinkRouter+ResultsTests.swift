import FlowContainers
import FlowContainersTesting
import Foundation
import Testing

/// A root that links can open a picker over; the picker returns the number picked.
@MainActor
final class PickerHost: LinkableFlow {
  let container = StackContainer<String>(root: "home")
  var results: [String] = []
  /// What the host says when a link or a restoration would dismiss what it presented.
  var objection: String?

  init() { container.owner = self }

  static let routes: RouteTable<String> = [
    .pattern("home") { _ in ["home"] },
    .pattern("*") { _ in ["home"] },
  ]

  static let subFlows: [SubFlow<PickerHost>] = [
    .flow(
      PickerFlow.self, style: .fullScreenCover, result: { $0.result },
      make: { _, _ in PickerFlow() },
      onResult: { host, _, result in host.results.append("\(result)") })
  ]
}

extension PickerHost: InterruptionAware {
  func objection(toInterruptionBy request: NavigationRequest) -> String? { objection }
}

/// A linkable sub-flow that finishes with an `Int`.
@MainActor
final class PickerFlow: LinkableFlow {
  let container = StackContainer<String>(root: "list")
  let result: FlowResult<Int>

  init() {
    result = FlowResult(of: container)
    container.owner = self
  }

  static let routes: RouteTable<String> = [.pattern("pick") { _ in ["list"] }]
  static let subFlows: [SubFlow<PickerFlow>] = []
}

/// A tab bar whose flow objects to links while it says so: the presenter of what is over it.
@MainActor
final class AwareTabs: TabbedFlow, InterruptionAware {
  let container = TabContainer()
  static let tabFlows: [any RestorableFlow.Type] = [AppFlow.self, Gallery.self]
  let app = AppFlow()
  var objection: String?

  init() {
    container.owner = self
    let gallery = Gallery()
    container.setTabs([app.container, gallery.container])
  }

  func objection(toInterruptionBy request: NavigationRequest) -> String? { objection }
}

/// Typed results through links and restoration, and alerts met by links and snapshots.
@MainActor
struct DeepLinkRouterResultsTests {
  private func picker(over host: PickerHost) -> PickerFlow? {
    host.container.presentedFlow as? PickerFlow
  }

  @Test func aSubFlowALinkPresentedReturnsItsValueToItsParent() async {
    let host = PickerHost()
    let router = DeepLinkRouter(root: host, scheme: "r")
    #expect(await router.open("r://pick").summary == "applied")
    #expect(host.container.presented?.presentationStyle == .fullScreenCover)
    weak let weakPicker = picker(over: host)
    picker(over: host)?.result.finish(with: 7)
    #expect(host.results == ["finished(with: 7)"])
    #expect(weakPicker == nil)
  }

  @Test func aLinkThatReplacesASubFlowGivesItsParentTheLinkAsTheCause() async {
    let host = PickerHost()
    let router = DeepLinkRouter(root: host, scheme: "r")
    _ = await router.open("r://pick")
    #expect(await router.open("r://home").summary == "applied")
    #expect(host.results == ["ended(dismissedByPresenter, cause: deepLink)"])
  }

  @Test func aSubFlowARestorationPresentedReturnsItsValueThroughTheSameChannel() async throws {
    let saved = PickerHost()
    let savedRouter = DeepLinkRouter(root: saved, scheme: "r")
    _ = await savedRouter.open("r://pick")
    let data = try savedRouter.restorer.snapshot().jsonData()

    let host = PickerHost()
    let router = DeepLinkRouter(root: host, scheme: "r")
    #expect(router.restorer.restore(from: data).isComplete)
    picker(over: host)?.result.finish(with: 3)
    #expect(host.results == ["finished(with: 3)"])
    // The restored tree going away gives the saved one nothing, and the new one its ending.
    #expect(saved.results.isEmpty)
  }

  @Test func aLinkArrivingWhileAnAlertIsUpDismissesItWithTheLinkAsTheCause() async {
    let host = PickerHost()
    let router = DeepLinkRouter(root: host, scheme: "r")
    var alertResults: [String] = []
    host.container.present(AlertTests.confirmation) { alertResults.append("\($0)") }
    #expect(await router.open("r://pick").summary == "applied")
    #expect(alertResults == ["ended(dismissedByPresenter, cause: deepLink)"])
    #expect(picker(over: host) != nil)
  }

  @Test func aPresenterThatObjectsKeepsItsAlertUpAndTheLinkWaits() async {
    let host = PickerHost()
    let router = DeepLinkRouter(root: host, scheme: "r")
    host.objection = "a deletion is being confirmed"
    var alertResults: [String] = []
    host.container.present(AlertTests.confirmation) { alertResults.append("\($0)") }
    let outcome = await router.open("r://pick")
    // The presenter objected, and is named: not the alert's own flow.
    #expect(outcome.summary.hasPrefix("held"))
    #expect(outcome.summary.contains("PickerHost"), "\(outcome.summary)")
    #expect(alertResults.isEmpty)
    #expect(host.container.presented is StackContainer<AlertScreen>)
    // Once the alert is gone, the held link resumes.
    host.container.presented?.handle(.userDismissed)
    await router.waitForPendingWork()
    #expect(alertResults == ["ended(dismissedByUser, cause: user)"])
    #expect(picker(over: host) != nil)
  }

  @Test func aSnapshotLeavesAnAlertOutAndRestoringSaysSo() async throws {
    let host = PickerHost()
    let router = DeepLinkRouter(root: host, scheme: "r")
    _ = await router.open("r://pick")
    picker(over: host)?.container.present(AlertTests.confirmation) { _ in }
    let snapshot = try router.restorer.snapshot()
    #expect(snapshot.levels.map(\.flow) == ["PickerHost", "PickerFlow"])
    #expect(snapshot.transient == [TransientLayer(title: "Delete the note?")])
    let data = try snapshot.jsonData()
    #expect(
      String(decoding: data, as: UTF8.self).contains(#""transient":["alert: Delete the note?"]"#))

    let fresh = PickerHost()
    let freshRouter = DeepLinkRouter(root: fresh, scheme: "r")
    let report = freshRouter.restorer.restore(from: data)
    #expect(report.error == nil)
    #expect(!report.isComplete)
    #expect(report.dropped.isEmpty)
    #expect(report.droppedAlerts == [TransientLayer(title: "Delete the note?")])
    #expect(fresh.container.presented?.presented == nil)
    #expect(picker(over: fresh) != nil)
    // A snapshot with no alert up says nothing of alerts.
    #expect(
      !String(decoding: try freshRouter.restorer.snapshot().jsonData(), as: UTF8.self).contains(
        "transient"))
  }

  @Test func aTabBarThatObjectsKeepsItsAlertUpAndTheLinkWaits() async {
    let tabs = AwareTabs()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    tabs.objection = "a deletion is being confirmed"
    var alertResults: [String] = []
    tabs.container.present(AlertTests.confirmation) { alertResults.append("\($0)") }
    let outcome = await router.open("notes://note/2")
    #expect(outcome.summary.hasPrefix("held"), "\(outcome.summary)")
    #expect(outcome.summary.contains("AwareTabs"), "\(outcome.summary)")
    #expect(alertResults.isEmpty)
    tabs.container.presented?.handle(.userDismissed)
    await router.waitForPendingWork()
    #expect(alertResults == ["ended(dismissedByUser, cause: user)"])
    #expect(tabs.app.container.stack == [.library, .note(2)])
  }

  @Test func anAlertOverTheTabBarIsNamedInTheSnapshot() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    tabs.container.present(AlertTests.confirmation) { _ in }
    let snapshot = try router.restorer.snapshot()
    #expect(snapshot.transient == [TransientLayer(title: "Delete the note?")])
  }

  @Test func anAlertUpInATabTheUserIsNotLookingAtIsNamedToo() async throws {
    let tabs = TabbedApp()
    let router = DeepLinkRouter(root: tabs, scheme: "notes")
    tabs.app.container.present(AlertTests.confirmation) { _ in }
    tabs.container.select(1)
    let snapshot = try router.restorer.snapshot()
    #expect(snapshot.transient == [TransientLayer(title: "Delete the note?", tab: 0)])
    #expect(snapshot.transient.map(\.description) == ["alert: Delete the note? (tab 0)"])
    #expect(snapshot.levels.first?.tabs?.selected == 1)
  }
}
