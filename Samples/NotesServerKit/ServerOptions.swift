/// The command line: `notes-server [--database <file>] [--postgres <conninfo>] [--cache <n>]`.
package struct ServerOptions: Equatable {
  /// Where users rest.
  package enum Database: Equatable {
    /// An SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL database, by libpq connection string.
    case postgres(conninfo: String)
  }

  package var database = Database.sqlite(path: "notes-users.sqlite")
  /// How many users' trees stay live between their messages.
  package var cacheCapacity = 1_000

  /// What the command line asks for.
  package enum Parsed: Equatable {
    case run(ServerOptions)
    case help
    case invalid(String)
  }

  /// Reads `arguments`, the command line without the program's name.
  package static func parse(_ arguments: [String]) -> Parsed {
    var options = ServerOptions()
    var chosen: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        return .help
      case "--database", "--postgres":
        guard chosen == nil || chosen == argument else {
          return .invalid("--database and --postgres name two databases; pick one")
        }
        chosen = argument
        guard let value = remaining.popFirst() else {
          return .invalid(
            argument == "--database"
              ? "--database needs a file" : "--postgres needs a connection string")
        }
        options.database =
          argument == "--database" ? .sqlite(path: value) : .postgres(conninfo: value)
      case "--cache":
        guard let value = remaining.popFirst().flatMap({ Int($0) }), value >= 0 else {
          return .invalid("--cache needs a number of users, 0 or more")
        }
        options.cacheCapacity = value
      default:
        return .invalid("unknown argument “\(argument)”")
      }
    }
    return .run(options)
  }

  /// Opens the store the options name.
  ///
  /// - Throws: ``StoreError`` when the database cannot be opened or reached.
  package func openStore() throws(StoreError) -> any UserStore {
    switch database {
    case .sqlite(let path): try SQLiteStore(path: path)
    case .postgres(let conninfo): try PostgresStore(conninfo: conninfo)
    }
  }

  package static let help = """
    USAGE: notes-server [--database <file>] [--postgres <conninfo>] [--cache <n>] [--help]

    Serves the Notes sample's flows to many users over standard input and output: one tree
    per user, kept live in a cache or at rest in a database.

    Each input line is <user> <n> <command>: a user id (1 to 64 of A-Z a-z 0-9 _ -), that
    user's message number (1, 2, 3, ...), and one of the terminal sample's commands:
    <number>, back, close, open <url>, tab <n>, tree. Each answer is one line:
    <user> <n> <the screen on top> [| <what the app said>]..., or <user> <n> error: <why>.
    A message whose number was answered before is answered again from the record.

    OPTIONS:
      --database <file>     The SQLite file users rest in (default: notes-users.sqlite).
      --postgres <conninfo> Use this PostgreSQL database instead, which several servers
                            may share (a libpq connection string, such as
                            "host=/run/postgresql dbname=notes").
      --cache <n>           How many users' trees stay live (default: 1000).
      --help                Show this help.
    """
}
