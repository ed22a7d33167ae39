import Testing

@testable import NotesServerKit

struct LRUCacheTests {
  @Test func aCacheOfNothingKeepsNothing() {
    var cache = LRUCache<String, Int>(capacity: 0)
    cache["a"] = 1
    #expect(cache["a"] == nil)
    #expect(cache.count == 0)
  }

  @Test func aCacheOfOneKeepsTheLastValue() {
    var cache = LRUCache<String, Int>(capacity: 1)
    cache["a"] = 1
    cache["b"] = 2
    #expect(cache["a"] == nil)
    #expect(cache["b"] == 2)
    #expect(cache.keys == ["b"])
  }

  @Test func readingAValueSavesItFromTheNextEviction() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache["a"] = 1
    cache["b"] = 2
    _ = cache["a"]
    cache["c"] = 3
    #expect(cache.keys == ["c", "a"])
    #expect(cache.peek("b") == nil)
  }

  @Test func peekingLeavesTheOrderAlone() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache["a"] = 1
    cache["b"] = 2
    #expect(cache.peek("a") == 1)
    cache["c"] = 3
    #expect(cache.keys == ["c", "b"])
  }

  @Test func settingAKeyAgainReplacesItsValueAndRemovingFreesItsPlace() {
    var cache = LRUCache<String, Int>(capacity: 2)
    cache["a"] = 1
    cache["b"] = 2
    cache["a"] = 10
    #expect(cache.keys == ["a", "b"])
    cache["a"] = nil
    cache["c"] = 3
    #expect(cache.keys == ["c", "b"])
    #expect(cache.count == 2)
  }

  @Test func manyRandomOperationsAgreeWithAnArrayInUseOrder() {
    var random = SplitMix64(seed: 7)
    var cache = LRUCache<Int, Int>(capacity: 8)
    var model: [(key: Int, value: Int)] = []
    for step in 0..<20_000 {
      let key = Int.random(in: 0..<20, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        cache[key] = step
        model.removeAll { $0.key == key }
        model.insert((key, step), at: 0)
        if model.count > 8 { model.removeLast() }
      case 1:
        let found = cache[key]
        if let index = model.firstIndex(where: { $0.key == key }) {
          #expect(found == model[index].value)
          model.insert(model.remove(at: index), at: 0)
        } else {
          #expect(found == nil)
        }
      default:
        cache[key] = nil
        model.removeAll { $0.key == key }
      }
      #expect(cache.keys == model.map(\.key))
    }
  }
}
