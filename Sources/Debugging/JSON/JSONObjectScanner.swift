/// Walks the top-level members of one JSON object (a trace line) without building nested values:
/// each member's key and the byte range of its raw value, then cheap decoders for just the members
/// wanted.
///
/// ```swift
/// try bytes.withUnsafeBytes { line in
///   var scanner = try JSONObjectScanner(line)
///   while let member = try scanner.next() {
///     if scanner.key(of: member, is: "seq") { print(try scanner.int(member) ?? -1) }
///   }
/// }
/// ```
/// ```text
/// 42
/// ```
///
/// Skipped values are checked for structure (so a truncated line is an error) but their duplicate
/// keys and number ranges are not; decode a member with `value(_:)` for the full rules. After the
/// last member `next()` returns `nil` once the closing `}` and the end of the input are checked.
/// The scanner reads `bytes` without copying: keep them alive while it is used.
public struct JSONObjectScanner {
  /// One top-level member: where its key (between the quotes, still escaped) and its value are.
  public struct Member: Sendable, Hashable {
    public var keyRange: Range<Int>
    public var valueRange: Range<Int>
    public var keyHasEscapes: Bool
    /// What the scan already knows of the value: a string without escapes (valid UTF-8), or an
    /// integer of at most 18 digits, read from the bytes without the parser (`string(_:)`,
    /// `int(_:)`).
    var plain: PlainScalar = .none
  }

  /// A value the scan found plain (`skipPlainScalar`).
  enum PlainScalar: Sendable, Hashable { case none, string, integer }

  public let bytes: UnsafeRawBufferPointer
  /// Also check each value with the rest of the reader's rules while skipping it
  /// (`quickCheckValue()`): duplicate keys, integers within 64 bits, numbers within `Double`.
  ///
  /// ```swift
  /// scanner.checksValues = true
  /// _ = try scanner.next()    // "state":{"a":1,"a":2}
  /// scanner.lastValueChecked  // false: JSONReader would find a duplicate key
  /// ```
  public var checksValues = false
  /// With `checksValues`: whether `JSONReader` reads the last member's value, at its depth in
  /// the object, without an error (`false` also for the rare values the check leaves to it).
  public private(set) var lastValueChecked = false
  /// With `checksValues` and `indexesValueChildren`: where the members and elements of the first
  /// two levels of containers of the last member's value are (offsets from the value's first byte).
  package var lastValueChildren: JSONChildIndex { indexedChildren ?? JSONChildIndex() }
  /// (Optional: a scanner that indexes nothing holds no dictionary or array, cheaper to copy.)
  private var indexedChildren: JSONChildIndex?
  /// With `checksValues`: also fill `lastValueChildren` (for a state kept as text); off, the check
  /// records nothing.
  package var indexesValueChildren = false
  /// The key cache `value(_:)` parses with, shared across lines by a reader (`JSONKeyTable`).
  package var keyTable: JSONKeyTable?
  private var parser: JSONParser
  /// The key table of `checksValues`, one for all the members (made at the first unless a reader
  /// gives its own, shared by its lines).
  var quickKeys: QuickKeys?
  private var finished = false
  private var first = true

  /// Checks that the input starts with an object. `depth`: the object's nesting level in the
  /// document it is part of (1 for a whole line), so the values read inside it have the reader's
  /// depth limit at their real depth.
  public init(_ bytes: UnsafeRawBufferPointer, depth: Int = 1) throws(JSONError) {
    self.bytes = bytes
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      throw JSONError("empty input", line: 1, column: 1)
    }
    parser = JSONParser(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    parser.skipWhitespace()
    guard parser.index < parser.end else { throw parser.error("empty input", at: parser.index) }
    guard parser.bytes[parser.index] == .openBrace else {
      throw parser.unexpected("expected an object, found", at: parser.index)
    }
    parser.index += 1
    parser.depth = depth
  }

  /// A scanner that goes on after members already read: `index` is the `,` or `}` that follows
  /// the last of them (in an object that starts at the first byte of `bytes`, a whole line).
  ///
  /// ```swift
  /// var scanner = JSONObjectScanner(bytes, after: 12)  // {"kind":"x","seq":1}: the "," at 12
  /// ```
  package init(_ bytes: UnsafeRawBufferPointer, after index: Int) {
    self.bytes = bytes
    parser = JSONParser(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count, from: index)
    parser.depth = 1
    first = false
  }

