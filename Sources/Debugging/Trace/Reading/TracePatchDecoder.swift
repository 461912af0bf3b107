// An action line's `patch` decoded from its bytes: each operation's `op`, `path` and `from` are
// read as text and only a `value` becomes a `JSON` tree. Every action line has a patch, most of
// one or two operations whose values are scalars.

/// Decodes the `patch` array of an action line the way `JSONPatch(json: JSONReader.parse(bytes))`
/// does, for the patches it can vouch for: an array of objects whose members are known keys
/// (`op`, `path`, `from`, `value`) at most once each, as the operation asks. Anything else gives
/// `nil`, and the caller decodes the patch the general way, with its exact error.
///
/// ```swift
/// TracePatchDecoder.decode(#"[{"op":"replace","path":"/todos/3/isComplete","value":true}]"#)
/// // JSONPatch([.replace(path: JSONPointer("/todos/3/isComplete"), value: .bool(true))])
/// ```
enum TracePatchDecoder {
  /// `bytes`: one JSON value (the raw `patch` member of a line), checked for structure. `keys`:
  /// the reader's key cache for the values (`JSONKeyTable`).
  static func decode(_ bytes: UnsafeRawBufferPointer, keys: JSONKeyTable? = nil) -> JSONPatch? {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
      let (patch, end) = decode(base, from: 0, end: bytes.count, keys: keys), end == bytes.count
    else { return nil }
    return patch
  }

  /// The patch array that starts at `start` in `base` (a line read up to `end`), and where it
  /// ends; `nil` for one it cannot vouch for, or for bytes that are not a patch. What follows the
  /// array is the caller's to check.
  static func decode(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, keys: JSONKeyTable?) -> (
    JSONPatch, end: Int
  )? {
    guard end - start >= 2, base[start] == .openBracket else { return nil }
    var parser = JSONParser(base, count: end, from: start + 1)
    // The patch is a member of a line's object: the array is at depth 2, its operations at 3.
    parser.depth = 2
    var operations: [JSONPatch.Operation] = []
    parser.skipWhitespace()
    if parser.index < parser.end, parser.bytes[parser.index] == .closeBracket {
      return (JSONPatch(), parser.index + 1)
    }
    while true {
      parser.skipWhitespace()
      let start = parser.index
      if let (operation, next) = compactOperation(parser.bytes, from: start, end: parser.end, keys: keys) {
        operations.append(operation)
        parser.index = next
      } else {
        guard parser.index < parser.end, parser.bytes[parser.index] == .openBrace, parser.quickSkipValue() else {
          return nil
        }
        let operationBytes = UnsafeRawBufferPointer(start: base + start, count: parser.index - start)
        guard let operation = self.operation(operationBytes, keys: keys) else { return nil }
        operations.append(operation)
      }
      parser.skipWhitespace()
      guard parser.index < parser.end else { return nil }
      let byte = parser.bytes[parser.index]
      parser.index += 1
      if byte == .comma { continue }
      guard byte == .closeBracket else { return nil }
      return (JSONPatch(operations), parser.index)
    }
  }

  private enum Key: UInt8 {
    case op = 1, path = 2, from = 4, value = 8
  }

  /// An operation's name, read from its bytes.
  private enum Name { case add, remove, replace, move, copy, test }

  /// One operation object (its bytes, checked for structure). `op`, `path` and `from` written as
  /// the recorder writes them (no escapes) are read from their bytes, without making strings; a
  /// `value` that is a literal or a string without escapes is made without the tree parser.
  private static func operation(_ bytes: UnsafeRawBufferPointer, keys: JSONKeyTable?) -> JSONPatch.Operation? {
    do {
      var scanner = try JSONObjectScanner(bytes, depth: 3)
      scanner.keyTable = keys
      var seen: UInt8 = 0
      var name: Name?, path: JSONPointer?, from: JSONObjectScanner.Member?, value: JSON?
      while let member = try scanner.next() {
        guard !member.keyHasEscapes else { return nil }
        let key: Key
        if scanner.key(of: member, is: "op") {
          key = .op
        } else if scanner.key(of: member, is: "path") {
          key = .path
        } else if scanner.key(of: member, is: "from") {
          key = .from
        } else if scanner.key(of: member, is: "value") {
          key = .value
        } else {
          return nil
        }
        guard seen & key.rawValue == 0 else { return nil }
        seen |= key.rawValue
        // A member that is not a string where one is read is left to the general reader (it
        // checks any value fully, even one the operation ignores).
        switch key {
        case .op:
          guard let known = try self.name(scanner, member) else { return nil }
          name = known
        case .path: path = try pointer(scanner, member)
        case .from:
          // A string, read as a pointer only by the operations that take one.
          try scanner.checkTraceString(member)
          from = member
        case .value: value = try self.value(scanner, member)
        }
      }
      guard let name, let path else { return nil }
      switch name {
      case .add: return value.map { .add(path: path, value: $0) }
      case .remove: return .remove(path: path)
      case .replace: return value.map { .replace(path: path, value: $0) }
      case .move: return try from.map { .move(from: try pointer(scanner, $0), path: path) }
      case .copy: return try from.map { .copy(from: try pointer(scanner, $0), path: path) }
      case .test: return value.map { .test(path: path, value: $0) }
      }
    } catch {
      return nil
    }
  }

