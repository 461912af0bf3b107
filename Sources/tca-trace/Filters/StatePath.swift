import Debugging

/// A path into a state, as `blame` and `show --path` take it: a JSON Pointer (`/todos/0/isComplete`)
/// or a Swift-like path where an array element can be found by its id.
///
/// ```swift
/// let path = try StatePath(parsing: "todos[id:2].isComplete")
/// path.pointer(in: try JSONReader.parse(#"{"todos":[{"id":1},{"id":2,"isComplete":true}]}"#))
/// // /todos/1/isComplete
/// ```
package struct StatePath: Sendable, Equatable, CustomStringConvertible {
  package enum Segment: Sendable, Equatable {
    /// A field name, a dictionary key or (on an array) an index.
    case token(String)
    /// The array element whose `id` is this (`E621E1F8-…`, `42`, `"milk"`).
    case id(String)
  }

  package var segments: [Segment]
  /// The text as given.
  package var description: String

  /// Why a path cannot be read (`PathSyntax`, the grammar `diff --ignore` shares).
  package typealias ParseError = PathSyntax.Error

  package init(parsing text: String) throws(ParseError) {
    description = text
    // The empty JSON Pointer names the whole state: almost always an empty shell variable, so an
    // error, as `diff --ignore ''` is.
    guard !text.isEmpty else { throw ParseError(message: "empty path") }
    segments = try PathSyntax.segments(of: text, name: Segment.token, bracket: Self.bracket)
    // A pointer that stops at a container's marker (`/pair/$tuple`, `/tags/$set`,
    // `/scores/$dict`, as copied from a patch) names the container: what is inside the marker is
    // not a value of its own (a tuple's fields would read as a dictionary's entries).
    while segments.count > 1, case let .token(last)? = segments.last, Self.containerMarkers.contains(last) {
      segments.removeLast()
    }
  }

  /// The markers whose value holds a container's members (docs/log-format.md).
  static let containerMarkers: Set<String> = ["$tuple", "$set", "$dict"]

  /// This dialect's brackets: `[3]`, `[id:42]` (`[id:"milk"]`, `[id: E621E1F8-…]`), or a
  /// dictionary's key: `["milk"]`, `[E621E1F8-…]`, `[-1]` (`[5]` is an index into an array and a key
  /// into a dictionary).
  private static func bracket(_ inside: Substring) -> Result<Segment, ParseError> {
    if inside.hasPrefix("id:") {
      var id = inside.dropFirst(3).trimmingSpaces
      if id.count >= 2, id.hasPrefix("\""), id.hasSuffix("\"") { id = id.dropFirst().dropLast() }
      guard !id.isEmpty else { return .failure(ParseError(message: "empty id")) }
      return .success(.id(String(id)))
    }
    var key = inside.trimmingSpaces
    if let index = Int(key), index >= 0 { return .success(.token(String(index))) }
    if key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") { key = key.dropFirst().dropLast() }
    guard !key.isEmpty else { return .failure(ParseError(message: "expected [index], [key] or [id:value]")) }
    return .success(.token(String(key)))
  }

  /// The pointer when the path does not depend on the state (no `[id:]`), else `nil`.
  package var fixedPointer: JSONPointer? {
    var tokens: [String] = []
    for segment in segments {
      guard case let .token(token) = segment else { return nil }
      tokens.append(token)
    }
    return JSONPointer(tokens: tokens)
  }

  /// The pointer this path names in `state`: `[id:]` segments become the index of the element
  /// with that id. As far as it gets when an id is not found (a prefix of the path).
  package func pointer(in state: JSON) -> (pointer: JSONPointer, isComplete: Bool) {
    var hints: [Int] = []
    return pointer(in: state, hints: &hints)
  }

  /// `pointer(in:)` for a reader that follows one state from action to action: `hints` keeps the
  /// index each `[id:]` segment found last time, tried first (an element rarely moves), so
  /// finding it again costs one comparison instead of a search through the array.
  package func pointer(in state: JSON, hints: inout [Int]) -> (pointer: JSONPointer, isComplete: Bool) {
    var tokens: [String] = []
    var idSegment = 0
    var node: JSON? = state
    for segment in segments {
      switch segment {
      case let .token(token):
        guard let current = node else {
          tokens.append(token)
          continue
        }
        let hint = idSegment < hints.count ? hints[idSegment] : -1
        guard let (through, key, next) = Self.step(current, token, hint: hint) else {
          tokens.append(token)
          node = nil
          continue
        }
        if case let .dictionary(pair) = through {
          // A dictionary's key, found among its pairs: where, for next time (as an id's element).
          if idSegment < hints.count { hints[idSegment] = pair } else { hints.append(pair) }
          idSegment += 1
        }
        through.append(key, to: &tokens)
        node = next
      case let .id(id):
        // An id written exactly wins; else one that differs only in case (a UUID typed in
        // lower case): `[id:Apple/Swift]` is not the row `apple/swift` when both exist.
        func exactly(_ element: JSON) -> Bool { Self.identity(of: element) == id }
        let lowered = id.lowercased()
        func loosely(_ element: JSON) -> Bool { Self.identity(of: element)?.lowercased() == lowered }
        defer { idSegment += 1 }
        if case let .object(members)? = node, members.first?.key == "$dict" {
          // A dictionary keyed by ids (`[Todo.ID: Bool]`): the value at that key.
          let hint = idSegment < hints.count ? hints[idSegment] : -1
          guard let (through, key, next) = Self.step(.object(members), id, hint: hint),
            case let .dictionary(pair) = through
          else {
            return (JSONPointer(tokens: tokens), false)
          }
          if idSegment < hints.count { hints[idSegment] = pair } else { hints.append(pair) }
          through.append(key, to: &tokens)
          node = next
          continue
        }
        guard case let .array(elements)? = node.map(Self.elements) else { return (JSONPointer(tokens: tokens), false) }
        let hint = idSegment < hints.count ? hints[idSegment] : -1
        let hinted = elements.indices.contains(hint)
        guard
          let index = hinted && exactly(elements[hint])
            ? hint
            : elements.firstIndex(where: exactly)
              ?? (hinted && loosely(elements[hint]) ? hint : elements.firstIndex(where: loosely))
        else { return (JSONPointer(tokens: tokens), false) }
        if idSegment < hints.count { hints[idSegment] = index } else { hints.append(index) }
        tokens.append(String(index))
        node = elements[index]
      }
    }
    return (JSONPointer(tokens: tokens), true)
  }

  /// The value this path names in `state`, or `nil` when it does not exist there.
  package func value(in state: JSON) -> JSON? {
    let (pointer, isComplete) = pointer(in: state)
    return isComplete ? Self.value(at: pointer, in: state) : nil
  }

  /// `value(in:)` with the hints of `pointer(in:hints:)`.
  package func value(in state: JSON, hints: inout [Int]) -> JSON? {
    let (pointer, isComplete) = pointer(in: state, hints: &hints)
    return isComplete ? Self.value(at: pointer, in: state) : nil
  }

  /// The pointer of the path's part before its first `[id:]` (the whole path when it has none):
  /// an operation that touches neither it nor a place inside it leaves the path's value alone.
  package var fixedPrefix: JSONPointer {
    var tokens: [String] = []
    for segment in segments {
      guard case let .token(token) = segment else { break }
      tokens.append(token)
    }
    return JSONPointer(tokens: tokens)
  }

  /// The value at `pointer` in `document`, or `nil` when there is none.
  package static func value(at pointer: JSONPointer, in document: JSON) -> JSON? {
    var node = document
    for token in pointer.tokens {
      guard let next = child(node, token) else { return nil }
      node = next
    }
    return node
  }

  private static func child(_ node: JSON, _ token: String) -> JSON? {
    step(node, token, hint: -1)?.value
  }

  /// How a path's token reaches a value: as a member or an element (`key` is the token), or
  /// through a marker of the trace's value form (docs/log-format.md) — a set's member by its
  /// place (`$set/3`), a tuple's field by its label or place (`$tuple/_0`), a dictionary's value
  /// by its key (`$dict/7/1`, the pair at `pair`).
  enum Through {
    case direct, set, tuple
    case dictionary(pair: Int)

    /// Appends the trace's tokens for this step to `key`'s value to `tokens`.
    func append(_ key: String, to tokens: inout [String]) {
      switch self {
      case .direct: tokens.append(key)
      case .set: tokens += ["$set", key]
      case .tuple: tokens += ["$tuple", key]
      case let .dictionary(pair): tokens += ["$dict", String(pair), "1"]
      }
    }
  }

  /// How the path's `token` reaches a value from `node`, the key it takes there and the value (a
  /// dictionary's pair is tried at `hint` first).
  ///
  /// ```text
  /// {"$dict":[[5,10],[7,1]]}   token "7"  →  .dictionary(pair: 1), 1
  /// ```
  static func step(_ node: JSON, _ token: String, hint: Int) -> (through: Through, key: String, value: JSON)? {
    switch node {
    case let .object(members):
      if let member = members.first(where: { $0.key == token }) { return (.direct, token, member.value) }
      // A case's unlabelled value by its place (`route.detail.0`: the trace writes `_0`).
      if let first = token.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"), Int(token) != nil,
        let member = members.first(where: { $0.key == "_" + token })
      {
        return (.direct, member.key, member.value)
      }
      guard let first = members.first, first.key.utf8.first == UInt8(ascii: "$") else { return nil }
      switch (first.key, first.value) {
      case let ("$set", .array(elements)):
        guard let index = Int(token), elements.indices.contains(index) else { return nil }
        return (.set, token, elements[index])
      case let ("$tuple", .object(fields)):
        if let field = fields.first(where: { $0.key == token || $0.key == "_" + token }) {
          return (.tuple, field.key, field.value)
        }
        guard let index = Int(token), fields.indices.contains(index) else { return nil }
        return (.tuple, fields[index].key, fields[index].value)
      case let ("$dict", .array(pairs)):
        func value(at index: Int) -> JSON? {
          guard pairs.indices.contains(index), case let .array(pair) = pairs[index], pair.count == 2,
            PathSyntax.key(pair[0], reads: token)
          else { return nil }
          return pair[1]
        }
        // The hint, or a pair next to it (one key inserted or removed before it), else a search.
        for index in [hint, hint + 1, hint - 1] {
          if let found = value(at: index) { return (.dictionary(pair: index), token, found) }
        }
        for index in pairs.indices {
          if let found = value(at: index) { return (.dictionary(pair: index), token, found) }
        }
        return nil
      default:
        return nil
      }
    case let .array(elements):
      guard let index = Int(token), elements.indices.contains(index) else { return nil }
      return (.direct, token, elements[index])
    default:
      return nil
    }
  }

  /// Whether `changed`, a place a patch changed, is inside a set, a tuple or a dictionary on the
  /// way to `pointer` (a path's pointer, whose tokens name members, places and keys, not the
  /// markers): a change there may be at the path, whatever the tokens say after the marker.
  ///
  /// ```text
  /// changed /scores/$dict/0/1   pointer /scores/5   true
  /// changed /names/a            pointer /scores/5   false
  /// ```
  static func passesMarker(_ changed: JSONPointer, along pointer: JSONPointer) -> Bool {
    for (index, token) in changed.tokens.enumerated() {
      guard index < pointer.tokens.count else { return false }
      if pointer.tokens[index] == token { continue }
      // A case's unlabelled value the path names by its place (`route.detail.0`, written `_0`).
      if token == "_" + pointer.tokens[index] { return true }
      return token == "$set" || token == "$dict" || token == "$tuple"
    }
    return false
  }

  private static func elements(_ node: JSON) -> JSON {
    node["$set"] ?? node
  }

  /// The text an `[id:…]` segment matches: `42`, `milk`, or a UUID's text.
  private static func identity(of element: JSON) -> String? {
    guard let id = element[Value.identityLabel] ?? element["id"] else { return nil }
    switch id {
    case let .string(text): return text
    case let .int(number): return String(number)
    case let .uint(number): return String(number)
    default:
      if let uuid = id["$uuid"]?.stringValue { return uuid }
      return JSONWriter.string(id)
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while result.first == " " { result = result.dropFirst() }
    while result.last == " " { result = result.dropLast() }
    return result
  }
}
