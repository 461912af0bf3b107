/// A state read from a `state` line and kept as its text, already checked (`quickCheckValue()`):
/// patches expand only the containers on their paths, one level at a time, so following the
/// patches of a 100,000-element state builds a few nodes instead of the whole tree.
///
/// An operation it does not follow lazily (`copy`, `test`, a move between two containers, a
/// root change, or one that does not apply) turns it into the `JSON` tree (`json()`), and
/// `JSONPatch` applies that operation with its own messages.
///
/// ```swift
/// var state = LazyState(text: StateText(Array(#"{"todos":[{"done":false},{"done":false}]}"#.utf8)))
/// state.apply(.replace(path: JSONPointer("/todos/1/done"), value: .bool(true)))  // true
/// state.json()  // {"todos":[{"done":false},{"done":true}]}
/// ```
struct LazyState {
  /// A value as text (`text[range]`), as a value of its own, or a container expanded one level.
  enum Node {
    case text(Range<Int>)
    case value(JSON)
    case object([(key: String, node: Node)])
    /// (Chunked once large and shifted, as `JSON` arrays are: a move in 100,000 elements shifts ~1,000.
    /// Boxed: a `ChunkedArray` is 40 bytes, and a node's size is what an array of nodes moves per
    /// element on every insert, removal or move before it is chunked.)
    indirect case array(ChunkedArray<Node>)
  }

  let text: StateText
  /// Where the members and elements of the first levels of containers are in `text`.
  let children: JSONChildIndex
  private(set) var root: Node

  /// `text`: one JSON value that `JSONReader` reads without an error; `children`: its index
  /// (`quickCheckValue(children:)`), or an empty one.
  init(text: StateText, children: JSONChildIndex = JSONChildIndex(levels: 0)) {
    self.text = text
    self.children = children
    root = .text(0..<text.count)
  }

  /// Whether the last operation applied changed a container where the value form may now be
  /// broken (`FormPlace.mayBreak`): then `formProblem(after:)` looks.
  private(set) var mayHaveBrokenForm = false

  /// Applies `operation` and returns `true`, or returns `false` without a change: the operation
  /// is one to apply to `json()` instead.
  mutating func apply(_ operation: JSONPatch.Operation) -> Bool {
    mayHaveBrokenForm = false
    var mayBreak = false
    defer { mayHaveBrokenForm = mayBreak }
    switch operation {
    case let .add(path, value):
      guard (try? PatchDepth.check(path)) != nil, (try? PatchDepth.check(value, at: path)) != nil,
        let last = path.tokens.last
      else { return false }
      return change(path.tokens.dropLast()) { parent, place in
        if var members = Self.takeMembers(&parent) {
          defer { parent = .object(members) }
          if let i = members.firstIndex(where: { $0.key == last }) {
            members[i].node = .value(value)
          } else {
            members.append((last, .value(value)))
          }
          mayBreak = place.mayBreak(objectFirstKey: members.first?.key, key: last)
          return true
        } else if var elements = Self.takeElements(&parent) {
          defer { parent = .array(elements) }
          let i = last == "-" ? elements.count : PatchEngine.index(last)
          guard let i, i <= elements.count else { return false }
          elements.insert(.value(value), at: i)
          mayBreak = place.mayBreak(arrayCount: elements.count, element: value)
          return true
        }
        return false
      }
    case let .remove(path):
      guard (try? PatchDepth.check(path)) != nil, let last = path.tokens.last else { return false }
      return change(path.tokens.dropLast()) { parent, place in
        if var members = Self.takeMembers(&parent) {
          defer { parent = .object(members) }
          guard let i = members.firstIndex(where: { $0.key == last }) else { return false }
          members.remove(at: i)
          mayBreak = place.mayBreak(objectFirstKey: members.first?.key, key: last)
          return true
        } else if var elements = Self.takeElements(&parent) {
          defer { parent = .array(elements) }
          guard let i = PatchEngine.index(last), i < elements.count else { return false }
          elements.remove(at: i)
          mayBreak = place.mayBreak(arrayCount: elements.count, element: nil)
          return true
        }
        return false
      }
    case let .replace(path, value):
      guard (try? PatchDepth.check(path)) != nil, (try? PatchDepth.check(value, at: path)) != nil,
        let last = path.tokens.last
      else { return false }
      return change(path.tokens.dropLast()) { parent, place in
        if var members = Self.takeMembers(&parent) {
          defer { parent = .object(members) }
          guard let i = members.firstIndex(where: { $0.key == last }) else { return false }
          members[i].node = .value(value)
          mayBreak = place.mayBreak(objectFirstKey: members.first?.key, key: last)
          return true
        } else if var elements = Self.takeElements(&parent) {
          defer { parent = .array(elements) }
          guard let i = PatchEngine.index(last), i < elements.count else { return false }
          elements[i] = .value(value)
          mayBreak = place.mayBreak(arrayCount: elements.count, element: value)
          return true
        }
        return false
      }
    case let .move(from, path):
      // Only a move between two indices of one array (`PatchEngine.moveWithinArray`).
      guard (try? PatchDepth.check(path)) != nil, (try? PatchDepth.check(from)) != nil, from != path,
        !path.hasPrefix(from), from.tokens.count == path.tokens.count,
        let source = from.tokens.last.flatMap(PatchEngine.index),
        let target = path.tokens.last.flatMap(PatchEngine.index), from.tokens.dropLast() == path.tokens.dropLast()
      else { return false }
      // (Within one array: its elements stay where they were, as values or as pairs.)
      return change(from.tokens.dropLast()) { parent, _ in
        guard var elements = Self.takeElements(&parent) else { return false }
        defer { parent = .array(elements) }
        guard source < elements.count, target < elements.count else { return false }
        elements.moveElement(from: source, to: target)
        return true
      }
    case .copy, .test:
      return false
    }
  }

