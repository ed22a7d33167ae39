import Foundation
import NotesServerKit

/// The resident set's growth per user when `users` users' trees are cached.
///
/// Each user first has a message with nothing cached (the database, its page cache and the
/// allocator warm up, and every tree is at rest); then one more message each with room for all
/// of them in the cache. The growth over the second pass, divided by `users`, is what one
/// cached user costs.
@MainActor
func residentGrowthPerCachedUser(users: Int) async throws -> Double {
  // A file, not memory, so that the stored users are not in the resident set.
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "notes-server-memory-\(UUID().uuidString).sqlite"
  ).path
  defer {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
  let store = try SQLiteStore(path: path)
  let atRest = NotesServer(store: store, cacheCapacity: 0)
  for index in 0..<users {
    _ = try await atRest.answer("\(Workload.user(index)) 1 \(Workload.first)")
  }
  let cached = NotesServer(store: store, cacheCapacity: users)
  let before = residentBytes()
  for index in 0..<users {
    _ = try await cached.answer("\(Workload.user(index)) 2 \(Workload.command(2))")
  }
  let after = residentBytes()
  withExtendedLifetime(cached) {}
  return Double(after - before) / Double(users)
}

/// The process's resident set, from `/proc/self/statm`; 0 where there is none.
func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
