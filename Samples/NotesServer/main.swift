import Foundation
import NotesServerKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` on standard error.
func complain(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

switch ServerOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .help:
  print(ServerOptions.help)
case .invalid(let problem):
  complain("notes-server: \(problem). Try notes-server --help.")
  exit(64)
case .run(let options):
  let store: any UserStore
  do {
    store = try options.openStore()
  } catch {
    complain("notes-server: the database is unavailable: \(error)")
    exit(69)
  }
  let server = NotesServer(store: store, cacheCapacity: options.cacheCapacity, report: complain)
  var input = LineReader(fileDescriptor: STDIN_FILENO, maximumLength: Message.maximumLength)
  while let line = input.next() {
    do {
      switch line {
      case .text(let text): print(try await server.answer(text))
      case .tooLong(let prefix): print(server.answerTooLong(prefix))
      }
    } catch {
      complain("notes-server: the database failed, so the last message was not answered: \(error)")
      exit(69)
    }
    // Each answer leaves as soon as its outcome is stored.
    fflush(nil)
  }
}
