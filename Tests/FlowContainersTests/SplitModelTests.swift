import FlowContainers
import FlowContainersTesting
import Testing

/// The split of the split model test.
@MainActor
private final class ModelSplitFlow {
  let container = SplitContainer()
  init() { container.owner = self }
}

/// Random split operations (columns shown, replaced and closed, widths, pops of the collapsed
/// stack and of each column, interactive pops, presentations asked by either column, which end
/// with it, details that finish themselves, and endings whose callbacks navigate) on a real
/// split and on a small model side by side; after every step the columns, their stacks, the
/// width, the topmost layer, the live flows and screens and every ending must agree.
@MainActor
struct SplitModelTests {
  /// One column in the model: its flow's id and how many screens its stack holds.
  private struct Column: Equatable {
    var id: Int
    var screens: Int
  }

  @MainActor
  private struct Run {
    let counts = LiveCounts()
    let root = ModelSplitFlow()
    var primary: Column?
    var detail: Column?
    var width = SplitWidth.regular
    /// Modals presented over the whole split, bottom first.
    var cover: [Int] = []
    /// The column that asked for the cover, by flow id: the cover ends with it.
    var coverAsker: Int?
    /// Details that have ended, each with the ending the model expects.
    var ended: [Int: PresentationEnding] = [:]
    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }

    mutating func coin() -> Bool { Bool.random(using: &generator) }

    var split: SplitContainer { root.container }

    func stack(of node: ContainerNode?) -> StackContainer<ModelScreen>? {
      node as? StackContainer<ModelScreen>
    }

    /// Pushes the callbacks asked for during the step, which run after its change.
    var pendingPushes = 0

    /// What a detail's ending does in the model: what it presented ends first, torn down; an
    /// odd detail's callback pushes a screen on the list, after the change that ended it.
    mutating func detailEnded(_ column: Column, as ending: PresentationEnding) {
      columnEnded(column)
      ended[column.id] = ending
      if column.id % 2 == 1, ending != .tornDown { pendingPushes += 1 }
    }

    /// A column ends: the cover it asked for ends before it, torn down.
    mutating func columnEnded(_ column: Column) {
      guard coverAsker == column.id, let id = cover.first else { return }
      cover.removeAll()
      coverAsker = nil
      ended[id] = .tornDown
    }

    /// One random operation, then what its callbacks asked for.
    mutating func step() -> String {
      let did = operation()
      if primary != nil { primary?.screens += pendingPushes }
      pendingPushes = 0
      return did
    }

    /// Shows a new detail flow of `screens` screens; an odd one's `onEnd` pushes on the list.
    mutating func showDetail(screens: Int) -> String {
      let flow = ModelFlow(counts: counts, stack: Array(0..<screens))
      let id = flow.id
      let endings = counts
      split.showDetail(flow.container) { [weak split] ending in
        endings.endings[id, default: []].append(ending)
        guard id % 2 == 1, ending != .tornDown else { return }
        // A callback that navigates: it runs after the change, so it pushes on the new list.
        (split?.primary as? StackContainer<ModelScreen>)?.push(ModelScreen(9, counts: endings))
      }
      if let old = detail { detailEnded(old, as: .dismissedByPresenter) }
      detail = Column(id: id, screens: screens)
      return "showDetail \(id) (\(screens))"
    }

