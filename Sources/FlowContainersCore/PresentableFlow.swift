/// A flow that exposes its container, so the library can present it for you.
///
/// You never need this to present a flow yourself
/// (``ContainerNode/present(_:style:animated:fileID:line:onEnd:)`` takes a container). Adopt it
/// where the library creates and presents flows on your behalf: it requires it of every flow it
/// creates.
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
}
