import Testing

@testable import Debugging

/// `JSONStringTable`: string values found again by their bytes, never a wrong one.
@Suite struct JSONStringTableTests {
  func raw(_ text: String, _ body: (UnsafeRawBufferPointer) -> String?) -> String? {
    Array(text.utf8).withUnsafeBytes(body)
  }

  func insert(_ table: JSONStringTable, _ text: String, _ value: String) {
    Array(text.utf8).withUnsafeBytes { table.insert($0, value) }
  }

  @Test func findsWhatWasInsertedByItsBytes() {
    let table = JSONStringTable()
    #expect(raw(#""Todos.Action.add""#) { table.string($0) } == nil)
    insert(table, #""Todos.Action.add""#, "Todos.Action.add")
    #expect(raw(#""Todos.Action.add""#) { table.string($0) } == "Todos.Action.add")
    #expect(raw(#""Todos.Action.adD""#) { table.string($0) } == nil)
    #expect(raw(#""Todos.Action.ad""#) { table.string($0) } == nil)
    #expect(raw(#""x""#) { table.string($0) } == nil)
  }

  @Test func keepsNoStringWithEscapes() {
    let table = JSONStringTable()
    insert(table, #""a\"b""#, #"a"b"#)
    #expect(raw(#""a\"b""#) { table.string($0) } == nil)
  }

  /// Lengths 2…40 (shorter than a word, a word, longer), 330 strings over the 64 slots, strings
  /// that differ in one byte at every place: each lookup is the string inserted or nothing.
  @Test func neverAnswersWithAnotherString() {
    let table = JSONStringTable()
    var texts: [String] = []
    for length in 0...40 {
      for variant in 0..<8 {
        var characters = Array(repeating: Character("a"), count: length)
        if length > 0 { characters[(variant * 7) % length] = Character(UnicodeScalar(UInt8(98 + variant))) }
        texts.append(String(characters))
      }
    }
    for text in texts {
      insert(table, "\"\(text)\"", text)
      #expect(raw("\"\(text)\"") { table.string($0) } == text)
    }
    for text in texts {
      let found = raw("\"\(text)\"") { table.string($0) }
      #expect(found == nil || found == text)
    }
  }
}
