import FlowContainers
import Testing

struct AnyRouteTests {
  enum Page: Hashable, Codable, Sendable {
    case titled(String)
    case numbered(Int)
  }

  enum OtherPage: Hashable, Codable, Sendable {
    case numbered(Int)
  }

  @Test
  func equalRoutesOfTheSameTypeAreEqual() {
    let title = String(repeating: "long title that is not a small string ", count: 3)
    #expect(AnyRoute(Page.titled(title)) == AnyRoute(Page.titled(title)))
    #expect(AnyRoute(Page.numbered(2)) == AnyRoute(Page.numbered(2)))
    #expect(AnyRoute("plain") == AnyRoute("plain"))
  }

  @Test
  func differentValuesDiffer() {
    #expect(AnyRoute(Page.titled("a")) != AnyRoute(Page.titled("b")))
    #expect(AnyRoute(Page.numbered(1)) != AnyRoute(Page.titled("1")))
    #expect(AnyRoute(Page.numbered(1)) != AnyRoute(Page.numbered(2)))
  }

  @Test
  func routesOfDifferentTypesDiffer() {
    #expect(AnyRoute(Page.numbered(1)) != AnyRoute(OtherPage.numbered(1)))
    #expect(AnyRoute(1) != AnyRoute(Int64(1)))
  }

  @Test
  func equalRoutesHashAlike() {
    let routes: Set<AnyRoute> = [
      AnyRoute(Page.titled("x")), AnyRoute(Page.titled("x")), AnyRoute(OtherPage.numbered(1)),
    ]
    #expect(routes.count == 2)
  }

  @Test
  func asGivesTheRouteBackOnlyAsItsOwnType() {
    let route = AnyRoute(Page.numbered(3))
    #expect(route.as(Page.self) == .numbered(3))
    #expect(route.as(OtherPage.self) == nil)
  }
}
