import Runtime
import Testing

struct IdentifiedArrayTests {
  struct Item: Equatable, Identifiable, Sendable {
    var id: Int
    var name: String
  }

  let items: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 3, name: "c")]

  @Test func readsWritesAndRemovesByID() {
    var array = items
    #expect(array[id: 2]?.name == "b")
    array[id: 2]?.name = "B"
    array[id: 4] = Item(id: 4, name: "d")
    array[id: 1] = nil
    #expect(array.elements == [Item(id: 2, name: "B"), Item(id: 3, name: "c"), Item(id: 4, name: "d")])
    #expect(array.ids == [2, 3, 4])
    #expect(array.index(id: 4) == 2)
  }

  /// An element written by id keeps its id, as in TCA: the array looked it up by the old id
  /// afterwards and changed the element whose id was now another (QA, a computed `id`).
  @Test func changingAnElementsIDThroughItsIDStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var array: IdentifiedArrayOf<IdentifiedArrayTests.Item> = [.init(id: 1, name: "a"), .init(id: 2, name: "b")]
      array[id: 2]?.id = 99
    }
    await #expect(processExitsWith: .failure) {
      var array: IdentifiedArrayOf<IdentifiedArrayTests.Item> = [.init(id: 1, name: "a")]
      array[id: 5] = .init(id: 6, name: "f")
    }
  }

  @Test func keepsIDsUnique() {
    var array = items
    let appended = array.append(Item(id: 1, name: "again"))
    let inserted = array.insert(Item(id: 0, name: "z"), at: 0)
    #expect(!appended)
    #expect(inserted)
    #expect(array.ids == [0, 1, 2, 3])
    #expect(
      IdentifiedArrayOf<Item>(uniqueElements: [Item(id: 1, name: "x"), Item(id: 1, name: "y")]).map(\.name) == ["x"])
  }

  @Test func removesSortsAndMoves() {
    var array = items
    array.remove(atOffsets: [0, 2])
    #expect(array.ids == [2])
    array = items
    array.removeAll { $0.id == 2 }
    #expect(array.ids == [1, 3])
    #expect(array[id: 3]?.name == "c")
    array = items
    array.sort { $0.id > $1.id }
    #expect(array.ids == [3, 2, 1])
    #expect(array[id: 1]?.name == "a")
    array = items
    array.move(fromOffsets: [0], toOffset: 3)
    #expect(array.ids == [2, 3, 1])
    #expect(array.index(id: 1) == 2)
  }

  @Test func reflectsAsACollectionOfItsElements() {
    let mirror = Mirror(reflecting: items)
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.map { $0.value as? Item } == items.elements)
    #expect(mirror.children.allSatisfy { $0.label == nil })
  }

  @Test func describesItselfLikeAnArray() {
    let array: IdentifiedArrayOf<Item> = [Item(id: 1, name: "a")]
    #expect("\(array)" == #"[RuntimeTests.IdentifiedArrayTests.Item(id: 1, name: "a")]"#)
  }
}
