import Debugging
import Runtime
import Testing

/// `IdentifiedArray` tells the recorder's diff which positions were written since an earlier copy.
struct EditTrailTests {
  struct Item: Equatable, Identifiable, Sendable {
    var id: Int
    var done = false
  }

  let items = IdentifiedArrayOf<Item>(uniqueElements: (0..<10_000).map { Item(id: $0) })

  @Test func writesByIDAreTheirPositions() {
    var array = items
    array[id: 4_711]?.done = true
    array[id: 12]?.done = true
    array[id: 4_711] = Item(id: 4_711, done: false)
    #expect(array.positionsWritten(since: items) == [4_711, 12, 4_711])
    #expect(items.positionsWritten(since: items) == [])
    let later = array
    array[id: 3]?.done = true
    #expect(array.positionsWritten(since: later) == [3])
  }

  @Test func insertionsRemovalsAndMovesAreNotPositions() {
    var sorted = items
    sorted.sort { $0.id > $1.id }
    #expect(sorted.positionsWritten(since: items) == nil)
    var removed = items
    removed[id: 5] = nil
    #expect(removed.positionsWritten(since: items) == nil)
    var appended = items
    appended.append(Item(id: -1))
    #expect(appended.positionsWritten(since: items) == nil)
  }

  /// Arrays that are not copies of one another are never taken for related, even when equal.
  @Test func unrelatedArraysAreNotCompared() {
    var other = IdentifiedArrayOf<Item>(uniqueElements: (0..<10_000).map { Item(id: $0) })
    other[id: 1]?.done = true
    #expect(other.positionsWritten(since: items) == nil)
    #expect(items.positionsWritten(since: [Item(id: 1)] as IdentifiedArrayOf<Item>) == nil)
    #expect(items.positionsWritten(since: "not an array") == nil)
  }

  /// The history is bounded: after 256 writes it is cut, and older copies are compared as usual.
  @Test func aLongHistoryIsCut() {
    var array = items
    for k in 0..<255 { array[id: k]?.done = true }
    #expect(array.positionsWritten(since: items)?.count == 255)
    array[id: 300]?.done = true
    #expect(array.positionsWritten(since: items) == nil)
  }
}
