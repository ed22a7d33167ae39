/// A report of API misuse: what happened, and what to do instead.
///
/// FlowContainers never traps on misuse and never half-applies an operation. When a call does not
/// fit the tree (popping the root, dismissing when nothing is presented, pushing onto a finished
/// container, a host event naming a screen that is not there) the call changes nothing and a
/// diagnostic goes to ``MisuseReports``. Code built on the core reports its own codes the same
/// way, with ``MisuseReports/report(_:)``.
///
/// ```swift
/// container.pop()  // on a stack holding only its root
/// // stderr: FlowContainers: popRoot: pop() on AppFlow@0 would remove the root screen; …
/// ```
public struct FlowDiagnostic: Sendable, Hashable {
  /// What kind of misuse this is.
  ///
  /// Compare against the static members, such as ``Code/popRoot``.
  public var code: Code
  /// What happened and what to do instead, for a person.
  public var message: String
  /// Where in the tree it happened, such as `AppFlow@0`, or the declaration concerned.
  public var location: String
  /// The file of the call that misused the API.
  public var fileID: String
  /// The line of the call that misused the API.
  public var line: UInt

  /// Creates a diagnostic; the library makes these.
  ///
  /// - Parameters:
  ///   - code: The kind of misuse.
  ///   - message: What happened and what to do instead.
  ///   - location: Where in the tree it happened.
  ///   - fileID: The file of the offending call.
  ///   - line: The line of the offending call.
  public init(code: Code, message: String, location: String, fileID: String, line: UInt) {
    self.code = code
    self.message = message
    self.location = location
    self.fileID = fileID
    self.line = line
  }
}

extension FlowDiagnostic {
  /// A kind of misuse.
  ///
  /// New codes may be added in any release, so do not switch over them exhaustively; compare with
  /// `==`.
  public struct Code: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The code's stable name, such as `popRoot`.
    public var rawValue: String

    /// Creates a code from its stable name.
    ///
    /// - Parameter rawValue: The code's name.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The code's stable name.
    public var description: String { rawValue }

    /// An operation was called on a container that has finished (been dismissed or finished).
    public static let finishedContainer = Code(rawValue: "finishedContainer")
    /// `pop()` was called on a stack that holds only its root, or none.
    ///
    /// There is nothing to pop; the message says which.
    public static let popRoot = Code(rawValue: "popRoot")
    /// An index or screen named by a call or host event is not in the stack.
    public static let screenNotFound = Code(rawValue: "screenNotFound")
    /// `present` was called while the container already presents something.
    public static let alreadyPresenting = Code(rawValue: "alreadyPresenting")
    /// The container given to `present` cannot be presented (itself, already presented, an
    /// ancestor, finished, or without an owner).
    public static let invalidPresentation = Code(rawValue: "invalidPresentation")
    /// Nothing to dismiss: `dismiss()` or `userDismissed` was sent to a container that is not
    /// presented, or `dismissPresented()` to one that presents nothing; the message says which.
    public static let notPresented = Code(rawValue: "notPresented")
    /// An interactive-pop host event arrived out of order or after the stack changed.
    public static let interactivePop = Code(rawValue: "interactivePop")
    /// A tab position named by a call or host event is not a tab's, or the container has no
    /// tabs.
    public static let tabNotFound = Code(rawValue: "tabNotFound")
    /// A container given as a split's column cannot be one (as for ``invalidTab``), or the
    /// column named is empty.
    public static let invalidColumn = Code(rawValue: "invalidColumn")
    /// A split's host event or operation was sent to a container that is not a split.
    public static let splitNotFound = Code(rawValue: "splitNotFound")
    /// A container given as a tab cannot be one (no owner, finished, presented, a tab elsewhere,
    /// listed twice, or it would make a cycle).
    public static let invalidTab = Code(rawValue: "invalidTab")
    /// The host chose an alert action that is not there, or an alert that is not up.
    public static let alertActionNotFound = Code(rawValue: "alertActionNotFound")
  }
}

extension FlowDiagnostic: CustomStringConvertible {
  /// The line the default handler prints: `FlowContainers: code: message (file:line)`.
  public var description: String {
    "FlowContainers: \(code): \(message) (\(fileID):\(line))"
  }
}
