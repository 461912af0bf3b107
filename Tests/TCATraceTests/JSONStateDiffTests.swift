import Foundation
import Testing

@testable import Debugging

/// `JSONStateDiff` (the diff of two runs' states in `diff`) against the diff of the whole values:
/// the same `StateDiff` on random app states, with every array taken its way and with long arrays
/// still held as text; the elements that did not change stay text; an error in the value form is
/// the whole conversion's error, on the side it is in.
@Suite struct JSONStateDiffTests {
  static func lazyParse(_ json: JSON) throws -> JSON {
    var text = JSONWriter.string(json)
    return try text.withUTF8 { bytes in
      try Result { () throws(JSONError) in
        try JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer(bytes), fromDepth: 1)
      }.get()
    }
  }

  static func whole(_ old: JSON, _ new: JSON) throws -> StateDiff {
    StateDiff(try Value(json: old), try Value(json: new))
  }

  /// Random states shaped like a TCA app and random edits (rows moved, added, removed, changed;
  /// int, UUID, string and computed ids; repeated ids, rows without ids, enums, dictionaries),
  /// every array matched on its JSON: the whole diff.
  @Test func randomEditsGiveTheWholeDiff() throws {
    var differing = 0
    for seed in 0..<1_000 {
      let random = DifferentialRandom(seed: UInt64(seed) &* 0x9E37_79B9 &+ 3)
      let old = AppState.random(random)
      var new = old
      new.edit(random)
      let expected = try Self.whole(old.value.json, new.value.json)
      if !expected.isEqual { differing += 1 }
      #expect(try JSONStateDiff.diff(old.value.json, new.value.json, longArray: 0) == expected, "seed \(seed)")
      #expect(try JSONStateDiff.diff(old.value.json, new.value.json) == expected, "seed \(seed)")
    }
    #expect(differing > 800)
  }

  /// Ids are matched as runs: rows next to each other in both arrays are one run, a row
  /// without an old one a run of its own; an id repeated on either side gives no match.
  @Test func idsAreMatchedAsRuns() {
    let store = ElementIDText.Store()
    func ids(_ names: String) -> [ElementIDText] {
      let elements = JSONElements(
        names.split(separator: " ").map {
          JSON.object([JSON.Member("$type", .string("Row")), JSON.Member("id", .string(String($0)))])
        })
      return elements.indices.map { ElementIDText(elements, $0, store)! }
    }
    func runs(_ old: String, _ new: String) -> [String]? {
      ElementIDText.matchedRuns(ids(old), ids(new))?.map { "\($0.old)×\($0.count)" }
    }
    #expect(runs("a b c d", "c d x a b") == ["2×2", "-1×1", "0×2"])
    #expect(runs("a b c", "a b c") == ["0×3"])
    #expect(runs("a b", "x y b") == ["-1×1", "-1×1", "1×1"])
    #expect(runs("a b c", "c b a") == ["2×1", "1×1", "0×1"])
    #expect(runs("a b", "") == [])
    #expect(runs("a b a", "a") == nil)
    #expect(runs("a b", "b b") == nil)
  }

  /// 1,000 rows read with their array kept as text, edited as a run would (a row added at the
  /// top, rows moved, changed, removed): the whole diff, and the rows that did not change are
  /// still text afterwards.
  @Test func longArraysHeldAsTextGiveTheWholeDiff() throws {
    var stayedText = 0
    for seed in 0..<40 {
      let random = DifferentialRandom(seed: UInt64(seed) &* 0x2545_F491 &+ 5)
      var old = AppState.random(random)
      old.kind = IDKind.allCases[seed % IDKind.allCases.count]
      old.rows = (0..<1_000).map { Row.random(id: 20_000 + $0, random) }
      var new = old
      switch seed % 4 {
      case 0: new.rows.insert(Row(id: 1, title: "new"), at: 0)
      case 1: new.rows.append(new.rows.remove(at: random.next(100)))
      default: break
      }
      new.edit(random)
      let oldJSON = try Self.lazyParse(old.value.json), newJSON = try Self.lazyParse(new.value.json)
      guard case let .object(members) = oldJSON, case let .array(rows) = members.array[1].value else {
        Issue.record("no rows")
        return
      }
      #expect(rows.hasPendingElements)
      let expected = try Self.whole(old.value.json, new.value.json)
      #expect(try JSONStateDiff.diff(oldJSON, newJSON) == expected, "seed \(seed)")
      // Only the rows shown were read: unless most of the 1,000 are shown (reversed, sorted,
      // replaced), most are still text.
      if expected.changedNodeCount() < 1_000 {
        #expect(rows.hasPendingElements, "seed \(seed)")
        stayedText += 1
      }
    }
    #expect(stayedText >= 28, "\(stayedText)")
  }

  /// 5,000 rows against 2 (and back), and 5,000 rows of which 4,000 changed: most rows are read,
  /// and the arrays are diffed as values at once; the same diff.
  @Test func mostRowsComingOrGoingGiveTheWholeDiff() throws {
    let random = DifferentialRandom(seed: 17)
    var many = AppState.random(random)
    many.kind = .uuid
    many.rows = (0..<5_000).map { Row.random(id: 30_000 + $0, random) }
    var few = many
    few.rows = [many.rows[4_000], Row(id: 1, title: "new")]
    let manyJSON = try Self.lazyParse(many.value.json), fewJSON = try Self.lazyParse(few.value.json)
    #expect(try JSONStateDiff.diff(manyJSON, fewJSON) == (try Self.whole(many.value.json, few.value.json)))
    #expect(try JSONStateDiff.diff(fewJSON, manyJSON) == (try Self.whole(few.value.json, many.value.json)))
    var changed = many
    for index in changed.rows.indices where index % 5 != 0 { changed.rows[index].done.toggle() }
    let changedJSON = try Self.lazyParse(changed.value.json)
    #expect(try JSONStateDiff.diff(manyJSON, changedJSON) == (try Self.whole(many.value.json, changed.value.json)))
  }

  /// A golden run of 3 rows as text against a current run that added a row at the top and
  /// checked the last: one insertion and one change, every other row a run of unchanged ones.
  @Test func anAddedRowAndAChangedRow() throws {
    func rows(_ items: [(Int, Bool)]) -> String {
      let filler = String(repeating: "x", count: 4_100)
      let list = items.map { #"{"$type":"Todo","id":\#($0.0),"isComplete":\#($0.1)}"# }
      return #"{"$type":"Todos","note":"\#(filler)","todos":["# + list.joined(separator: ",") + "]}"
    }
    let old = try JSONReader.parse(rows((1...100).map { ($0, false) }))
    let new = try JSONReader.parse(rows([(0, false)] + (1...99).map { ($0, false) } + [(100, true)]))
    let lazyOld = try Self.lazyParse(old), lazyNew = try Self.lazyParse(new)
    let diff = try JSONStateDiff.diff(lazyOld, lazyNew)
    #expect(diff == (try Self.whole(old, new)))
    let todo = { (id: Int64, done: Bool) -> Value in
      .structure(type: "Todo", fields: [.init("id", .int(id)), .init("isComplete", .bool(done))])
    }
    #expect(
      diff.root.change
        == .nested(
          .structure(type: "Todos"),
          [
            .init(key: .field(label: "note", position: 0), change: .unchanged(count: 1)),
            .init(
              key: .field(label: "todos", position: 1),
              change: .nested(
                .array,
                [
                  .init(key: .element(old: nil, new: 0, id: .int(0)), change: .inserted(todo(0, false))),
                  .init(key: .element(old: 0, new: 1, id: nil), change: .unchanged(count: 99)),
                  .init(
                    key: .element(old: 99, new: 100, id: .int(100)),
                    change: .nested(
                      .structure(type: "Todo"),
                      [
                        .init(key: .field(label: "id", position: 0), change: .unchanged(count: 1)),
                        .init(
                          key: .field(label: "isComplete", position: 1),
                          change: .replaced(old: .bool(false), new: .bool(true))),
                      ])),
                ])),
          ]))
  }

  /// Ids spelled otherwise than plainly (an escape, a space, a non-ASCII letter, a large number),
  /// ids that repeat, and ids spelled two ways in the two states (a UUID's case, base64, a URL's
  /// escapes): the array differ on values decides, with the same diff.
  @Test func idsNotSpelledPlainlyOrRepeatedGiveTheWholeDiff() throws {
    let ids = [
      #""r\u0031""#, #"{"$uuid": "x"}"#, #""é""#, "1234567890123456789", "7",
      // Other spellings of one value: a UUID in lower case, base64 with other padding bits, a URL.
      #"{"$uuid":"00000000-0000-0000-0000-00000000000a"}"#, #"{"$data":"QR=="}"#, #"{"$url":"http://a/[x]"}"#,
    ]
    let same = [
      5: #"{"$uuid":"00000000-0000-0000-0000-00000000000A"}"#, 6: #"{"$data":"QQ=="}"#,
      7: #"{"$url":"http://a/%5Bx%5D"}"#,
    ]
    for (n, odd) in ids.enumerated() {
      let filler = String(repeating: "y", count: 4_100)
      func state(_ order: [String]) -> String {
        let list = order.map { #"{"$type":"Row","id":\#($0),"f":"\#(filler.prefix(50))"}"# }
        return #"{"$type":"S","note":"\#(filler)","rows":["# + list.joined(separator: ",") + "]}"
      }
      let plain = (0..<80).map { "\($0 + 100)" }
      let old = state([odd] + plain), new = state(plain.reversed() + [same[n] ?? odd, n == 4 ? "7" : "1"])
      let oldJSON = try JSONReader.parse(old), newJSON = try JSONReader.parse(new)
      let oldValue = try? Value(json: oldJSON), newValue = try? Value(json: newJSON)
      guard let oldValue, let newValue else { continue }  // `{"$uuid": "x"}` is not a UUID
      let diff = try JSONStateDiff.diff(try Self.lazyParse(oldJSON), try Self.lazyParse(newJSON))
      #expect(diff == StateDiff(oldValue, newValue), "id \(odd)")
    }
  }

  /// A part not in the value form is an error where it differs, named by its place in its own
  /// state: here the row moved from index 2 to 0, with an invalid UUID in the new run.
  @Test func aPartNotInTheValueFormIsAnErrorOnItsSide() throws {
    func state(_ rows: [String]) -> JSON {
      try! JSONReader.parse(#"{"$type":"S","rows":["# + rows.joined(separator: ",") + "]}")
    }
    let row = { (id: Int, at: String) in #"{"$type":"R","id":\#(id),"at":\#(at)}"# }
    let old = state([row(1, "1"), row(2, "2"), row(3, #"{"$uuid":"A"}"#)])
    let new = state([row(3, #"{"$uuid":"B"}"#), row(1, "1"), row(2, "2")])
    for longArray in [0, 64] {
      do {
        _ = try JSONStateDiff.diff(old, new, longArray: longArray)
        Issue.record("no error")
      } catch {
        #expect(error.side == .old)
        #expect(error.error.message == #"at /rows/2/at: invalid UUID "A""#)
      }
    }
    let valid = state([row(3, #"{"$uuid":"00000000-0000-0000-0000-000000000001"}"#), row(1, "1"), row(2, "2")])
    do {
      _ = try JSONStateDiff.diff(valid, new, longArray: 0)
      Issue.record("no error")
    } catch {
      #expect(error.side == .new)
      #expect(error.error.message == #"at /rows/0/at: invalid UUID "B""#)
    }
  }
}
