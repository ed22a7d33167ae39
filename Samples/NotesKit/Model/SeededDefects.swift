/// Defects the sample can be made with on purpose, for the explorer's tests to catch.
///
/// Only tests set them (`Session(defects:)`, through `@testable import NotesKit`); the app never
/// does, and no option of `swift run notes` reaches them.
struct SeededDefects: OptionSet {
  let rawValue: Int

  /// The settings screen holds its flow strongly, so settings is never released.
  static let strongDelegate = SeededDefects(rawValue: 1 << 0)
  /// A note's screen gives the route of the next note: its snapshot and its link show another.
  static let routeDoesNotRoundTrip = SeededDefects(rawValue: 1 << 1)
  /// Settings never makes the account flow, by link or by its button.
  static let unreachableFlow = SeededDefects(rawValue: 1 << 2)
}
