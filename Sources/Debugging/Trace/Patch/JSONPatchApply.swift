// Applying patch operations in place. Containers are detached from their parent (set to `.null`)
// while being changed, so a change deep in a large state copies nothing but the path to it.

extension JSONPatch.Operation {
  /// Applies this one operation to `document`.
  ///
  /// ```swift
  /// try JSONPatch.Operation.remove(path: JSONPointer("/todos/7")).apply(to: &state)
  /// ```
  /// ```text
  /// JSONPatchError: path /todos/7 does not exist
  /// ```
  public func apply(to document: inout JSON) throws(JSONPatchError) {
    var changed: String? = nil
    try apply(to: &document, changedObjectFirstKey: &changed)
  }

  /// `apply(to:)`, noting the first key of the object the operation added to, replaced in or
  /// removed from, as it is after it (`nil` for an array): what `validate` asks of the place a
  /// value went before looking further (`PatchFormCheck.mayHaveBroken`).
  func apply(to document: inout JSON, changedObjectFirstKey changed: inout String?) throws(JSONPatchError) {
    try PatchDepth.check(path)
    if case let .move(from, _) = self { try PatchDepth.check(from) }
    if case let .copy(from, _) = self { try PatchDepth.check(from) }
    switch self {
    case let .add(path, value):
      try PatchEngine.add(value, at: path, in: &document, changed: &changed)
    case let .remove(path):
      _ = try PatchEngine.remove(path, in: &document, changed: &changed)
    case let .replace(path, value):
      try PatchEngine.replace(path, with: value, in: &document, changed: &changed)
    case let .move(from, path):
      if from == path { _ = try PatchEngine.value(at: from, in: document); return }
      if path.hasPrefix(from) {
        throw JSONPatchError("cannot move \(from) into its own child \(path)")
      }
      if try PatchEngine.moveWithinArray(from: from, to: path, in: &document) { return }
      let value = try PatchEngine.remove(from, in: &document, changed: &changed)
      try PatchEngine.add(value, at: path, in: &document, changed: &changed)
    case let .copy(from, path):
      let value = try PatchEngine.value(at: from, in: document)
      try PatchEngine.checkCopySize(value, from: from)
      try PatchEngine.add(value, at: path, in: &document, changed: &changed)
    case let .test(path, value):
      guard try PatchEngine.value(at: path, in: document) == value else {
        throw JSONPatchError("test failed: the value at \(path.tokens.isEmpty ? "the root" : path.description) differs")
      }
    }
  }
}

