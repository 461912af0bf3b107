import Debugging
import Testing

/// `TimeText` (TimeText.swift).
@Suite struct TimeTextTests {
  @Test(
    arguments: [
      (0, "0ns"), (999, "999ns"), (5_100, "5.10µs"), (12_345_678, "12.3ms"), (250_000, "250µs"),
      (1_500_000_000, "1.50s"),
      (3_990, "3.99µs"), (9_996, "10.00µs"),
    ] as [(Int64, String)])
  func duration(nanoseconds: Int64, text: String) {
    #expect(TimeText.duration(nanoseconds) == text)
  }

  /// QA's CLI-0: `t`/`duration` may be any Int64 (docs/log-format.md); Int64.max crashed `show`.
  @Test func largestDurationAndOffsetDoNotOverflow() {
    #expect(TimeText.duration(.max) == "9223372037s")
    #expect(TimeText.duration(999_999_999_999) == "1000s")
    #expect(TimeText.offset(.max) == "+9223372036.854s")
  }

  @Test func offset() {
    #expect(TimeText.offset(18_200_000) == "+0.018s")
    #expect(TimeText.offset(61_005_000_000) == "+61.005s")
  }

  @Test(
    arguments: [
      ("1.5s", 1_500_000_000), ("200ms", 200_000_000), ("40us", 40_000), ("40µs", 40_000), ("900ns", 900),
      ("0.5s", 500_000_000),
      ("1ms", 1_000_000), ("250us", 250_000), ("250µs", 250_000), ("500ns", 500),
    ] as [(String, Int64)])
  func parse(text: String, nanoseconds: Int64) throws {
    #expect(try TimeText.parse(text) == nanoseconds)
  }

  @Test(arguments: ["", "soon", "-1s", "1e30s", "nan", "ms", "-5", "5 ms", "1 hour", "-1ms"])
  func parseRejects(text: String) {
    #expect {
      try TimeText.parse(text)
    } throws: { error in
      (error as? TimeText.ParseError)?.message == "expected a time such as 1.5s, 200ms, 40us or 900ns"
    }
  }

  /// A number without its unit is ambiguous (seconds? nanoseconds?): an error of its own.
  @Test(arguments: ["5", "0", "1.5", "500"])
  func parseRequiresAUnit(text: String) {
    let error = #expect(throws: TimeText.ParseError.self) { try TimeText.parse(text) }
    #expect(
      error
        == TimeText.ParseError(message: "expected a unit after the number (ns, us, µs, ms or s)", isMissingUnit: true))
  }
}
