/// How wide a split is, as its host reports it: side by side, or collapsed into one stack.
///
/// Each ``SplitContainer`` has its own width (a split inside a sheet can be compact while the
/// window is regular). The host reports it with ``HostEvent/widthChanged(_:)``; the library
/// never saves it, and changing it creates and releases nothing.
public enum SplitWidth: Sendable, Hashable, CustomStringConvertible {
  /// Narrow: the columns collapse into one stack, the primary's screens with the detail's on top.
  case compact
  /// Wide: the primary column beside the detail column. The width a split starts with.
  case regular

  /// `compact` or `regular`.
  public var description: String {
    switch self {
    case .compact: "compact"
    case .regular: "regular"
    }
  }
}
