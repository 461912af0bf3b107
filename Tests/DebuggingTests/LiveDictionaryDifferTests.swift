import Foundation
import Testing

@testable import Debugging

/// Dictionaries of `Equatable` values are diffed live (`LiveDictionaryDiffer.swift`): entries
/// compared by key, only those that differ reflected. The diff is the one of the two reflected
/// dictionaries (`ValueDiffer`), node for node, keys of unchanged runs included. A changed entry
/// in a 20,000-entry dictionary reflected all 40,000 entries per action (found in QA).
@Suite struct LiveDictionaryDifferTests {
  struct Item: Equatable {
    var title: String
    var done: Bool
  }

  /// The diff the reflected trees give.
  static func reflectedDiff(_ old: Any, _ new: Any, options: ReflectionOptions = .init()) -> StateDiff {
    ValueDiffer().diff(Value(reflecting: old, options: options), Value(reflecting: new, options: options))
  }

  /// Random edits: values changed, entries removed and inserted, sometimes none.
  static func edited<K: Hashable, V>(
    _ dictionary: [K: V], using random: inout SystemRandomNumberGenerator, key: () -> K, value: () -> V
  ) -> [K: V] {
    var result = dictionary
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: if let existing = result.keys.randomElement(using: &random) { result[existing] = value() }
      case 1: if let existing = result.keys.randomElement(using: &random) { result[existing] = nil }
      default: result[key()] = value()
      }
    }
    return result
  }

  @Test func stringKeysGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var old: [String: Int] = [:]
      for _ in 0..<Int.random(in: 0...40, using: &random) { old["k\(Int.random(in: 0..<60, using: &random))"] = 0 }
      let new = Self.edited(
        old, using: &random, key: { "k\(Int.random(in: 0..<60))" }, value: { Int.random(in: -2...2) })
      #expect(StateDiff(old, new) == Self.reflectedDiff(old, new), "\(old) → \(new)")
      // With the recorder's default redaction too (no key here names a secret).
      let redacting = ReflectionOptions(redaction: .default)
      #expect(
        StateDiff(old, new, reflection: redacting) == Self.reflectedDiff(old, new, options: redacting),
        "\(old) → \(new)")
    }
  }

  @Test func intKeysAndStructValuesGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var old: [Int: Item] = [:]
      for _ in 0..<Int.random(in: 0...30, using: &random) {
        old[Int.random(in: -20..<20, using: &random)] = Item(title: "t", done: false)
      }
      let new = Self.edited(
        old, using: &random, key: { Int.random(in: -20..<20) },
        value: { Item(title: ["t", "u"].randomElement()!, done: Bool.random()) })
      #expect(StateDiff(old, new) == Self.reflectedDiff(old, new), "\(old) → \(new)")
    }
  }

  @Test func otherKeysAreOrderedByTheirReflections() {
    var random = SystemRandomNumberGenerator()
    let ids = (0..<12).map { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", $0 * 7919))! }
    for _ in 0..<300 {
      var old: [UUID: String] = [:]
      for _ in 0..<Int.random(in: 0...10, using: &random) { old[ids.randomElement(using: &random)!] = "a" }
      let new = Self.edited(
        old, using: &random, key: { ids.randomElement()! }, value: { ["a", "b", "c\nd"].randomElement()! })
      #expect(StateDiff(old, new) == Self.reflectedDiff(old, new), "\(old) → \(new)")
    }
  }

  /// An entry under a secret-like key changed is that entry replaced, shown redacted on both
  /// sides (the trace then says which entry changed, never its value); one added or removed is
  /// shown redacted, nil as nil.
  @Test func aSecretEntryIsShownRedacted() {
    let old = ["password": "one", "user": "ada"], new = ["password": "two", "user": "ada"]
    let options = ReflectionOptions(redaction: .default)
    #expect(
      StateDiff(old, new, reflection: options).description
        == [
          "  [", #"-   "password": <redacted String>,"#, #"+   "password": <redacted String>,"#,
          "    … (1 unchanged)", "  ]",
        ].joined(separator: "\n"))
    #expect(
      StateDiff(["user": "ada"], ["user": "ada", "apiKey": "k"], reflection: options).description
        == ["  [", "    … (1 unchanged),", #"+   "apiKey": <redacted String>"#, "  ]"].joined(separator: "\n"))
    #expect(
      StateDiff(["user": "ada", "apiKey": "k"], ["user": "ada"], reflection: options).description
        == ["  [", #"-   "apiKey": <redacted String>,"#, "    … (1 unchanged)", "  ]"].joined(separator: "\n"))
    // The same entry unchanged is not a change.
    #expect(StateDiff(old, old, reflection: options).root.change.isUnchanged)
    // Other entries of such a dictionary are diffed live.
    #expect(
      StateDiff(["password": "one", "user": "ada"], ["password": "one", "user": "grace"], reflection: options)
        .description
        == [
          "  [", "    … (1 unchanged),", #"-   "user": "ada""#, #"+   "user": "grace""#, "  ]",
        ].joined(separator: "\n"))
  }

  @Test func oneChangedEntryOfManyIsOneNode() {
    var old: [String: Int] = [:]
    for n in 0..<20_000 { old["key\(n)"] = n }
    var new = old
    new["key5000"] = -1
    #expect(
      StateDiff(old, new).description
        == [
          "  [", "    … (14448 unchanged),", #"-   "key5000": 5000,"#, #"+   "key5000": -1,"#, "    … (5551 unchanged)",
          "  ]",
        ].joined(separator: "\n"))
    #expect(StateDiff(old, new) == Self.reflectedDiff(old, new))
  }

  /// The entries are walked in step when one dictionary is the other changed in place; where the
  /// walks part they are looked up, and dictionaries built apart, or grown past their capacity,
  /// are looked up throughout. Every way gives the reflected diff.
  @Test func dictionariesBuiltApartOrGrownGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let keys = (0..<Int.random(in: 0...300, using: &random)).map { "k\($0 * 7 % 301)" }
      let old = Dictionary(keys.map { ($0, $0.count) }, uniquingKeysWith: { a, _ in a })
      // Built apart: the same entries inserted in another order, then a few edited.
      var apart: [String: Int] = [:]
      for key in old.keys.shuffled(using: &random) { apart[key] = old[key] }
      apart = Self.edited(
        apart, using: &random, key: { "k\(Int.random(in: 0..<400))" }, value: { Int.random(in: 0...3) })
      #expect(StateDiff(old, apart) == Self.reflectedDiff(old, apart))
      // Changed in place, with many entries inserted (the storage grows and is laid out again)
      // or many removed (the walks part at each).
      var grown = old
      for n in 0..<Int.random(in: 0...200, using: &random) { grown["new\(n)"] = n }
      #expect(StateDiff(old, grown) == Self.reflectedDiff(old, grown))
      var shrunk = old
      for key in old.keys where Bool.random(using: &random) { shrunk[key] = nil }
      shrunk["k0"] = -1
      #expect(StateDiff(old, shrunk) == Self.reflectedDiff(old, shrunk))
      #expect(StateDiff(shrunk, old) == Self.reflectedDiff(shrunk, old))
    }
  }

  /// Struct values take the unspecialized path; removed, inserted and changed entries together.
  @Test func structValuesChangedInPlaceGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      var old: [UUID: Item] = [:]
      for _ in 0..<Int.random(in: 0...120, using: &random) { old[UUID()] = Item(title: "t", done: false) }
      var new = old
      for key in old.keys where Int.random(in: 0..<10, using: &random) == 0 {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: new[key] = nil
        case 1: new[key]?.done = true
        default: new[UUID()] = Item(title: "u", done: true)
        }
      }
      #expect(StateDiff(old, new) == Self.reflectedDiff(old, new))
    }
  }

  struct TaggedID: Hashable { var rawValue: UUID }
  struct Key: Hashable {
    var section: Int
    var title: String
  }

  /// Keys that are plain structs (an id as apps write it, swift-tagged's `Tagged<Todo, UUID>`)
  /// are ordered field by field where they are stored, not reflected: the same diff.
  @Test func plainStructKeysGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    let ids = (0..<30).map { _ in TaggedID(rawValue: UUID()) }
    for _ in 0..<200 {
      var old: [TaggedID: Int] = [:]
      for _ in 0..<Int.random(in: 0...30, using: &random) { old[ids.randomElement(using: &random)!] = 0 }
      let new = Self.edited(old, using: &random, key: { ids.randomElement()! }, value: { Int.random(in: 0...2) })
      #expect(StateDiff(old, new) == Self.reflectedDiff(old, new))
      var byKey: [Key: Item] = [:]
      func key() -> Key { Key(section: Int.random(in: -3...3), title: ["a", "b", "c"].randomElement()!) }
      for _ in 0..<Int.random(in: 0...20, using: &random) { byKey[key()] = Item(title: "t", done: false) }
      let newByKey = Self.edited(
        byKey, using: &random, key: key, value: { Item(title: ["t", "u"].randomElement()!, done: Bool.random()) })
      #expect(StateDiff(byKey, newByKey) == Self.reflectedDiff(byKey, newByKey))
    }
  }

  /// Equal and hashed by `id` only: a rename is a change `==` does not see.
  struct Contact: Hashable {
    var id: Int
    var name: String
    static func == (a: Contact, b: Contact) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  /// QA: a NaN key removed crashed the app (`old[key]!`: NaN is not found by key); a key whose
  /// change `==` does not see (a contact renamed, `AnyHashable(1)` for `AnyHashable(1.0)`) was
  /// not recorded; a secret under a `Substring` key was written out. Each gives the reflected diff.
  @Test func keysThatHashOrCompareOddlyGiveTheReflectedDiff() {
    let nan = Dictionary(uniqueKeysWithValues: [(Double.nan, 1)])
    #expect(StateDiff(nan, [:]) == Self.reflectedDiff(nan, [:]))
    #expect(StateDiff(nan, [2.0: 1]) == Self.reflectedDiff(nan, [2.0: 1]))
    let contacts = [Contact(id: 1, name: "Ann"): 0, Contact(id: 2, name: "Bob"): 0]
    var renamed = contacts
    renamed.removeValue(forKey: Contact(id: 1, name: "Ann"))
    renamed[Contact(id: 1, name: "Anna")] = 0
    #expect(StateDiff(contacts, renamed) == Self.reflectedDiff(contacts, renamed))
    #expect(StateDiff(contacts, renamed) != StateDiff(contacts, contacts))
    let numbers: [AnyHashable: Int] = [AnyHashable(1.0): 0, AnyHashable("a"): 1]
    var retyped = numbers
    retyped.removeValue(forKey: AnyHashable(1.0))
    retyped[AnyHashable(1)] = 2
    #expect(StateDiff(numbers, retyped) == Self.reflectedDiff(numbers, retyped))
    let redacting = ReflectionOptions(redaction: .default)
    let params: [Substring: String] = ["user": "ada", "k": "v"]
    var withSecret = params
    withSecret["password"] = "hunter9"
    let diff = StateDiff(params, withSecret, reflection: redacting)
    #expect(diff == Self.reflectedDiff(params, withSecret, options: redacting))
    #expect(!diff.description.contains("hunter9"))
    let wrapped = Dictionary(uniqueKeysWithValues: params.map { (AnyHashable($0.key), $0.value) })
    var wrappedSecret = wrapped
    wrappedSecret[AnyHashable(Substring("token"))] = "hunter9"
    #expect(!StateDiff(wrapped, wrappedSecret, reflection: redacting).description.contains("hunter9"))
  }
}
