#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One benchmark's result: a workload against a baseline measured in the same run.
struct Result {
  var name: String
  var nsPerOp: Double
  var baseline: String
  var baselineNsPerOp: Double?
  var goal: Double?
  var kib: Double?
  /// What `nsPerOp` and `baselineNsPerOp` measure, when it is not nanoseconds per operation.
  var unit: String? = nil
  /// Whether `--row` skipped it.
  var skipped = false

  /// The workload's time over the baseline's; `nil` when `--side` measured only one of them.
  var ratio: Double? {
    guard let baselineNsPerOp, nsPerOp > 0 else { return nil }
    return nsPerOp / baselineNsPerOp
  }
  var meetsGoal: Bool {
    guard let goal else { return true }
    if let kib { return kib <= goal }
    return (ratio ?? 0) <= goal
  }
}

/// How long and how often to measure.
struct Settings {
  var rounds: Int
  var roundNanoseconds: UInt64
  var rssCycles: Int
  /// When set, every round runs exactly this many operations instead of a calibrated number:
  /// for counting instructions under valgrind, where timing is meaningless.
  var fixedOperations: Int?
  /// When set, only the benchmark of this name is measured (the others in its group are
  /// skipped): for counting one workload's instructions under valgrind.
  var row: String? = nil
  /// When set, only this side of each benchmark is measured: for counting a workload's
  /// instructions apart from its baseline's.
  var side: Side? = nil
  /// Whether the rows whose size is their point run a tenth of it: `--quick`, which checks that
  /// everything works, in a debug build too.
  var isQuick = false

  static let full = Settings(
    rounds: 15, roundNanoseconds: 40_000_000, rssCycles: 1_000_000, fixedOperations: nil)
  static let quick = Settings(
    rounds: 3, roundNanoseconds: 1_000_000, rssCycles: 2_000, fixedOperations: nil, isQuick: true)
}

/// One side of a benchmark: the workload, or the baseline it is measured against.
enum Side: String {
  case workload
  case baseline
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// A workload: performs `n` operations and returns how many nanoseconds the measured part took.
typealias Workload = (Int) -> UInt64

/// Times `body`: the measured part of a workload.
@inline(__always)
func timed(_ body: () -> Void) -> UInt64 {
  let start = now()
  measured(body)
  return now() - start
}

/// Runs `body`, the measured part of a workload, out of line.
///
/// `Benchmarks/count-instructions` counts only what runs inside this function (callgrind's
/// `--dump-before` and `--dump-after` on its symbol), so it must stay one function under one
/// symbol. Not inlined; generic and not optimised, so that the optimiser makes no copy of it
/// specialised for a type or for a caller's closure, which would have a symbol of its own.
@inline(never)
@_optimize(none)
func measured<Outcome>(_ body: () -> Outcome) -> Outcome {
  body()
}

/// How many operations make a round of about `settings.roundNanoseconds`.
@MainActor
func calibrate(_ settings: Settings, _ workload: Workload) -> Int {
  if let fixed = settings.fixedOperations { return fixed }
  var operations = 1
  while true {
    let elapsed = workload(operations)
    if elapsed >= settings.roundNanoseconds / 4 || operations >= 1 << 30 {
      let perOperation = max(1, Double(elapsed) / Double(operations))
      return max(1, Int(Double(settings.roundNanoseconds) / perOperation))
    }
    operations *= 2
  }
}

/// The median of `values`; 0 when there are none.
func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Measures `workload` against `baseline`: calibration (which warms both up), then rounds of
/// each, interleaved; the medians of the per-operation times.
@MainActor
func compare(
  _ name: String, goal: Double?, settings: Settings, baseline baselineName: String,
  workload: Workload, baseline: Workload
) -> Result {
  if let row = settings.row, row != name {
    return Result(name: name, nsPerOp: 0, baseline: baselineName, skipped: true)
  }
  // With `--side`, the other side is neither calibrated nor run (its time reads 0, or nil).
  let measuresWorkload = settings.side != .baseline
  let measuresBaseline = settings.side != .workload
  let workloadOperations = measuresWorkload ? calibrate(settings, workload) : 0
  let baselineOperations = measuresBaseline ? calibrate(settings, baseline) : 0
  var workloadTimes: [Double] = []
  var baselineTimes: [Double] = []
  for _ in 0..<settings.rounds {
    if measuresWorkload {
      workloadTimes.append(Double(workload(workloadOperations)) / Double(workloadOperations))
    }
    if measuresBaseline {
      baselineTimes.append(Double(baseline(baselineOperations)) / Double(baselineOperations))
    }
  }
  return Result(
    name: name, nsPerOp: median(workloadTimes), baseline: baselineName,
    baselineNsPerOp: measuresBaseline ? median(baselineTimes) : nil, goal: goal, kib: nil)
}

/// The resident set size, from `/proc/self/statm`, in KiB; 0 where that file does not exist.
func residentKiB() -> Double {
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 256)
  guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
  // The fields are sizes in pages: total, then resident.
  let fields = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
  )
  .split(separator: " ")
  guard fields.count >= 2, let resident = Int(fields[1]) else { return 0 }
  return Double(resident * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1024
}
