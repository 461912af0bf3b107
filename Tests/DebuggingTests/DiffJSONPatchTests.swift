import Foundation
import Testing

@testable import Debugging

/// The JSON form of docs/log-format.md, written here so patch tests do not depend on `Value.json`.
func diffSpecJSON(_ value: Value) -> JSON {
  func fields(_ fields: [Value.Field]) -> JSON {
    .object(fields.enumerated().map { .init($0.element.label ?? "_\($0.offset)", diffSpecJSON($0.element.value)) })
  }
  switch value {
  case let .structure(type, f):
    guard case let .object(members) = fields(f) else { return .null }
    return .object([.init("$type", .string(type))] + members)
  case let .enumCase(type, name, v): return .object([.init("$enum", .string(type)), .init(name, fields(v))])
  case let .tuple(f): return .object([.init("$tuple", fields(f))])
  case let .array(a): return .array(a.map(diffSpecJSON))
  case let .set(a): return .object([.init("$set", .array(a.map(diffSpecJSON)))])
  case let .dictionary(entries):
    if entries.allSatisfy({ if case let .string(k) = $0.key { k.utf8.first != UInt8(ascii: "$") } else { false } }) {
      return .object(
        entries.map { entry in
          guard case let .string(key) = entry.key else { return .init("", .null) }
          return .init(key, diffSpecJSON(entry.value))
        })
    }
    return .object([.init("$dict", .array(entries.map { .array([diffSpecJSON($0.key), diffSpecJSON($0.value)]) }))])
  case let .string(s): return .string(s)
  case let .int(i): return .int(i)
  case let .uint(u): return .uint(u)
  case let .double(d): return .double(d)
  case let .bool(b): return .bool(b)
  case let .uuid(u): return .object([.init("$uuid", .string(u.uuidString))])
  case .null: return .null
  case let .redacted(t): return .object([.init("$redacted", .string(t))])
  case let .reference(t): return .object([.init("$ref", .string(t))])
  default: return .string("\(value)")
  }
}

/// A minimal RFC 6902 applier (add, remove, replace, move) for checking generated patches.
enum DiffPatchApplier {
  struct Failure: Error, CustomStringConvertible { var description: String }

  static func apply(_ ops: [JSON], to document: JSON) throws -> JSON {
    var document = document
    for op in ops {
      let path = tokens(op["path"]?.stringValue ?? "")
      switch op["op"]?.stringValue {
      case "add": try edit(&document, path) { container, last in try insert(op["value"]!, last, &container) }
      case "remove": _ = try take(&document, path)
      case "replace":
        if path.isEmpty {
          document = op["value"]!
        } else {
          try edit(&document, path) { container, last in
            switch container {
            case var .array(a):
              guard let i = Int(last), i < a.count else { throw Failure(description: "bad index \(last)") }
              a[i] = op["value"]!
              container = .array(a)
            case var .object(m):
              guard let i = m.firstIndex(where: { $0.key == last }) else {
                throw Failure(description: "no key \(last)")
              }
              m[i].value = op["value"]!
              container = .object(m)
            default: throw Failure(description: "not a container")
            }
          }
        }
      case "move":
        let value = try take(&document, tokens(op["from"]!.stringValue!))
        try edit(&document, path) { container, last in try insert(value, last, &container) }
      default: throw Failure(description: "bad op \(op)")
      }
    }
    return document
  }

  static func tokens(_ pointer: String) -> [String] {
    pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
      .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
  }

  static func insert(_ value: JSON, _ token: String, _ container: inout JSON) throws {
    switch container {
    case var .array(a):
      guard let i = Int(token), i <= a.count else { throw Failure(description: "bad index \(token)") }
      a.insert(value, at: i)
      container = .array(a)
    case var .object(m):
      if let i = m.firstIndex(where: { $0.key == token }) { m[i].value = value } else { m.append(.init(token, value)) }
      container = .object(m)
    default: throw Failure(description: "not a container")
    }
  }

  static func take(_ document: inout JSON, _ path: [String]) throws -> JSON {
    var taken = JSON.null
    try edit(&document, path) { container, last in
      switch container {
      case var .array(a):
        guard let i = Int(last), i < a.count else { throw Failure(description: "bad index \(last)") }
        taken = a.remove(at: i)
        container = .array(a)
      case var .object(m):
        guard let i = m.firstIndex(where: { $0.key == last }) else { throw Failure(description: "no key \(last)") }
        taken = m.remove(at: i).value
        container = .object(m)
      default: throw Failure(description: "not a container")
      }
    }
    return taken
  }

