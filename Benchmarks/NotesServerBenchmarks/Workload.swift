/// The messages the benchmarks send: each leaves the user's tree settled, so that every
/// message's tree is at rest as a snapshot alone.
enum Workload {
  /// A user's first message.
  static let first = "open notes://note/2"

  /// The command of the message at `place`: into help, the tab selected again, a back, a link.
  ///
  /// From the first message's tree, four messages in a row leave it as it was.
  static func command(_ place: Int) -> String {
    ["tab 2", "tab 1", "back", "open notes://note/2"][place % 4]
  }

  /// User `index`'s id.
  static func user(_ index: Int) -> String {
    "user\(index)"
  }
}

/// A deterministic generator, so that runs with the same arguments send the same messages.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
