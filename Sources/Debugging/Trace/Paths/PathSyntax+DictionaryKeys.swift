extension PathSyntax {
  /// Whether a dictionary's key (the first of a `$dict` pair) reads as `text`, the key a path
  /// names in brackets: a string, a number or a Boolean as written, a UUID's text (in any case),
  /// or a structure around one of those (an id type such as `Tagged<Todo, UUID>`); another key as
  /// its JSON text. `blame`'s paths and `diff --ignore`'s patterns name entries so.
  ///
  /// ```text
  /// {"$dict":[[5,10],[{"$uuid":"E621E1F8-…"},1]]}   scores[5], scores[e621e1f8-…]
  /// ```
  package static func key(_ key: JSON, reads text: String) -> Bool {
    switch key {
    case let .string(string): return string == text
    case let .int(number): return String(number) == text
    case let .uint(number): return String(number) == text
    case let .bool(value): return String(value) == text
    case let .object(members):
      if case let .string(uuid)? = key["$uuid"] {
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        return uuid.utf8.elementsEqual(text.utf8) { lower($0) == lower($1) }
      }
      if let only = onlyField(of: members), Self.key(only, reads: text) { return true }
      return JSONWriter.string(key) == text
    default:
      return JSONWriter.string(key) == text
    }
  }

  /// The text a dictionary's key reads as first (what `key(_:reads:)` accepts, a UUID in the
  /// case it is written): for a pattern with `*` in it (`settings[api*]`).
  package static func keyText(_ key: JSON) -> String {
    switch key {
    case let .string(string): return string
    case let .int(number): return String(number)
    case let .uint(number): return String(number)
    case let .bool(value): return String(value)
    case let .object(members):
      if case let .string(uuid)? = key["$uuid"] { return uuid }
      if let only = onlyField(of: members) { return keyText(only) }
      return JSONWriter.string(key)
    default:
      return JSONWriter.string(key)
    }
  }

  /// The one field of a structure whose other keys are all markers (`$type`): an id type's value.
  private static func onlyField(of members: JSONMembers) -> JSON? {
    var fields = members.filter { $0.key.utf8.first != UInt8(ascii: "$") }.makeIterator()
    guard let only = fields.next(), fields.next() == nil else { return nil }
    return only.value
  }
}
