/// A flow that exposes its container, so the library can present it for you.
///
/// You never need this to present a flow yourself
/// (``ContainerNode/present(_:style:animated:fileID:line:onEnd:)`` takes a container). Adopt it
/// where the library creates and presents flows on your behalf: deep links and restoration require
/// it of every flow they create (a guard flow, a link's target).
///
/// ```swift
/// extension SignInFlow: PresentableFlow {}  // it already has `let container`
/// ```
@MainActor
public protocol PresentableFlow: AnyObject {
  /// The type of the screens in the flow's stack.
  associatedtype Screen

  /// The container the flow owns; its ``ContainerNode/owner`` must be the flow.
  var container: StackContainer<Screen> { get }

  /// How the library presents this flow when it presents it for you, as a guard flow; a
  /// ``PresentationStyle/sheet`` unless the flow says otherwise.
  ///
  /// Sub-flows that links and restoration present declare their style with their
  /// `SubFlow` declaration instead.
  var preferredPresentationStyle: PresentationStyle { get }
}

extension PresentableFlow {
  /// A ``PresentationStyle/sheet``.
  public var preferredPresentationStyle: PresentationStyle { .sheet }
}
