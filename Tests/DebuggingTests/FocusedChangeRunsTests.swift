import Foundation
import Testing

@testable import Debugging

/// `FocusedChange` by runs (Trace/State/FocusedChange+Runs.swift, `ElementRuns`) against the
/// element-wise code it replaces (`arrays: .elements`): on random patches of many operations on
/// arrays of identified rows (adds, removes, moves far, by one place and to the end, whole rows
/// replaced with their id or another, fields and nested arrays changed, copies and rows with
/// repeated ids or values that make the runs fall back), the same diff, or `nil` for both.
@Suite struct FocusedChangeRunsTests {
  // MARK: - Random states and patches

  private struct Random {
    var generator: DiffSeededGenerator
    mutating func next(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(generator.next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }
  }

  private enum IDKind: CaseIterable { case int, uuid, string }

  private static func row(_ id: Int, _ kind: IDKind, title: String? = nil) -> JSON {
    let idValue: JSON =
      switch kind {
      case .int: .int(Int64(id))
      case .uuid: .object([.init("$uuid", .string(String(format: "00000000-0000-4000-8000-%012d", id)))])
      case .string: .string("row-\(id)")
      }
    return .object([
      .init("$type", .string("Row")), .init("id", idValue), .init("title", .string(title ?? "t\(id)")),
      .init("tags", .array([])),
    ])
  }

