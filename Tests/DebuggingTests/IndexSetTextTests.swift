import Foundation
import Testing

@testable import Debugging

private struct Selection: Equatable {
  var rows: IndexSet
}

/// An `IndexSet` reads as the indices it holds, not as the ranges it is stored in.
@Suite struct IndexSetTextTests {
  @Test func anIndexSetIsShownAsItsIndices() {
    #expect(ValueText.compact(Value(reflecting: IndexSet([0, 3, 4, 7]))) == "IndexSet([0, 3..<5, 7])")
    #expect(ValueText.compact(Value(reflecting: IndexSet())) == "IndexSet([])")
  }

  @Test func aChangedIndexSetIsReplacedWhole() {
    #expect(
      StateDiff.text(Selection(rows: [1]), Selection(rows: [1, 2, 3])) == """
          Selection(
        -   rows: IndexSet([1])
        +   rows: IndexSet([1..<4])
          )
        """)
  }
}
