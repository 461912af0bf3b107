import Testing

@testable import Debugging

private struct Item: Equatable {
  var id: Int
  var tags: [String]
}

private final class Box: Equatable {
  var numbers: [Int]
  init(_ numbers: [Int]) { self.numbers = numbers }
  static func == (a: Box, b: Box) -> Bool { a === b }
}

private enum Mode: Equatable {
  case idle
  case editing([Int])
}

private struct Model: Equatable {
  var count = 0
  var items: [Item] = []
  var byName: [String: Item] = [:]
  var names: Set<String> = []
  var selected: Item?
  var pair: (numbers: [Int], label: String) = ([], "")
  var mode: Mode = .idle
  var box = Box([])

  static func == (a: Model, b: Model) -> Bool {
    a.count == b.count && a.items == b.items && a.byName == b.byName && a.names == b.names
      && a.selected == b.selected && a.pair == b.pair && a.mode == b.mode && a.box == b.box
  }
}

private struct WeakHolder {
  weak var owner: Box?
  var numbers: [Int]
}

private struct WithClosure {
  var numbers: [Int]
  let transform: @Sendable (Int) -> Int
}

private struct Node: Equatable {
  var children: [Node]
}

/// Where an array's elements live: two arrays with the same address share one buffer.
private func address<T>(_ array: [T]) -> UnsafeRawPointer? {
  array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

/// A dictionary's or set's storage object (one reference on Linux, where there is no bridging).
private func storage<T>(_ collection: T) -> UInt {
  unsafeBitCast(collection, to: UInt.self)
}

/// `StorageUnsharer.minimumCount` values or more: large enough to be unshared.
private func many<T>(_ make: (Int) -> T) -> [T] {
  (0..<StorageUnsharer.minimumCount).map(make)
}

private func sample() -> Model {
  // Fresh arrays each time: equal values built once would share one buffer inside the model.
  func item(_ id: Int) -> Item { Item(id: id, tags: many { "tag \($0)" }) }
  return Model(
    count: 3, items: many(item), byName: Dictionary(uniqueKeysWithValues: many { ("\($0)", item($0)) }),
    names: Set(many { "name \($0)" }), selected: item(1), pair: (many { $0 }, "p"), mode: .editing(many { $0 }),
    box: Box([6]))
}

@Suite struct StorageUnsharerTests {
  @Test func theCopyIsEqualAndHasItsOwnCollections() throws {
    let original = sample()
    let copy = try #require(StorageUnsharer().unshared(original) as? Model)
    #expect(copy == original)
    #expect(address(copy.items) != address(original.items))
    #expect(address(copy.items[0].tags) != address(original.items[0].tags))
    #expect(storage(copy.byName) != storage(original.byName))
    #expect(address(copy.byName["1"]!.tags) != address(original.byName["1"]!.tags))
    #expect(storage(copy.names) != storage(original.names))
    #expect(address(copy.selected!.tags) != address(original.selected!.tags))
    #expect(address(copy.pair.numbers) != address(original.pair.numbers))
  }

  @Test func theOriginalMutatesInPlaceWhileTheCopyIsKept() throws {
    var original = sample()
    let before = (items: address(original.items), tags: address(original.items[0].tags))
    let kept = StorageUnsharer().unshared(original)
    original.items[0].tags[0] = "z"
    original.items[1].id = 9
    #expect(address(original.items) == before.items)
    #expect(address(original.items[0].tags) == before.tags)
    #expect((kept as? Model)?.items == sample().items)
    #expect(original.items[1].id == 9)
  }

  @Test func withoutUnsharingTheMutationCopies() {
    // The cost unsharing removes: a kept plain copy makes the mutation copy the buffer.
    var original = sample()
    let before = address(original.items)
    let kept = original
    original.items[1].id = 9
    #expect(address(original.items) != before)
    #expect(kept.items[1].id == 1)
  }

  @Test func enumPayloadsAndClassesKeepSharing() throws {
    let original = sample()
    let copy = try #require(StorageUnsharer().unshared(original) as? Model)
    guard case let .editing(a) = original.mode, case let .editing(b) = copy.mode else {
      Issue.record("mode changed")
      return
    }
    #expect(address(a) == address(b))
    #expect(copy.box === original.box)
  }

  @Test func weakFieldsAreKeptAndOtherFieldsUnshared() throws {
    let owner = Box([1])
    let original = WeakHolder(owner: owner, numbers: many { $0 })
    let copy = try #require(StorageUnsharer().unshared(original) as? WeakHolder)
    #expect(copy.owner === owner)
    #expect(copy.numbers == many { $0 })
    #expect(address(copy.numbers) != address(original.numbers))
  }

  @Test func structsWithClosuresAreWalked() throws {
    let original = WithClosure(numbers: many { $0 }, transform: { $0 + 1 })
    let copy = try #require(StorageUnsharer().unshared(original) as? WithClosure)
    #expect(copy.transform(1) == 2)
    #expect(address(copy.numbers) != address(original.numbers))
  }

  @Test func plainValuesComeBackUnchanged() throws {
    #expect(StorageUnsharer().unshared(42) as? Int == 42)
    #expect(StorageUnsharer().unshared("text") as? String == "text")
    let numbers = many { $0 }
    let copy = try #require(StorageUnsharer().unshared(numbers) as? [Int])
    #expect(copy == numbers)
    #expect(address(copy) != address(numbers))
    let empty: [Int] = []
    #expect(StorageUnsharer().unshared(empty) as? [Int] == [])
  }

  @Test func smallCollectionsStayShared() throws {
    // Many rows with a few tags each: the rows get a buffer of their own, the tags do not (the
    // app copies a few tags in no time; the worker would otherwise allocate once per row).
    let original = many { Item(id: $0, tags: ["a", "b"]) }
    let copy = try #require(StorageUnsharer().unshared(original) as? [Item])
    #expect(copy == original)
    #expect(address(copy) != address(original))
    #expect(address(copy[5].tags) == address(original[5].tags))
    let small = [1, 2, 3]
    #expect(address(try #require(StorageUnsharer().unshared(small) as? [Int])) == address(small))
  }

  @Test func nestingDeeperThanTheLimitStaysShared() throws {
    // Each level holds the next one and enough leaves to be worth unsharing.
    var root = Node(children: [])
    for _ in 0..<40 { root = Node(children: [root] + many { _ in Node(children: []) }.dropLast()) }
    let copy = try #require(StorageUnsharer().unshared(root) as? Node)
    #expect(copy == root)
    func level(_ k: Int, of node: Node) -> Node {
      var node = node
      for _ in 0..<k { node = node.children[0] }
      return node
    }
    #expect(
      address(level(StorageUnsharer.maximumDepth, of: copy).children)
        != address(level(StorageUnsharer.maximumDepth, of: root).children))
    #expect(
      address(level(StorageUnsharer.maximumDepth + 1, of: copy).children)
        == address(level(StorageUnsharer.maximumDepth + 1, of: root).children))
  }
}
