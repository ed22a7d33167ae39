/// How the host shows a presented sub-flow: a sheet, a full-screen cover, or a style of its own.
///
/// The library does not interpret styles; it records the style a presentation was made with,
/// reports it in ``NavigationEvent``s, tree dumps and encodings. The host maps
/// each style to what its UI framework offers: SwiftUI's `sheet` and `fullScreenCover`, UIKit's
/// `modalPresentationStyle`, a terminal's header line.
///
/// ```swift
/// container.present(editor.container, style: .fullScreenCover)
///
/// // A style of your host's own, such as a popover:
/// extension PresentationStyle {
///   static let popover = PresentationStyle(rawValue: "popover")
/// }
/// ```
///
/// Styles are compared by their raw value, which is also what they encode to.
public struct PresentationStyle: RawRepresentable, Sendable, Hashable, Codable {
  /// The style's name, as it is encoded.
  public let rawValue: String

  /// Creates a style; use it for styles of your host's own.
  ///
  /// - Parameter rawValue: The style's name. The names `sheet` and `fullScreenCover` are the
  ///   library's.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A card over the presenter that leaves it partly visible; the default.
  public static let sheet = PresentationStyle(rawValue: "sheet")

  /// A layer that covers the whole screen.
  public static let fullScreenCover = PresentationStyle(rawValue: "fullScreenCover")

  /// An alert: a title, a message and a few actions, centred over everything (``Alert``).
  public static let alert = PresentationStyle(rawValue: "alert")

  /// A confirmation dialog: actions that confirm or cancel what the user just asked for, often
  /// from the bottom of the screen (``Alert``).
  public static let confirmationDialog = PresentationStyle(rawValue: "confirmationDialog")
}

extension PresentationStyle: CustomStringConvertible {
  /// The style's name.
  public var description: String { rawValue }
}
