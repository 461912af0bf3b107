import Foundation
import Testing

@testable import Debugging

private struct Item: Equatable, Identifiable {
  var id: Int
  var title: String
  var isComplete = false
}

private struct Point: Equatable {
  var x: Int
  var y: Int
}

private enum Destination: Equatable {
  case none
  case detail(Item)
  case pair(a: Int, b: Point)
}

private struct Screen: Equatable {
  var items: [Item]
  var points: [Point] = []
  var password = "hunter2"
  var selection: Int? = nil
  var destination: Destination = .none
}

/// Like TCA's `IdentifiedArray`: not an `Array`, but a collection by its mirror.
private struct IdentifiedList<Element: Identifiable & Equatable>: Equatable, CustomReflectable {
  var elements: [Element]
  var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

/// The same as a random-access collection (compared as a typed array, not through `Mirror`).
private struct IdentifiedCollection<Element: Identifiable & Equatable>: Equatable, RandomAccessCollection,
  CustomReflectable
{
  var elements: [Element]
  var startIndex: Int { 0 }
  var endIndex: Int { elements.count }
  subscript(position: Int) -> Element { elements[position] }
  var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}

private struct Board: Equatable {
  var items: IdentifiedList<Item>
}

@Suite struct DiffLiveTests {
  @Test func identifiedCollectionsThroughTheirMirror() {
    let old = Board(items: IdentifiedList(elements: (1...4).map { Item(id: $0, title: "t\($0)") }))
    var new = old
    new.items.elements[1].title = "changed"
    new.items.elements.swapAt(0, 3)
    #expect(
      StateDiff.text(old, new) == """
          Board(
            items: [
        ~     [3 → 0, id: 4],
              [1, id: 2]: Item(
                … (1 unchanged),
        -       title: "t2",
        +       title: "changed",
                … (1 unchanged)
              ),
              … (1 unchanged),
        ~     [0 → 3, id: 1]
            ]
          )
        """)
    #expect(StateDiff(old, new) == StateDiff(Value(reflecting: old), Value(reflecting: new)))
    let oldCollection = IdentifiedCollection(elements: old.items.elements)
    let newCollection = IdentifiedCollection(elements: new.items.elements)
    #expect(StateDiff(oldCollection, newCollection) == StateDiff(old.items, new.items))
    #expect(
      StateDiff(oldCollection, newCollection)
        == StateDiff(Value(reflecting: oldCollection), Value(reflecting: newCollection)))
  }

  @Test func equalValuesAreNil() {
    let screen = Screen(items: [Item(id: 1, title: "a")])
    #expect(StateDiff.text(screen, screen) == nil)
    #expect(StateDiff(screen, screen).isEqual)
  }

  @Test func changedFieldInIdentifiedArray() {
    let old = Screen(items: (1...5).map { Item(id: $0, title: "t\($0)") })
    var new = old
    new.items[2].isComplete = true
    #expect(
      StateDiff.text(old, new) == """
          Screen(
            items: [
              … (2 unchanged),
              [2, id: 3]: Item(
                … (2 unchanged),
        -       isComplete: false
        +       isComplete: true
              ),
              … (2 unchanged)
            ],
            … (4 unchanged)
          )
        """)
  }

  @Test func movesInsertsAndRemovals() {
    let old = Screen(items: (1...4).map { Item(id: $0, title: "t\($0)") })
    var new = old
    new.items.swapAt(0, 3)
    new.items.remove(at: 1)
    new.items.insert(Item(id: 9, title: "new"), at: 0)
    #expect(
      StateDiff.text(old, new) == """
          Screen(
            items: [
        +     [0, id: 9]: Item(
        +       id: 9,
        +       title: "new",
        +       isComplete: false
        +     ),
        ~     [3 → 1, id: 4],
        ~     [2 → 2, id: 3],
              … (1 unchanged),
        -     [1, id: 2]: Item(
        -       id: 2,
        -       title: "t2",
        -       isComplete: false
        -     )
            ],
            … (4 unchanged)
          )
        """)
  }

  @Test func pairsNonIdentifiedElementsByIndex() {
    let old = Screen(items: [], points: [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2)])
    var new = old
    new.points[1].y = 10
    new.selection = 2
    #expect(
      StateDiff.text(old, new) == """
          Screen(
            … (1 unchanged),
            points: [
              … (1 unchanged),
              [1]: Point(
                … (1 unchanged),
        -       y: 1
        +       y: 10
              ),
              … (1 unchanged)
            ],
            … (1 unchanged),
        -   selection: nil,
        +   selection: 2,
            … (1 unchanged)
          )
        """)
  }

  @Test func enumPayloadsAreWalked() {
    let old = Screen(items: [], destination: .pair(a: 1, b: Point(x: 1, y: 1)))
    var new = old
    new.destination = .pair(a: 1, b: Point(x: 1, y: 2))
    #expect(
      StateDiff.text(old, new) == """
          Screen(
            … (4 unchanged),
            destination: .pair(
              … (1 unchanged),
              b: Point(
                … (1 unchanged),
        -       y: 1
        +       y: 2
              )
            )
          )
        """)
    new.destination = .detail(Item(id: 1, title: "x"))
    #expect(
      StateDiff.text(old, new) == """
          Screen(
            … (4 unchanged),
        -   destination: .pair(
        -     a: 1,
        -     b: Point(
        -       x: 1,
        -       y: 1
        -     )
        -   )
        +   destination: .detail(
        +     Item(
        +       id: 1,
        +       title: "x",
        +       isComplete: false
        +     )
        +   )
          )
        """)
  }

  @Test func redactedFieldNamesNeverShow() {
    let old = Screen(items: [])
    var new = old
    new.password = "swordfish"
    // Changed, never shown: the same marker on both sides (QA-3).
    #expect(
      StateDiff.text(old, new, options: .init(), reflection: .init(redactedFieldNames: ["Password"])) == """
          Screen(
            … (2 unchanged),
        -   password: <redacted String>,
        +   password: <redacted String>,
            … (2 unchanged)
          )
        """)
    #expect(StateDiff.text(old, new)?.contains("swordfish") == true)
  }

  /// The live differ must agree with diffing the reflected trees.
  @Test(arguments: 0..<60) func agreesWithValueDiff(seed: Int) {
    var rng = DiffSeededGenerator(seed: UInt64(seed))
    var old = Screen(items: (0..<12).map { Item(id: $0, title: "t\($0)") }, points: (0..<6).map { Point(x: $0, y: $0) })
    old.destination = [.none, .detail(Item(id: 1, title: "d1")), .pair(a: 1, b: Point(x: 1, y: 1))][seed % 3]
    var new = old
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: new.items.shuffle(using: &rng)
      case 1: if !new.items.isEmpty { new.items.remove(at: Int.random(in: 0..<new.items.count, using: &rng)) }
      case 2:
        new.items.insert(
          Item(id: 100 + Int.random(in: 0..<1000, using: &rng), title: "n"),
          at: Int.random(in: 0...new.items.count, using: &rng))
      case 3: if !new.items.isEmpty { new.items[Int.random(in: 0..<new.items.count, using: &rng)].title += "!" }
      case 4: new.points[Int.random(in: 0..<new.points.count, using: &rng)].y += 1
      default:
        let k = Int.random(in: 0..<3, using: &rng)
        new.destination =
          [.none, .detail(Item(id: k, title: "d\(k)")), .pair(a: k, b: Point(x: 1, y: k))][
            Int.random(in: 0..<3, using: &rng)]
      }
    }
    guard Set(new.items.map(\.id)).count == new.items.count else { return }
    #expect(StateDiff(old, new) == StateDiff(Value(reflecting: old), Value(reflecting: new)))
  }
}

/// A small deterministic random generator (SplitMix64) for reproducible randomised tests.
struct DiffSeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
