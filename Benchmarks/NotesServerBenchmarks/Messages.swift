import Foundation

/// Writes `messages` messages for `users` users, each for a user chosen at random, numbered in
/// order per user: to standard output, or with several processes to `messages.<i>`, each user
/// always to the same process.
func writeMessages(users: Int, messages: Int, processes: Int) throws {
  var random = SplitMix64(seed: 7)
  var next = [Int](repeating: 1, count: users)
  var files = [[String]](repeating: [], count: processes)
  for _ in 0..<messages {
    let index = Int.random(in: 0..<users, using: &random)
    let number = next[index]
    next[index] += 1
    let command = number == 1 ? Workload.first : Workload.command(number)
    files[index % processes].append("\(Workload.user(index)) \(number) \(command)")
  }
  if processes == 1 {
    print(files[0].joined(separator: "\n"))
  } else {
    for (process, lines) in files.enumerated() {
      try (lines.joined(separator: "\n") + "\n").write(
        toFile: "messages.\(process)", atomically: true, encoding: .utf8)
    }
  }
}
