/// A hand-written split of screen objects: the floor of `split_collapse_expand`.
///
/// Two arrays of screens, the list's and the detail's. Collapsing joins them into the one stack a
/// compact host shows, remembering where the detail began; expanding splits that stack back at
/// the seam. It leaves out what only the library promises: the columns' flows and their
/// lifetimes, the change queue, Observation, events and misuse checks (a width reported twice
/// joins nothing, silently).
@MainActor
final class FloorSplit {
  /// The list's screens, bottom first; empty while collapsed.
  private(set) var primary: [Screen]
  /// The detail's screens, bottom first; empty while collapsed.
  private(set) var detail: [Screen]
  /// While collapsed, the one stack: the list's screens, then the detail's.
  private(set) var collapsed: [Screen] = []
  /// While collapsed, where the detail's screens begin in ``collapsed``.
  private var seam: Int?

  init(primary: [Screen], detail: [Screen]) {
    self.primary = primary
    self.detail = detail
  }

  /// Joins the columns into one stack.
  func collapse() {
    guard seam == nil else { return }
    var joined: [Screen] = []
    swap(&joined, &primary)
    seam = joined.count
    joined.append(contentsOf: detail)
    detail = []
    collapsed = joined
  }

  /// Splits the one stack back into its columns.
  func expand() {
    guard let seam else { return }
    var joined: [Screen] = []
    swap(&joined, &collapsed)
    detail = Array(joined[seam...])
    joined.removeSubrange(seam...)
    primary = joined
    self.seam = nil
  }
}