    mutating func operation() -> String {
      switch int(13) {
      case 0:
        let flow = ModelFlow(counts: counts, stack: Array(0..<(1 + int(3))))
        split.setPrimary(flow.container)
        if let old = primary { columnEnded(old) }
        primary = Column(id: flow.id, screens: flow.container.count)
        return "setPrimary \(flow.id)"
      case 1, 2:
        return showDetail(screens: 1 + int(3))
      case 3:
        guard let old = detail else {
          let reported = withRecordedDiagnostics { split.closeDetail() }
          return reported.map(\.code) == [.invalidColumn] ? "closeDetail, none" : "NOT REPORTED"
        }
        detail = nil
        split.closeDetail()
        detailEnded(old, as: .dismissedByPresenter)
        return "closeDetail"
      case 4:
        width = width == .compact ? .regular : .compact
        split.handle(.widthChanged(width))
        return "width \(width)"
      case 5:
        // A push on a column, whatever the width: on the list, it lands below the seam.
        let onDetail = coin()
        guard let target = stack(of: onDetail ? split.detail : split.primary) else {
          return "skip"
        }
        target.push(ModelScreen(1, counts: counts))
        if onDetail { detail?.screens += 1 } else { primary?.screens += 1 }
        return "push on \(onDetail ? "detail" : "primary")"
      case 6:
        // The user pops the collapsed stack to a position.
        guard width == .compact else { return "skip" }
        let listCount = primary?.screens ?? 0
        let count = listCount + (detail?.screens ?? 0)
        guard count > 0 else { return "skip" }
        let index = int(count)
        split.handle(.userPopped(toIndex: index))
        if index >= listCount, detail != nil {
          detail?.screens = index - listCount + 1
        } else {
          if let old = detail {
            detail = nil
            detailEnded(old, as: .dismissedByUser)
          }
          if let screens = primary?.screens, index < screens - 1 { primary?.screens = index + 1 }
        }
        return "collapsed pop to \(index)"
      case 7:
        // Side by side, the user pops one column's own stack.
        guard width == .regular else { return "skip" }
        let onDetail = coin()
        guard let node = onDetail ? split.detail : split.primary, node.count > 1 else {
          return "skip"
        }
        let index = int(node.count)
        node.handle(.userPopped(toIndex: index))
        if onDetail { detail?.screens = index + 1 } else { primary?.screens = index + 1 }
        return "pop \(onDetail ? "detail" : "primary") to \(index)"
      case 8:
        // A column presents: over the whole split, until it ends.
        let onDetail = coin()
        guard let asker = onDetail ? split.detail : split.primary,
          let askerID = (onDetail ? detail : primary)?.id
        else { return "skip" }
        let flow = ModelFlow(counts: counts)
        let id = flow.id
        let endings = counts
        guard cover.isEmpty else {
          let reported = withRecordedDiagnostics { asker.present(flow.container) }
          return reported.map(\.code) == [.alreadyPresenting] ? "second present" : "NOT REPORTED"
        }
        asker.present(flow.container) { endings.endings[id, default: []].append($0) }
        cover.append(id)
        coverAsker = askerID
        return "present from the \(onDetail ? "detail" : "primary")"
      case 9:
        guard let id = cover.first else { return "skip" }
        let asker = coin() ? split.detail : split.primary
        (asker ?? split).dismissPresented()
        cover.removeAll()
        coverAsker = nil
        ended[id] = .dismissedByPresenter
        return "dismiss the cover"
      case 10:
        guard let old = detail else { return "skip" }
        split.detail?.finish()
        detail = nil
        detailEnded(old, as: .finished)
        return "the detail finishes"
      case 11:
        // An interactive pop of the collapsed stack, committed or cancelled.
        guard width == .compact, cover.isEmpty else { return "skip" }
        let count = (primary?.screens ?? 0) + (detail?.screens ?? 0)
        guard count > 1 else { return "skip" }
        split.handle(.interactivePopBegan)
        guard coin() else {
          split.handle(.interactivePopCancelled)
          return "interactive pop cancelled"
        }
        split.handle(.interactivePopCommitted)
        if let old = detail {
          if old.screens > 1 {
            detail?.screens -= 1
          } else {
            detail = nil
            detailEnded(old, as: .dismissedByUser)
          }
        } else {
          primary?.screens -= 1
        }
        return "interactive pop committed"
      default:
        // A width the host reports again changes nothing.
        split.handle(.widthChanged(width))
        return "same width"
      }
    }

    func check() -> String? {
      let realPrimary = stack(of: split.primary).map {
        Column(id: ($0.owner as? ModelFlow)?.id ?? -1, screens: $0.count)
      }
      if realPrimary != primary {
        return "primary \(String(describing: realPrimary)), model \(String(describing: primary))"
      }
      let realDetail = stack(of: split.detail).map {
        Column(id: ($0.owner as? ModelFlow)?.id ?? -1, screens: $0.count)
      }
      if realDetail != detail {
        return "detail \(String(describing: realDetail)), model \(String(describing: detail))"
      }
      if split.width != width { return "width \(split.width), model \(width)" }
      if width == .compact,
        split.collapsedCount != (primary?.screens ?? 0) + (detail?.screens ?? 0)
      {
        return "collapsed count \(split.collapsedCount)"
      }
      let top = split.topmost
      let expectedTop: Int? = cover.last ?? detail?.id ?? primary?.id
      if (top.owner as? ModelFlow)?.id != expectedTop {
        return "topmost is not what the user sees"
      }
      if split.tree.levels[0].width != width { return "the tree's width" }
      let live = (primary == nil ? 0 : 1) + (detail == nil ? 0 : 1) + cover.count
      // The replaced primaries are the only flows the model does not count: none stays alive.
      if counts.flows != live { return "\(counts.flows) flows live, the model has \(live)" }
      let screens = (primary?.screens ?? 0) + (detail?.screens ?? 0) + cover.count
      if counts.screens != screens { return "\(counts.screens) screens live, model \(screens)" }
      for (id, ending) in ended where counts.endings[id] != [ending] {
        return "flow \(id) ended \(counts.endings[id] ?? []), expected once as \(ending)"
      }
      if let id = detail?.id, counts.endings[id] != nil { return "the live detail has ended" }
      return nil
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomSplitOperationsKeepTheTreeAndTheModelInStep(seed: UInt64) {
    var run = Run(seed: seed)
    var log: [String] = []
    for step in 0..<2_000 {
      let did = run.step()
      log.append(did)
      let problem = did == "NOT REPORTED" ? "misuse was not reported" : run.check()
      if let problem {
        Issue.record("seed \(seed), step \(step): \(problem)\nlast steps: \(log.suffix(8))")
        return
      }
    }
    // Every way a detail ends was exercised.
    let endings = Set(run.ended.values)
    #expect(endings.isSuperset(of: [.dismissedByPresenter, .dismissedByUser, .finished]))
    // Releasing the split ends the live detail as torn down, and releases every flow.
    let detail = run.detail?.id
    let counts = run.counts
    run = Run(seed: 0)
    if let detail { #expect(counts.endings[detail] == [.tornDown]) }
    #expect(counts.flows == 0 && counts.screens == 0)
  }
}
