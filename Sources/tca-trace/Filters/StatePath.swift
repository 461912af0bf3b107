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
  }

  /// This dialect's brackets: `[3]`, or `[id:42]` (`[id:"milk"]`, `[id: E621E1F8-…]`).
  private static func bracket(_ inside: Substring) -> Result<Segment, ParseError> {
    if inside.hasPrefix("id:") {
      var id = inside.dropFirst(3).trimmingSpaces
      if id.count >= 2, id.hasPrefix("\""), id.hasSuffix("\"") { id = id.dropFirst().dropLast() }
      guard !id.isEmpty else { return .failure(ParseError(message: "empty id")) }
      return .success(.id(String(id)))
    }
    guard let index = Int(inside.trimmingSpaces), index >= 0 else {
      return .failure(ParseError(message: "expected [index] or [id:value]"))
    }
    return .success(.token(String(index)))
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
        tokens.append(token)
        node = node.flatMap { Self.child($0, token) }
      case let .id(id):
        // An id written exactly wins; else one that differs only in case (a UUID typed in
        // lower case): `[id:Apple/Swift]` is not the row `apple/swift` when both exist.
        func exactly(_ element: JSON) -> Bool { Self.identity(of: element) == id }
        let lowered = id.lowercased()
        func loosely(_ element: JSON) -> Bool { Self.identity(of: element)?.lowercased() == lowered }
        defer { idSegment += 1 }
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
    switch node {
    case let .object(members):
      if let member = members.first(where: { $0.key == token }) { return member.value }
      if case let .array(elements)? = node["$set"], let index = Int(token), elements.indices.contains(index) {
        return elements[index]
      }
      return nil
    case let .array(elements):
      guard let index = Int(token), elements.indices.contains(index) else { return nil }
      return elements[index]
    default:
      return nil
    }
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
