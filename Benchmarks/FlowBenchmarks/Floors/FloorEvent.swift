/// A flow's name in the floors' events: the library's `FlowName`, a string.
struct FloorName: Hashable {
  let rawValue: String

  static let noOwner = FloorName(rawValue: "(no owner)")
}

/// Why a change happened, in the floors' events: the library's `NavigationCause`, a string.
struct FloorCause: Hashable {
  let rawValue: String

  static let program = FloorCause(rawValue: "program")
}

/// How the host shows a presentation, in the floors' events: the library's `PresentationStyle`.
struct FloorStyle: Hashable {
  let rawValue: String
}

/// A change to a stack: the library's `StackOperation`, case for case.
enum FloorOperation: Hashable {
  case push
  case pop
  case popTo(index: Int)
  case popToRoot
  case replace
}

/// One navigation event of a hand-written stack, shaped as the library's `NavigationEvent`.
///
/// The same fields, and an action with the same cases, of plain values, so that building it
/// and handing it to an observer costs what the library's event costs.
struct FloorEvent {
  /// What happened: the library's `NavigationEvent.Action`, case for case.
  enum Action: Hashable {
    case stack(FloorOperation, added: Int, removed: Int)
    case presented(flow: FloorName, style: FloorStyle)
    case presentationEnded(flow: FloorName, ending: FloorEnding)
    case interactivePopBegan
    case interactivePopCancelled
    case tabSelected(index: Int, flow: FloorName)
    case tabReselected(index: Int, flow: FloorName)
    case tabAdded(index: Int, flow: FloorName)
    case tabRemoved(index: Int, flow: FloorName)
    case tabsReordered
  }

  var action: Action
  var flow: FloorName
  var depth: Int
  var cause: FloorCause
  var animated: Bool
  /// Leads back to the stack the event came from; shared by its events.
  let source: FloorEventSource?
}

/// A weak reference to the stack events come from, made once per stack, as the library's
/// `EventSource`.
final class FloorEventSource: Sendable {
  weak let stack: FloorStack?

  init(_ stack: FloorStack) {
    self.stack = stack
  }
}