  /// Calls `body` with the parent of `path` and the last token.
  static func edit(_ document: inout JSON, _ path: [String], _ body: (inout JSON, String) throws -> Void) throws {
    guard let first = path.first else { throw Failure(description: "empty path") }
    if path.count == 1 { return try body(&document, first) }
    switch document {
    case var .array(a):
      guard let i = Int(first), i < a.count else { throw Failure(description: "bad index \(first)") }
      try edit(&a[i], Array(path.dropFirst()), body)
      document = .array(a)
    case var .object(m):
      guard let i = m.firstIndex(where: { $0.key == first }) else { throw Failure(description: "no key \(first)") }
      try edit(&m[i].value, Array(path.dropFirst()), body)
      document = .object(m)
    default: throw Failure(description: "not a container at \(first)")
    }
  }
}

private func patch(_ old: Value, _ new: Value) -> [String] {
  DiffJSONPatch(encode: diffSpecJSON).operations(StateDiff(old, new), new: new).map { JSONWriter.string($0.json) }
}

@Suite struct DiffJSONPatchTests {
  @Test func fieldChangeMoveInsertRemove() {
    let old = diffState([diffTodo(1, "a"), diffTodo(2, "b"), diffTodo(3, "c"), diffTodo(4, "d")])
    let new = diffState(
      [diffTodo(4, "d"), diffTodo(1, "a"), diffTodo(3, "c", done: true), diffTodo(5, "e")], filter: "done")
    #expect(
      patch(old, new) == [
        #"{"op":"remove","path":"/todos/1"}"#,
        #"{"op":"move","from":"/todos/2","path":"/todos/0"}"#,
        #"{"op":"replace","path":"/todos/2/isComplete","value":true}"#,
        #"{"op":"add","path":"/todos/3","value":{"$type":"Todo","id":5,"title":"e","isComplete":false}}"#,
        #"{"op":"replace","path":"/filter","value":{"$enum":"Filter","done":{}}}"#,
      ])
  }

  /// A sort that moves one row later (what `Todos` does when a todo is completed) is one `move`:
  /// the rows it passes keep their order and do not move (before, each of them was a `move`: 523
  /// operations for one row in a recorded 1,000-todo trace).
  @Test func aRowMovedLaterIsOneMove() {
    let rows = (1...6).map { diffTodo($0, "t\($0)") }
    let sorted = [rows[0], rows[2], rows[3], rows[4], diffTodo(2, "t2", done: true), rows[5]]
    #expect(
      patch(diffState(rows), diffState(sorted)) == [
        #"{"op":"move","from":"/todos/1","path":"/todos/4"}"#,
        #"{"op":"replace","path":"/todos/4/isComplete","value":true}"#,
      ])
    #expect(
      patch(diffState(sorted), diffState(rows)) == [
        #"{"op":"move","from":"/todos/4","path":"/todos/1"}"#,
        #"{"op":"replace","path":"/todos/1/isComplete","value":false}"#,
      ])
  }

  /// Rows moved both ways, with some removed and some added: each moved row is one `move`, and the
  /// patch rebuilds the new array.
  @Test(arguments: 0..<300) func everyMovedRowIsOneMove(seed: Int) throws {
    var rng = DiffSeededGenerator(seed: UInt64(seed))
    let old = (0..<Int.random(in: 0..<30, using: &rng)).map { diffTodo($0, "t\($0)") }
    var new = old.filter { _ in Int.random(in: 0..<6, using: &rng) > 0 }
    for _ in 0..<Int.random(in: 0..<6, using: &rng) where !new.isEmpty {
      let row = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
      new.insert(row, at: Int.random(in: 0...new.count, using: &rng))
    }
    for id in 100..<(100 + Int.random(in: 0..<3, using: &rng)) {
      new.insert(diffTodo(id, "new"), at: Int.random(in: 0...new.count, using: &rng))
    }
    let diff = StateDiff(diffState(old), diffState(new))
    let ops = DiffJSONPatch(encode: diffSpecJSON).operations(diff, new: diffState(new))
    #expect(
      try DiffPatchApplier.apply(ops.map(\.json), to: diffSpecJSON(diffState(old))) == diffSpecJSON(diffState(new)))
    let moved = diff.root.change.movedElementCount
    #expect(ops.filter { if case .move = $0 { true } else { false } }.count == moved)
  }

  @Test func enumPayloadTupleDictionaryAndSet() {
    let old = Value.structure(
      type: "S",
      fields: [
        .init(
          "route", .enumCase(type: "Route", name: "edit", values: [.init("id", .int(1)), .init(nil, .string("x"))])),
        .init("pair", .tuple([.init(nil, .int(1)), .init("b", .int(2))])),
        .init("counts", .dictionary([.init(.string("a/b"), .int(1)), .init(.string("c"), .int(2))])),
        .init("tags", .set([.string("x")])),
      ])
    let new = Value.structure(
      type: "S",
      fields: [
        .init(
          "route", .enumCase(type: "Route", name: "edit", values: [.init("id", .int(1)), .init(nil, .string("y"))])),
        .init("pair", .tuple([.init(nil, .int(5)), .init("b", .int(2))])),
        .init("counts", .dictionary([.init(.string("a/b"), .int(3)), .init(.string("d"), .int(4))])),
        .init("tags", .set([.string("x"), .string("y")])),
      ])
    #expect(
      patch(old, new) == [
        #"{"op":"replace","path":"/route/edit/_1","value":"y"}"#,
        #"{"op":"replace","path":"/pair/$tuple/_0","value":5}"#,
        #"{"op":"replace","path":"/counts/a~1b","value":3}"#,
        #"{"op":"remove","path":"/counts/c"}"#,
        #"{"op":"add","path":"/counts/d","value":4}"#,
        #"{"op":"replace","path":"/tags","value":{"$set":["x","y"]}}"#,
      ])
  }

  @Test func equalStatesHaveAnEmptyPatch() {
    #expect(patch(diffState([diffTodo(1, "a")]), diffState([diffTodo(1, "a")])) == [])
  }

  /// Applying the patch to the old JSON gives the new JSON, for random edits of random trees.
  @Test(arguments: 0..<500) func roundTrip(seed: Int) throws {
    var rng = DiffSeededGenerator(seed: UInt64(seed))
    let old = DiffRandomTree.value(depth: 3, using: &rng)
    let new = DiffRandomTree.edit(old, using: &rng)
    // Sets and `$dict`s by place, as the recorder writes them (the random trees keep them in
    // canonical order, as reflection does).
    var patch = DiffJSONPatch(encode: diffSpecJSON)
    patch.membersInCanonicalOrder = true
    let ops = patch.operations(StateDiff(old, new), new: new).map(\.json)
    #expect(try DiffPatchApplier.apply(ops, to: diffSpecJSON(old)) == diffSpecJSON(new))
  }
}