  /// The operation named by `op`; `nil` for an unknown name (left to the general reader).
  private static func name(_ scanner: JSONObjectScanner, _ member: JSONObjectScanner.Member) throws -> Name? {
    let raw = scanner.rawValue(of: member)
    switch raw.count {
    case 5 where ByteSearch.equals(raw, #""add""#): return .add
    case 6 where ByteSearch.equals(raw, #""move""#): return .move
    case 6 where ByteSearch.equals(raw, #""copy""#): return .copy
    case 6 where ByteSearch.equals(raw, #""test""#): return .test
    case 8 where ByteSearch.equals(raw, #""remove""#): return .remove
    case 9 where ByteSearch.equals(raw, #""replace""#): return .replace
    default:
      // Written another way (escapes), or not a string: the exact reading.
      switch try scanner.traceString(member) {
      case "add": return .add
      case "remove": return .remove
      case "replace": return .replace
      case "move": return .move
      case "copy": return .copy
      case "test": return .test
      default: return nil
      }
    }
  }

  /// A `path` or `from` as a pointer, read from the string's bytes when it has no escapes.
  private static func pointer(_ scanner: JSONObjectScanner, _ member: JSONObjectScanner.Member) throws -> JSONPointer {
    if let text = plainString(scanner, member) { return try pointer(text, scanner.keyTable) }
    return try JSONPointer(scanner.traceString(member))
  }

  /// A `value`: `true`, `false`, `null` and a string without escapes made directly, anything else
  /// by the tree parser (with all the reader's rules).
  private static func value(_ scanner: JSONObjectScanner, _ member: JSONObjectScanner.Member) throws -> JSON {
    let raw = scanner.rawValue(of: member)
    switch raw.first {
    case UInt8(ascii: "t") where ByteSearch.equals(raw, "true"): return .bool(true)
    case UInt8(ascii: "f") where ByteSearch.equals(raw, "false"): return .bool(false)
    case UInt8(ascii: "n") where ByteSearch.equals(raw, "null"): return .null
    case UInt8(ascii: "\""):
      if let text = plainString(scanner, member) { return .string(String(decoding: text, as: UTF8.self)) }
    default: break
    }
    return try scanner.value(member)
  }

  /// The bytes between the quotes of a string member without escapes, which the reader reads
  /// (`quickString`); `nil` for anything else.
  private static func plainString(_ scanner: JSONObjectScanner, _ member: JSONObjectScanner.Member)
    -> UnsafeBufferPointer<UInt8>?
  {
    let range = member.valueRange
    guard let base = scanner.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), base[range.lowerBound] == .quote
    else { return nil }
    if member.plain == .string {
      return UnsafeBufferPointer(start: base + range.lowerBound + 1, count: range.count - 2)
    }
    let parser = JSONParser(base, count: range.upperBound, from: range.lowerBound)
    var p = base + range.lowerBound
    guard parser.quickString(&p, base + range.upperBound) == false, p == base + range.upperBound else { return nil }
    return UnsafeBufferPointer(start: base + range.lowerBound + 1, count: range.count - 2)
  }

  /// An operation written as the recorder writes it, read in one pass from `start` in `base`:
  /// no spaces, `op` first, its other members (`path`, `from`, `value`) once each, strings
  /// without escapes, as in `{"op":"replace","path":"/todos/3/done","value":true}`. The
  /// operation and where it ends, or `nil` for anything else (then `operation(_:keys:)` reads it,
  /// and decides).
  private static func compactOperation(
    _ base: UnsafePointer<UInt8>, from start: Int, end: Int, keys: JSONKeyTable?
  ) -> (JSONPatch.Operation, next: Int)? {
    var p = base + start
    let limit = base + end
    guard matches(&p, limit, #"{"op":"#), let name = compactName(&p, limit) else { return nil }
    var path: JSONPointer?, from: UnsafeBufferPointer<UInt8>?, value: JSON?
    while p < limit, p.pointee == .comma {
      p += 1
      if path == nil, matches(&p, limit, #""path":"#) {
        guard let text = compactString(base, &p, limit), let pointer = try? pointer(text, keys) else { return nil }
        path = pointer
      } else if from == nil, matches(&p, limit, #""from":"#) {
        guard let text = compactString(base, &p, limit) else { return nil }
        from = text
      } else if value == nil, matches(&p, limit, #""value":"#) {
        guard let parsed = compactValue(base, &p, limit, keys: keys) else { return nil }
        value = parsed
      } else {
        return nil
      }
    }
    guard p < limit, p.pointee == .closeBrace, let path else { return nil }
    let next = base.distance(to: p) + 1
    let operation: JSONPatch.Operation?
    switch name {
    case .add: operation = value.map { .add(path: path, value: $0) }
    case .remove: operation = .remove(path: path)
    case .replace: operation = value.map { .replace(path: path, value: $0) }
    case .move: operation = from.flatMap { try? pointer($0, keys) }.map { .move(from: $0, path: path) }
    case .copy: operation = from.flatMap { try? pointer($0, keys) }.map { .copy(from: $0, path: path) }
    case .test: operation = value.map { .test(path: path, value: $0) }
    }
    return operation.map { ($0, next) }
  }

  /// `JSONPointer(utf8:)` of `text`, found in the reader's cache when it read the same text
  /// before (`JSONPointerCache`).
  private static func pointer(_ text: UnsafeBufferPointer<UInt8>, _ keys: JSONKeyTable?) throws(JSONPatchError)
    -> JSONPointer
  {
    guard let keys else { return try JSONPointer(utf8: text) }
    return try keys.pointers.pointer(utf8: text)
  }

  /// Moves `p` past `text` if the bytes there are `text`.
  private static func matches(_ p: inout UnsafePointer<UInt8>, _ limit: UnsafePointer<UInt8>, _ text: StaticString)
    -> Bool
  {
    let count = text.utf8CodeUnitCount
    guard limit - p >= count else { return false }
    for k in 0..<count where p[k] != text.utf8Start[k] { return false }
    p += count
    return true
  }

  /// An operation's name as a string without escapes, `p` moved past it.
  private static func compactName(_ p: inout UnsafePointer<UInt8>, _ limit: UnsafePointer<UInt8>) -> Name? {
    if matches(&p, limit, #""replace""#) { return .replace }
    if matches(&p, limit, #""move""#) { return .move }
    if matches(&p, limit, #""add""#) { return .add }
    if matches(&p, limit, #""remove""#) { return .remove }
    if matches(&p, limit, #""copy""#) { return .copy }
    if matches(&p, limit, #""test""#) { return .test }
    return nil
  }

  /// The bytes of a string without escapes that the reader reads (`quickString`), `p` moved past it.
  private static func compactString(
    _ base: UnsafePointer<UInt8>, _ p: inout UnsafePointer<UInt8>, _ limit: UnsafePointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8>? {
    guard p < limit, p.pointee == .quote else { return nil }
    let start = p + 1
    let parser = JSONParser(base, count: base.distance(to: limit))
    guard parser.quickString(&p, limit) == false else { return nil }
    return UnsafeBufferPointer(start: start, count: start.distance(to: p) - 1)
  }

  /// A value followed by `,` or `}`: a literal or a string without escapes made directly,
  /// anything else by the tree parser at the depth of an operation's members, `p` moved past it.
  private static func compactValue(
    _ base: UnsafePointer<UInt8>, _ p: inout UnsafePointer<UInt8>, _ limit: UnsafePointer<UInt8>,
    keys: JSONKeyTable?
  ) -> JSON? {
    let value: JSON
    if matches(&p, limit, "true") {
      value = .bool(true)
    } else if matches(&p, limit, "false") {
      value = .bool(false)
    } else if matches(&p, limit, "null") {
      value = .null
    } else if p < limit, p.pointee == .quote {
      guard let text = compactString(base, &p, limit) else { return nil }
      value = .string(String(decoding: text, as: UTF8.self))
    } else {
      var cursor = JSONParser(base, count: base.distance(to: limit), from: base.distance(to: p))
      // The line is depth 1, the patch 2, an operation 3: containers in a value start at 4.
      cursor.depth = 3
      var parser = JSONTreeParser(cursor, keys: keys)
      guard let parsed = try? parser.parseValue() else { return nil }
      value = parsed
      p = base + parser.cursor.index
    }
    guard p < limit, p.pointee == .comma || p.pointee == .closeBrace else { return nil }
    return value
  }
}
