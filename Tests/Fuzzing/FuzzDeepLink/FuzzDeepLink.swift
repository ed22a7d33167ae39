import FlowContainers
import Foundation
import FuzzSupport

/// Parses arbitrary bytes as a deep link.
///
/// Parsing must never crash; a link it accepts must be within the limits, normalised, and print as
/// text that parses back to itself.
func check(_ data: Data) {
  let text = String(decoding: data, as: UTF8.self)
  do {
    let link = try DeepLink(parsing: text)
    require(!link.scheme.isEmpty, "empty scheme")
    require(link.scheme == link.scheme.lowercased(), "scheme not lowercased: \(link.scheme)")
    // ASCII letters are lowercased; other characters (such as `É`) stay as they are.
    require(
      !(link.host ?? "").contains { $0.isASCII && $0.isUppercase },
      "host not lowercased: \(link.host ?? "")")
    // The parser's limit: 64 routed components, and 64 query items.
    require(link.components.count <= 64, "too many components")
    require(link.queryItems.count <= 64, "too many query items")
    require(!link.components.contains(""), "an empty component was kept")
    for component in link.components {
      require(
        !component.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
        "a control character in \(component.debugDescription)")
    }
    let printed = link.description
    let reparsed = try DeepLink(parsing: printed)
    require(reparsed == link, "\(printed) parses to \(reparsed), not \(link)")
    require(link.remaining == link.components[...], "a new link has consumed nothing")
  } catch {
    require(!error.description.isEmpty, "an empty error description")
    require(error.input.count <= 201, "the error's input was not cut")
  }
}

#if FUZZING
  /// libFuzzer's entry point: checks one input.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - count: Its length.
  /// - Returns: 0, as libFuzzer expects.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    check(Data(bytes: bytes, count: count))
    return 0
  }
#else
  @main
  enum Main {
    static func main() {
      Replay.run(arguments: Array(CommandLine.arguments.dropFirst()), check)
    }
  }
#endif
