import Testing

@testable import TraceAnalysis

/// `LabelNumbers`: labels numbered in the order they first appear, through the table's growth.
@Suite struct TimingLabelNumbersTests {
  @Test func numbersLabelsInTheOrderTheyAppear() {
    var numbers = LabelNumbers()
    #expect(numbers.number(of: "add") == 0)
    #expect(numbers.number(of: "delete") == 1)
    #expect(numbers.number(of: "add") == 0)
    #expect(numbers.number(of: "") == 2)
    #expect(numbers.number(of: "é") == 3)
    #expect(numbers.number(of: "e\u{301}") == 3)
    #expect(numbers.labels == ["add", "delete", "", "é"])
  }

  /// 1,000 labels (the table grows from 16 places six times), short and long, differing in one
  /// byte: each keeps its number.
  @Test func keepsEveryNumberAsTheTableGrows() {
    var numbers = LabelNumbers()
    let labels = (0..<1000).map { i in
      i % 2 == 0 ? "Feature.Action.row\(i)" : String(repeating: "x", count: i % 40) + "\(i)"
    }
    for (i, label) in labels.enumerated() { #expect(numbers.number(of: label) == i) }
    for (i, label) in labels.enumerated().reversed() { #expect(numbers.number(of: label) == i) }
    #expect(numbers.labels == labels)
  }
}

extension TimingLabelNumbersTests {
  /// Labels are one label when Swift's `==` says so, whichever spelling comes first: `é`
  /// composed and decomposed; the Kelvin sign `K` (U+212A) and `K`; `;` and the Greek question
  /// mark (U+037E).
  @Test func spellingsOfOneLabelShareItsNumber() {
    var numbers = LabelNumbers()
    #expect(numbers.number(of: "A.\u{212A}") == 0)
    #expect(numbers.number(of: "A.K") == 0)
    #expect(numbers.number(of: "e\u{301}") == 1)
    #expect(numbers.number(of: "é") == 1)
    #expect(numbers.number(of: "x;") == 2)
    #expect(numbers.number(of: "x\u{37E}") == 2)
    #expect(numbers.number(of: "A.K") == 0)
    #expect(numbers.labels == ["A.\u{212A}", "e\u{301}", "x;"])
  }
}