/// Random value trees and random edits of them, for property tests.
enum DiffRandomTree {
  static func value(depth: Int, using rng: inout DiffSeededGenerator) -> Value {
    let pick = depth <= 0 ? Int.random(in: 0..<3, using: &rng) : Int.random(in: 0..<11, using: &rng)
    switch pick {
    case 0: return .int(Int64.random(in: 0..<5, using: &rng))
    case 1: return .string(["a", "b", "c\nd", "e/f"].randomElement(using: &rng)!)
    case 2: return [.null, .bool(true)].randomElement(using: &rng)!
    case 3, 4:
      return .array((0..<Int.random(in: 0..<7, using: &rng)).map { _ in value(depth: depth - 1, using: &rng) })
    case 5:
      let ids = Array(0..<8).shuffled(using: &rng).prefix(Int.random(in: 0..<7, using: &rng))
      return .array(
        ids.map {
          .structure(
            type: "Item", fields: [.init("id", .int(Int64($0))), .init("v", value(depth: depth - 1, using: &rng))])
        })
    case 6:
      return .structure(
        type: "S",
        fields: [.init("x", value(depth: depth - 1, using: &rng)), .init("y", value(depth: depth - 1, using: &rng))])
    case 7:
      let keys = ["k", "l", "m/n", "o"].shuffled(using: &rng).prefix(Int.random(in: 0..<4, using: &rng))
      return .dictionary(keys.map { .init(.string($0), value(depth: depth - 1, using: &rng)) })
    case 8:
      return .enumCase(
        type: "E", name: Bool.random(using: &rng) ? "a" : "b",
        values: [.init("p", value(depth: depth - 1, using: &rng))])
    case 9:
      // Members and keys in canonical order, as `Value(reflecting:)` stores them.
      return .set(
        Array(Set((0..<Int.random(in: 0..<6, using: &rng)).map { _ in Int64.random(in: 0..<9, using: &rng) })).sorted()
          .map { .int($0) })
    default:
      let keys = Array(Set((0..<Int.random(in: 0..<6, using: &rng)).map { _ in Int64.random(in: 0..<9, using: &rng) }))
        .sorted()
      return .dictionary(keys.map { .init(.int($0), value(depth: depth - 1, using: &rng)) })
    }
  }

