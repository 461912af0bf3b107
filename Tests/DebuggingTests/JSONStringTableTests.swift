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

extension JSONStringTableTests {
  /// Two strings whose hashes share a place both stay (a trace's labels alternate line after
  /// line); a third pushes out the one inserted first.
  @Test func keepsTwoStringsThatShareAPlace() {
    func place(_ text: String) -> Int { Array(text.utf8).withUnsafeBytes { JSONStringTable.slot(of: $0) } }
    var sharing: [String] = []
    var candidate = 0
    let first = "\"Todos.Action.a0\""
    sharing.append(first)
    while sharing.count < 3 {
      candidate += 1
      let text = "\"Todos.Action.a\(candidate)\""
      if place(text) == place(first) { sharing.append(text) }
    }
    let table = JSONStringTable()
    func value(_ raw: String) -> String { String(raw.dropFirst().dropLast()) }
    insert(table, sharing[0], value(sharing[0]))
    insert(table, sharing[1], value(sharing[1]))
    for _ in 0..<3 {
      #expect(raw(sharing[0]) { table.string($0) } == value(sharing[0]))
      #expect(raw(sharing[1]) { table.string($0) } == value(sharing[1]))
    }
    insert(table, sharing[2], value(sharing[2]))
    #expect(raw(sharing[0]) { table.string($0) } == nil)
    #expect(raw(sharing[1]) { table.string($0) } == value(sharing[1]))
    #expect(raw(sharing[2]) { table.string($0) } == value(sharing[2]))
  }
}
