/// An RFC 6901 JSON Pointer: `/todos/3/isComplete`, with `~1` for `/` and `~0` for `~` in a token.
///
/// ```swift
/// try JSONPointer("/a~1b/0").tokens  // ["a/b", "0"]
/// JSONPointer(tokens: ["a/b", "0"]).description  // "/a~1b/0"
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The unescaped reference tokens; empty for the whole document (`""`).
  public var tokens: [String]

  public init(tokens: [String]) { self.tokens = tokens }

  /// Parses a pointer; `""` is the whole document.
  public init(_ text: String) throws(JSONPatchError) {
    if text.isEmpty {
      tokens = []
      return
    }
    guard text.utf8.first == UInt8(ascii: "/") else {
      throw JSONPatchError("invalid pointer \"\(text)\": must be empty or start with /")
    }
    // Tokens without `~` (nearly all) are cut from the text's bytes as they are (a token of up
    // to 15 bytes is a small string: no allocation).
    var text = text
    if let cut = text.withUTF8({ Self.tokensWithoutEscapes($0) }) {
      tokens = cut
      return
    }
    var result: [String] = []
    for raw in text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
      guard raw.contains(UInt8(ascii: "~")) else {
        result.append(String(decoding: raw, as: UTF8.self))
        continue
      }
      var bytes: [UInt8] = []
      var iterator = raw.makeIterator()
      while let byte = iterator.next() {
        guard byte == UInt8(ascii: "~") else {
          bytes.append(byte)
          continue
        }
        switch iterator.next() {
        case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
        default: throw JSONPatchError("invalid pointer \"\(text)\": ~ must be followed by 0 or 1")
        }
      }
      result.append(String(decoding: bytes, as: UTF8.self))
    }
    tokens = result
  }

  /// Reads a pointer from the UTF-8 of its text (valid UTF-8: a string as read from JSON) as
  /// `init(_:)` reads that text, without making the text first when it has no `~`.
  ///
  /// ```swift
  /// try JSONPointer(utf8: buffer)  // "/todos/3/isComplete" → ["todos", "3", "isComplete"]
  /// ```
  init(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(JSONPatchError) {
    if bytes.isEmpty {
      self.init(tokens: [])
    } else if bytes[0] == UInt8(ascii: "/"), let cut = Self.tokensWithoutEscapes(bytes) {
      self.init(tokens: cut)
    } else {
      try self.init(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The tokens of `/a/b/0` (the bytes after the first `/`), `nil` when there is a `~` to undo.
  private static func tokensWithoutEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
    var slashes = 0
    for byte in bytes {
      if byte == UInt8(ascii: "~") { return nil }
      if byte == UInt8(ascii: "/") { slashes += 1 }
    }
    var tokens: [String] = []
    tokens.reserveCapacity(slashes)
    var start = 1
    for index in 1..<bytes.count where bytes[index] == UInt8(ascii: "/") {
      tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
      start = index + 1
    }
    tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
    return tokens
  }

  /// The escaped text form: `/a~1b/0`.
  public var description: String {
    // Built byte by byte: the recorder writes a pointer for every patch operation.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(tokens.reduce(0) { $0 + $1.utf8.count + 1 })
    for token in tokens {
      bytes.append(UInt8(ascii: "/"))
      for byte in token.utf8 {
        switch byte {
        case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
        case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
        default: bytes.append(byte)
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `self` is `other` or lies inside it.
  public func hasPrefix(_ other: JSONPointer) -> Bool {
    other.tokens.count <= tokens.count && Array(tokens.prefix(other.tokens.count)) == other.tokens
  }
}
