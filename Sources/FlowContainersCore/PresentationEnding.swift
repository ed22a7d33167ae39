/// How a presentation ended.
///
/// The library tells a presenter exactly once how each presentation ended, through the `onEnd`
/// closure of ``ContainerNode/present(_:style:animated:fileID:line:onEnd:)`` and as a
/// ``NavigationEvent``. The sub-flow's *result* (saved, cancelled, signed in) travels separately:
/// through the delegate protocol the sub-flow declares, or typed, through a ``FlowResult`` whose
/// ``PresentationResult`` carries the ending when there is no value.
public enum PresentationEnding: String, Sendable, Hashable, Codable, CaseIterable {
  /// The presented flow dismissed itself with ``ContainerNode/dismiss(animated:fileID:line:)``
  /// or ``ContainerNode/finish()``.
  case finished
  /// The presenter dismissed it with ``ContainerNode/dismissPresented(animated:fileID:line:)``,
  /// or a change with another cause dismissed it because it was in the way; its tab bar removed
  /// it, or its split replaced it.
  case dismissedByPresenter
  /// The host reported that the user closed it (``HostEvent/userDismissed``).
  case dismissedByUser
  /// It was torn down because a container below it was dismissed or released.
  case tornDown
}
