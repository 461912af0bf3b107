import Foundation
import Testing

@testable import Debugging

private struct Account: Equatable {
  var number: Int
  var owner: String
}

/// Identifiable through a computed `id`, as TCA users often write it.
private struct AccountRow: Equatable, Identifiable {
  var account: Account
  var isOpen = false
  var id: Int { account.number }
}

private struct Ledger: Equatable {
  var selected: AccountRow?
  var rows: [AccountRow]
}

@Suite struct ComputedIDDiffTests {
  private let ledger = Ledger(
    selected: AccountRow(account: Account(number: 1, owner: "ada")),
    rows: [1, 2, 3].map { AccountRow(account: Account(number: $0, owner: "owner \($0)")) })

  /// The live diff (what the recorder takes) reads like the diff of the reflected trees, its
  /// patch turns the old JSON into the new, and the rebuilt tree equals the reflected one.
  private func check(_ new: Ledger) throws -> String {
    let live = StateDiff(ledger, new)
    #expect(live == StateDiff(Value(reflecting: ledger), Value(reflecting: new)))
    var document = Value(reflecting: ledger).json
    try RecorderPatch.patch(live, new: Value(reflecting: new)).apply(to: &document)
    #expect(document == Value(reflecting: new).json)
    var rebuilt = Value(reflecting: ledger)
    #expect(live.root.change.apply(to: &rebuilt))
    #expect(rebuilt == Value(reflecting: new))
    return live.description
  }

  @Test func aComputedIDIsTheFirstFieldOfTheTree() {
    #expect(
      JSONWriter.string(Value(reflecting: ledger.rows[1]).json)
        == #"{"$type":"AccountRow","$id":2,"account":{"$type":"Account","number":2,"owner":"owner 2"},"isOpen":false}"#)
    #expect(Value(reflecting: ledger.rows[1]).elementID == .int(2))
    #expect(
      ValueText.compact(Value(reflecting: ledger.rows[1]))
        == #"AccountRow(account: Account(number: 2, owner: "owner 2"), isOpen: false)"#)
  }

  @Test func aFieldOfARowChanges() throws {
    var new = ledger
    new.rows[2].isOpen = true
    #expect(
      try check(new) == """
          Ledger(
            … (1 unchanged),
            rows: [
              … (2 unchanged),
              [2, id: 3]: AccountRow(
                … (1 unchanged),
        -       isOpen: false
        +       isOpen: true
              )
            ]
          )
        """)
  }

  @Test func rowsSortedAreMoves() throws {
    var new = ledger
    new.rows.reverse()
    #expect(
      try check(new) == """
          Ledger(
            … (1 unchanged),
            rows: [
        ~     [2 → 0, id: 3],
        ~     [1 → 1, id: 2],
              … (1 unchanged)
            ]
          )
        """)
  }

  /// Another row selected: its `$id` changes with its fields; the text shows the fields.
  @Test func anotherRowSelected() throws {
    var new = ledger
    new.selected = new.rows[1]
    #expect(
      try check(new) == """
          Ledger(
            selected: AccountRow(
              account: Account(
        -       number: 1,
        +       number: 2,
        -       owner: "ada"
        +       owner: "owner 2"
              ),
              … (1 unchanged)
            ),
            … (1 unchanged)
          )
        """)
  }
}
