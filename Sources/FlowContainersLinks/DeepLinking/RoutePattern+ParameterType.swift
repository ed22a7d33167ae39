import Foundation

extension RoutePattern.ParameterType {
  /// Whether `component` is a value of this type.
  func accepts(_ component: String) -> Bool {
    switch self {
    // Canonical only: `+2`, `02` and `-0` are not item 2 or 0, so one item has one link.
    case .int: Int(component).map { String($0) == component } ?? false
    case .uuid: UUID(parsing: component) != nil
    case .string: !component.isEmpty
    }
  }
}
