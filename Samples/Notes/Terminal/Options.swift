/// The command line: `notes [--trace] [--slow] [--wide] [--state <file>]
/// [--route-map mermaid|dot] [--help]`.
struct Options {
  var isTracing = false
  /// Whether each transition the host plays takes three commands, so that the driver's
  /// coalescing shows.
  var isSlow = false
  /// Whether the notes tab shows the library beside the open note (a split).
  var isWide = false
  var statePath: String?
  /// Print the map of the app's flows in this format and exit, rather than run.
  var routeMap: RouteMapFormat?

  /// How `--route-map` draws the map.
  enum RouteMapFormat: String {
    case mermaid
    case dot
  }

  enum Parsed {
    case run(Options)
    case help
    case invalid(String)
  }

  static func parse(_ arguments: [String]) -> Parsed {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        return .help
      case "--trace":
        options.isTracing = true
      case "--slow":
        options.isSlow = true
      case "--wide":
        options.isWide = true
      case "--state":
        guard let path = remaining.popFirst() else { return .invalid("--state needs a file") }
        options.statePath = path
      case "--route-map":
        guard let format = remaining.popFirst().flatMap(RouteMapFormat.init(rawValue:)) else {
          return .invalid("--route-map needs mermaid or dot")
        }
        options.routeMap = format
      default:
        return .invalid("unknown argument “\(argument)”")
      }
    }
    return .run(options)
  }

  static let help = """
    USAGE: notes [--trace] [--slow] [--wide] [--state <file>] [--route-map mermaid|dot] [--help]

    A terminal notes app built with FlowContainers. Three notes are seeded in memory;
    edits and sign-in last until you quit.

    OPTIONS:
      --trace          Print every navigation event as it happens, and a "deinit" line
                       whenever a flow is released.
      --slow           Let each transition the host plays take three commands, and print
                       when each begins and ends: changes made meanwhile are coalesced
                       into the next transition.
      --wide           Show the library beside the open note, as a wide window would; the
                       width command collapses them into one stack and back.
      --state <file>   Restore the screens from <file> at launch (a missing file starts
                       fresh; a bad one is reported) and save them there, atomically, on
                       quit or at the end of input.
      --route-map mermaid|dot
                       Print the map of the app's flows (their link patterns, the
                       sub-flows each presents, the tabs, sign-in) as a Mermaid
                       flowchart or a Graphviz graph, and exit; with --wide, the
                       wide layout's.
      --help           Show this help.

    COMMANDS (at the prompt, or piped in one per line):
      <number>         Pick that action on the current screen.
      back             Go back one screen, as a back button would.
      close            Close the topmost modal (editor, sign-in, settings, account), as a
                       user closing it would.
      open <url>       Follow a deep link.
      tab <n>          Select tab n of the tab bar: 1 for your notes, 2 for help.
      width compact    With --wide: the window narrows, and the library and the note
                       collapse into one stack. width regular: side by side again.
      tree             Print the live container tree.
      help             Show these commands.
      quit             Save (with --state) and exit.

    DEEP LINKS:
      notes://library              the list of notes
      notes://note/<id>            a note (1, 2 or 3)
      notes://note/<id>/edit       edit a note (asks you to sign in first)
      notes://settings             settings
      notes://settings/account     the account, over settings
      notes://help                 the help tab
      notes://help/<topic>         a help topic (tabs or links)

    With standard input from a terminal the screen is redrawn after each command; from a
    pipe or a file each command is echoed as "> command" and screens print as plain text.
    """

  static let commands = """
    Commands: <number>, back, close, open <url>, tab <n>, width compact|regular, tree, help,
    quit.
    Links: notes://library, notes://note/<id>, notes://note/<id>/edit, notes://settings,
    notes://settings/account, notes://help, notes://help/<topic>
    """
}
