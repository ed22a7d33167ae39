import Foundation

/// Prints results as a table for people, or as JSON for tools.
enum Report {
  static func table(_ results: [Result], machine: String) -> String {
    var lines = [
      "FlowContainers benchmarks (\(machine))",
      "",
      "| name | ns/op | baseline | baseline ns/op | ratio | goal | |",
      "| --- | ---: | --- | ---: | ---: | ---: | --- |",
    ]
    for result in results {
      let ratio = result.ratio.map { String(format: "%.2f", $0) } ?? "—"
      let baseline = result.baselineNsPerOp.map { String(format: "%.1f", $0) } ?? "—"
      let goal: String
      if let kib = result.kib {
        goal = String(format: "%.0f KiB (≤ %.0f)", kib, result.goal ?? 0)
      } else {
        goal = result.goal.map { String(format: "≤ %.1f", $0) } ?? "report"
      }
      let unit = result.unit.map { " \($0)" } ?? ""
      lines.append(
        "| \(result.name) | \(String(format: "%.1f", result.nsPerOp))\(unit) | "
          + "\(result.baseline) | \(baseline)\(unit) | \(result.kib == nil ? ratio : "—") | "
          + "\(goal) | \(result.meetsGoal ? "ok" : "MISSED") |")
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ results: [Result]) -> String {
    let objects = results.map { result -> String in
      var fields = [
        "\"name\": \"\(result.name)\"",
        "\"ns_per_op\": \(number(result.nsPerOp))",
        "\"baseline\": \"\(result.baseline)\"",
        "\"baseline_ns_per_op\": \(result.baselineNsPerOp.map(number) ?? "null")",
        "\"ratio\": \(result.ratio.map(number) ?? "null")",
        "\"goal\": \(result.goal.map(number) ?? "null")",
      ]
      if let kib = result.kib { fields.append("\"kib\": \(number(kib))") }
      if let unit = result.unit { fields.append("\"unit\": \"\(unit)\"") }
      return "  {" + fields.joined(separator: ", ") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]"
  }

  private static func number(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}
