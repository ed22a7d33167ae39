import FlowContainersCore

/// A flow that may object when a link, a destination or a restoration would dismiss it, such as
/// an editor with unsaved changes.
///
/// Before applying a plan, the ``DeepLinkRouter`` asks every flow the plan would dismiss,
/// topmost first; for an ``Alert`` it would dismiss, it asks the flow that
/// presented the alert. If one objects, the link is held until that flow's presentation ends, or
/// dropped when ``DeepLinkRouter/dropsObjectedLinks`` is set; either way nothing moves now, and the
/// caller learns which from the ``LinkOutcome``. A restoration that meets an objection restores
/// nothing and says who objected.
///
/// ```swift
/// extension EditorFlow: InterruptionAware {
///   func objection(toInterruptionBy request: NavigationRequest) -> String? {
///     hasUnsavedChanges ? "the note has unsaved changes" : nil
///   }
/// }
/// ```
@MainActor
public protocol InterruptionAware: AnyObject {
  /// Asked before a link, a destination or a restoration dismisses this flow; return why not, or
  /// `nil` to allow it.
  ///
  /// It must not change the tree.
  ///
  /// - Parameter request: What would dismiss the flow.
  /// - Returns: A reason for a person, or `nil`.
  func objection(toInterruptionBy request: NavigationRequest) -> String?
}
