import FlowContainersCore
import FlowContainersRestoration

extension RouteMap {
  /// The map as a Graphviz DOT graph, for `dot -Tsvg` and the tools that read DOT.
  ///
  /// It draws what ``mermaid`` draws, with the same node names: a stack flow is a box, a tab bar
  /// a tab, a split a component, an opaque flow an ellipse, a requirement a hexagon. In quoted
  /// labels `&`, `<`, `>` and `"` are entities, `\` is escaped and control characters are
  /// spaces, so any name is drawn as written. Each line ends with a newline.
  ///
  /// ```
  /// digraph RouteMap {
  ///   node [shape=box];
  ///   n0 [label="AppFlow\nlibrary"];
  ///   n1 [label="EditorFlow\nedit"];
  ///   q0 [label="signed-in", shape=hexagon];
  ///   n0 -> n1 [label="fullScreenCover"];
  ///   n1 -> q0 [label="requires", style=dashed];
  /// }
  /// ```
  public var dot: String {
    var text = "digraph RouteMap {\n  node [shape=box];\n"
    for (index, flow) in flows.enumerated() {
      let label = self.label(of: flow).map(Self.dotEscaped).joined(separator: "\\n")
      let shape = Self.shape(
        of: flow, opaque: ", shape=ellipse", stack: "", tabs: ", shape=tab",
        split: ", shape=component")
      text += "  n\(index) [label=\"\(label)\"\(shape)];\n"
    }
    let requirements = self.requirements
    for (index, requirement) in requirements.names.enumerated() {
      text += "  q\(index) [label=\"\(Self.dotEscaped(requirement.rawValue))\", shape=hexagon];\n"
    }
    for edge in edges {
      text += "  n\(edge.from) -> n\(edge.to) [label=\"\(Self.dotEscaped(edge.kind.label))\"];\n"
    }
    for (flow, requirement, label) in requirements.edges {
      text += "  n\(flow) -> q\(requirement) [label=\"\(label)\", style=dashed];\n"
    }
    return text + "}\n"
  }

  /// `text` as it may stand inside a quoted DOT label and be drawn as written: `&`, `<`, `>`
  /// and `"` as entities, `\` escaped, and control characters, which would break the line, as
  /// spaces.
  static func dotEscaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\\": escaped += "\\\\"
      case _ where scalar.properties.generalCategory == .control: escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
