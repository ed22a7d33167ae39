public import Foundation

/// Runs a fuzz check over files, for replaying a corpus outside libFuzzer: every committed input
/// (seeds and past crashes) is checked again by the ordinary test run.
public enum Replay {
  /// Checks every file named on the command line, and every file in every folder named there.
  ///
  /// - Parameters:
  ///   - arguments: Files and folders of inputs.
  ///   - check: The fuzz target's check; it traps on a broken invariant.
  /// - Returns: How many inputs were checked.
  @discardableResult
  public static func run(arguments: [String], _ check: (Data) -> Void) -> Int {
    var checked = 0
    for path in arguments {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        FileHandle.standardError.write(Data("no such file: \(path)\n".utf8))
        exit(66)
      }
      let files =
        isFolder.boolValue
        ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
          path + "/" + $0
        }
        : [path]
      for file in files {
        // FileHandle rather than FileManager.contents(atPath:), which leaks a buffer on Linux
        // for empty files (LeakSanitizer reports it when the tests run under ASan).
        guard let handle = FileHandle(forReadingAtPath: file) else { continue }
        let data = handle.readDataToEndOfFile()
        try? handle.close()
        check(data)
        checked += 1
      }
    }
    print("checked \(checked) inputs")
    fflush(nil)
    return checked
  }
}

/// Stops the process when an invariant is broken: under libFuzzer, that is the crash it reports;
/// in a replay, the non-zero exit the test sees.
public func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard condition() else {
    FileHandle.standardError.write(Data("invariant broken at \(file):\(line): \(message())\n".utf8))
    abort()
  }
}
