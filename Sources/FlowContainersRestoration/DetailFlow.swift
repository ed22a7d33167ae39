public import FlowContainersCore

/// One detail flow a ``SplitFlow`` can show for restoration and links: its type, the code that
/// makes it, and, optionally, what the split does when that detail ends.
///
/// Declare one per detail type in ``SplitFlow/detailFlows``:
///
/// ```swift
/// static let detailFlows: [DetailFlow<NotesSplitFlow>] = [
///   .flow(NoteFlow.self) { split, routes in
///     guard case .note(let id)? = routes.first else { return nil }
///     return NoteFlow(id: id, store: split.store)
///   } onEnd: { split, note, ending in
///     split.log("closed \(note.id): \(ending)")
///   }
/// ]
/// ```
///
/// `onEnd` hears what ``SplitContainer/showDetail(_:animated:fileID:line:onEnd:)``'s does: once,
/// however the detail ends, not when the split itself is being released.
public struct DetailFlow<Split: SplitFlow>: Sendable {
  /// The detail flow's type.
  let detailType: Metatype<any RestorableFlow.Type>
  /// Makes the detail for the split and the routes it will show.
  let make: @MainActor @Sendable (Split, RouteList) -> MadeFlow?

  /// A detail flow of type `type`, made by `make`.
  ///
  /// - Parameters:
  ///   - type: The detail flow's type.
  ///   - make: Makes the detail, not yet shown, given the split and the routes it will show,
  ///     bottom first; `nil` fails the link or the restored detail, and nothing moves.
  ///   - onEnd: Called once when a detail made by `make` ends, with the split and the detail,
  ///     both still alive, and how it ended.
  /// - Returns: The declaration.
  public static func flow<Child: RestorableFlow>(
    _ type: Child.Type,
    make: @escaping @MainActor @Sendable (_ split: Split, _ routes: [Child.Route]) -> Child?,
    onEnd: (
      @MainActor @Sendable (_ split: Split, _ detail: Child, _ ending: PresentationEnding) -> Void
    )? = nil
  ) -> DetailFlow {
    DetailFlow(detailType: Metatype(type)) { split, routes in
      guard let typed = routes.typed(as: Child.Route.self) else { return nil }
      return make(split, typed).map { MadeFlow($0, of: split, onEnd: onEnd) }
    }
  }
}
