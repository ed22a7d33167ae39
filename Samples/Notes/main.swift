import Foundation

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
  let host = TerminalHost(options: options, isInteractive: isatty(STDIN_FILENO) != 0)
  await host.run()
}
