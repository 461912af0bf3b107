/// An array of elements with unique ids, readable and writable by id in O(1).
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, description: "Milk")]
/// todos[id: 1]?.isComplete = true
/// todos.remove(id: 1)
/// ```
///
/// It reflects (and so appears in traces and diffs) as a plain array of its elements.
public struct IdentifiedArray<ID: Hashable, Element> {
  public private(set) var elements: [Element]
  private var offsets: [ID: Int]
  private let id: @Sendable (Element) -> ID
  /// The positions written, for the recorder's diff (not part of the value: `==` ignores it).
  var trail = EditTrail()

  /// An array of `elements`, identified by `id`. Later duplicates of an id are dropped.
  public init(uniqueElements elements: some Sequence<Element>, id: @escaping @Sendable (Element) -> ID) {
    self.elements = []
    self.offsets = [:]
    self.id = id
    for element in elements where offsets[id(element)] == nil {
      offsets[id(element)] = self.elements.count
      self.elements.append(element)
    }
  }

  /// The ids, in order.
  public var ids: [ID] { elements.map(id) }

  /// The element with `id`; setting `nil` removes it, setting a new id's element appends it.
  /// An element written here keeps its id, as in TCA: `rows[id: 2]?.id = 99` stops the program
  /// ("element identity must remain constant"), where the array would else lose the element's
  /// place by id.
  public subscript(id id: ID) -> Element? {
    get { offsets[id].map { elements[$0] } }
    _modify {
      if let offset = offsets[id] {
        var element: Element? = elements[offset]
        defer {
          if let element {
            keepsIdentity(element, id)
            elements[offset] = element
            trail.wrote(offset)
          } else {
            remove(at: offset)
          }
        }
        yield &element
      } else {
        var element: Element?
        defer {
          if let element {
            keepsIdentity(element, id)
            append(element)
          }
        }
        yield &element
      }
    }
    set {
      if let newValue {
        keepsIdentity(newValue, id)
        if let offset = offsets[id] {
          elements[offset] = newValue
          trail.wrote(offset)
        } else {
          append(newValue)
        }
      } else {
        remove(id: id)
      }
    }
  }

  /// Stops the program when `element`, written under `id`, has another id.
  private func keepsIdentity(_ element: Element, _ expected: ID) {
    let actual = self.id(element)
    precondition(
      actual == expected,
      "IdentifiedArray: element identity must remain constant (written at id \(expected), its id is now \(actual))")
  }

  /// The position of the element with `id`.
  public func index(id: ID) -> Int? { offsets[id] }

  /// Appends `element` unless its id is present; returns whether it was appended.
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    insert(element, at: elements.count)
  }

  /// Inserts `element` at `index` unless its id is present; returns whether it was inserted.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    let elementID = id(element)
    guard offsets[elementID] == nil else { return false }
    elements.insert(element, at: index)
    trail.changedStructure()
    if index == elements.count - 1 {
      offsets[elementID] = index
    } else {
      reindex(from: index)
    }
    return true
  }

  /// Removes and returns the element with `id`.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let offset = offsets[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = elements.remove(at: index)
    trail.changedStructure()
    offsets[id(element)] = nil
    reindex(from: index)
    return element
  }

  /// Removes the elements at `offsets`.
  public mutating func remove(atOffsets indices: some Sequence<Int>) {
    for index in Set(indices).sorted(by: >) { remove(at: index) }
  }

  /// Removes the elements for which `shouldBeRemoved` is true.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try elements.removeAll(where: shouldBeRemoved)
    trail.changedStructure()
    offsets.removeAll(keepingCapacity: true)
    reindex(from: 0)
  }

  /// Sorts the elements in place (stable).
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let sorted = try elements.enumerated().sorted { lhs, rhs in
      if try areInIncreasingOrder(lhs.element, rhs.element) { return true }
      if try areInIncreasingOrder(rhs.element, lhs.element) { return false }
      return lhs.offset < rhs.offset
    }
    elements = sorted.map(\.element)
    trail.changedStructure()
    reindex(from: 0)
  }

  /// Moves the elements at `source` to before `destination`, like SwiftUI's `onMove`.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    let moved = moving.sorted().map { elements[$0] }
    let before = elements.indices.filter { $0 < destination && !moving.contains($0) }.map { elements[$0] }
    let after = elements.indices.filter { $0 >= destination && !moving.contains($0) }.map { elements[$0] }
    elements = before + moved + after
    trail.changedStructure()
    reindex(from: 0)
  }

  /// The elements for which `isIncluded` is true.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    try Self(uniqueElements: elements.filter(isIncluded), id: id)
  }

  private mutating func reindex(from start: Int) {
    for offset in start..<elements.count { offsets[id(elements[offset])] = offset }
  }
}

/// An identified array of `Identifiable` elements: `IdentifiedArrayOf<Todo.State>`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An array of `elements`, identified by their `id`.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// An empty array.
  public init() {
    self.init(uniqueElements: [], id: \.id)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: RandomAccessCollection {
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }
  public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedArray: Sendable where Element: Sendable, ID: Sendable {}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as a collection of the elements, so it reads like an array in traces and diffs.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { elements.description }
  public var debugDescription: String { "IdentifiedArray(\(elements.debugDescription))" }
}
