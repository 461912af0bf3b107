import Foundation
import Testing

@testable import Debugging

private struct PatchRow: Equatable, Identifiable {
  var id: Int
  var title: String
  var done = false
}

private struct PatchModel: Equatable {
  var rows: [PatchRow]
  var names: [String: Int] = [:]
  var mode: PatchMode = .idle
}

private enum PatchMode: Equatable {
  case idle
  case editing(row: Int, draft: String)
}

@Suite struct RecorderPatchTests {
  private let base = PatchModel(
    rows: (0..<6).map { PatchRow(id: $0, title: "Row \($0)") }, names: ["a/b": 1, "c~d": 2])

  /// The recorder's patch equals the diff engine's and turns the old JSON into the new one.
  private func check(_ new: PatchModel) throws -> String {
    let diff = StateDiff(base, new)
    let ours = try RecorderPatch.patch(diff, new: Value(reflecting: new))
    #expect(ours == JSONPatch(diff, new: Value(reflecting: new)))
    var document = Value(reflecting: base).json
    try ours.apply(to: &document)
    #expect(document == Value(reflecting: new).json)
    return JSONWriter.string(ours.json)
  }

  @Test func aFieldInsideAnArrayElementIsPatchedByItsIndex() throws {
    var new = base
    new.rows[4].done = true
    new.rows[1].title = "Milk"
    #expect(
      try check(new)
        == #"[{"op":"replace","path":"/rows/1/title","value":"Milk"},{"op":"replace","path":"/rows/4/done","value":true}]"#
    )
  }

  @Test func movesInsertionsAndRemovalsGoThroughTheDiffEngine() throws {
    var new = base
    new.rows.swapAt(0, 5)
    new.rows.remove(at: 2)
    new.rows.append(PatchRow(id: 9, title: "New"))
    _ = try check(new)
  }

  @Test func enumPayloadsAndEscapedDictionaryKeys() throws {
    var new = base
    new.mode = .editing(row: 1, draft: "x")
    new.names["a/b"] = 5
    _ = try check(new)
    var edited = base
    edited.mode = .editing(row: 1, draft: "y")
    #expect(JSONPointer(tokens: ["names", "a/b~"]).description == "/names/a~1b~0")
  }

  /// A diff that names a field the new value does not have is a failure with its place, not a
  /// patch that leaves the change out.
  @Test func aDiffThatDoesNotFitTheNewValueFails() {
    let old = Value.structure(type: "Todo", fields: [.init("title", .string("Milk")), .init("done", .bool(false))])
    let new = Value.structure(type: "Todo", fields: [.init("title", .string("Milk"))])
    let diff = StateDiff(
      root: .init(
        key: .root,
        change: .nested(
          .structure(type: "Todo"),
          [
            .init(key: .field(label: "title", position: 0), change: .unchanged(count: 1)),
            .init(key: .field(label: "done", position: 1), change: .replaced(old: .bool(false), new: .bool(true))),
          ])))
    #expect(
      throws: RecorderPatch.Failure(
        message: "field done (position 1) of Todo is not in the new value, which has 1 field, at the root")
    ) {
      try RecorderPatch.patch(diff, new: new)
    }
    _ = old
  }

  /// The worker's answer to that failure: an `error` note, and a patch that replaces the whole
  /// state, so the trace still rebuilds the right state.
  @Test func aPatchThatCannotBeBuiltLeavesANoteAndReplacesTheWholeState() throws {
    let new = Value.structure(type: "Todo", fields: [.init("title", .string("Eggs"))])
    let diff = StateDiff(
      root: .init(
        key: .root,
        change: .nested(
          .structure(type: "Todo"),
          [
            .init(key: .field(label: "done", position: 3), change: .replaced(old: .bool(false), new: .bool(true)))
          ])))
    let (patch, note) = RecorderWorker.patch(diff, new: new, seq: 7) { 42 }
    #expect(
      JSONWriter.string(TraceRecord.note(try #require(note)).json)
        == #"{"kind":"note","t":42,"note":"error","message":"patch of action 7 could not be built (field done (position 3) of Todo is not in the new value, which has 1 field, at the root); it replaces the whole state"}"#
    )
    #expect(JSONWriter.string(patch.json) == #"[{"op":"replace","path":"","value":{"$type":"Todo","title":"Eggs"}}]"#)
    var document = JSON.object([.init("$type", .string("Todo")), .init("title", .string("Milk"))])
    try patch.apply(to: &document)
    #expect(document == new.json)
  }
}
