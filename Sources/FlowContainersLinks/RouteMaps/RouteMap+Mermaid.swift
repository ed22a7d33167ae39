import FlowContainersCore
import FlowContainersRestoration

extension RouteMap {
  /// The map as a Mermaid flowchart, which GitHub and other repository hosts draw in a
  /// `mermaid` code block.
  ///
  /// Each flow is a node, `n0`, `n1`, … in the order of ``flows``: its name, then `tab bar` or
  /// `split`, then its patterns, one a line. A stack flow is a rectangle, a tab bar a
  /// subroutine, a split a trapezoid, an opaque flow a rounded box, and each requirement a
  /// hexagon, with dotted `requires` edges from the flows that need it and a `satisfies` edge
  /// from its guard flow. Labels are quoted with Mermaid's characters as entity codes, so any
  /// name draws as written. Each line ends with a newline.
  ///
  /// ```
  /// flowchart TD
  ///   n0["AppFlow<br>library"]
  ///   n1["EditorFlow<br>edit"]
  ///   q0{{"signed-in"}}
  ///   n0 -->|"fullScreenCover"| n1
  ///   n1 -.->|"requires"| q0
  /// ```
  public var mermaid: String {
    var text = "flowchart TD\n"
    for (index, flow) in flows.enumerated() {
      let label = self.label(of: flow).map(Self.mermaidEscaped).joined(separator: "<br>")
      let (open, close) = Self.shape(
        of: flow, opaque: ("(\"", "\")"), stack: ("[\"", "\"]"), tabs: ("[[\"", "\"]]"),
        split: ("[/\"", "\"\\]"))
      text += "  n\(index)\(open)\(label)\(close)\n"
    }
    let requirements = self.requirements
    for (index, requirement) in requirements.names.enumerated() {
      text += "  q\(index){{\"\(Self.mermaidEscaped(requirement.rawValue))\"}}\n"
    }
    for edge in edges {
      text += "  n\(edge.from) -->|\"\(Self.mermaidEscaped(edge.kind.label))\"| n\(edge.to)\n"
    }
    for (flow, requirement, label) in requirements.edges {
      text += "  n\(flow) -.->|\"\(label)\"| q\(requirement)\n"
    }
    return text
  }

  /// `text` as it may stand inside a quoted Mermaid label: the quote, `<`, `>`, `&`, `#`, the
  /// backtick and `|` (which ends an edge's label) as entity codes (`#34;`), and control
  /// characters, which would end the line, as spaces.
  static func mermaidEscaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "<", ">", "&", "#", "`", "|": escaped += "#\(scalar.value);"
      case _ where scalar.properties.generalCategory == .control: escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
