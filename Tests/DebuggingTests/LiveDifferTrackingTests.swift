import Foundation
import Testing

@testable import Debugging

/// A collection that says which positions were written and counts the elements the diff reads.
private final class ReadCounter: @unchecked Sendable {
  var positions: [Int] = []
}

/// Reflects as an array of its rows, as the runtime's `IdentifiedArray` does.
private struct TrackedRows: ChangeTrackingCollection, CustomReflectable {
  struct Row: Equatable { var id: Int; var title: String }
  var rows: [Row]
  var written: [Int]?
  let reads: ReadCounter

  func positionsWritten(since earlier: Any) -> [Int]? { written }
  var trackedCount: Int { rows.count }
  func trackedElement(at position: Int) -> Any {
    reads.positions.append(position)
    return rows[position]
  }

  var customMirror: Mirror { Mirror(self, unlabeledChildren: rows, displayStyle: .collection) }
}

private struct Board {
  var count = 0
  var rows: TrackedRows
}

@Suite struct LiveDifferTrackingTests {
  private func board(_ reads: ReadCounter) -> Board {
    Board(rows: TrackedRows(rows: (0..<100_000).map { .init(id: $0, title: "Row \($0)") }, written: [], reads: reads))
  }

  /// One written element of 100,000: the diff reads that element on both sides and no other.
  @Test func onlyTheWrittenElementsAreRead() {
    let reads = ReadCounter()
    let old = board(reads)
    var new = old
    new.rows.rows[70_001].title = "Milk"
    new.rows.written = [70_001]
    let diff = StateDiff(old, new)
    #expect(reads.positions == [70_001, 70_001])
    #expect(
      diff.description == """
          Board(
            … (1 unchanged),
            rows: [
              … (70001 unchanged),
              [70001]: TrackedRows.Row(
                … (1 unchanged),
        -       title: "Row 70001"
        +       title: "Milk"
              ),
              … (29998 unchanged)
            ]
          )
        """)
  }

  /// A large array that did not change is not looked at: its field's bytes are the same.
  @Test func anUnchangedLargeArrayIsNotRead() {
    let reads = ReadCounter()
    let old = board(reads)
    var new = old
    new.count = 1
    #expect(
      StateDiff(old, new).description == """
          Board(
        -   count: 0,
        +   count: 1,
            … (1 unchanged)
          )
        """)
    #expect(reads.positions == [])
  }
}
