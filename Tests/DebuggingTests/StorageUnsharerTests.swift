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

private func sample() -> Model {
  // Fresh arrays each time: equal values built once would share one buffer inside the model.
  func item() -> Item { Item(id: 1, tags: ["a", "b"]) }
  return Model(
    count: 3, items: [item(), Item(id: 2, tags: ["c"])], byName: ["one": item()], names: ["x", "y"],
    selected: item(), pair: ([1, 2, 3], "p"), mode: .editing([4, 5]), box: Box([6]))
}

@Suite struct StorageUnsharerTests {
  @Test func theCopyIsEqualAndHasItsOwnCollections() throws {
    let original = sample()
    let copy = try #require(StorageUnsharer().unshared(original) as? Model)
    #expect(copy == original)
    #expect(address(copy.items) != address(original.items))
    #expect(address(copy.items[0].tags) != address(original.items[0].tags))
    #expect(storage(copy.byName) != storage(original.byName))
    #expect(address(copy.byName["one"]!.tags) != address(original.byName["one"]!.tags))
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
  }

  @Test func withoutUnsharingTheMutationCopies() {
    // The cost unsharing removes: a kept plain copy makes the mutation copy the buffer.
    var original = sample()
    let before = address(original.items)
    let kept = original
    original.items[1].id = 9
    #expect(address(original.items) != before)
    #expect(kept.items[1].id == 2)
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
    let original = WeakHolder(owner: owner, numbers: [1, 2])
    let copy = try #require(StorageUnsharer().unshared(original) as? WeakHolder)
    #expect(copy.owner === owner)
    #expect(copy.numbers == [1, 2])
    #expect(address(copy.numbers) != address(original.numbers))
  }

  @Test func structsWithClosuresAreWalked() throws {
    let original = WithClosure(numbers: [1, 2], transform: { $0 + 1 })
    let copy = try #require(StorageUnsharer().unshared(original) as? WithClosure)
    #expect(copy.transform(1) == 2)
    #expect(address(copy.numbers) != address(original.numbers))
  }

  @Test func plainValuesComeBackUnchanged() throws {
    #expect(StorageUnsharer().unshared(42) as? Int == 42)
    #expect(StorageUnsharer().unshared("text") as? String == "text")
    let numbers = [1, 2, 3]
    let copy = try #require(StorageUnsharer().unshared(numbers) as? [Int])
    #expect(copy == numbers)
    #expect(address(copy) != address(numbers))
    let empty: [Int] = []
    #expect(StorageUnsharer().unshared(empty) as? [Int] == [])
  }

  @Test func nestingDeeperThanTheLimitStaysShared() throws {
    var root = Node(children: [])
    for _ in 0..<40 { root = Node(children: [root]) }
    let copy = try #require(StorageUnsharer().unshared(root) as? Node)
    #expect(copy == root)
    func level(_ k: Int, of node: Node) -> Node {
      var node = node
      for _ in 0..<k { node = node.children[0] }
      return node
    }
    #expect(address(level(StorageUnsharer.maximumDepth, of: copy).children) != address(level(StorageUnsharer.maximumDepth, of: root).children))
    #expect(address(level(StorageUnsharer.maximumDepth + 1, of: copy).children) == address(level(StorageUnsharer.maximumDepth + 1, of: root).children))
  }
}
