import Testing

@testable import Debugging

/// Trees built by patches obey the parser's depth limit (`JSONReader.maximumDepth`): a `copy` of a
/// subtree into itself doubles its depth, which once built a 64,000-level state from a 129 KB trace
/// and crashed every reader with a stack overflow.
@Suite struct JSONPatchDepthTests {
  /// `n` arrays inside each other: `[[[]]]` for 3.
  static func nested(_ n: Int) -> JSON {
    var json = JSON.array([])
    for _ in 1..<n { json = .array([json]) }
    return json
  }

  /// `/a/0/0/…/0`, `zeros` times `/0`.
  static func pointer(zeros: Int) -> JSONPointer {
    JSONPointer(tokens: ["a"] + Array(repeating: "0", count: zeros))
  }

  @Test func copyIntoItselfPastTheLimitIsAnError() {
    var state = JSON.object([.init("a", Self.nested(500))])
    #expect(
      throws: JSONPatchError("the value at /a/0/0/0/0/0/0/0/… (500 tokens) would nest the state deeper than 512 levels")
    ) {
      try JSONPatch([.copy(from: JSONPointer("/a"), path: Self.pointer(zeros: 499))]).apply(to: &state)
    }
  }

  @Test func addAndReplaceCountThePathToo() {
    var state = JSON.object([.init("a", Self.nested(300))])
    #expect(
      throws: JSONPatchError("the value at /a/0/0/0/0/0/0/0/… (300 tokens) would nest the state deeper than 512 levels")
    ) {
      try JSONPatch([.add(path: Self.pointer(zeros: 299), value: Self.nested(213))]).apply(to: &state)
    }
    #expect(
      throws: JSONPatchError("the value at /a/0/0/0/0/0/0/0/… (300 tokens) would nest the state deeper than 512 levels")
    ) {
      try JSONPatch([.replace(path: Self.pointer(zeros: 299), value: Self.nested(213))]).apply(to: &state)
    }
  }

  @Test func exactlyTheLimitIsAccepted() throws {
    // 300 tokens, a 212-level value: 512 levels in all.
    var state = JSON.object([.init("a", Self.nested(300))])
    try JSONPatch([.add(path: Self.pointer(zeros: 299), value: Self.nested(212))]).apply(to: &state)
    #expect(!state.nestsDeeper(than: 512))
    #expect(state.nestsDeeper(than: 511))
  }

  @Test func aPathLongerThanTheLimitIsAnErrorBeforeAnyWalk() {
    var state = JSON.object([.init("a", .null)])
    #expect(throws: JSONPatchError("path /a/0/0/0/0/0/0/0/… (600 tokens) is nested deeper than 512 levels")) {
      try JSONPatch([.remove(path: Self.pointer(zeros: 599))]).apply(to: &state)
    }
    #expect(throws: JSONPatchError("path /a/0/0/0/0/0/0/0/… (600 tokens) is nested deeper than 512 levels")) {
      try JSONPatch([.copy(from: Self.pointer(zeros: 599), path: JSONPointer("/b"))]).apply(to: &state)
    }
  }

  @Test func moveIsChecked() {
    var state = JSON.object([.init("a", Self.nested(400)), .init("b", Self.nested(200))])
    #expect(
      throws: JSONPatchError("the value at /a/0/0/0/0/0/0/0/… (400 tokens) would nest the state deeper than 512 levels")
    ) {
      try JSONPatch([.move(from: JSONPointer("/b"), path: Self.pointer(zeros: 399))]).apply(to: &state)
    }
  }

  @Test func nestingIsMeasuredWithoutRecursion() {
    #expect(!JSON.int(1).nestsDeeper(than: 0))
    #expect(JSON.array([]).nestsDeeper(than: 0))
    #expect(!JSON.array([]).nestsDeeper(than: 1))
    #expect(JSON.object([.init("x", .array([.int(1)]))]).nestsDeeper(than: 1))
    #expect(!JSON.object([.init("x", .array([.int(1)]))]).nestsDeeper(than: 2))
    // Far deeper than any stack would allow recursively.
    let deep = Self.nested(200_000)
    #expect(deep.nestsDeeper(than: 199_999))
    #expect(!deep.nestsDeeper(than: 200_000))
  }

  /// A copy copies at most `PatchEngine.largestCopy` (1 MiB) of JSON text: a copy of a copy
  /// doubles the state, and the size is measured without walking more than the limit.
  @Test func aCopyOfMoreThanOneMebibyteIsAnError() throws {
    var state = JSON.object([.init("d", .array([.string(String(repeating: "x", count: 300_000))]))])
    try JSONPatch([.copy(from: JSONPointer("/d"), path: JSONPointer("/d/-"))]).apply(to: &state)
    try JSONPatch([.copy(from: JSONPointer("/d"), path: JSONPointer("/d/-"))]).apply(to: &state)
    guard case let .array(copied)? = state["d"] else { Issue.record("no array at /d"); return }
    #expect(copied.count == 3)
    #expect(throws: JSONPatchError("cannot copy /d: its value is more than 1 MiB (a copy may copy at most 1 MiB)")) {
      try JSONPatch([.copy(from: JSONPointer("/d"), path: JSONPointer("/d/-"))]).apply(to: &state)
    }
    #expect(state["d"] == .array(copied))
  }

  @Test func encodedSizeCountsAndStopsAtTheLimit() throws {
    let json = try JSONReader.parse(#"{"a":[1,"xy",null]}"#)
    // {} 1 + 1 member, "a": 1 + 3, [] 1 + 3 elements, 8 + 4 + 5
    #expect(json.encodedSize(atMost: 100) == 2 + 4 + 4 + 8 + 4 + 5)
    #expect(json.encodedSize(atMost: 10) == 11)
  }
}