  /// Walks `tokens` from the root, expanding containers, and calls `body` with the container
  /// they lead to; `false` when a token does not lead anywhere.
  private mutating func change(_ tokens: ArraySlice<String>, _ body: (inout Node, FormPlace) -> Bool) -> Bool {
    var root = self.root
    self.root = .null
    defer { self.root = root }
    return Self.walk(&root, tokens, text, children, .value, body)
  }

  /// `place`: where `node` is in the value form (`FormPlace`), for `mayBreakForm`.
  private static func walk(
    _ node: inout Node, _ tokens: ArraySlice<String>, _ text: StateText, _ children: JSONChildIndex,
    _ place: FormPlace, _ body: (inout Node, FormPlace) -> Bool
  ) -> Bool {
    expand(&node, text, children)
    guard let token = tokens.first else { return body(&node, place) }
    if var members = takeMembers(&node) {
      defer { node = .object(members) }
      guard let i = members.firstIndex(where: { $0.key == token }) else { return false }
      let childPlace = place.child(token, firstKey: members.first?.key, isObject: true)
      return walk(&members[i].node, tokens.dropFirst(), text, children, childPlace, body)
    } else if var elements = takeElements(&node) {
      defer { node = .array(elements) }
      guard let i = PatchEngine.index(token), i < elements.count else { return false }
      let childPlace = place.child(token, firstKey: nil, isObject: false)
      return walk(&elements[i], tokens.dropFirst(), text, children, childPlace, body)
    }
    return false
  }

  /// Moves an expanded object's members out of `node` (leaving `.null`) so they change in place
  /// (binding them in a `switch` keeps a second reference and forces a copy, as in `PatchEngine`).
  private static func takeMembers(_ node: inout Node) -> [(key: String, node: Node)]? {
    guard case let .object(members) = node else { return nil }
    node = .null
    return members
  }

  private static func takeElements(_ node: inout Node) -> ChunkedArray<Node>? {
    guard case let .array(elements) = node else { return nil }
    node = .null
    return elements
  }

  /// Turns a container held as text or as a `JSON` value into one expanded one level.
  static func expand(_ node: inout Node, _ text: StateText, _ children: JSONChildIndex) {
    switch node {
    case let .text(range):
      guard let first = range.first.map({ text[$0] }), first == .openBrace || first == .openBracket else { return }
      if let known = children.containers[range.lowerBound] {
        // Indexed when the text was checked: nothing to read again.
        node =
          first == .openBrace
          ? .object(known.map { (String(decoding: text[$0.key ?? 0..<0], as: UTF8.self), .text($0.value)) })
          : .array(ChunkedArray(known.map { .text($0.value) }))
        return
      }
      text.withUnsafeBufferPointer { buffer in
        if let expanded = LazyStateScan.expand(buffer.baseAddress!, range) { node = expanded }
      }
    case let .value(.object(members)):
      node = .object(members.map { ($0.key, .value($0.value)) })
    case let .value(.array(elements)):
      node = .array(ChunkedArray(elements.map { .value($0) }))
    default:
      return
    }
  }

  /// The whole state as a `JSON` tree.
  func json() -> JSON {
    text.withUnsafeBytes { buffer in Self.json(root, buffer) }
  }

  static func json(_ node: Node, _ text: UnsafeRawBufferPointer) -> JSON {
    switch node {
    case let .text(range):
      // Checked when read: never an error.
      return (try? JSONReader.parse(UnsafeRawBufferPointer(rebasing: text[range]))) ?? .null
    case let .value(value):
      return value
    case let .object(members):
      return .object(members.map { JSON.Member($0.key, json($0.node, text)) })
    case let .array(elements):
      return .array(elements.map { json($0, text) })
    }
  }
}

extension LazyState.Node {
  static let null = LazyState.Node.value(.null)
}

/// Expanding a container held as text: its members' keys and values' ranges, or its elements'.
enum LazyStateScan {
  static func expand(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> LazyState.Node? {
    var parser = JSONParser(base, count: range.upperBound, from: range.lowerBound)
    parser.skipWhitespace()
    let isObject = base[parser.index] == .openBrace
    parser.index += 1
    var members: [(key: String, node: LazyState.Node)] = []
    var elements: [LazyState.Node] = []
    // Room for a struct's usual few fields at once (no regrowth for a row of a table).
    if isObject { members.reserveCapacity(8) }
    parser.skipWhitespace()
    if parser.index < parser.end, base[parser.index] == (isObject ? .closeBrace : .closeBracket) {
      return isObject ? .object([]) : .array(ChunkedArray())
    }
    while true {
      parser.skipWhitespace()
      var key = ""
      if isObject {
        guard let parsed = try? parser.parseString() else { return nil }
        key = parsed
        parser.skipWhitespace()
        guard parser.index < parser.end, base[parser.index] == .colon else { return nil }
        parser.index += 1
        parser.skipWhitespace()
      }
      let start = parser.index
      if !parser.quickSkipValue() {
        guard (try? parser.skipValue()) != nil else { return nil }
      }
      if isObject {
        members.append((key, .text(start..<parser.index)))
      } else {
        elements.append(.text(start..<parser.index))
      }
      parser.skipWhitespace()
      guard parser.index < parser.end else { return nil }
      let byte = base[parser.index]
      parser.index += 1
      if byte == .comma { continue }
      guard byte == (isObject ? .closeBrace : .closeBracket) else { return nil }
      return isObject ? .object(members) : .array(ChunkedArray(elements))
    }
  }
}
