extension FlowTree: CustomStringConvertible {
  /// The tree dump: one line per level, drawn under the level it hangs on, with its flow, how
  /// it hangs and its screens; `print(app.container.tree)` prints the live tree.
  ///
  /// However deep the tree, the dump stays readable and its size linear: indentation stops
  /// growing after 16 levels (deeper lines name their depth, `EditorFlow@40`), and a chain of
  /// more than 64 containers shows its first and last 32 around a line saying how many were
  /// left out.
  ///
  /// ```
  /// TabsFlow: [LibraryFlow*, SearchFlow]
  /// ├─ LibraryFlow (tab 0, selected): [library]
  /// │  └─ EditorFlow (sheet): [edit]
  /// └─ SearchFlow (tab 1): [search]
  /// ```
  public var description: String {
    // Whether each level is the last of what hangs on its parent (its tabs, then what it
    // presents): one pass, since every level's children are known.
    var isLast = [Bool](repeating: true, count: levels.count)
    for level in levels {
      let children = level.children
      for child in children.dropLast() { isLast[child] = false }
    }
    // Whether the ancestor at each drawn depth has more below it: a bar `│` continues there.
    var continues = [Bool](repeating: false, count: TreeDump.maximumIndent + 1)
    var lines: [String] = []
    var shown = TreeDump.shownLevels(count: levels.count).makeIterator()
    var next = shown.next()
    for (index, level) in levels.enumerated() {
      if level.depth <= TreeDump.maximumIndent { continues[level.depth] = !isLast[index] }
      guard let wanted = next else { break }
      guard let wantedIndex = wanted else {
        lines.append(
          TreeDump.elision(
            depth: TreeDump.keptAtEachEnd, count: levels.count - 2 * TreeDump.keptAtEachEnd))
        next = shown.next()
        continue
      }
      guard wantedIndex == index else { continue }
      next = shown.next()
      lines.append(
        TreeDump.line(
          depth: level.depth, continuing: continues, isLast: isLast[index],
          flow: level.flow.description, note: level.place.note, items: level.screens))
    }
    return lines.joined(separator: "\n")
  }
}

extension FlowTree.Level.Place {
  /// How a dump says a level hangs: its style, which tab, or nothing for a root.
  var note: String? {
    switch self {
    case .root: nil
    case .presented(let style): style.rawValue
    case .tab(let index, let selected): selected ? "tab \(index), selected" : "tab \(index)"
    case .column(let column): "\(column)"
    }
  }
}
