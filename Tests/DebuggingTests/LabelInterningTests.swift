import Debugging
import Testing

/// `JSONKeyTable.string(interning:)` (JSONParser+Keys.swift): a reader makes each action label it
/// repeats once; whatever the table holds, the string is the one of the bytes asked for.
@Suite struct LabelInterningTests {
  @Test func everyStringIsTheOneOfItsBytes() {
    let table = JSONKeyTable()
    func interned(_ text: String) -> String {
      Array(text.utf8).withUnsafeBufferPointer { table.string(interning: $0) }
    }
    // More labels than the table has slots, so that they take each other's places; the same
    // length and prefix, so that only the last bytes tell them apart.
    let labels = (0..<200).map { "Todos.Action.todos(.element(id:, action: .toggle\($0 + 100)))" }
    for label in labels + labels.reversed() + labels {
      #expect(interned(label) == label)
    }
    #expect(interned("") == "")
    #expect(interned("Ω.Action.ünicode label, long enough") == "Ω.Action.ünicode label, long enough")
  }
}
