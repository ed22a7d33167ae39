/// What asked to move the tree: a snapshot being restored, or a request of a layer above, such
/// as a deep link or a typed destination.
///
/// Plans, held links and objections name it, so a flow that objects can tell them apart.
public struct NavigationRequest: Sendable, Hashable {
  /// What the request is; `nil` for a restoration.
  private let subject: (any Hashable & Sendable & CustomStringConvertible)?

  /// A request of a layer above restoration, such as a link, which it names by `subject`.
  package init(_ subject: some Hashable & Sendable & CustomStringConvertible) {
    self.subject = subject
  }

  private init() {
    subject = nil
  }

  /// A snapshot being restored (``FlowRestorer/restore(_:)``); never held.
  public static let restoration = NavigationRequest()

  /// The request's subject, when it is of type `type`.
  package func subject<Subject>(as type: Subject.Type) -> Subject? {
    subject as? Subject
  }

  /// Whether both are the same request.
  public static func == (lhs: NavigationRequest, rhs: NavigationRequest) -> Bool {
    lhs.subject.map { AnyHashable($0) } == rhs.subject.map { AnyHashable($0) }
  }

  /// Hashes the request.
  public func hash(into hasher: inout Hasher) {
    subject?.hash(into: &hasher)
  }
}

extension NavigationRequest: CustomStringConvertible {
  /// The link, the destination, or `restoration`.
  public var description: String { subject?.description ?? "restoration" }
}
