import Testing

@testable import Debugging

/// A value whose `==` compares only its `id`: a renamed one is "equal" to the old one.
private struct Person: Equatable, Identifiable {
  var id: Int
  var name: String
  static func == (a: Self, b: Self) -> Bool { a.id == b.id }
}

private enum Screen: Equatable {
  case list
  case detail(Person)
}

private struct Roster: Equatable {
  var people: [Person]
  var pinned: Person?
  var screen: Screen
  var pair: Pair
}

/// Equal by `id` too, but a structure walked field by field.
private struct Pair: Equatable {
  var left: Person
  static func == (a: Self, b: Self) -> Bool { a.left.id == b.left.id }
}

/// The recorder diffs live values with `==` to skip what did not change; a change that `==` does
/// not see (a type equal by `id`, renamed) must still reach the trace, wherever the value sits.
@Suite struct HiddenChangeTests {
  private let ann = Person(id: 1, name: "Ann"), bob = Person(id: 2, name: "Bob")

  private func recordsExactly<T>(_ old: T, _ new: T) throws {
    let diff = StateDiff(old, new)
    let newValue = Value(reflecting: new)
    var tree = Value(reflecting: old)
    #expect(diff.root.change.apply(to: &tree))
    #expect(tree == newValue)
    var document = Value(reflecting: old).json
    try RecorderPatch.patch(diff, new: newValue).apply(to: &document)
    #expect(document == newValue.json)
  }

  private var roster: Roster { Roster(people: [ann, bob], pinned: ann, screen: .detail(ann), pair: Pair(left: ann)) }

  @Test func aRenamedArrayElement() throws {
    var new = roster
    new.people[1].name = "Bobby"
    #expect(roster == new)
    try recordsExactly(roster, new)
  }

  @Test func aRenamedOptional() throws {
    var new = roster
    new.pinned?.name = "Anna"
    try recordsExactly(roster, new)
  }

  @Test func aRenamedEnumPayload() throws {
    var new = roster
    new.screen = .detail(Person(id: 1, name: "Anna"))
    try recordsExactly(roster, new)
  }

  @Test func aRenamedFieldOfAStructureEqualByID() throws {
    var new = roster
    new.pair.left.name = "Anna"
    try recordsExactly(roster, new)
  }
}
