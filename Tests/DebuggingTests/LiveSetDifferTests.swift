import Foundation
import Testing

@testable import Debugging

/// Sets are diffed live (`LiveSetDiffer.swift`): members looked up by hash, only those removed or
/// inserted reflected. The diff is the one of the two reflected sets (`ValueDiffer`), node for
/// node. Inserting one id into a 20,000-member set reflected all 40,000 members per action.
@Suite struct LiveSetDifferTests {
  struct Tag: Hashable {
    var name: String
    var level: Int
  }

  struct Credential: Hashable {
    var user: String
    var password: String
  }

  /// Random edits: members removed and inserted, sometimes none.
  static func edited<T: Hashable>(_ set: Set<T>, using random: inout SystemRandomNumberGenerator, member: () -> T)
    -> Set<T>
  {
    var result = set
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      if Bool.random(using: &random), let existing = result.randomElement(using: &random) {
        result.remove(existing)
      } else {
        result.insert(member())
      }
    }
    return result
  }

  @Test func stringMembersGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let old = Set((0..<Int.random(in: 0...40, using: &random)).map { _ in "m\(Int.random(in: 0..<60))" })
      let new = Self.edited(old, using: &random) { "m\(Int.random(in: 0..<60))" }
      #expect(StateDiff(old, new) == LiveDictionaryDifferTests.reflectedDiff(old, new), "\(old) → \(new)")
    }
  }

  @Test func intUUIDAndStructMembersGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    let ids = (0..<12).map { UUID(uuidString: String(format: "%08X-0000-0000-0000-%012X", $0 * 977, $0 * 7919))! }
    for _ in 0..<200 {
      let numbers = Set((0..<Int.random(in: 0...20, using: &random)).map { _ in Int.random(in: -9..<9) })
      let newNumbers = Self.edited(numbers, using: &random) { Int.random(in: -9..<9) }
      #expect(StateDiff(numbers, newNumbers) == LiveDictionaryDifferTests.reflectedDiff(numbers, newNumbers))
      let uuids = Set(ids.shuffled(using: &random).prefix(Int.random(in: 0...12, using: &random)))
      let newUUIDs = Self.edited(uuids, using: &random) { ids.randomElement()! }
      #expect(StateDiff(uuids, newUUIDs) == LiveDictionaryDifferTests.reflectedDiff(uuids, newUUIDs))
      let tags = Set(
        (0..<Int.random(in: 0...10, using: &random)).map { _ in
          Tag(name: ["a", "b"].randomElement()!, level: Int.random(in: 0..<4))
        })
      let newTags = Self.edited(tags, using: &random) {
        Tag(name: ["a", "b", "c"].randomElement()!, level: Int.random(in: 0..<4))
      }
      #expect(
        StateDiff(tags, newTags) == LiveDictionaryDifferTests.reflectedDiff(tags, newTags), "\(tags) → \(newTags)")
    }
  }

  @Test func oneInsertedAndOneRemovedOfManyAreTwoNodes() {
    let old = Set((0..<20_000).map { "tag-\($0)" })
    var new = old
    new.remove("tag-5000")
    new.insert("new")
    #expect(
      StateDiff(old, new).description
        == [
          "  Set([", "    … (14448 unchanged),", #"-   "tag-5000","#, "    … (5551 unchanged),", #"+   "new""#, "  ])",
        ].joined(separator: "\n"))
    #expect(StateDiff(old, new) == LiveDictionaryDifferTests.reflectedDiff(old, new))
  }

  /// A member replaced by one that reads the same in the trace (its secret redacted) is left to
  /// the whole-value walk, which records the set replaced, with the markers on both sides: a
  /// change the trace cannot show, but not "unchanged".
  @Test func membersThatReadTheSameAreReplacedWhole() {
    let options = ReflectionOptions(redaction: .default)
    let old: Set = [Credential(user: "ada", password: "one")]
    let new: Set = [Credential(user: "ada", password: "two")]
    let change = StateDiff(old, new, reflection: options).root.change
    #expect(
      change == .replaced(old: Value(reflecting: old, options: options), new: Value(reflecting: new, options: options)))
    #expect(Value(reflecting: old, options: options) == Value(reflecting: new, options: options))
  }

  /// Members are walked in step when one set is the other changed in place; where the walks part
  /// they are looked up, and sets built apart, or grown past their capacity, are looked up
  /// throughout. Every way gives the reflected diff.
  @Test func setsBuiltApartOrGrownGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let old = Set((0..<Int.random(in: 0...300, using: &random)).map { "m\($0 * 7 % 301)" })
      var apart = Set<String>()
      for member in old.shuffled(using: &random) { apart.insert(member) }
      apart = Self.edited(apart, using: &random) { "m\(Int.random(in: 0..<400))" }
      #expect(StateDiff(old, apart) == LiveDictionaryDifferTests.reflectedDiff(old, apart))
      var grown = old
      for n in 0..<Int.random(in: 0...200, using: &random) { grown.insert("new\(n)") }
      #expect(StateDiff(old, grown) == LiveDictionaryDifferTests.reflectedDiff(old, grown))
      var shrunk = old
      for member in old where Bool.random(using: &random) { shrunk.remove(member) }
      shrunk.insert("m-1")
      #expect(StateDiff(old, shrunk) == LiveDictionaryDifferTests.reflectedDiff(old, shrunk))
      #expect(StateDiff(shrunk, old) == LiveDictionaryDifferTests.reflectedDiff(shrunk, old))
      // Members the unspecialized path compares.
      let tags = Set(old.prefix(60).map { Tag(name: $0, level: $0.count) })
      var newTags = tags
      for tag in tags where Int.random(in: 0..<8, using: &random) == 0 { newTags.remove(tag) }
      newTags.insert(Tag(name: "z", level: Int.random(in: 0..<3, using: &random)))
      #expect(StateDiff(tags, newTags) == LiveDictionaryDifferTests.reflectedDiff(tags, newTags))
    }
  }

  struct TaggedID: Hashable { var rawValue: UUID }
  struct Cell: Hashable {
    var section: Int
    var row: Int
    var title: String
    var isOn: Bool
  }
  struct Login: Hashable {
    var user: String
    var token: String
  }
  struct Header: Hashable {
    var name: String
    var value: String
  }

  /// Members that are plain structs of strings, ints, bools and UUIDs (an id as apps write it)
  /// are ordered field by field where they are stored, not reflected: the same diff. A struct
  /// whose fields may be redacted by what a sibling holds (`name: "Cookie", value: …`) is still
  /// reflected.
  @Test func plainStructMembersGiveTheReflectedDiff() {
    var random = SystemRandomNumberGenerator()
    let ids = (0..<40).map { _ in TaggedID(rawValue: UUID()) }
    for _ in 0..<200 {
      let old = Set(ids.shuffled(using: &random).prefix(Int.random(in: 0...40, using: &random)))
      let new = Self.edited(old, using: &random) { ids.randomElement()! }
      #expect(StateDiff(old, new) == LiveDictionaryDifferTests.reflectedDiff(old, new))
      func cell() -> Cell {
        Cell(
          section: Int.random(in: -2...2), row: Int.random(in: 0...3), title: ["a", "b", "é", ""].randomElement()!,
          isOn: Bool.random())
      }
      let cells = Set((0..<Int.random(in: 0...30, using: &random)).map { _ in cell() })
      let newCells = Self.edited(cells, using: &random, member: cell)
      #expect(StateDiff(cells, newCells) == LiveDictionaryDifferTests.reflectedDiff(cells, newCells))
      let redacting = ReflectionOptions(redaction: .default)
      func header() -> Header {
        Header(name: ["Accept", "Host"].randomElement()!, value: ["a", "b", "c"].randomElement()!)
      }
      let headers = Set((0..<Int.random(in: 0...5, using: &random)).map { _ in header() })
      let newHeaders = Self.edited(headers, using: &random, member: header)
      #expect(
        StateDiff(headers, newHeaders, reflection: redacting)
          == LiveDictionaryDifferTests.reflectedDiff(headers, newHeaders, options: redacting))
      // Two cookies read the same (their values redacted by the name beside them): not ordered
      // by their bytes, the set is written whole, as it reads.
      let cookies: Set = [Header(name: "Accept", value: "a")]
      let twoCookies: Set = [Header(name: "Cookie", value: "1"), Header(name: "Cookie", value: "2")]
      guard case .replaced = StateDiff(cookies, twoCookies, reflection: redacting).root.change else {
        Issue.record("\(StateDiff(cookies, twoCookies, reflection: redacting))")
        return
      }
      // So do two logins whose tokens are redacted by their field's name.
      let logins: Set = [Login(user: "ada", token: "a")]
      let twoLogins: Set = [Login(user: "ada", token: "a"), Login(user: "ada", token: "b")]
      guard case .replaced = StateDiff(logins, twoLogins, reflection: redacting).root.change else {
        Issue.record("\(StateDiff(logins, twoLogins, reflection: redacting))")
        return
      }
    }
  }
}
