import FlowContainers
import Foundation
import Testing

/// Random tab operations (add, remove, select, replace, host selections, modals inside tabs
/// and over the tab container, dismissals) on a real tab container and on a small model side by
/// side; after every step the tabs, the selection, the topmost layer, the live flows and every
/// ending must agree.
@MainActor
struct TabModelTests {
  /// One tab in the model: its flow's id and the ids of the modals presented in it, bottom first.
  private struct Tab: Equatable {
    var id: Int
    var modals: [Int]
  }

  @MainActor
  private struct Run {
    let counts = LiveCounts()
    let root = TabsFlow()
    var tabs: [Tab] = []
    var selected: Int?
    /// Modals presented over the whole tab container, bottom first.
    var cover: [Int] = []
    /// Flows that have ended, each with the ending the model expects.
    var ended: [Int: PresentationEnding] = [:]
    /// Containers of removed tabs, held for a while as a host animating them away would.
    var removed: [ContainerNode] = []
    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(bound, 1))) }

    /// A new flow, counted live, whose presentation endings are recorded.
    func makeFlow() -> ModelFlow { ModelFlow(counts: counts) }

    /// The topmost container of a tab, in the real tree.
    func top(of tab: Int) -> ContainerNode { root.container.tabs[tab].topmost }

    /// Removes a tab from the model: its modals end torn down.
    mutating func dropTab(at index: Int) {
      for modal in tabs[index].modals { ended[modal] = .tornDown }
      tabs.remove(at: index)
    }

    mutating func step() -> String {
      let tabCount = tabs.count
      switch int(9) {
      case 0, 1:
        let flow = makeFlow()
        let position = int(tabCount + 1)
        root.container.addTab(flow.container, at: position)
        tabs.insert(Tab(id: flow.id, modals: []), at: position)
        if let current = selected { selected = current >= position ? current + 1 : current }
        if selected == nil { selected = position }
        return "addTab at \(position)"
      case 2:
        guard tabCount > 0 else { return "skip" }
        let index = int(tabCount)
        removed.append(root.container.tabs[index])
        root.container.removeTab(at: index)
        dropTab(at: index)
        if let current = selected {
          if tabs.isEmpty {
            selected = nil
          } else if current > index || current == tabs.count {
            selected = current - 1
          }
        }
        return "removeTab at \(index)"
      case 3:
        guard tabCount > 0 else { return "skip" }
        let index = int(tabCount)
        root.container.handle(.userSelectedTab(index: index))
        selected = index
        return "userSelectedTab \(index)"
      case 4, 5:
        guard tabCount > 0 else { return "skip" }
        let index = int(tabCount)
        let flow = makeFlow()
        let style: PresentationStyle = Bool.random(using: &generator) ? .sheet : .fullScreenCover
        let endings = counts
        let id = flow.id
        top(of: index).present(flow.container, style: style) {
          endings.endings[id, default: []].append($0)
        }
        tabs[index].modals.append(id)
        return "present in tab \(index)"
      case 6:
        guard tabCount > 0 else { return "skip" }
        let index = int(tabCount)
        guard !tabs[index].modals.isEmpty else { return "skip" }
        let depth = int(tabs[index].modals.count)
        // Dismiss from the tab (depth 0) or from a modal in it.
        let presenter =
          depth == 0
          ? root.container.tabs[index] : root.container.tabs[index].layersToTop[depth]
        presenter.dismissPresented()
        let gone = Array(tabs[index].modals[depth...])
        for (offset, modal) in gone.enumerated() {
          ended[modal] = offset == 0 ? .dismissedByPresenter : .tornDown
        }
        tabs[index].modals.removeSubrange(depth...)
        return "dismiss in tab \(index) from \(depth)"
      case 7:
        if !cover.isEmpty, Bool.random(using: &generator) {
          root.container.dismissPresented()
          for (offset, modal) in cover.enumerated() {
            ended[modal] = offset == 0 ? .dismissedByPresenter : .tornDown
          }
          cover.removeAll()
          return "dismiss the cover"
        }
        let flow = makeFlow()
        let endings = counts
        let id = flow.id
        (cover.isEmpty ? root.container : root.container.topmost).present(flow.container) {
          endings.endings[id, default: []].append($0)
        }
        cover.append(id)
        return "present a cover"
      default:
        // Replace the tabs: keep a random subset in a shuffled order, add one new tab.
        var kept = Array(0..<tabCount).filter { _ in Bool.random(using: &generator) }
        kept.shuffle(using: &generator)
        let flow = makeFlow()
        let nodes = kept.map { root.container.tabs[$0] } + [flow.container]
        removed += root.container.tabs.indices.filter { !kept.contains($0) }.map {
          root.container.tabs[$0]
        }
        let newSelected = int(nodes.count)
        root.container.setTabs(nodes, selected: newSelected)
        var next = kept.map { tabs[$0] }
        for index in (0..<tabCount).reversed() where !kept.contains(index) { dropTab(at: index) }
        next.append(Tab(id: flow.id, modals: []))
        tabs = next
        selected = newSelected
        return "setTabs keeping \(kept)"
      }
    }

    func check() -> String? {
      let real = root.container.tabs.map { ($0.owner as? ModelFlow)?.id ?? -1 }
      if real != tabs.map(\.id) { return "tabs \(real), model \(tabs.map(\.id))" }
      if root.container.selectedIndex != selected {
        return
          "selected \(String(describing: root.container.selectedIndex)), model \(String(describing: selected))"
      }
      for (index, tab) in tabs.enumerated() {
        let chain = Array(root.container.tabs[index].layersToTop.dropFirst())
        let ids = chain.map { ($0.owner as? ModelFlow)?.id ?? -1 }
        if ids != tab.modals { return "tab \(index) presents \(ids), model \(tab.modals)" }
      }
      let expectedTop: ContainerNode? =
        !cover.isEmpty
        ? root.container.topmost
        : selected.map { root.container.tabs[$0].topmost } ?? root.container
      if root.container.topmost !== expectedTop { return "topmost is not what the user sees" }
      if let last = cover.last, (root.container.topmost.owner as? ModelFlow)?.id != last {
        return "the cover is not on top"
      }
      // A removed tab has finished and presents nothing, even while something still holds it.
      for tab in removed where !tab.isFinished || tab.presented != nil || tab.tabContainer != nil {
        return "a removed tab is still live"
      }
      // A held container does not hold its flow: removed tabs' flows are gone.
      let live = tabs.count + tabs.reduce(0) { $0 + $1.modals.count } + cover.count
      if counts.flows != live { return "\(counts.flows) flows live, the model has \(live)" }
      for (id, ending) in ended where counts.endings[id] != [ending] {
        return "flow \(id) ended \(counts.endings[id] ?? []), expected once as \(ending)"
      }
      for tab in tabs {
        for modal in tab.modals where counts.endings[modal] != nil {
          return "live modal \(modal) has ended"
        }
      }
      return nil
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomTabOperationsKeepTheTreeAndTheModelInStep(seed: UInt64) {
    var run = Run(seed: seed)
    var log: [String] = []
    for step in 0..<2_000 {
      // The host lets go of the removed tabs it was animating away.
      if step % 50 == 0 { run.removed.removeAll() }
      log.append(run.step())
      if let problem = run.check() {
        Issue.record("seed \(seed), step \(step): \(problem)\nlast steps: \(log.suffix(8))")
        return
      }
    }
    // Every way a tab or a modal ends was exercised.
    #expect(run.ended.values.contains(.tornDown))
    #expect(run.ended.values.contains(.dismissedByPresenter))
  }
}
