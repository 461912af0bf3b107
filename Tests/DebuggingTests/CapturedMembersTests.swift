import Testing

@testable import Debugging

/// `CapturedMembers`: a dictionary's answers, scanned while small and indexed past 8 keys.
@Suite struct CapturedMembersTests {
  @Test func answersAsADictionaryAtEverySize() {
    for count in [0, 1, 2, 8, 9, 40] {
      var captured = CapturedMembers<Int>()
      var expected: [String: Int] = [:]
      for i in 0..<count {
        captured["key\(i)"] = i
        expected["key\(i)"] = i
      }
      captured["key0"] = 100
      expected["key0"] = count > 0 ? 100 : nil
      if count == 0 { captured["key0"] = nil }
      captured["key1"] = nil
      expected["key1"] = nil
      #expect(captured.count == expected.count)
      for i in -1...count { #expect(captured["key\(i)"] == expected["key\(i)"], "\(count) keys, key\(i)") }
      #expect(captured["missing"] == nil)
    }
  }

  @Test func keysAreEqualAsSwiftComparesStrings() {
    var small = CapturedMembers<Int>()
    small["caf\u{E9}"] = 1
    #expect(small["cafe\u{301}"] == 1)
    var large = CapturedMembers<Int>()
    for i in 0..<20 { large["k\(i)"] = i }
    large["caf\u{E9}"] = 1
    #expect(large["cafe\u{301}"] == 1)
    #expect(large["k19"] == 19)
  }
}
