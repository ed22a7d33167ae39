import FlowContainers
import Foundation

// The README's deep-link and restoration listings, over the README's own `AppFlow` and
// `EditorFlow` (`Flows.swift`, the quick start's, verbatim). `ReadmeListingTests` checks what
// this prints against the README.

extension AppFlow: LinkableFlow {
  static let routes: RouteTable<String> = [
    .pattern("library") { _ in ["library"] },
    .pattern("note/:id<Int>") { match in ["library", "note \(try match.int("id"))"] },
    .pattern("note/:id<Int>/*") { match in ["library", "note \(try match.int("id"))"] },
  ]
  static let subFlows: [SubFlow<AppFlow>] = [.flow(EditorFlow.self) { _, _ in EditorFlow() }]
}

extension EditorFlow: LinkableFlow {
  static let routes: RouteTable<String> = [.pattern("edit") { _ in ["edit"] }]
  static let subFlows: [SubFlow<EditorFlow>] = []
}

let app = AppFlow()
let router = DeepLinkRouter(root: app, scheme: "notes")
print(try router.plan(for: DeepLink(parsing: "notes://note/2/edit")).get())
_ = await router.open("notes://note/2/edit")
print(app.container.tree.description)

let stateURL = FileManager.default.temporaryDirectory.appendingPathComponent(
  "readme-links-\(ProcessInfo.processInfo.processIdentifier).json")
defer { try? FileManager.default.removeItem(at: stateURL) }

let file = SnapshotFile(url: stateURL)
try file.write(router.restorer.snapshot().jsonData())  // atomic: temporary file, then rename

let report = try file.read().map(router.restorer.restore(from:))
// report?.dropped: what no longer exists (a deleted note), cut at the deepest valid point
// report?.error: corrupt, truncated, unknown-version or unknown-route data; nothing restored
print(
  report.map { "restored: \($0.restored.levels.map(\.flow)), complete: \($0.isComplete)" } ?? "")
