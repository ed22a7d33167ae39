/// A column of a ``SplitContainer``.
public enum SplitColumn: Sendable, Hashable, CustomStringConvertible {
  /// The list's column, on the leading side: the bottom of the stack when collapsed.
  case primary
  /// The detail's column, beside the primary: on top of the primary's screens when collapsed.
  case detail

  /// `primary` or `detail`.
  public var description: String {
    switch self {
    case .primary: "primary"
    case .detail: "detail"
    }
  }
}
