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

  private static func library(using random: inout SystemRandomNumberGenerator) -> Library {
    var library = Library()
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      library.selected.insert(ids.randomElement(using: &random)!)
      library.tags.insert("t\(Int.random(in: 0..<30, using: &random))")
      library.scores["p\(Int.random(in: 0..<30, using: &random))"] = Int.random(in: 0..<3, using: &random)
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
      case 4: new.scores["p\(Int.random(in: 0..<30, using: &random))", default: 0] += 1
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
      #expect(patch == JSONPatch(diff, new: newValue))
      var document = Value(reflecting: old).json
      try patch.apply(to: &document)
      #expect(document == newValue.json, "\(JSONWriter.string(patch.json))")
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

  /// More members changed than the set ends up with: written whole.
  @Test func aSetMostlyReplacedIsWrittenWhole() throws {
    let old = Library(tags: ["a", "b"]), new = Library(tags: ["c"])
    let patch = try RecorderPatch.patch(StateDiff(old, new), new: Value(reflecting: new))
    #expect(JSONWriter.string(patch.json) == #"[{"op":"replace","path":"/tags","value":{"$set":["c"]}}]"#)
  }

  /// Values made by hand, members out of canonical order: the public patch writes the set whole
  /// rather than trust places it cannot check.
  @Test func membersOutOfOrderAreWrittenWhole() {
    let old = Value.set([.string("b"), .string("a"), .string("c")])
    let new = Value.set([.string("b"), .string("a"), .string("c"), .string("d")])
    #expect(
      JSONWriter.string(JSONPatch(from: old, to: new).json)
        == #"[{"op":"replace","path":"","value":{"$set":["b","a","c","d"]}}]"#)
  }
}

extension Value {
  fileprivate var setMembers: [Value] {
    if case let .set(members) = self { return members }
    return []
  }
}
