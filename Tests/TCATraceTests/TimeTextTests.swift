import Debugging
import Testing

/// `TimeText` (TimeText.swift).
@Suite struct TimeTextTests {
  @Test(arguments: [
    (0, "0ns"), (999, "999ns"), (5_100, "5.1µs"), (12_345_678, "12.3ms"), (250_000, "250µs"), (1_500_000_000, "1.5s"),
  ] as [(Int64, String)])
  func duration(nanoseconds: Int64, text: String) {
    #expect(TimeText.duration(nanoseconds) == text)
  }

  @Test func offset() {
    #expect(TimeText.offset(18_200_000) == "+0.018s")
    #expect(TimeText.offset(61_005_000_000) == "+61.005s")
  }

  @Test(arguments: [("1.5s", 1_500_000_000), ("200ms", 200_000_000), ("40us", 40_000), ("40µs", 40_000), ("900ns", 900), ("2", 2_000_000_000)] as [(String, Int64)])
  func parse(text: String, nanoseconds: Int64) throws {
    #expect(try TimeText.parse(text) == nanoseconds)
  }

  @Test(arguments: ["", "soon", "-1s", "1e30s", "nan"])
  func parseRejects(text: String) {
    #expect {
      try TimeText.parse(text)
    } throws: { error in
      (error as? TimeText.ParseError)?.message == "expected a time such as 1.5s, 200ms, 40us or 900ns"
    }
  }
}
