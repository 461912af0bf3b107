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
  /// `bytes`: one JSON value (the raw `patch` member of a line), checked for structure.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> JSONPatch? {
    guard let base = bytes.baseAddress, bytes.count >= 2 else { return nil }
    var parser = JSONParser(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    // The patch is a member of a line's object: the array is at depth 2, its operations at 3.
    parser.depth = 2
    guard parser.bytes[0] == .openBracket else { return nil }
    parser.index = 1
    var operations: [JSONPatch.Operation] = []
    parser.skipWhitespace()
    if parser.index < parser.end, parser.bytes[parser.index] == .closeBracket {
      parser.index += 1
      return parser.index == parser.end ? JSONPatch() : nil
    }
    while true {
      parser.skipWhitespace()
      let start = parser.index
      guard parser.index < parser.end, parser.bytes[parser.index] == .openBrace, parser.quickSkipValue() else {
        return nil
      }
      guard let operation = self.operation(UnsafeRawBufferPointer(rebasing: bytes[start..<parser.index])) else {
        return nil
      }
      operations.append(operation)
      parser.skipWhitespace()
      guard parser.index < parser.end else { return nil }
      let byte = parser.bytes[parser.index]
      parser.index += 1
      if byte == .comma { continue }
      guard byte == .closeBracket else { return nil }
      return parser.index == parser.end ? JSONPatch(operations) : nil
    }
  }

  private enum Key: UInt8 {
    case op = 1, path = 2, from = 4, value = 8
  }

  /// One operation object (its bytes, checked for structure).
  private static func operation(_ bytes: UnsafeRawBufferPointer) -> JSONPatch.Operation? {
    do {
      var scanner = try JSONObjectScanner(bytes, depth: 3)
      var seen: UInt8 = 0
      var op: String?, path: String?, from: String?, value: JSON?
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
        case .op: op = try scanner.traceString(member)
        case .path: path = try scanner.traceString(member)
        case .from: from = try scanner.traceString(member)
        case .value: value = try scanner.value(member)
        }
      }
      guard let op, let path else { return nil }
      let target = try JSONPointer(path)
      switch op {
      case "add": return value.map { .add(path: target, value: $0) }
      case "remove": return .remove(path: target)
      case "replace": return value.map { .replace(path: target, value: $0) }
      case "move": return try from.map { .move(from: try JSONPointer($0), path: target) }
      case "copy": return try from.map { .copy(from: try JSONPointer($0), path: target) }
      case "test": return value.map { .test(path: target, value: $0) }
      default: return nil
      }
    } catch {
      return nil
    }
  }
}
