import Testing

@testable import Debugging

/// `JSONKeyTable`: one key cache for every value a reader parses. Keys that share a slot, differ
/// only in their last byte, or are too long to cache still give each value exactly as
/// `JSONReader` reads it on its own, line after line.
@Suite struct JSONKeyTableTests {
  /// Keys of every length 1…20 (16 and more are not cached), many per slot of the 64.
  static let keys: [String] =
    (1...20).map { String(repeating: "k", count: $0) }
    + (0..<300).map { "key\($0)" }
    + ["abcdefghijklmno1", "abcdefghijklmno2", "abcdefgh", "abcdefgi", "é", "e\u{301}", "$enum", "$type"]

  @Test func everyValueIsWhatTheReaderReads() throws {
    let table = JSONKeyTable()
    for (index, key) in Self.keys.enumerated() {
      let other = Self.keys[(index * 7 + 3) % Self.keys.count]
      let value = #"{"\#(key)":{"\#(other)":[\#(index),{"\#(key)":"\#(other)"}]},"x":\#(index)}"#
      let line = Array(#"{"kind":"action","action":\#(value)}"#.utf8)
      let read = try line.withUnsafeBytes { buffer throws(JSONError) -> JSON? in
        var scanner = try JSONObjectScanner(buffer)
        scanner.keyTable = table
        while let member = try scanner.next() {
          if scanner.key(of: member) == "action" { return try scanner.value(member) }
        }
        return nil
      }
      #expect(read == (try JSONReader.parse(value)), "\(key)")
    }
  }

  /// A key twice in one object is still an error with the table (the cached key is compared).
  @Test func aDuplicateKeyIsStillAnError() throws {
    let table = JSONKeyTable()
    for text in [#"{"a":{"id":1,"id":2}}"#, #"{"a":{"kk":1,"kk":2}}"#] {
      let line = Array(text.utf8)
      let message = line.withUnsafeBytes { buffer -> String? in
        do throws(JSONError) {
          var scanner = try JSONObjectScanner(buffer)
          scanner.keyTable = table
          guard let member = try scanner.next() else { return nil }
          _ = try scanner.value(member)
          return nil
        } catch {
          return error.message
        }
      }
      #expect(message?.hasPrefix("duplicate key") == true, "\(text)")
    }
  }
}
