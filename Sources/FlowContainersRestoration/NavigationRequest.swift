/// What asked to move the tree: a snapshot being restored, or a request of a layer above, such
/// as a deep link or a typed destination.
///
/// Plans, held links, objections and delegates name the request, so a flow that objects or a log
/// that reports can tell a restoration from a shared URL or the program's own Edit button.
public struct NavigationRequest: Sendable, Hashable {
  /// What the request is; `nil` for a restoration.
  package let subject: (any NavigationRequestSubject)?

  /// A request of a layer above restoration.
  package init(_ subject: some NavigationRequestSubject) {
    self.subject = subject
  }

  private init() {
    subject = nil
  }

  /// A snapshot being restored (``FlowRestorer/restore(_:)``); never held.
  public static let restoration = NavigationRequest()

  /// Whether both are the same request.
  ///
  /// - Parameters:
  ///   - lhs: A request.
  ///   - rhs: Another request.
  /// - Returns: `true` when they ask for the same.
  public static func == (lhs: NavigationRequest, rhs: NavigationRequest) -> Bool {
    guard let left = lhs.subject, let right = rhs.subject else {
      return lhs.subject == nil && rhs.subject == nil
    }
    return left.isEqual(to: right)
  }

  /// Hashes the request.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    subject?.hash(into: &hasher)
  }
}

extension NavigationRequest: CustomStringConvertible {
  /// The link, the destination, or `restoration`.
  public var description: String { subject?.description ?? "restoration" }
}

/// What a request of a layer above restoration asks for.
package protocol NavigationRequestSubject: Sendable, Hashable, CustomStringConvertible {}

extension NavigationRequestSubject {
  /// Whether `other` is a subject of this type, equal to this one.
  func isEqual(to other: any NavigationRequestSubject) -> Bool {
    (other as? Self) == self
  }
}
