import Foundation

/// The saved state of `restore_apply_save`'s floor, as plain `Codable` structs: the same JSON as
/// the library's snapshot of `SaveRoot`'s tree.
struct FloorSavedState: Codable {
  /// One flow's level, root first.
  struct Level: Codable {
    var flow: String
    var routes: [Route]
    var style: String?
  }

  var version: Int
  var levels: [Level]
}

/// The root coordinator of `restore_apply_save`'s floor, written by hand as `SaveRoot`'s twin: a
/// stack of routes, where `item/<id>` shows an item and what follows it goes to a
/// ``FloorSaveDetail`` presented over it.
///
/// It restores its saved state, opens a link and saves again by hand: it checks the saved flows'
/// names and roots, keeps what a link leaves as it is and replaces the rest. It leaves out what
/// only the library promises: a registry of flow types, reports of what was dropped, plans,
/// guards, objections and ``FloorContainer``'s omissions.
@MainActor
final class FloorSaveRoot {
  let container = FloorContainer<Route>(stack: [.home])

  /// A root restored from `data`, or `nil` when it is not a saved tree of these flows.
  static func restore(_ data: Data) -> FloorSaveRoot? {
    guard let saved = try? JSONDecoder().decode(FloorSavedState.self, from: data),
      saved.version == 3, let first = saved.levels.first, first.flow == "SaveRoot",
      first.routes.first == .home
    else { return nil }
    let root = FloorSaveRoot()
    root.container.editStack { $0 = first.routes }
    guard saved.levels.count > 1 else { return root }
    let second = saved.levels[1]
    guard second.flow == "SaveDetail", !second.routes.isEmpty else { return root }
    let detail = FloorSaveDetail()
    detail.container.editStack { $0 = second.routes }
    if saved.levels.count > 2, saved.levels[2].flow == "SavePart", !saved.levels[2].routes.isEmpty {
      let part = FloorSavePart()
      let routes = saved.levels[2].routes
      part.container.editStack { $0 = routes }
      detail.container.present(part, container: part.container)
    }
    root.container.present(detail, container: detail.container)
    return root
  }

  /// Whether a link of these components, after the scheme, can be shown from the root.
  static func canHandle(_ components: ArraySlice<Substring>) -> Bool {
    guard components.count >= 2, components.first == "item",
      HandWritten.int(components[components.startIndex + 1]) != nil
    else { return false }
    let rest = components.dropFirst(2)
    return rest.isEmpty || FloorSaveDetail.canHandle(rest)
  }

  /// Shows what `components` name, keeping the stack and the detail flow when they stay.
  func open(_ components: ArraySlice<Substring>) {
    guard let item = HandWritten.int(components[components.startIndex + 1]) else { return }
    let rest = components.dropFirst(2)
    if container.stack != [.home, .item(item)] {
      container.dismissPresented()
      container.editStack { stack in
        stack.removeSubrange(1...)
        stack.append(.item(item))
      }
    }
    guard !rest.isEmpty else {
      container.dismissPresented()
      return
    }
    if let detail = container.presented as? FloorSaveDetail {
      detail.open(rest)
      return
    }
    let detail = FloorSaveDetail()
    detail.open(rest)
    container.present(detail, container: detail.container)
  }

  /// The saved state of the tree, as JSON with sorted keys.
  func save() -> Data? {
    var levels = [FloorSavedState.Level(flow: "SaveRoot", routes: container.stack)]
    if let detail = container.presented as? FloorSaveDetail {
      levels.append(.init(flow: "SaveDetail", routes: detail.container.stack))
      if let part = detail.container.presented as? FloorSavePart {
        levels.append(.init(flow: "SavePart", routes: part.container.stack))
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try? encoder.encode(FloorSavedState(version: 3, levels: levels))
  }

  isolated deinit {
    container.endPresentation(.tornDown)
  }
}

/// The middle level of `restore_apply_save`'s floor, `SaveDetail`'s twin: `detail/<id>` shows a
/// detail, and what follows goes to a ``FloorSavePart`` presented over it.
@MainActor
final class FloorSaveDetail {
  let container = FloorContainer<Route>(stack: [])

  /// Whether this flow can show a link of these components.
  static func canHandle(_ components: ArraySlice<Substring>) -> Bool {
    guard components.count >= 2, components.first == "detail",
      HandWritten.int(components[components.startIndex + 1]) != nil
    else { return false }
    let rest = components.dropFirst(2)
    return rest.isEmpty || FloorSavePart.canHandle(rest)
  }

  /// Shows what `components` name; a part over a stack that changes is replaced.
  func open(_ components: ArraySlice<Substring>) {
    guard let detail = HandWritten.int(components[components.startIndex + 1]) else { return }
    let rest = components.dropFirst(2)
    if container.stack != [.detail(detail)] {
      container.dismissPresented()
      container.editStack { $0 = [.detail(detail)] }
    }
    guard !rest.isEmpty else {
      container.dismissPresented()
      return
    }
    if let part = container.presented as? FloorSavePart {
      part.open(rest)
      return
    }
    let part = FloorSavePart()
    part.open(rest)
    container.present(part, container: part.container)
  }

  isolated deinit {
    container.endPresentation(.tornDown)
  }
}

/// The top level of `restore_apply_save`'s floor, `SavePart`'s twin: `part/<n>` shows an item.
@MainActor
final class FloorSavePart {
  let container = FloorContainer<Route>(stack: [])

  /// Whether this flow can show a link of these components.
  static func canHandle(_ components: ArraySlice<Substring>) -> Bool {
    components.count == 2 && components.first == "part"
      && HandWritten.int(components[components.startIndex + 1]) != nil
  }

  /// Shows what `components` name.
  func open(_ components: ArraySlice<Substring>) {
    guard let part = HandWritten.int(components[components.startIndex + 1]) else { return }
    if container.stack != [.item(part)] { container.editStack { $0 = [.item(part)] } }
  }
}
