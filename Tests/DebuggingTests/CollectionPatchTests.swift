import Foundation
import Testing

@testable import Debugging

private struct Library: Equatable {
  var selected: Set<UUID> = []
  var tags: Set<String> = []
  var scores: [String: Int] = [:]
  var names: [Int: String] = [:]
}

/// Sets and dictionaries follow the change in the recorder: the old tree plus the diff is the new
/// state's tree (no state reflected again), and the patch names the members' places
/// (`/tags/$set/3`, `/names/$dict/2/1`) instead of writing the set or dictionary again.
@Suite struct CollectionPatchTests {
  private static let ids = (0..<40).map {
    UUID(uuidString: String(format: "%08X-0000-4000-8000-%012X", $0 &* 2_654_435_761 % 65_536, $0))!
  }

  /// Scores' keys: plain ones, and some that make the dictionary "$dict" pairs (a `$` first, also
  /// before a combining mark) or sort next to them.
  private static let scoreKeys = (0..<30).map { "p\($0)" } + ["$t", "$\u{301}x", "$", "#a", "%", "é", "e\u{301}z", "😀"]

  private static func library(using random: inout SystemRandomNumberGenerator) -> Library {
    var library = Library()
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      library.selected.insert(ids.randomElement(using: &random)!)
      library.tags.insert("t\(Int.random(in: 0..<30, using: &random))")
      library.scores[scoreKeys.randomElement(using: &random)!] = Int.random(in: 0..<3, using: &random)
      library.names[Int.random(in: -15..<15, using: &random)] = ["a", "b"].randomElement(using: &random)!
    }
    return library
  }

  private static func edited(_ old: Library, using random: inout SystemRandomNumberGenerator) -> Library {
    var new = old
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: new.selected.insert(ids.randomElement(using: &random)!)
      case 1: if let id = new.selected.randomElement(using: &random) { new.selected.remove(id) }
      case 2: new.tags.insert("t\(Int.random(in: 0..<30, using: &random))")
      case 3: if let tag = new.tags.randomElement(using: &random) { new.tags.remove(tag) }
      case 4: new.scores[scoreKeys.randomElement(using: &random)!, default: 0] += 1
      case 5: if let key = new.scores.keys.randomElement(using: &random) { new.scores[key] = nil }
      case 6: new.names[Int.random(in: -15..<15, using: &random)] = ["a", "b", "c"].randomElement(using: &random)!
      default: if let key = new.names.keys.randomElement(using: &random) { new.names[key] = nil }
      }
    }
    return new
  }

  /// Applied in place or copying, the diff rebuilds the new tree; the recorder's patch turns the
  /// old JSON into the new, and is the diff engine's.
  @Test func randomEditsAreRebuiltAndPatched() throws {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<400 {
      let old = Self.library(using: &random)
      let new = Self.edited(old, using: &random)
      let diff = StateDiff(old, new)
      let newValue = Value(reflecting: new)
      #expect(diff.root.change.applied(to: Value(reflecting: old)) == newValue, "\(old) → \(new)")
      var inPlace = Value(reflecting: old)
      #expect(diff.root.change.apply(to: &inPlace))
      #expect(inPlace == newValue)
      let patch = try RecorderPatch.patch(diff, new: newValue)
      var document = Value(reflecting: old).json
      try patch.apply(to: &document)
      #expect(document == newValue.json, "\(JSONWriter.string(patch.json))")
    }
  }

  /// In canonical order, whether every key is plain (a string not starting with `$`) is found by
  /// binary search; it agrees with looking at every key.
  @Test func plainKeysAreFoundBySearch() {
    var random = SystemRandomNumberGenerator()
    let pool: [Value] = Self.scoreKeys.map(Value.string) + [.int(1), .int(-3), .bool(true)]
    for _ in 0..<2_000 {
      var keys = Set<Value>()
      for _ in 0..<Int.random(in: 0...6, using: &random) { keys.insert(pool.randomElement(using: &random)!) }
      let entries = keys.sorted(by: Value.canonicallyPrecedes).map { Value.Entry($0, .int(0)) }
      #expect(
        DiffJSONPatch.plainKeysInCanonicalOrder(entries) == entries.allSatisfy { Value.isPlainKey($0.key) },
        "\(entries.map(\.key))")
    }
  }

  @Test func oneMemberOrEntryIsOneOperation() throws {
    var old = Library()
    for n in 0..<1_000 {
      old.tags.insert("tag-\(n)")
      old.names[n] = "Name \(n)"
    }
    old.selected = Set(Self.ids.prefix(30))
    var new = old
    new.tags.remove("tag-500")
    new.tags.insert("tag-5000")
    new.names[7] = "Seven"
    new.names[2_000] = "Two thousand"
    new.names[3] = nil
    new.selected.insert(Self.ids[35])
    let patch = try RecorderPatch.patch(StateDiff(old, new), new: Value(reflecting: new))
    let id = Value.uuidText(Self.ids[35])
    let place = Value(reflecting: new.selected).setMembers.firstIndex(of: .uuid(Self.ids[35]))!
    #expect(
      JSONWriter.string(patch.json)
        == """
        [{"op":"add","path":"/selected/$set/\(place)","value":{"$uuid":"\(id)"}},\
        {"op":"remove","path":"/tags/$set/447"},{"op":"add","path":"/tags/$set/447","value":"tag-5000"},\
        {"op":"remove","path":"/names/$dict/3"},{"op":"replace","path":"/names/$dict/6/1","value":"Seven"},\
        {"op":"add","path":"/names/$dict/999","value":[2000,"Two thousand"]}]
        """)
    var document = Value(reflecting: old).json
    try patch.apply(to: &document)
    #expect(document == Value(reflecting: new).json)
  }

  /// More members removed and added than kept (and more than 16): written whole, so selecting
  /// all of 100,000 ids is one `replace`, not 100,000 `add`s (found in QA).
  @Test func aSetMostlyReplacedIsWrittenWhole() throws {
    let few = Library(tags: ["a", "b"])
    #expect(
      JSONWriter.string(
        try RecorderPatch.patch(StateDiff(few, Library(tags: ["c"])), new: Value(reflecting: Library(tags: ["c"]))).json
      )
        == #"[{"op":"remove","path":"/tags/$set/1"},{"op":"remove","path":"/tags/$set/0"},{"op":"add","path":"/tags/$set/0","value":"c"}]"#
    )
    let all = Library(tags: Set((0..<20).map { "t\($0)" }))
    let patch = try RecorderPatch.patch(StateDiff(Library(), all), new: Value(reflecting: all))
    #expect(patch.operations.count == 1)
    #expect(
      JSONWriter.string(patch.json).hasPrefix(#"[{"op":"replace","path":"/tags","value":{"$set":["t0","t1","t10","#))
  }

  /// Values from anywhere (the public `JSONPatch(from:to:)`): the members' order on the old side
  /// cannot be checked, so sets and pair dictionaries are replaced whole (places taken from
  /// out-of-order values gave `["c","b","a"]` for `[c, a]` → `[a, b, c]`, found in QA).
  @Test func thePublicPatchWritesSetsWhole() throws {
    let old = Value.set([.string("c"), .string("a")])
    let new = Value.set([.string("a"), .string("b"), .string("c")])
    #expect(
      JSONWriter.string(JSONPatch(from: old, to: new).json)
        == #"[{"op":"replace","path":"","value":{"$set":["a","b","c"]}}]"#)
    var document = old.json
    try JSONPatch(from: old, to: new).apply(to: &document)
    #expect(document == new.json)
  }
}