  /// A state `{rows: […], n: 1}` and a valid patch of up to `operations` operations on its rows.
  private static func randomCase(seed: Int, operations: Int, repeats: Bool) -> (before: JSON, patch: JSONPatch) {
    var random = Random(generator: DiffSeededGenerator(seed: UInt64(seed) &* 0x2545_F491 &+ 3))
    let kind = IDKind.allCases[random.next(3)]
    let count = [0, 1, 2, 3, 4, 6, 9, 16, 40, 150][random.next(10)]
    var rows = (0..<count).map { row($0, kind) }
    if repeats, count > 1 {
      // A row twice (the same value), or an id twice with another title.
      let source = random.next(count), target = random.next(count)
      rows[target] = random.chance(50) ? rows[source] : row(source, kind, title: "again")
    }
    let before = JSON.object([.init("$type", .string("S")), .init("rows", .array(rows)), .init("n", .int(1))])
    var state = before
    var fresh = 10_000
    var removedIDs: [Int] = []
    var done: [JSONPatch.Operation] = []
    func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: ["rows"] + tokens) }
    for _ in 0..<(1 + random.next(operations)) {
      guard case let .array(elements)? = state["rows"] else { break }
      let n = elements.count
      func idOf(_ index: Int) -> Int {
        guard case let .object(members) = elements[index], let id = members.first(where: { $0.key == "id" })?.value
        else { return -1 }
        switch id {
        case let .int(value): return Int(value)
        case let .string(text): return Int(text.dropFirst(4)) ?? -1
        default:
          guard case let .string(text)? = id["$uuid"] else { return -1 }
          return Int(text.suffix(12)) ?? -1
        }
      }
      let operation: JSONPatch.Operation
      switch random.next(12) {
      case 0,
        1 where n > 0:
        let from = random.next(n)
        var to = random.next(n)
        if random.chance(35) { to = from + 1 < n ? from + 1 : max(0, from - 1) }  // by one place
        operation = .move(from: pointer(String(from)), path: random.chance(8) ? pointer("-") : pointer(String(to)))
      case 2 where n > 0:
        let index = random.next(n)
        removedIDs.append(idOf(index))
        operation = .remove(path: pointer(String(index)))
      case 3, 4:
        fresh += 1
        // A new row, or one with the id of a row removed before (matched with it).
        let id = !removedIDs.isEmpty && random.chance(30) ? removedIDs[random.next(removedIDs.count)] : fresh
        let value = repeats && n > 0 && random.chance(20) ? elements[random.next(n)] : row(id, kind, title: "new")
        operation = .add(path: random.chance(15) ? pointer("-") : pointer(String(random.next(n + 1))), value: value)
      case 5 where n > 0:
        let index = random.next(n)
        fresh += 1
        let value: JSON =
          switch random.next(3) {
          case 0: row(idOf(index), kind, title: "replaced")  // its id kept
          case 1: row(fresh, kind)  // another id
          default: elements[index]  // the same value
          }
        removedIDs.append(idOf(index))
        operation = .replace(path: pointer(String(index)), value: value)
      case 6 where n > 0:
        operation = .replace(
          path: pointer(String(random.next(n)), "title"), value: .string(random.chance(15) ? "t0" : "edited \(fresh)"))
      case 7 where n > 0:
        operation = .add(path: pointer(String(random.next(n)), "tags", "0"), value: .string("tag"))
      case 8 where n > 0 && repeats:
        operation = .copy(from: pointer(String(random.next(n))), path: pointer(String(random.next(n + 1))))
      case 9 where n > 0:
        operation = .test(path: pointer("0", "$type"), value: .string("Row"))
      default:
        operation = .replace(path: JSONPointer(tokens: ["n"]), value: .int(Int64(fresh)))
      }
      var next = state
      guard (try? JSONPatch([operation]).apply(to: &next)) != nil else { continue }
      state = next
      done.append(operation)
    }
    return (before, JSONPatch(done))
  }

  // MARK: - Checking

  private struct Tally {
    var compared = 0
    var byRuns = 0
    var fellBack = 0
    var failures = 0
  }

  /// Whether the runs (not the element-wise fallback) give the diff of `/rows`; `nil` when the
  /// patch takes neither run path.
  private static func takenByRuns(_ patch: JSONPatch, _ before: JSON, _ after: JSON, array: String = "rows") throws
    -> Bool?
  {
    guard let touches = PatchTouches(patch), let node = touches.root.children[array], node.operations == 0,
      case let .array(old)? = before[array], case let .array(new)? = after[array],
      node.onlyElementChangedInside == nil
    else { return nil }
    func captured(_ runs: ElementRuns) -> [Int: JSON] {
      var captured: [Int: JSON] = [:]
      for index in runs.removed(oldCount: old.count) { captured[index] = old[index] }
      for index in runs.changedInside { captured[index] = old[index] }
      return captured
    }
    if let runs = node.elementRuns(count: old.count) {
      if let (from, to) = node.onlyElementMoved, from < old.count, to < old.count { return nil }
      let layout = ElementRunLayout(runs, count: old.count, old: captured(runs), new: new)
      return try FocusedChange.reorderedRuns(layout, depth: 1, ValueDiffer(), path: "/" + array) != nil
    }
    guard let (prefix, suffix) = node.untouchedEnds(count: old.count),
      let runs = node.elementRuns(count: old.count, movesAsPairs: true)
    else { return nil }
    let layout = ElementRunLayout(runs, count: old.count, old: captured(runs), new: new)
    return try FocusedChange.windowRuns(
      layout, prefix: prefix, suffix: suffix, depth: 1, ValueDiffer(), path: "/" + array)
      != nil
  }

  private func check(_ before: JSON, _ patch: JSONPatch, seed: Int, _ tally: inout Tally) throws {
    var after = before
    try patch.apply(to: &after)
    let runs = FocusedChange(patch: patch, before: before, arrays: .runs)
    let elements = FocusedChange(patch: patch, before: before, arrays: .elements)
    #expect((runs == nil) == (elements == nil), "seed \(seed)")
    // The default takes the runs for long arrays only, and gives the same diff.
    if let automatic = FocusedChange(patch: patch, before: before), let elements {
      #expect((try? automatic.diff(after: after)) == (try? elements.diff(after: after)), "seed \(seed)")
    }
    guard let runs, let elements else { return }
    tally.compared += 1
    switch try Self.takenByRuns(patch, before, after) {
    case true?: tally.byRuns += 1
    case false?: tally.fellBack += 1
    case nil: break
    }
    let expected = Result { () throws(JSONError) in try elements.diff(after: after) }
    let diff = Result { () throws(JSONError) in try runs.diff(after: after) }
    guard case let .success(expected) = expected else {
      if case .success = diff { tally.failures += 1 }
      return
    }
    // The same on the state read as a trace reader reads it (arrays of 4 KB and more kept as text).
    var text = JSONWriter.string(before)
    let lazy = text.withUTF8 { try? JSONReader.parseKeepingArraysAsText(UnsafeRawBufferPointer($0), fromDepth: 1) }
    if let lazy, let lazyRuns = FocusedChange(patch: patch, before: lazy, arrays: .runs) {
      var lazyAfter = lazy
      try patch.apply(to: &lazyAfter)
      if (try? lazyRuns.diff(after: lazyAfter)) != expected {
        tally.failures += 1
        Issue.record("seed \(seed): the runs give another diff on the state read lazily")
      }
    }
    guard case let .success(diff) = diff, diff == expected else {
      tally.failures += 1
      if tally.failures <= 3 {
        Issue.record(
          """
          seed \(seed): the runs give another diff
          patch \(JSONWriter.string(patch.json))
          before \(JSONWriter.string(before))
          runs:
          \((try? runs.diff(after: after)).map { DiffTextRenderer().render($0) } ?? "error")
          elements:
          \(DiffTextRenderer().render(expected))
          """)
      }
      return
    }
  }

  /// Rows with unique ids and values: the runs give the diff (they fall back only for a patch
  /// that copies a row, which these do not).
  @Test func uniqueRowsGiveTheElementWiseDiff() throws {
    var tally = Tally()
    for seed in 0..<3_000 {
      let (before, patch) = Self.randomCase(seed: seed, operations: 8, repeats: false)
      try check(before, patch, seed: seed, &tally)
    }
    #expect(tally.failures == 0)
    #expect(tally.compared > 2_500)
    #expect(tally.byRuns > 1_200, "\(tally)")
    #expect(tally.fellBack < tally.byRuns / 20, "\(tally)")
  }

  /// Rows that repeat an id or a whole value, copies, elements brought in equal to a neighbour:
  /// the runs fall back where the element-wise walk could decide otherwise, and the diff is the
  /// same either way.
  @Test func repeatedRowsGiveTheElementWiseDiff() throws {
    var tally = Tally()
    for seed in 0..<3_000 {
      let (before, patch) = Self.randomCase(seed: seed &+ 1_000_003, operations: 6, repeats: true)
      try check(before, patch, seed: seed, &tally)
    }
    #expect(tally.failures == 0)
    #expect(tally.fellBack > 100, "\(tally)")
    #expect(tally.byRuns > 500, "\(tally)")
  }

  // MARK: - Hand-written cases

  private static func todos(_ ids: [Int]) -> JSON {
    let rows = ids.map { #"{"$type":"Todo","id":\#($0),"title":"T\#($0)","done":false}"# }
    return try! JSONReader.parse(#"{"$type":"Todos","todos":["# + rows.joined(separator: ",") + "]}")
  }

  /// Twelve todos (ids 0 … 11), or eight whose id 3 repeats (`repeated`): each patch's diff in
  /// full, the same by runs and element by element, and whether the runs give it themselves.
  @Test(arguments: [
    (
      false, true,
      #"[{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":20,"title":"New","done":false}},{"op":"remove","path":"/todos/8"}]"#,
      """
        Todos(
          todos: [
      +     [0, id: 20]: Todo(
      +       id: 20,
      +       title: "New",
      +       done: false
      +     ),
            … (7 unchanged),
      -     [7, id: 7]: Todo(
      -       id: 7,
      -       title: "T7",
      -       done: false
      -     ),
            … (4 unchanged)
          ]
        )
      """
    ),
    (
      false, true,
      #"[{"op":"move","from":"/todos/2","path":"/todos/9"},{"op":"replace","path":"/todos/9/done","value":true},{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":20,"title":"New","done":false}}]"#,
      """
        Todos(
          todos: [
      +     [0, id: 20]: Todo(
      +       id: 20,
      +       title: "New",
      +       done: false
      +     ),
            … (9 unchanged),
      ~     [2 → 10, id: 2]: Todo(
              … (2 unchanged),
      -       done: false
      +       done: true
      ~     ),
            … (2 unchanged)
          ]
        )
      """
    ),
    (
      // Neighbours swapped: the one that moved is the one the element-wise walk names.
      false, true, #"[{"op":"move","from":"/todos/4","path":"/todos/5"}]"#,
      """
        Todos(
          todos: [
            … (4 unchanged),
      ~     [5 → 4, id: 5],
            … (7 unchanged)
          ]
        )
      """
    ),
    (
      false, true,
      #"[{"op":"move","from":"/todos/1","path":"/todos/3"},{"op":"move","from":"/todos/0","path":"/todos/2"}]"#,
      """
        Todos(
          todos: [
      ~     [2 → 0, id: 2],
      ~     [3 → 1, id: 3],
            … (10 unchanged)
          ]
        )
      """
    ),
    (
      false, true,
      #"[{"op":"replace","path":"/todos/2/title","value":"x"},{"op":"replace","path":"/todos/9/done","value":true}]"#,
      """
        Todos(
          todos: [
            … (2 unchanged),
            [2, id: 2]: Todo(
              … (1 unchanged),
      -       title: "T2",
      +       title: "x",
              … (1 unchanged)
            ),
            … (6 unchanged),
            [9, id: 9]: Todo(
              … (2 unchanged),
      -       done: false
      +       done: true
            ),
            … (2 unchanged)
          ]
        )
      """
    ),
    (
      // A todo taken away and one with its id brought back elsewhere: one moved todo.
      false, true,
      #"[{"op":"remove","path":"/todos/3"},{"op":"add","path":"/todos/7","value":{"$type":"Todo","id":3,"title":"T3","done":true}}]"#,
      """
        Todos(
          todos: [
            … (7 unchanged),
      ~     [3 → 7, id: 3]: Todo(
              … (2 unchanged),
      -       done: false
      +       done: true
      ~     ),
            … (4 unchanged)
          ]
        )
      """
    ),
    (
      false, true, #"[{"op":"move","from":"/todos/10","path":"/todos/-"},{"op":"remove","path":"/todos/1"}]"#,
      """
        Todos(
          todos: [
            … (1 unchanged),
      -     [1, id: 1]: Todo(
      -       id: 1,
      -       title: "T1",
      -       done: false
      -     ),
            … (8 unchanged),
      ~     [11 → 9, id: 11],
            … (1 unchanged)
          ]
        )
      """
    ),
    (
      // Id 3 twice between the changes: no id is shown (the array differ pairs them by position).
      true, false,
      #"[{"op":"replace","path":"/todos/1/title","value":"x"},{"op":"replace","path":"/todos/6/done","value":true}]"#,
      """
        Todos(
          todos: [
            … (1 unchanged),
            [1]: Todo(
              … (1 unchanged),
      -       title: "T1",
      +       title: "x",
              … (1 unchanged)
            ),
            … (4 unchanged),
            [6]: Todo(
              … (2 unchanged),
      -       done: false
      +       done: true
            ),
            … (1 unchanged)
          ]
        )
      """
    ),
    (
      // Both todos with id 3 taken away, one with id 3 brought in: it is the later one, whatever
      // the order of a set (the element-wise walk matched either, from one run to the next).
      true, true,
      #"[{"op":"remove","path":"/todos/3"},{"op":"remove","path":"/todos/4"},{"op":"add","path":"/todos/0","value":{"$type":"Todo","id":3,"title":"back","done":false}},{"op":"move","from":"/todos/6","path":"/todos/1"}]"#,
      """
        Todos(
          todos: [
      ~     [5 → 0, id: 3]: Todo(
              … (1 unchanged),
      -       title: "T3",
      +       title: "back",
              … (1 unchanged)
      ~     ),
      ~     [7 → 1, id: 7],
            … (3 unchanged),
      -     [3, id: 3]: Todo(
      -       id: 3,
      -       title: "T3",
      -       done: false
      -     ),
            … (2 unchanged)
          ]
        )
      """
    ),
  ])
  func handWrittenPatches(repeated: Bool, byRuns: Bool, patch text: String, expected: String) throws {
    let before = Self.todos(repeated ? [0, 1, 2, 3, 4, 3, 6, 7] : Array(0..<12))
    let patch = try JSONPatch(json: JSONReader.parse(text))
    var after = before
    try patch.apply(to: &after)
    let runs = try #require(FocusedChange(patch: patch, before: before, arrays: .runs)).diff(after: after)
    let elements = try #require(FocusedChange(patch: patch, before: before, arrays: .elements)).diff(after: after)
    #expect(DiffTextRenderer().render(runs) == expected)
    #expect(runs == elements)
    #expect(try Self.takenByRuns(patch, before, after, array: "todos") == byRuns)
  }
}
