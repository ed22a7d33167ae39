#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much costlier `work` is at `large` than at `small`, in the thread's CPU time, the fastest
/// of `runs` runs of each: about `large / small` when the work is linear, its square when it is
/// quadratic.
///
/// CPU time of this thread, not the wall clock: other processes on a shared machine move it
/// little, and the fastest run leaves out what they still move.
@MainActor
func growth(from small: Int, to large: Int, runs: Int = 3, _ work: (Int) -> Void) -> Double {
  func fastest(_ size: Int) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
      let start = threadCPUTime()
      work(size)
      best = min(best, threadCPUTime() - start)
    }
    return max(best, 1e-6)
  }
  // The small size first, once more, so that first-use costs fall outside both.
  work(small)
  return fastest(large) / fastest(small)
}

/// The CPU time this thread has used, in seconds.
func threadCPUTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The address of a local in a frame called from here, which tells how deep the stack is.
///
/// Two readings in different frames differ by the bytes of stack between them. Under
/// AddressSanitizer, only with `detect_stack_use_after_return=0` (as `.ci/run` sets it): a fake
/// frame puts the local on the heap.
@inline(never)
func stackAddress() -> UInt {
  var marker: UInt8 = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