/// `==` and `hash` by `id` only, as apps often write for set membership.
private struct Contact: Hashable {
  var id: Int
  var name: String
  static func == (a: Self, b: Self) -> Bool { a.id == b.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

private struct Contacts: Equatable {
  var favorites: Set<Contact>
  var byID: [Int: Contact]
}

/// Shows only its name: two labels can read the same in the trace.
private struct Label: Hashable, CustomReflectable {
  var id: Int
  var name: String
  var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}

private struct Labels: Equatable {
  var labels: Set<Label>
}

extension CollectionPatchTests {
  /// What the recorder needs of a diff: applied to the old tree it gives the new state's tree,
  /// and its patch turns the old JSON into the new JSON.
  private func recordsExactly<T>(_ old: T, _ new: T, options: ReflectionOptions = .init()) throws {
    let diff = StateDiff(old, new, reflection: options)
    let newValue = Value(reflecting: new, options: options)
    var tree = Value(reflecting: old, options: options)
    #expect(diff.root.change.apply(to: &tree))
    #expect(tree == newValue)
    var document = Value(reflecting: old, options: options).json
    try RecorderPatch.patch(diff, new: newValue).apply(to: &document)
    #expect(document == newValue.json)
  }

  /// A renamed contact is `==` to the old one: the set and the dictionary still record the new
  /// name (the trace kept the old name for good, and `validate` passed; found in QA).
  @Test func aChangeThatEqualityIgnoresIsRecorded() throws {
    let ann = Contact(id: 1, name: "Ann"), bob = Contact(id: 2, name: "Bob")
    let old = Contacts(favorites: [ann, bob], byID: [1: ann, 2: bob])
    var new = old
    new.favorites.update(with: Contact(id: 1, name: "Anna"))
    new.byID[1] = Contact(id: 1, name: "Anna")
    #expect(old == new)
    try recordsExactly(old, new)
    #expect(
      StateDiff(old, new).description == """
          Contacts(
            favorites: Set([
        -     Contact(
        -       id: 1,
        -       name: "Ann"
        -     ),
              … (1 unchanged),
        +     Contact(
        +       id: 1,
        +       name: "Anna"
        +     )
            ]),
            byID: [
              1: Contact(
                … (1 unchanged),
        -       name: "Ann"
        +       name: "Anna"
              ),
              … (1 unchanged)
            ]
          )
        """)
  }

  /// Members that read the same (a custom mirror, the depth limit): the set is replaced whole, as
  /// it reads, duplicates and all (patches by place named members the trace did not have; found
  /// in QA: `path /labels/$set/2 does not exist`).
  @Test func membersThatReadTheSameAreWrittenWhole() throws {
    var state = Labels(labels: [Label(id: 1, name: "urgent")])
    for step in [
      { (s: inout Labels) in s.labels.insert(Label(id: 3, name: "home")) },
      { $0.labels.insert(Label(id: 2, name: "urgent")) },
      { $0.labels.remove(Label(id: 1, name: "urgent")) },
      { $0.labels.insert(Label(id: 4, name: "work")) },
    ] {
      var next = state
      step(&next)
      try recordsExactly(state, next)
      state = next
    }
    // At the depth limit every member reads `$ref`.
    var shallow = ReflectionOptions()
    shallow.maximumDepth = 2
    try recordsExactly(
      Labels(labels: [Label(id: 1, name: "a")]), Labels(labels: [Label(id: 1, name: "a"), Label(id: 2, name: "b")]),
      options: shallow)
  }
}

/// A key with a secret: two keys of one user read the same once redacted.
private struct Credential: Hashable {
  var user: String
  var password: String
}

private struct Vault: Equatable {
  var logins: [Credential: Int]
  var readings: Set<Double>
}

extension CollectionPatchTests {
  /// Keys that read the same in the trace (a redacted field): the dictionary is written whole, as
  /// it reads (the trace gave one key's value to the other; found in QA).
  @Test func keysThatReadTheSameAreWrittenWhole() throws {
    let options = ReflectionOptions(redaction: .default)
    let old = Vault(
      logins: [Credential(user: "ada", password: "one"): 1, Credential(user: "ada", password: "two"): 2], readings: [])
    var new = old
    new.logins[Credential(user: "ada", password: "two")] = 20
    try recordsExactly(old, new, options: options)
    #expect(
      JSONWriter.string(
        try RecorderPatch.patch(StateDiff(old, new, reflection: options), new: Value(reflecting: new, options: options))
          .json
      )
      .hasPrefix(#"[{"op":"replace","path":"/logins","value":{"$dict":"#))
  }

  /// NaN is not equal to itself, so it is never found in the other set: the same bits on both
  /// sides are the same member, and adding 1.5 is one `add` (the set was written whole on every
  /// change; found in QA).
  @Test func notANumberStaysAMember() throws {
    let old = Vault(logins: [:], readings: [.nan, 1, 2])
    var new = old
    new.readings.insert(1.5)
    try recordsExactly(old, new)
    let written = JSONWriter.string(try RecorderPatch.patch(StateDiff(old, new), new: Value(reflecting: new)).json)
    #expect(written == #"[{"op":"add","path":"/readings/$set/1","value":1.5}]"#)
  }
}

extension Value {
  fileprivate var setMembers: [Value] {
    if case let .set(members) = self { return members }
    return []
  }
}
