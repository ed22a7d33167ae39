import Foundation

let argumentList = Array(CommandLine.arguments.dropFirst())
let arguments = Set(argumentList)
let only = argumentList.firstIndex(of: "--only").flatMap { index in
  index + 1 < argumentList.count ? argumentList[index + 1] : nil
}
if arguments.contains("--help") {
  print(
    """
    USAGE: flow-benchmarks [--quick] [--json] [--only <group>] [--row <name>]
                           [--side workload|baseline] [--rounds <n>] [--operations <n>]
           flow-benchmarks --deepest-restore

    Runs every benchmark against its baseline in this process and prints medians and ratios.
      --quick   a short run, to check that everything still works (numbers are noise)
      --json    one JSON object per benchmark instead of the table
      --only    run one group: stack, present, teardown, deeplink, restore, memory or explore
      --rounds  measure this many rounds instead of 15 (1 is handy under valgrind)
      --operations  run this many operations per round instead of calibrating (for valgrind)
      --row     within the groups run, measure only the benchmark of this name (for valgrind)
      --side    measure only the workload (the library) or only its baseline (for valgrind)
      --deepest-restore  restore the deepest snapshot allowed under a host that finishes each
                transition inside play, and exit 1 if it fails (CI runs it with a 1 MB stack)
    Build in release mode: swift run -c release flow-benchmarks
    """)
  exit(0)
}
if arguments.contains("--deepest-restore") {
  // Run by .ci/run under `ulimit -s 1024`: a check, not a benchmark.
  exit(restoresTheDeepestSnapshotUnderASynchronousHost() ? 0 : 1)
}
var settings = arguments.contains("--quick") ? Settings.quick : Settings.full
if let index = argumentList.firstIndex(of: "--rounds"), index + 1 < argumentList.count,
  let rounds = Int(argumentList[index + 1])
{
  // For profiling under valgrind: `--rounds 1` keeps the run short.
  settings.rounds = rounds
}
if let index = argumentList.firstIndex(of: "--operations"), index + 1 < argumentList.count,
  let operations = Int(argumentList[index + 1])
{
  // For counting instructions under valgrind: a fixed amount of work per round.
  settings.fixedOperations = operations
}
// Memory first: its resident-set figures need a heap that earlier groups have not left full of
// freed memory for reuse.
let groups: [(String, @MainActor (Settings) -> [Result])] = [
  ("memory", memoryBenchmarks),
  ("stack", stackBenchmarks), ("present", presentationBenchmarks),
  ("teardown", teardownBenchmarks),
  ("deeplink", deepLinkBenchmarks), ("restore", restorationBenchmarks),
]
if let index = argumentList.firstIndex(of: "--row"), index + 1 < argumentList.count {
  settings.row = argumentList[index + 1]
}
if let index = argumentList.firstIndex(of: "--side"), index + 1 < argumentList.count {
  // For counting instructions: the library's workload and its floor, each in its own run.
  guard let side = Side(rawValue: argumentList[index + 1]) else {
    print("flow-benchmarks: --side takes workload or baseline, not \(argumentList[index + 1])")
    exit(2)
  }
  settings.side = side
}
/// Whether the group `name` runs: every group, or the one `--only` names.
///
/// A function, not `only.map("explore".hasPrefix)`: LeakSanitizer reported the context of that
/// partially applied method, made in top-level code that awaits, as leaked, and failed the run.
func runs(_ group: String) -> Bool {
  guard let only else { return true }
  return group.hasPrefix(only)
}
var results: [Result] = []
for (group, run) in groups where runs(group) {
  results += run(settings).filter { !$0.skipped }
}
// The explorer is asynchronous: its group runs last, on its own.
if runs("explore") {
  results += await explorerBenchmarks(settings).filter { !$0.skipped }
}

if arguments.contains("--json") {
  print(Report.json(results))
} else {
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let memory = ProcessInfo.processInfo.physicalMemory >> 30
  // The processor's name, where Linux tells it.
  let processor =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
    .split(separator: "\n").first { $0.hasPrefix("model name") }?
    .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
  let machine = [processor, "\(cores) cores", "\(memory) GiB", "\(settings.rounds) rounds"]
  print(Report.table(results, machine: machine.compactMap { $0 }.joined(separator: ", ")))
}
