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
  private let base = PatchModel(rows: (0..<6).map { PatchRow(id: $0, title: "Row \($0)") }, names: ["a/b": 1, "c~d": 2])

  /// The recorder's patch equals the diff engine's and turns the old JSON into the new one.
  private func check(_ new: PatchModel) throws -> String {
    let diff = StateDiff(base, new)
    let ours = RecorderPatch.operations(diff, new: Value(reflecting: new))
    #expect(ours == jsonPatch(diff, new: Value(reflecting: new)))
    var document = Value(reflecting: base).json
    try JSONPatch(json: .array(ours)).apply(to: &document)
    #expect(document == Value(reflecting: new).json)
    return JSONWriter.string(.array(ours))
  }

  @Test func aFieldInsideAnArrayElementIsPatchedByItsIndex() throws {
    var new = base
    new.rows[4].done = true
    new.rows[1].title = "Milk"
    #expect(try check(new) == #"[{"op":"replace","path":"/rows/1/title","value":"Milk"},{"op":"replace","path":"/rows/4/done","value":true}]"#)
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
    #expect(RecorderPatch.appending("/names", "a/b~") == "/names/a~1b~0")
  }
}
