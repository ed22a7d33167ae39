/// A flow that may object when a link, a destination or a restoration would dismiss it, such as
/// an editor with unsaved changes.
///
/// A plan asks every flow it would dismiss, topmost first (for an ``Alert``, the flow that
/// presented it). A link then is held until that flow's presentation ends, or dropped
/// (``DeepLinkRouter/dropsObjectedLinks``); a restoration restores nothing. Nothing moves.
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
  /// `nil` to allow it. It must not change the tree.
  ///
  /// - Parameter request: What would dismiss the flow.
  /// - Returns: A reason for a person, or `nil`.
  func objection(toInterruptionBy request: NavigationRequest) -> String?
}