package enum PatchEngine {
  static func missing(_ path: JSONPointer) -> JSONPatchError {
    JSONPatchError("path \(path) does not exist")
  }

  /// The largest value a `copy` may copy, as JSON text. The recorder never writes `copy`; in a
  /// hand-written trace a few lines of `copy /d → /d/-` would double the state each time (2^69
  /// elements from 69 lines of 11 KB), so a copy is bounded as a line is, and tighter.
  package static let largestCopy = 1 << 20

  /// Refuses a copy of more than `largestCopy` bytes:
  /// `cannot copy /d: its value is more than 1 MiB (a copy may copy at most 1 MiB)`.
  static func checkCopySize(_ value: JSON, from: JSONPointer) throws(JSONPatchError) {
    guard value.encodedSize(atMost: largestCopy) > largestCopy else { return }
    let limit = LineReader.byteCount(largestCopy)
    throw JSONPatchError(
      "cannot copy \(PatchDepth.abbreviated(from)): its value is more than \(limit) (a copy may copy at most \(limit))")
  }

  /// `"0"`, `"12"`; not `"01"`, `"-"`, `"x"`.
  package static func index(_ token: String) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
      first != UInt8(ascii: "0") || utf8.count == 1
    else { return nil }
    return Int(token)
  }

  package static func value(at path: JSONPointer, in document: JSON) throws(JSONPatchError) -> JSON {
    var current = document
    for token in path.tokens {
      switch current {
      case let .object(members):
        guard let member = members.first(where: { $0.key == token }) else { throw missing(path) }
        current = member.value
      case let .array(elements):
        guard let i = index(token), i < elements.count else { throw missing(path) }
        current = elements[i]
      default:
        throw missing(path)
      }
    }
    return current
  }

  /// Moves an object's members out of `json` (leaving `.null`) so they can change in place.
  /// (Binding them in a `switch` would keep a second reference and force a copy.)
  static func takeMembers(_ json: inout JSON) -> JSONMembers? {
    guard case let .object(members) = json else { return nil }
    json = .null
    return members
  }

  static func takeElements(_ json: inout JSON) -> JSONElements? {
    guard case let .array(elements) = json else { return nil }
    json = .null
    return elements
  }

  static func add(_ value: JSON, at path: JSONPointer, in document: inout JSON, changed: inout String?)
    throws(JSONPatchError)
  {
    try PatchDepth.check(value, at: path)
    guard !path.tokens.isEmpty else {
      document = value
      return
    }
    try withParent(of: path, path.tokens[...], in: &document) { (parent, token) throws(JSONPatchError) in
      if var members = takeMembers(&parent) {
        defer { parent = .object(members) }
        if let i = members.firstIndex(where: { $0.key == token }) {
          members[i].value = value
        } else {
          members.append(JSON.Member(token, value))
        }
        changed = members.first?.key
      } else if var elements = takeElements(&parent) {
        defer { parent = .array(elements) }
        let i = token == "-" ? elements.count : index(token)
        guard let i, i <= elements.count else { throw missing(path) }
        elements.insert(value, at: i)
      } else {
        throw missing(path)
      }
    }
  }

  static func remove(_ path: JSONPointer, in document: inout JSON, changed: inout String?) throws(JSONPatchError)
    -> JSON
  {
    guard !path.tokens.isEmpty else { throw JSONPatchError("cannot remove the whole document") }
    return try withParent(of: path, path.tokens[...], in: &document) { (parent, token) throws(JSONPatchError) in
      if var members = takeMembers(&parent) {
        defer { parent = .object(members) }
        guard let i = members.firstIndex(where: { $0.key == token }) else { throw missing(path) }
        let removed = members.remove(at: i).value
        changed = members.first?.key
        return removed
      } else if var elements = takeElements(&parent) {
        defer { parent = .array(elements) }
        guard let i = index(token), i < elements.count else { throw missing(path) }
        return elements.remove(at: i)
      } else {
        throw missing(path)
      }
    }
  }

  static func replace(_ path: JSONPointer, with value: JSON, in document: inout JSON, changed: inout String?)
    throws(JSONPatchError)
  {
    try PatchDepth.check(value, at: path)
    guard !path.tokens.isEmpty else {
      document = value
      return
    }
    try withParent(of: path, path.tokens[...], in: &document) { (parent, token) throws(JSONPatchError) in
      if var members = takeMembers(&parent) {
        defer { parent = .object(members) }
        guard let i = members.firstIndex(where: { $0.key == token }) else { throw missing(path) }
        members[i].value = value
        changed = members.first?.key
      } else if var elements = takeElements(&parent) {
        defer { parent = .array(elements) }
        guard let i = index(token), i < elements.count else { throw missing(path) }
        elements[i] = value
      } else {
        throw missing(path)
      }
    }
  }

  /// A move between two indices of one array, done by shifting the elements between them as
  /// bytes (`JSONElements.move`: one `memmove` of the distance, no reference counting); `false` when `from` and `path` are not two
  /// indices of the same array (the move is then a remove and an add).
  static func moveWithinArray(from: JSONPointer, to path: JSONPointer, in document: inout JSON) throws(JSONPatchError)
    -> Bool
  {
    guard from.tokens.count == path.tokens.count, let source = from.tokens.last.flatMap(index),
      let target = path.tokens.last.flatMap(index), from.tokens.dropLast() == path.tokens.dropLast()
    else { return false }
    return try withParent(of: from, from.tokens[...], in: &document) { (parent, _) throws(JSONPatchError) in
      guard var elements = takeElements(&parent) else { return false }
      defer { parent = .array(elements) }
      guard source < elements.count else { throw missing(from) }
      // After the removal the array has one element less: `path` must index into it.
      guard target < elements.count else { throw missing(path) }
      elements.move(from: source, to: target)
      return true
    }
  }

  /// Walks to the container holding the last token of `tokens` and calls `body` with it.
  /// Recursion depth is bounded by the path's length (at most `JSONReader.maximumDepth`, checked
  /// by `PatchDepth` before any walk).
  static func withParent<R>(
    of path: JSONPointer, _ tokens: ArraySlice<String>, in json: inout JSON,
    _ body: (inout JSON, String) throws(JSONPatchError) -> R
  ) throws(JSONPatchError) -> R {
    let token = tokens[tokens.startIndex]
    if tokens.count == 1 { return try body(&json, token) }
    if var members = takeMembers(&json) {
      defer { json = .object(members) }
      guard let i = members.firstIndex(where: { $0.key == token }) else { throw missing(path) }
      return try withParent(of: path, tokens.dropFirst(), in: &members[i].value, body)
    } else if var elements = takeElements(&json) {
      defer { json = .array(elements) }
      guard let i = index(token), i < elements.count else { throw missing(path) }
      return try withParent(of: path, tokens.dropFirst(), in: &elements[i], body)
    } else {
      throw missing(path)
    }
  }
}