  static func edit(_ value: Value, using rng: inout DiffSeededGenerator) -> Value {
    if Int.random(in: 0..<6, using: &rng) == 0 { return self.value(depth: 2, using: &rng) }
    switch value {
    case var .array(elements):
      for _ in 0..<Int.random(in: 0..<4, using: &rng) {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where !elements.isEmpty: elements.remove(at: Int.random(in: 0..<elements.count, using: &rng))
        case 1:
          elements.insert(
            elements.randomElement(using: &rng).map { edit($0, using: &rng) } ?? .int(9),
            at: Int.random(in: 0...elements.count, using: &rng))
        case 2: elements.shuffle(using: &rng)
        default:
          if !elements.isEmpty {
            let i = Int.random(in: 0..<elements.count, using: &rng)
            elements[i] = edit(elements[i], using: &rng)
          }
        }
      }
      // Identified elements must keep unique ids.
      var seen = Set<Value>()
      return .array(elements.filter { $0.elementID.map { seen.insert($0).inserted } ?? true })
    case let .structure(type, fields):
      return .structure(
        type: type,
        fields: fields.map { .init($0.label, Bool.random(using: &rng) ? edit($0.value, using: &rng) : $0.value) })
    case let .enumCase(type, name, values):
      return .enumCase(type: type, name: name, values: values.map { .init($0.label, edit($0.value, using: &rng)) })
    case let .dictionary(entries) where entries.first.map({ if case .int = $0.key { true } else { false } }) ?? false:
      var byKey: [Int64: Value] = [:]
      for entry in entries { if case let .int(key) = entry.key { byKey[key] = entry.value } }
      for _ in 0..<Int.random(in: 0..<3, using: &rng) {
        let key = Int64.random(in: 0..<9, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: byKey[key] = nil
        case 1: byKey[key] = byKey[key].map { edit($0, using: &rng) } ?? .int(7)
        default: byKey[key] = self.value(depth: 1, using: &rng)
        }
      }
      return .dictionary(byKey.keys.sorted().map { .init(.int($0), byKey[$0]!) })
    case var .dictionary(entries):
      if !entries.isEmpty, Bool.random(using: &rng) {
        entries.remove(at: Int.random(in: 0..<entries.count, using: &rng))
      }
      if Bool.random(using: &rng), !entries.contains(where: { $0.key == .string("z") }) {
        entries.append(.init(.string("z"), .int(1)))
      }
      return .dictionary(
        entries.map { .init($0.key, Bool.random(using: &rng) ? edit($0.value, using: &rng) : $0.value) })
    case var .set(members):
      var numbers = members.compactMap { if case let .int(n) = $0 { n } else { nil } }
      for _ in 0..<Int.random(in: 0..<3, using: &rng) {
        if Bool.random(using: &rng), !numbers.isEmpty {
          numbers.remove(at: Int.random(in: 0..<numbers.count, using: &rng))
        } else {
          numbers.append(Int64.random(in: 0..<9, using: &rng))
        }
      }
      members = Array(Set(numbers)).sorted().map { .int($0) }
      return .set(members)
    default:
      return self.value(depth: 1, using: &rng)
    }
  }
}

@Suite struct DiffJSONPatchValueJSONTests {
  /// The public entry point encodes with `Value.json`; its patches apply to `Value.json` too.
  @Test(arguments: 0..<100) func roundTripWithValueJSON(seed: Int) throws {
    var rng = DiffSeededGenerator(seed: UInt64(seed) &+ 10_000)
    let old = DiffRandomTree.value(depth: 3, using: &rng)
    let new = DiffRandomTree.edit(old, using: &rng)
    #expect(try DiffPatchApplier.apply(JSONPatch(from: old, to: new).operations.map(\.json), to: old.json) == new.json)
  }
}

@Suite struct DiffJSONPatchTraceApplierTests {
  /// The trace reader's own applier (`JSONPatch`) agrees: it rebuilds the new state.
  @Test(arguments: 0..<200) func roundTripWithTraceApplier(seed: Int) throws {
    var rng = DiffSeededGenerator(seed: UInt64(seed) &+ 20_000)
    let old = DiffRandomTree.value(depth: 3, using: &rng)
    let new = DiffRandomTree.edit(old, using: &rng)
    var document = old.json
    try JSONPatch(json: JSONPatch(from: old, to: new).json).apply(to: &document)
    #expect(document == new.json)
  }
}

extension StateDiff.Change {
  /// How many elements moved, in this change and the ones nested in it.
  fileprivate var movedElementCount: Int {
    switch self {
    case let .moved(_, _, inner): 1 + inner.movedElementCount
    case let .nested(_, children): children.reduce(0) { $0 + $1.change.movedElementCount }
    default: 0
    }
  }
}
