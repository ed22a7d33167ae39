import FlowContainers
import Testing

@testable import FlowContainersLinks

/// What the user sees is what is shared: a flow that is not linkable, presented over a tab bar or
/// over one of its tabs' stacks, makes the tree unshareable as a link, and the failure names it.
@MainActor
struct DeepLinkRouterSharingTests {
  /// Where the tab bar is.
  enum Bar: String, CaseIterable, CustomStringConvertible, Sendable {
    case theRoot
    case presentedByTheRoot

    var description: String { rawValue }
  }

  /// Where the modal is presented.
  enum Modal: String, CaseIterable, CustomStringConvertible, Sendable {
    case overTheBar
    case overTheSelectedTabsStack

    var description: String { rawValue }
  }

  /// The flow a `notLinkable` failure names, if that is the failure.
  static func notLinkable(_ result: Result<DeepLink, LinkSharingFailure>) -> FlowName? {
    guard case .failure(let failure) = result, case .notLinkable(let flow, _) = failure.reason
    else { return nil }
    return flow
  }

  @Test(arguments: Bar.allCases, Modal.allCases)
  func aModalThatIsNotLinkableIsWhatTheCurrentLinkReportsWhereverItIs(
    _ place: Bar, _ modal: Modal
  ) async throws {
    let alert = AlertFlow()
    let router: DeepLinkRouter
    let bar: MailTabs
    let desk = Desk()
    switch place {
    case .theRoot:
      bar = MailTabs()
      router = DeepLinkRouter(root: bar, scheme: "mail")
      #expect(await router.open("mail://outbox/7").summary == "applied")
    case .presentedByTheRoot:
      router = DeepLinkRouter(root: desk, scheme: "mail")
      #expect(await router.open("mail://desk/outbox/7").summary == "applied")
      bar = try #require(desk.mail)
    }
    // Without the modal, the selected tab's link.
    #expect(try router.currentLink().get().description.hasSuffix("outbox/7"))
    switch modal {
    case .overTheBar: bar.container.present(alert.container)
    case .overTheSelectedTabsStack: try #require(bar.container.selectedTab).present(alert.container)
    }
    #expect(bar.container.topmost === alert.container)
    let shared = router.currentLink()
    #expect(Self.notLinkable(shared) == FlowName(AlertFlow.self), "\(shared)")
  }
}
