import Debugging
import Testing

@testable import tca_trace

/// `LabelPattern` (LabelPattern.swift).
@Suite struct LabelPatternTests {
  let label = "Todos.Action.todos(.element(id:, action: .toggle))"

  @Test(arguments: [
    ("toggle", true), ("Todos.*.toggle", true), ("*element*toggle*", true), ("toggle*element", false),
    ("Search", false), ("", true),
  ])
  func matches(pattern: String, expected: Bool) {
    #expect(LabelPattern(pattern).matches(label) == expected)
  }
}
