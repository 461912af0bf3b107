import Foundation
import Testing

@testable import Debugging

// An action line is written straight from its record (`TraceAction.writeJSON(to:)`), not through
// its `json` tree: the bytes must be the tree's, for every optional key, every patch operation,
// strings that need escapes, and values deeper than the writer's recursion limit.

@Suite struct TraceActionLineTests {
  private static func treeLine(_ record: TraceRecord) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONWriter.write(record.json, into: &bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  private static func line(_ record: TraceRecord) -> [UInt8] {
    var bytes: [UInt8] = [1, 2]  // appended to what is there
    record.writeLine(into: &bytes)
    return Array(bytes.dropFirst(2))
  }

  private static func deep(_ levels: Int) -> JSON {
    var json = JSON.string("bottom")
    for level in 0..<levels {
      json = level % 2 == 0 ? .array([json, .int(Int64(level))]) : .object([.init("k", json)])
    }
    return json
  }

  private static let pointer = JSONPointer(tokens: ["todos", "a/b~c", "0", "\"quoted\"\n", "ü"])

  private static let actions: [TraceAction] = [
    TraceAction(seq: 1, t: 0, duration: 0, label: "A.b", action: .string("b")),
    TraceAction(
      seq: 2, t: 1_234_567, duration: 89, label: "Todos.Action.todos(.element(id:, action: .checkBoxToggled))",
      action: .object([.init("todos", .object([.init("id", .string("00000000-0000-0000-0000-000000000001"))]))]),
      effect: 7,
      patch: JSONPatch([
        .replace(path: JSONPointer(tokens: ["todos", "3", "isComplete"]), value: .bool(true)),
        .add(path: pointer, value: .object([.init("title", .string("Milk \"2%\"\t\u{1}")), .init("n", .double(0.1))])),
        .remove(path: JSONPointer(tokens: ["todos", "7"])),
        .move(from: JSONPointer(tokens: ["todos", "2"]), path: pointer),
        .copy(from: pointer, path: JSONPointer(tokens: [])),
        .test(path: JSONPointer(tokens: []), value: .null),
      ]),
      state: .object([.init("count", .int(-3)), .init("big", .uint(UInt64.max)), .init("inf", .double(.infinity))])),
    TraceAction(seq: 3, t: 5, duration: 6, label: "", action: .array([]), coalesced: true),
    TraceAction(
      seq: Int64.max, t: Int64.max, duration: 0, label: "é\u{2028}\\", action: deep(300), effect: 0,
      patch: JSONPatch([.replace(path: JSONPointer(tokens: ["x"]), value: deep(600))]), state: deep(400)),
  ]

  @Test func anActionLineIsTheBytesOfItsTree() {
    for action in Self.actions {
      let record = TraceRecord.action(action)
      #expect(Self.line(record) == Self.treeLine(record), "action \(action.seq)")
    }
  }

  /// The line reads back as the record it was written from.
  @Test func anActionLineReadsBack() throws {
    for action in [Self.actions[0], Self.actions[2]] {
      var bytes: [UInt8] = []
      TraceRecord.action(action).writeLine(into: &bytes)
      let json = try JSONReader.parse(String(decoding: bytes.dropLast(), as: UTF8.self))
      #expect(try TraceRecord(json: json) == .action(action))
    }
  }

  /// Other records keep the tree's bytes too (they are written from it).
  @Test func otherRecordsAreUnchanged() {
    let records: [TraceRecord] = [
      .state(TraceState(seq: 0, t: 0, state: .object([.init("a", .int(1))]))),
      .note(TraceNote(t: 1, note: .info, message: "m")),
      .end(TraceEnd(t: 2, actions: 3)),
    ]
    for record in records { #expect(Self.line(record) == Self.treeLine(record)) }
  }
}