  /// The next member, or `nil` after the last one.
  public mutating func next() throws(JSONError) -> Member? {
    if finished { return nil }
    parser.skipWhitespace()
    guard parser.index < parser.end else { throw parser.endOfInput() }
    if first {
      first = false
      if parser.bytes[parser.index] == .closeBrace {
        parser.index += 1
        return try finish()
      }
    } else {
      let byte = parser.bytes[parser.index]
      parser.index += 1
      if byte == .closeBrace { return try finish() }
      guard byte == .comma else { throw parser.unexpected(#"expected "," or "}", found"#, at: parser.index - 1) }
      parser.skipWhitespace()
      guard parser.index < parser.end else { throw parser.endOfInput() }
    }
    guard parser.bytes[parser.index] == .quote else {
      throw parser.unexpected("expected a string key, found", at: parser.index)
    }
    let keyStart = parser.index + 1
    let keyHasEscapes = try scanKey()
    let keyEnd = parser.index - 1
    parser.skipWhitespace()
    guard parser.index < parser.end else { throw parser.endOfInput() }
    guard parser.bytes[parser.index] == .colon else {
      throw parser.unexpected(#"expected ":", found"#, at: parser.index)
    }
    parser.index += 1
    parser.skipWhitespace()
    let valueStart = parser.index
    let plain = skipPlainScalar()
    if plain != nil {
      // A plain string or integer: `JSONReader` reads it.
      if checksValues {
        if indexesValueChildren { indexedChildren = JSONChildIndex() }
        lastValueChecked = true
      }
    } else if checksValues {
      if quickKeys == nil { quickKeys = QuickKeys() }
      if indexesValueChildren {
        var children = JSONChildIndex()
        lastValueChecked = parser.quickCheckValue(children: &children, reusing: quickKeys!)
        indexedChildren = children
      } else {
        lastValueChecked = parser.quickCheckValue(reusing: quickKeys!)
      }
      if !lastValueChecked, !parser.quickSkipValue() { try parser.skipValue() }
    } else if !parser.quickSkipValue() {
      try parser.skipValue()
    }
    return Member(
      keyRange: keyStart..<keyEnd, valueRange: valueStart..<parser.index, keyHasEscapes: keyHasEscapes,
      plain: plain ?? .none)
  }

  /// Moves past a plain string or integer at the parser's index (most members of a trace line:
  /// `"kind":"action"`, `"seq":12`), which the reader reads and the quick skip accepts, without
  /// the general skip, and says which it was; `nil` (not moved) for anything else: an integer of
  /// more than 18 digits, with a leading zero, a fraction or an exponent, a string `quickString`
  /// refuses, another value. A string with escapes is moved past as `.none` (its text is not its
  /// bytes).
  ///
  /// ```text
  /// "label":"Todos.Action.add",…   .string      "t":-12,…   .integer      "t":1.5,…   nil
  /// ```
  @inline(__always)
  private mutating func skipPlainScalar() -> PlainScalar? {
    let end = parser.bytes + parser.end
    var p = parser.bytes + parser.index
    guard p < end else { return nil }
    let plain: PlainScalar
    if p.pointee == .quote {
      guard let hasEscapes = parser.quickString(&p, end) else { return nil }
      plain = hasEscapes ? .none : .string
    } else {
      if p.pointee == .minus { p += 1 }
      let digits = p
      while p < end, p.pointee &- .zero < 10 { p += 1 }
      let count = digits.distance(to: p)
      guard count > 0, count <= 18, count == 1 || digits.pointee != .zero else { return nil }
      if p < end, p.pointee == .dot || p.pointee | 0x20 == .letterE { return nil }
      plain = .integer
    }
    parser.index = parser.bytes.distance(to: p)
    return plain
  }

  /// Moves past the key string at the parser's index; whether it holds escapes. The quick scan
  /// first, the exact one for what it refuses (with its error).
  @inline(__always)
  private mutating func scanKey() throws(JSONError) -> Bool {
    var p = parser.bytes + parser.index
    guard let hasEscapes = parser.quickString(&p, parser.bytes + parser.end) else { return try parser.scanString() }
    parser.index = parser.bytes.distance(to: p)
    return hasEscapes
  }

  /// Scans the rest of the object and returns the first member named by each of `keys` (`nil`
  /// when absent), in the order of `keys`.
  ///
  /// ```swift
  /// let found = try scanner.members(named: ["kind", "seq"])  // [Member?, Member?]
  /// ```
  public mutating func members(named keys: [StaticString]) throws(JSONError) -> [Member?] {
    var found = [Member?](repeating: nil, count: keys.count)
    while let member = try next() {
      for (i, key) in keys.enumerated() where found[i] == nil && self.key(of: member, is: key) {
        found[i] = member
        break
      }
    }
    return found
  }

  private mutating func finish() throws(JSONError) -> Member? {
    finished = true
    try parser.expectEnd()
    return nil
  }

  /// The member's key, unescaped.
  public func key(of member: Member) -> String {
    var sub = parser
    sub.index = member.keyRange.lowerBound - 1
    return (try? sub.parseString()) ?? ""
  }

  /// Whether the member's key is `name`, compared on the raw bytes (no allocation).
  public func key(of member: Member, is name: StaticString) -> Bool {
    if member.keyHasEscapes { return key(of: member) == name.description }
    guard member.keyRange.count == name.utf8CodeUnitCount else { return false }
    return memcmpEqual(parser.bytes + member.keyRange.lowerBound, name.utf8Start, member.keyRange.count)
  }

  /// The raw bytes of the member's value.
  public func rawValue(of member: Member) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[member.valueRange])
  }

  /// The member's value, parsed with all the reader's rules; errors point into the whole input.
  public func value(_ member: Member) throws(JSONError) -> JSON {
    var cursor = JSONParser(parser.bytes, count: member.valueRange.upperBound, from: member.valueRange.lowerBound)
    // Containers in the value are one level below the object (as when the whole input is read).
    cursor.depth = parser.depth
    var sub = JSONTreeParser(cursor, keys: keyTable)
    return try sub.parseValue()
  }

  /// The member's value when it is a string, else `nil`.
  public func string(_ member: Member) throws(JSONError) -> String? {
    if member.plain == .string {
      // Checked by the scan: valid UTF-8 without escapes, its text is its bytes.
      let range = member.valueRange
      let text = UnsafeBufferPointer(start: parser.bytes + range.lowerBound + 1, count: range.count - 2)
      // A label a trace repeats is made once (a short string is stored inline: no need).
      if let keyTable, text.count > 15 { return keyTable.string(interning: text) }
      return String(decoding: text, as: UTF8.self)
    }
    guard parser.bytes[member.valueRange.lowerBound] == .quote else { return nil }
    var sub = JSONParser(parser.bytes, count: member.valueRange.upperBound, from: member.valueRange.lowerBound)
    return try sub.parseString()
  }

  /// The member's value when it is an integer that fits `Int64`, else `nil`.
  public func int(_ member: Member) throws(JSONError) -> Int64? {
    if member.plain == .integer { return plainInteger(member.valueRange) }
    let first = parser.bytes[member.valueRange.lowerBound]
    guard first == .minus || parser.isDigit(first) else { return nil }
    if case let .int(i) = try number(member) { return i }
    return nil
  }

  /// The member's value when it is a number, else `nil`.
  public func double(_ member: Member) throws(JSONError) -> Double? {
    let first = parser.bytes[member.valueRange.lowerBound]
    guard first == .minus || parser.isDigit(first) else { return nil }
    return try number(member).doubleValue
  }

  /// The integer the scan found plain at `range` (at most 18 digits: within `Int64`).
  private func plainInteger(_ range: Range<Int>) -> Int64 {
    var p = parser.bytes + range.lowerBound
    let end = parser.bytes + range.upperBound
    let negative = p.pointee == .minus
    if negative { p += 1 }
    var value: Int64 = 0
    while p < end {
      value = value &* 10 &+ Int64(p.pointee &- .zero)
      p += 1
    }
    return negative ? -value : value
  }

  private func number(_ member: Member) throws(JSONError) -> JSON {
    var sub = JSONParser(parser.bytes, count: member.valueRange.upperBound, from: member.valueRange.lowerBound)
    return try sub.parseNumber()
  }

  /// The member's value when it is `true` or `false`, else `nil`.
  public func bool(_ member: Member) -> Bool? {
    switch parser.bytes[member.valueRange.lowerBound] {
    case .letterT: return true
    case .letterF: return false
    default: return nil
    }
  }
}

private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  for i in 0..<count where a[i] != b[i] { return false }
  return true
}
