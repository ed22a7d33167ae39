import Testing
import XCTest

/// Where a failed check is reported: the caller's location, in both test frameworks' terms.
struct CallerLocation {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// Records a failure in whichever framework is running the current test: Swift Testing when a
  /// `@Test` is running, XCTest otherwise.
  func fail(_ message: String) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
      XCTFail(message, file: filePath, line: line)
    }
  }
}
