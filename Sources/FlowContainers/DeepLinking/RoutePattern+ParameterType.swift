import Foundation

extension RoutePattern.ParameterType {
  /// Whether `component` is a value of this type.
  func accepts(_ component: String) -> Bool {
    switch self {
    case .int: Int(component) != nil
    case .uuid: component.utf8.count == 36 && UUID(uuidString: component) != nil
    case .string: !component.isEmpty
    }
  }

  /// Matching order among parameters: typed ones first.
  static let bySpecificity: [Self] = [.int, .uuid, .string]
}
