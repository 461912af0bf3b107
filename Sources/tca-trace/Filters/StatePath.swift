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

  package struct ParseError: Error, Equatable {
    package var message: String
  }

  package init(parsing text: String) throws(ParseError) {
    description = text
    // The empty JSON Pointer names the whole state: almost always an empty shell variable, so an
    // error, as `diff --ignore ''` is.
    guard !text.isEmpty else { throw ParseError(message: "empty path") }
    if text.hasPrefix("/") {
      do {
        segments = try JSONPointer(text).tokens.map(Segment.token)
      } catch {
        throw ParseError(message: error.message)
      }
      return
    }
    segments = try Self.parseSwiftPath(text)
  }

  /// `todos[id:3].title`, `\.todos[0]`, `.destination.edit.title`.
  private static func parseSwiftPath(_ text: String) throws(ParseError) -> [Segment] {
    var rest = Substring(text)
    if rest.hasPrefix("\\") { rest = rest.dropFirst() }
    if rest.hasPrefix(".") { rest = rest.dropFirst() }
    var segments: [Segment] = []
    var name = ""
    func column() -> Int { text.count - rest.count + 1 }
    var previous: Character?
    while let character = rest.first {
      switch character {
      case ".":
        guard !name.isEmpty || previous == "]" else { throw ParseError(message: "empty name at column \(column())") }
        if !name.isEmpty { segments.append(.token(name)) }
        name = ""
        rest = rest.dropFirst()
        guard let next = rest.first, next != ".", next != "[" else {
          throw ParseError(message: "empty name at column \(column())")
        }
        previous = "."
      case "[":
        if !name.isEmpty { segments.append(.token(name)) }
        name = ""
        let start = column()
        guard let close = rest.firstIndex(of: "]") else { throw ParseError(message: "unclosed [ at column \(start)") }
        let inside = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...]
        if inside.hasPrefix("id:") {
          var id = inside.dropFirst(3).trimmingSpaces
          if id.count >= 2, id.hasPrefix("\""), id.hasSuffix("\"") { id = id.dropFirst().dropLast() }
          guard !id.isEmpty else { throw ParseError(message: "empty id at column \(start)") }
          segments.append(.id(String(id)))
        } else if let index = Int(inside.trimmingSpaces), index >= 0 {
          segments.append(.token(String(index)))
        } else {
          throw ParseError(message: "expected [index] or [id:value] at column \(start)")
        }
        if let next = rest.first, next != ".", next != "[" {
          throw ParseError(message: "expected . or [ at column \(column())")
        }
        previous = "]"
      default:
        name.append(character)
        rest = rest.dropFirst()
        previous = character
      }
    }
    if !name.isEmpty { segments.append(.token(name)) }
    return segments
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
        func matches(_ element: JSON) -> Bool {
          Self.identity(of: element) == id || Self.identity(of: element)?.lowercased() == id.lowercased()
        }
        defer { idSegment += 1 }
        guard case let .array(elements)? = node.map(Self.elements) else { return (JSONPointer(tokens: tokens), false) }
        let hint = idSegment < hints.count ? hints[idSegment] : -1
        guard let index = elements.indices.contains(hint) && matches(elements[hint]) ? hint : elements.firstIndex(where: matches)
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
    guard let id = element["id"] else { return nil }
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
