import Debugging
import Foundation
import Runtime
import Testing

// The recorder's diff of an identified array compares only the written elements, where they are
// stored (same bytes: unchanged without a look; otherwise the ids, then the fields in place). It
// must read as the diff of the reflected trees for every kind of change inside an element, and
// give up (matching elements as usual) when a written element's id changed.

private struct Tag: Equatable { var name: String; var color: Int }

private enum Status: Equatable {
  case open
  case done(by: String, at: Int)
}

private struct Row: Equatable, Identifiable {
  var id: Int
  var title: String
  var tag = Tag(name: "home", color: 1)
  var meta: [String: Int] = ["a": 1, "b": 2]
  var status = Status.done(by: "ada", at: 1)
  var isDone = false
}

/// Identified by a computed `id` (`$id` in its tree).
private struct Note: Equatable, Identifiable {
  struct Key: Equatable { var raw: String }
  var key: Key
  var text: String
  var id: String { key.raw }
}

private struct Board: Equatable {
  var count = 0
  var rows: IdentifiedArrayOf<Row> = IdentifiedArrayOf(uniqueElements: (0..<50).map { Row(id: $0, title: "Row \($0)") })
  var notes: IdentifiedArrayOf<Note> = IdentifiedArrayOf(
    uniqueElements: (0..<20).map { Note(key: .init(raw: "n\($0)"), text: "Note \($0)") })
}

@Suite struct IdentifiedArrayTrackedDiffTests {
  /// The live diff of `old` → `change(old)` next to the diff of the reflected trees.
  private func diffs(_ change: (inout Board) -> Void) -> (live: String, trees: String) {
    let old = Board()
    var new = old
    change(&new)
    return (
      StateDiff(old, new, reflection: ReflectionOptions(redaction: .default)).description,
      StateDiff(
        Value(reflecting: old, options: ReflectionOptions(redaction: .default)),
        Value(reflecting: new, options: ReflectionOptions(redaction: .default))
      ).description
    )
  }

  @Test(arguments: [
    "nested struct", "dictionary", "enum payload", "enum case", "two rows", "computed id", "scalar",
  ])
  func aChangeInsideAWrittenElementIsFound(kind: String) {
    let (live, trees) = diffs { board in
      switch kind {
      case "nested struct": board.rows[id: 7]?.tag.color = 2
      case "dictionary": board.rows[id: 7]?.meta["b"] = 3
      case "enum payload": board.rows[id: 7]?.status = .done(by: "ada", at: 2)
      case "enum case": board.rows[id: 7]?.status = .open
      case "two rows":
        board.rows[id: 40]?.meta["c"] = 1
        board.rows[id: 3]?.tag.name = "work"
      case "computed id": board.notes[id: "n4"]?.text = "Edited"
      default: board.rows[id: 7]?.isDone = true
      }
    }
    #expect(live == trees)
    #expect(live.contains("-") && live.contains("+"), "a change is shown: \(live)")
  }

  /// The nested change, written out: the element keeps its position and id, its other fields are unchanged.
  @Test func aNestedChangeReadsAsBefore() {
    let (live, _) = diffs { $0.rows[id: 7]?.tag.color = 2 }
    #expect(
      live == """
          Board(
            … (1 unchanged),
            rows: [
              … (7 unchanged),
              [7, id: 7]: Row(
                … (2 unchanged),
                tag: Tag(
                  … (1 unchanged),
        -         color: 1
        +         color: 2
                ),
                … (3 unchanged)
              ),
              … (42 unchanged)
            ],
            … (1 unchanged)
          )
        """)
  }

  /// Written with the same value: the same bytes, no change.
  @Test func aWrittenButUnchangedElementIsUnchanged() {
    let old = Board()
    var new = old
    new.rows[id: 7]?.title = "Row 7"
    new.notes[id: "n3"]?.text = "Note 3"
    #expect(StateDiff(old, new).isEqual)
  }

  /// An element replaced at its place by one with another id (a stored id, a computed one):
  /// the diff is the trees'. (Written through `[id:]`, an element keeps its id: changing it
  /// there stops the program, as in TCA — `IdentifiedArrayTests`.)
  @Test(arguments: ["stored", "computed"])
  func anElementReplacedByOneWithAnotherIDIsMatchedAsUsual(kind: String) {
    let (live, trees) = diffs { board in
      if kind == "stored" {
        let index = board.rows.index(id: 7)!
        board.rows.remove(at: index)
        board.rows.insert(Row(id: 70, title: "Seventy"), at: index)
      } else {
        let index = board.notes.index(id: "n4")!
        var note = board.notes.remove(at: index)
        note.key.raw = "n40"
        board.notes.insert(note, at: index)
      }
    }
    #expect(live == trees)
    #expect(live.contains("70") || live.contains("n40"))
  }
}
