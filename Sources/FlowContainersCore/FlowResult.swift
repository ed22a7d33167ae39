/// Where a sub-flow puts the value it finishes with, so that its presenter receives it typed.
///
/// A sub-flow with a result makes one for its container and finishes through it; nothing else
/// about the flow changes, and no protocol is adopted:
///
/// ```swift
/// @MainActor
/// final class SignInFlow {
///   let container = StackContainer<SignInScreen>(root: .form)
///   let result: FlowResult<Account>
///
///   init() {
///     result = FlowResult(of: container)
///     container.owner = self
///   }
///
///   func signedIn(as account: Account) { result.finish(with: account) }
/// }
/// ```
///
/// The presenter presents the result instead of the container, and receives a
/// ``PresentationResult`` exactly once, however the presentation ends: through a callback,
/// ``ContainerNode/present(_:style:animated:fileID:line:onResult:)``, or by awaiting
/// ``ContainerNode/present(_:style:animated:fileID:line:)``. The compiler checks the value's
/// type on both sides.
@MainActor
public final class FlowResult<Value> {
  /// The sub-flow's container, which the presenter presents.
  let container: ContainerNode
  /// The value given to ``finish(with:animated:fileID:line:)``, until the presentation ends.
  var pending: Value?
  /// The sub-flow, held until it is presented, for a flow that only its result names (an
  /// alert's); the presentation holds it from then on.
  var ownerUntilPresented: AnyObject?

  /// Creates the result of the flow that owns `container`.
  ///
  /// - Parameter container: The sub-flow's container.
  public init(of container: ContainerNode) {
    self.container = container
  }

  /// Finishes the sub-flow with `value`: its presentation ends as
  /// ``PresentationEnding/finished``, and the presenter receives `.finished(with: value)`.
  ///
  /// As for ``ContainerNode/dismiss(animated:fileID:line:)``: called from a callback while a
  /// change is under way, it runs after that change, and if something else ends the
  /// presentation first, the presenter receives that ending and this call is misuse. Calling it
  /// when the container is not presented is misuse: reported, and the value is dropped. The
  /// value is kept nowhere but in the presenter's result.
  ///
  /// - Parameters:
  ///   - value: The result.
  ///   - animated: Whether the host should animate the dismissal.
  ///   - fileID: The caller's file, for misuse reports.
  ///   - line: The caller's line, for misuse reports.
  public func finish(
    with value: Value, animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    if let changes = container.changes, changes.isChanging {
      changes.enqueue("finish(with:)", fileID: fileID, line: line) {
        self.finish(with: value, animated: animated, fileID: fileID, line: line)
      }
      return
    }
    guard container.attachment.isPresented, !container.finished else {
      // Misuse, which `dismiss` reports; the value goes nowhere.
      container.dismiss(animated: animated, fileID: fileID, line: line)
      return
    }
    // The presentation ends inside this call, and its end handler takes the value.
    pending = value
    container.dismiss(animated: animated, fileID: fileID, line: line)
    pending = nil
  }
}
