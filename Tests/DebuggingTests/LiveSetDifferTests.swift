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
}
