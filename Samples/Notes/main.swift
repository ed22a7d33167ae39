import FlowContainers
import Foundation
import NotesKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .help:
  print(Options.help)
case .invalid(let problem):
  FileHandle.standardError.write(Data("notes: \(problem). Try notes --help.\n".utf8))
  exit(64)
case .run(let options):
  if let format = options.routeMap {
    // The map of the tab bar a run makes, made by the same factory: its tabs exist only live.
    // The router's map draws its guard too, the flow that satisfies signed-in.
    let tabs = MainTabsFlow(options: options, console: Console(isTracing: false))
    let map = tabs.router.routeMap
    print(format == .dot ? map.dot : map.mermaid, terminator: "")
  } else {
    let host = TerminalHost(options: options, isInteractive: isatty(STDIN_FILENO) != 0)
    await host.run()
  }
}
