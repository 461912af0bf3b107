/// The children of a `PatchTouches.Node` by token, in the order the patch first touched them: a
/// list searched in order while short (a patch touches one place or a few below a node: no
/// dictionary to allocate and hash into), indexed from `indexedFrom` children on (a patch that
/// toggles every row of a large array).
///
/// ```swift
/// var children = TouchedChildren()
/// children["todos"] = PatchTouches.Node()
/// children["todos"] != nil   // true
/// children.first?.key        // "todos"
/// ```
package struct TouchedChildren: Sequence {
  package typealias Element = (key: String, value: PatchTouches.Node)

  /// From this many children on, a dictionary finds a token.
  static let indexedFrom = 8

  private var entries: [Element] = []
  private var index: [String: Int]?

  package init() {}

  package var count: Int { entries.count }
  package var isEmpty: Bool { entries.isEmpty }
  package var first: Element? { entries.first }

  package subscript(token: String) -> PatchTouches.Node? {
    get { position(of: token).map { entries[$0].value } }
    set {
      guard let newValue else {
        preconditionFailure("a touched child is never removed")
      }
      if let position = position(of: token) {
        entries[position].value = newValue
        return
      }
      entries.append((token, newValue))
      if index != nil {
        index![token] = entries.count - 1
      } else if entries.count >= Self.indexedFrom {
        index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($0.element.key, $0.offset) })
      }
    }
  }

  package func makeIterator() -> IndexingIterator<[Element]> {
    entries.makeIterator()
  }

  private func position(of token: String) -> Int? {
    if let index { return index[token] }
    for position in entries.indices where entries[position].key == token { return position }
    return nil
  }
}
