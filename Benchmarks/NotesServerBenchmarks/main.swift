import Foundation
import NotesServerKit

let usage = """
  USAGE: notes-server-benchmarks populate --database <file> --users <n>
         notes-server-benchmarks at-rest --database <file> --users <n> --messages <m>
         notes-server-benchmarks memory --users <n>
         notes-server-benchmarks messages --users <n> --messages <m> [--processes <p>]

  What Benchmarks/measure-notes-server measures, one figure a run:
    populate  gives each of n users one message, leaving its tree at rest in the file, and
              prints the file's bytes per user
    at-rest   m messages, each for a random one of the n users of a populated file, every tree
              restored from the file (no cache); prints nanoseconds per message (count
              instructions with two values of m under callgrind)
    memory    prints the resident set's growth per user, with n users' trees cached
    messages  prints m messages for n users, for notes-server's standard input; with
              --processes p, each line goes to the file of its user's process (messages.<i>)
  Build in release mode: swift build -c release --product notes-server-benchmarks
  """

/// The value after `name` on the command line.
func option(_ name: String) -> String? {
  let arguments = CommandLine.arguments
  return arguments.firstIndex(of: name).flatMap {
    $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
  }
}

/// Exits with `message` on standard error.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("notes-server-benchmarks: \(message)\n".utf8))
  exit(2)
}

let users = option("--users").flatMap(Int.init) ?? 1_000
let database = option("--database")
do {
  switch CommandLine.arguments.dropFirst().first {
  case "populate":
    guard let database else { fail("populate needs --database") }
    let bytes = try await populate(database, users: users)
    print(String(format: "%.0f bytes at rest per user", Double(bytes) / Double(users)))
  case "at-rest":
    guard let database, let messages = option("--messages").flatMap(Int.init) else {
      fail("at-rest needs --database and --messages")
    }
    let nanoseconds = try await messagesAtRest(database, users: users, messages: messages)
    print(String(format: "%.0f ns per message at rest", nanoseconds))
  case "memory":
    let bytes = try await residentGrowthPerCachedUser(users: users)
    print(String(format: "%.0f bytes of resident set per cached user", bytes))
  case "messages":
    let messages = option("--messages").flatMap(Int.init) ?? 10_000
    let processes = option("--processes").flatMap(Int.init) ?? 1
    try writeMessages(users: users, messages: messages, processes: processes)
  default:
    print(usage)
  }
} catch {
  fail("\(error)")
}
