import FlowContainers
import Foundation
import Testing

extension FlowRequirement {
  /// A requirement whose name holds what Graphviz reads as markup.
  fileprivate static let hostile: FlowRequirement = "needs &amp; <b>"
}

extension PresentationStyle {
  /// A style whose name holds what Graphviz reads as markup.
  fileprivate static let hostile = PresentationStyle(rawValue: "pop & \"over\"")
}

/// A flow whose name, pattern and requirement hold entities, markup, quotes and Graphviz's own
/// escapes, each to be drawn as written.
@MainActor
private final class HostileFlow: LinkableFlow {
  let container = StackContainer<String>(root: "hostile")
  init() { container.owner = self }

  nonisolated static var flowName: FlowName { #"Entity &amp; &lt;b&gt; <i>"q"</i> \N \l end"# }
  static let routes: RouteTable<String> = [.pattern("a&b/:id<Int>") { _ in ["hostile"] }]
  static let subFlows: [SubFlow<HostileFlow>] = [
    .flow(HostileSheet.self, style: .hostile) { _, _ in HostileSheet() }
  ]
  static var requirement: FlowRequirement? { .hostile }
}

/// A sheet the hostile flow presents in its hostile style.
@MainActor
private final class HostileSheet: RestorableFlow {
  let container = StackContainer<String>(root: "sheet")
  init() { container.owner = self }

  nonisolated static var flowName: FlowName { "Sheet &#35; &nbsp;<br/>" }
  static let subFlows: [SubFlow<HostileSheet>] = []
}

/// `RouteMap.dot` drawn by Graphviz: every name is drawn as written.
///
/// Run where `dot` is installed; CI installs Graphviz and runs these with
/// `FLOW_REQUIRE_GRAPHVIZ=1`, which fails them when `dot` is missing rather than skipping them.
@MainActor
struct RouteMapDOTTests {
  /// Graphviz's `dot`, found on the `PATH`.
  nonisolated static let dot: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin"
    return path.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appending(path: "dot")
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Whether the tests must run: CI says so, or `dot` is there.
  nonisolated static let runs =
    dot != nil || ProcessInfo.processInfo.environment["FLOW_REQUIRE_GRAPHVIZ"] != nil

  /// The SVG Graphviz draws of `dot`.
  static func render(_ dot: String) throws -> String {
    let graphviz = try #require(Self.dot, "Graphviz's dot is not installed")
    let process = Process()
    process.executableURL = graphviz
    process.arguments = ["-Tsvg"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(dot.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self)
  }

  /// What each node and edge of `svg` draws, by its title (`n0`, `n0->n1`), its lines joined
  /// with a newline, the XML's entities read.
  static func drawn(_ svg: String) -> [String: String] {
    var labels: [String: String] = [:]
    for group in svg.components(separatedBy: "<g id=").dropFirst() {
      guard let title = Self.elements("title", in: group).first else { continue }
      let texts = Self.elements("text", in: group)
      if !texts.isEmpty { labels[title] = texts.joined(separator: "\n") }
    }
    return labels
  }

  /// The text of each `<name …>…</name>` element of `xml`, its entities read.
  static func elements(_ name: String, in xml: String) -> [String] {
    var found: [String] = []
    var rest = Substring(xml)
    while let open = rest.range(of: "<\(name)") {
      guard let start = rest[open.upperBound...].firstIndex(of: ">"),
        let close = rest[start...].range(of: "</\(name)>")
      else { break }
      found.append(Self.unescaped(String(rest[rest.index(after: start)..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// `text` with XML's entities read.
  static func unescaped(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "amp": result += "&"
      case "lt": result += "<"
      case "gt": result += ">"
      case "quot": result += "\""
      case "apos": result += "'"
      case _ where entity.hasPrefix("#x"):
        result +=
          UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map {
            String(Character($0))
          } ?? ""
      case _ where entity.hasPrefix("#"):
        result +=
          UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map {
            String(Character($0))
          } ?? ""
      default: result += "&\(entity);"
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }

  @Test(.enabled(if: runs, "Graphviz's dot is not installed"))
  func graphvizDrawsEveryNameAsWritten() throws {
    let map = RouteMap(root: HostileFlow())
    let drawn = Self.drawn(try Self.render(map.dot))
    #expect(
      drawn["n0"] == #"Entity &amp; &lt;b&gt; <i>"q"</i> \N \l end"# + "\na&b/:id<Int>",
      "\(map.dot)")
    #expect(drawn["n1"] == "Sheet &#35; &nbsp;<br/>", "\(map.dot)")
    #expect(drawn["q0"] == "needs &amp; <b>", "\(map.dot)")
    #expect(drawn["n0->n1"] == #"pop & "over""#, "\(map.dot)")
    #expect(drawn["n0->q0"] == "requires", "\(map.dot)")
  }

  @Test func theDOTTextWritesMarkupAsEntities() {
    let map = RouteMap(root: HostileFlow())
    #expect(
      map.dot.contains(
        #"n0 [label="Entity &amp;amp; &amp;lt;b&amp;gt; &lt;i&gt;&quot;q&quot;&lt;/i&gt; "#
          + #"\\N \\l end\na&amp;b/:id&lt;Int&gt;"];"#), "\(map.dot)")
  }
}
