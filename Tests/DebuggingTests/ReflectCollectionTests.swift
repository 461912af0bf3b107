import Foundation
import Testing

@testable import Debugging

/// A stand-in for TCA's `IdentifiedArray`: a custom mirror with the `.collection` style.
private struct IdentifiedArray<ID: Hashable, Element>: CustomReflectable {
  var ids: [ID]
  var elements: [ID: Element]
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: ids.map { elements[$0]! }, displayStyle: .collection)
  }
}

/// A custom mirror with the `.dictionary` style: children are `(key, value)` pairs.
private struct OrderedDictionary: CustomReflectable {
  var pairs: [(String, Int)]
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: pairs.map { (key: $0.0, value: $0.1) }, displayStyle: .dictionary)
  }
}

/// A custom mirror with the `.set` style.
private struct Bag: CustomReflectable {
  var items: [Int]
  var customMirror: Mirror { Mirror(self, unlabeledChildren: items, displayStyle: .set) }
}

private struct Point: Hashable { var x: Int; var y: Int }

@Suite struct ReflectCollectionTests {
  @Test func arraysAndOtherOrderedCollections() {
    #expect(Value(reflecting: [1, 2, 3]) == .array([.int(1), .int(2), .int(3)]))
    #expect(Value(reflecting: ContiguousArray(["a"])) == .array([.string("a")]))
    #expect(Value(reflecting: [1, 2, 3, 4][1...2]) == .array([.int(2), .int(3)]))
    #expect(Value(reflecting: [[Int]]()) == .array([]))
  }

  @Test func customCollectionMirrorIsAnArray() {
    let array = IdentifiedArray(ids: [2, 1], elements: [1: "one", 2: "two"])
    #expect(Value(reflecting: array) == .array([.string("two"), .string("one")]))
  }

  @Test func setsAreSorted() {
    #expect(Value(reflecting: Set([3, 1, 2])) == .set([.int(1), .int(2), .int(3)]))
    #expect(Value(reflecting: Set(["b", "a", "c"])) == .set([.string("a"), .string("b"), .string("c")]))
    #expect(Value(reflecting: Bag(items: [9, 4])) == .set([.int(4), .int(9)]))
  }

  @Test func dictionariesAreSortedByKey() {
    #expect(
      reflectedTree(of: ["b": 2, "a": 1, "c": 3]) == """
        [
          "a": 1,
          "b": 2,
          "c": 3
        ]
        """)
    #expect(
      Value(reflecting: [10: "ten", -1: "minus one", 2: "two"])
        == .dictionary([
          .init(.int(-1), .string("minus one")),
          .init(.int(2), .string("two")),
          .init(.int(10), .string("ten")),
        ]))
    #expect(Value(reflecting: [String: Int]()) == .dictionary([]))
  }

  @Test func dictionaryKeysOfAnyType() {
    #expect(
      reflectedTree(of: [Point(x: 2, y: 0): "b", Point(x: 1, y: 5): "a"]) == """
        [
          Point(
            x: 1,
            y: 5
          ): "a",
          Point(
            x: 2,
            y: 0
          ): "b"
        ]
        """)
    let mixed: [AnyHashable: Int] = [AnyHashable("z"): 1, AnyHashable(2.5): 2, AnyHashable(1): 3, AnyHashable(true): 4]
    #expect(
      Value(reflecting: mixed)
        == .dictionary([
          .init(.bool(true), .int(4)),
          .init(.int(1), .int(3)),
          .init(.double(2.5), .int(2)),
          .init(.string("z"), .int(1)),
        ]))
  }

  @Test func customDictionaryMirror() {
    #expect(
      Value(reflecting: OrderedDictionary(pairs: [("b", 1), ("a", 2)]))
        == .dictionary([
          .init(.string("a"), .int(2)),
          .init(.string("b"), .int(1)),
        ]))
  }

  @Test func canonicalOrderIsTotal() {
    let values: [Value] = [
      .structure(type: "B", fields: []), .string("b"), .int(3), .uint(UInt64.max), .double(-.infinity), .null,
      .bool(false), .array([.int(1)]), .array([]), .enumCase(type: "E", name: "a", values: []), .double(3.5),
    ]
    #expect(
      reflectedTree(.array(values.sorted(by: Value.canonicallyPrecedes))) == """
        [
          nil,
          false,
          Double(-inf),
          3,
          Double(3.5),
          UInt(18446744073709551615),
          "b",
          [],
          [
            1
          ],
          E.a,
          B()
        ]
        """)
  }
}
