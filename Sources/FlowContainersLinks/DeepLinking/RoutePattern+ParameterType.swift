import Foundation

extension RoutePattern.ParameterType {
  /// Whether `component` is a value of this type.
  func accepts(_ component: String) -> Bool {
    switch self {
    // Canonical only: `+2`, `02` and `-0` are not item 2 or 0, so one item has one link.
    // Bytes, not a round trip through `String`: after any `-` (45), a digit 1 to 9 (49...57).
    case .int:
      Int(component) != nil
        && (component == "0" || (49...57).contains(component.utf8.first { $0 != 45 } ?? 0))
    case .uuid: UUID(parsing: component) != nil
    case .string: !component.isEmpty
    }
  }
}
