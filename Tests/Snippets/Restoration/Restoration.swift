import FlowContainers
import Foundation

// The Restoration article's listings, compiled with what they need around them: a shelf of
// books that presents a reader.

extension Shelf: RestorableFlow {
  static let subFlows: [SubFlow<Shelf>] = [
    .flow(Reader.self) { _, stack in
      guard case .book(let id)? = stack.last else { return nil }
      return Reader(book: id)
    }
  ]
}

@MainActor
func saveAndRestore(_ shelf: Shelf) throws -> RestorationReport {
  let restorer = FlowRestorer(root: shelf)
  let data = try restorer.snapshot().jsonData()
  let report = restorer.restore(from: data)
  return report
}

@MainActor
func save(_ restorer: FlowRestorer, to stateURL: URL) throws {
  let file = SnapshotFile(url: stateURL)
  try file.write(restorer.snapshot().jsonData())
}

@MainActor
func restore(_ restorer: FlowRestorer, from file: SnapshotFile) throws {
  if let data = try file.read() {
    let report = restorer.restore(from: data)
    if let error = report.error { log("starting fresh: \(error)") }
    for drop in report.dropped { log("not restored: \(drop)") }
  }
}

// What the listings take as given.

func log(_ message: String) { print(message) }

enum ShelfRoute: Hashable, Codable, Sendable {
  case shelf
  case book(Int)
}

enum ReaderRoute: Hashable, Codable, Sendable {
  case page(Int)
}

@MainActor
final class Shelf {
  let container = StackContainer<ShelfRoute>(root: .shelf)
  init() { container.owner = self }
}

@MainActor
final class Reader: RestorableFlow {
  let container = StackContainer<ReaderRoute>(root: .page(1))
  let book: Int
  static let subFlows: [SubFlow<Reader>] = []

  init(book: Int) {
    self.book = book
    container.owner = self
  }
}
