import Foundation

extension RoutePattern.ParameterType {
  /// Whether `component` is a value of this type.
  func accepts(_ component: String) -> Bool {
    switch self {
    // Canonical only: `+2`, `02` and `-0` are not item 2 or 0, so one item has one link.
    case .int:
      (component == "0"
        || component.utf8.first(where: { $0 != UInt8(ascii: "-") }).map(isNonZeroDigit) == true)
        && Int(component) != nil
    case .uuid: UUID(parsing: component) != nil
    case .string: !component.isEmpty
    }
  }
}

/// Whether `byte` is an ASCII digit other than `0`, as a canonical number starts.
private func isNonZeroDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9")
}
