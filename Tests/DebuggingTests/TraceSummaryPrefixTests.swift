import Testing

@testable import Debugging

/// The summary reads the members a recorder writes first straight from the bytes
/// (`readRecorderPrefix`) and the rest with the scanner: every line, recorded or mangled, must
/// read exactly as with the scanner alone (the same summary, or the same error and column).
@Suite struct TraceSummaryPrefixTests {
  static let lines = [
    #"{"kind":"action","seq":53,"t":19195966,"duration":195752,"label":"Todos.Action.move(_:, _:)","action":{"$enum":"Todos.Action","move":{"_0":1,"_1":790}},"patch":[{"op":"move","from":"/todos/533","path":"/todos/789"}]}"#,
    #"{"kind":"effect","event":"started","effect":16,"seq":53,"t":19392529,"label":"Todos.Action.move(_:, _:)"}"#,
    #"{"kind":"effect","event":"finished","effect":16,"t":21690809}"#,
    #"{"kind":"action","seq":54,"t":19448333,"duration":444814,"label":"Todos.Action.sort","effect":16,"action":{},"patch":[],"state":{"a":1},"coalesced":true}"#,
    #"{"kind":"note","t":9,"note":"gap","message":"dropped","dropped":4}"#,
    #"{"kind":"end","t":10,"actions":1}"#,
    #"{"kind":"state","seq":0,"t":0,"state":{"$type":"Todos.State","todos":[]}}"#,
    #"{"kind":"action","reducer":"other","seq":1,"t":2,"duration":0,"label":"x","action":{},"patch":[]}"#,
  ]

  /// What a line reads as: its summary's members, or its error.
  func read(_ line: [UInt8], prefix: Bool) -> String {
    line.withUnsafeBytes { bytes in
      do throws(TraceSummaryFailure) {
        let s = try TraceEventSummary(line: 1, bytes: bytes, strings: nil, readsRecorderPrefix: prefix)
        return "\(s.kind) \(s.seq as Any) \(s.t as Any) \(s.duration as Any) \(s.label as Any) \(s.event as Any) "
          + "\(s.effect as Any) \(s.note as Any) \(s.dropped as Any) \(s.actions as Any) \(s.hasState) "
          + "\(s.coalesced) \(s.reducerTag)"
      } catch {
        return "\(error.message) @\(error.column)"
      }
    }
  }

  @Test func recordedLinesReadAsWithTheScanner() {
    for line in Self.lines {
      let bytes = Array(line.utf8)
      #expect(read(bytes, prefix: true) == read(bytes, prefix: false))
    }
    #expect(
      read(Array(Self.lines[0].utf8), prefix: true)
        == "action Optional(53) Optional(19195966) Optional(195752) Optional(\"Todos.Action.move(_:, _:)\") nil nil nil nil nil false false none"
    )
  }

  /// Every byte of every line replaced by each of 22 bytes that matter to the prefix (quotes,
  /// digits, letters, separators, escapes, spaces, control and non-ASCII bytes), and every line
  /// cut at every byte: 19,663 lines, each read both ways.
  @Test func mangledLinesReadAsWithTheScanner() {
    let replacements: [UInt8] = Array(#""\0195aAzZ:,{}[] -.e"#.utf8) + [0x09, 0x01, 0xC3, 0x7F]
    var compared = 0
    for line in Self.lines {
      let bytes = Array(line.utf8)
      for place in bytes.indices {
        for replacement in replacements where replacement != bytes[place] {
          var mangled = bytes
          mangled[place] = replacement
          #expect(
            read(mangled, prefix: true) == read(mangled, prefix: false), "\(String(decoding: mangled, as: UTF8.self))")
          compared += 1
        }
        let cut = Array(bytes[..<place])
        #expect(read(cut, prefix: true) == read(cut, prefix: false))
        compared += 1
      }
    }
    #expect(compared == 19_663)
  }

  /// Members repeated in the prefix: the first counts, as in the scanner.
  @Test func theFirstOfARepeatedMemberCounts() {
    let line = Array(
      #"{"kind":"action","seq":1,"seq":2,"t":3,"t":4,"duration":5,"label":"a","label":"b","action":{},"patch":[]}"#.utf8
    )
    #expect(read(line, prefix: true) == read(line, prefix: false))
    #expect(read(line, prefix: true).hasPrefix(#"action Optional(1) Optional(3) Optional(5) Optional("a")"#))
  }
}
