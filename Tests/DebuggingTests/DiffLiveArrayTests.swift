import Foundation
import Testing

@testable import Debugging

private struct Reading: Equatable {
  var label: String
  var value: Double
}

/// Not an `Array`; `==` also compares `revision`, which its mirror does not show.
private struct RevisedList: Equatable, RandomAccessCollection, CustomReflectable {
  var elements: [Reading]
  var revision = 0
  var startIndex: Int { 0 }
  var endIndex: Int { elements.count }
  subscript(position: Int) -> Reading { elements[position] }
  var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

@Suite struct DiffLiveArrayTests {
  private let readings = (0..<6).map { Reading(label: "r\($0)", value: Double($0)) }

  /// NaN is not `==` to itself; the live diff reads as the diff of the reflected trees (which
  /// compare doubles by bits), with or without identical bits in between.
  @Test func notANumberReadsAsTheValueTreeDiff() {
    var old = readings
    old[2].value = .nan
    var new = old
    new[4].value = 40
    #expect(StateDiff(old, new) == StateDiff(Value(reflecting: old), Value(reflecting: new)))
    new.remove(at: 0)
    #expect(StateDiff(old, new) == StateDiff(Value(reflecting: old), Value(reflecting: new)))
    #expect(StateDiff.text(old, old) == nil)
  }

  /// A collection is diffed by its elements: a difference its mirror does not show is no change.
  @Test func collectionsAreComparedByTheirElements() {
    let old = RevisedList(elements: readings)
    var new = old
    new.revision += 1
    #expect(old != new)
    #expect(StateDiff.text(old, new) == nil)
    new.elements[3].label = "three"
    #expect(
      StateDiff.text(old, new) == """
          [
            … (3 unchanged),
            [3]: Reading(
        -     label: "r3",
        +     label: "three",
              … (1 unchanged)
            ),
            … (2 unchanged)
          ]
        """)
  }

  /// Arrays sharing one buffer, and equal arrays in different buffers, are unchanged.
  @Test func sharedAndCopiedBuffersAreUnchanged() {
    let old = readings
    var copy = old
    copy.reserveCapacity(100)  // a new buffer, the same elements
    #expect(StateDiff(old, old).isEqual)
    #expect(StateDiff(old, copy).isEqual)
  }
}
